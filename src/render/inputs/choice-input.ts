/**
 * `choice input`: buttons. Single choice sends on click; multiple choice
 * toggles items and sends them with one button; `isSearchable` adds a filter.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { ChatInput } from '../../api/schemas.js';
import { choiceAnswer, readChoiceItems, readLabels, type ChoiceItem } from '../../conversation/answers.js';
import { readInputOptions, text } from '../../conversation/flowbot.js';
import type { InputContext } from './index.js';

/** The choice control for `input`. */
export function renderChoiceInput(input: ChatInput, ctx: InputContext): TemplateResult {
  const options = readInputOptions(input);
  const labels = readLabels(input);
  const multiple = options.isMultipleChoice === true;
  const searchable = options.isSearchable === true;
  const items = readChoiceItems(input);
  const { draft, strings } = ctx;
  const query = draft.query.trim().toLocaleLowerCase();
  const shown = query ? items.filter((item) => item.content.toLocaleLowerCase().includes(query)) : items;

  const pick = (item: ChoiceItem): void => {
    if (ctx.busy) return;
    if (!multiple) {
      const answer = choiceAnswer([item]);
      if (answer) ctx.submit(answer);
      return;
    }
    if (draft.selected.has(item.id)) draft.selected.delete(item.id);
    else draft.selected.add(item.id);
    ctx.changed();
  };
  const submitSelected = (): void => {
    const answer = choiceAnswer(items.filter((item) => draft.selected.has(item.id)));
    if (answer && !ctx.busy) ctx.submit(answer);
  };
  const onSearch = (event: Event): void => {
    draft.query = (event.target as HTMLInputElement).value;
    ctx.changed();
  };
  const searchLabel = text(options.searchInputPlaceholder) ?? labels.placeholder ?? strings.search;

  return html`<div class="choice-input">
    ${searchable
      ? html`<input
          part="input search"
          class="field search"
          type="search"
          autocomplete="off"
          aria-label=${searchLabel}
          placeholder=${searchLabel}
          .value=${live(draft.query)}
          @input=${onSearch}
        />`
      : nothing}
    <div class="choices" role="group" aria-label=${strings.choices}>
      ${shown.map(
        (item) =>
          html`<button
            part="choice"
            class="choice"
            type="button"
            aria-pressed=${multiple ? String(draft.selected.has(item.id)) : nothing}
            ?disabled=${ctx.busy}
            @click=${() => pick(item)}
          >
            ${item.content}
          </button>`,
      )}
      ${shown.length === 0 ? html`<p class="no-matches" role="status">${strings.noMatches}</p>` : nothing}
    </div>
    ${multiple
      ? html`<button
          part="send-button"
          class="send"
          type="button"
          ?disabled=${ctx.busy || draft.selected.size === 0}
          @click=${submitSelected}
        >
          ${text(options.buttonLabel) ?? labels.button ?? strings.send}
        </button>`
      : nothing}
  </div>`;
}
