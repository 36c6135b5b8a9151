/**
 * `choice input` and `picture choice input`: buttons (pictures with a title
 * and a description for the latter). Single choice sends on click; multiple
 * choice toggles items (`aria-pressed`) and sends them with one button;
 * `isSearchable` adds a filter. A picture sends its `value`, else its title.
 * Without a usable item, a text field.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { ChatInput } from '../../protocol/types.js';
import { choiceAnswer, readChoiceItems, readLabels, type ChoiceItem } from '../../protocol/answers.js';
import { isObject, readInputOptions, text } from '../../protocol/json.js';
import { safeUrl } from '../../protocol/safe-url.js';
import type { InputContext } from './context.js';
import { renderTextInput } from './text-input.js';

interface Item extends ChoiceItem {
  readonly picture?: string | undefined;
  readonly description?: string | undefined;
}

/** The usable items of a picture choice: an id, and a title or a value. */
function readPictureItems(input: ChatInput): Item[] {
  return (input.items ?? []).filter(isObject).flatMap((raw): Item[] => {
    const id = typeof raw.id === 'number' ? String(raw.id) : text(raw.id);
    const title = text(raw.title);
    const value = text(raw.value);
    const content = title ?? value;
    return id && content
      ? [
          {
            id,
            content,
            ...(value ? { value } : {}),
            picture: safeUrl(raw.pictureSrc),
            description: text(raw.description),
          },
        ]
      : [];
  });
}

/** The choice control for `input`. */
export function renderChoiceInput(input: ChatInput, ctx: InputContext): TemplateResult {
  const options = readInputOptions(input);
  const labels = readLabels(input);
  const pictures = input.type === 'picture choice input';
  const multiple = options.isMultipleChoice === true;
  const searchable = options.isSearchable === true && !pictures;
  const items: Item[] = pictures ? readPictureItems(input) : readChoiceItems(input);
  // Not one item to pick would leave the visitor stuck: let them type instead (the server checks it).
  if (!items.length) return renderTextInput(input, ctx);
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
    if (!draft.selected.delete(item.id)) draft.selected.add(item.id);
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
  // Enter in the search picks the one item left, or the one the visitor typed in full ("Niger" among
  // "Niger" and "Nigeria"); in a multiple choice the search then empties for the next item.
  const onSearchKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Enter' || event.isComposing || !query) return;
    event.preventDefault();
    const item = shown.length === 1 ? shown[0] : shown.find((one) => one.content.toLocaleLowerCase() === query);
    if (!item) return;
    if (multiple) {
      draft.selected.add(item.id);
      draft.query = '';
      ctx.changed();
    } else pick(item);
  };
  const searchLabel = text(options.searchInputPlaceholder) ?? labels.placeholder ?? strings.search;

  return html`<div class="choice-input">
    ${
      searchable
        ? html`<input
          part="input search"
          class="field search"
          type="search"
          autocomplete="off"
          aria-label=${searchLabel}
          placeholder=${searchLabel}
          .value=${live(draft.query)}
          @input=${onSearch}
          @keydown=${onSearchKeydown}
        />`
        : nothing
    }
    <div class=${pictures ? 'pictures' : 'choices'} role="group" aria-label=${strings.choices}
      aria-labelledby=${ctx.question ?? nothing}>
      ${shown.map(
        (item) =>
          html`<button
            part=${pictures ? 'picture-choice' : 'choice'}
            class=${pictures ? 'picture' : 'choice'}
            type="button"
            aria-pressed=${multiple ? String(draft.selected.has(item.id)) : nothing}
            ?disabled=${ctx.busy}
            @click=${() => pick(item)}
          >
            ${
              pictures
                ? html`${item.picture ? html`<img src=${item.picture} alt="" loading="lazy" />` : nothing}
                  <strong>${item.content}</strong>
                  ${item.description ? html`<span>${item.description}</span>` : nothing}`
                : item.content
            }
          </button>`,
      )}
      ${shown.length === 0 ? html`<p class="no-matches" role="status">${strings.noMatches}</p>` : nothing}
    </div>
    ${
      multiple
        ? html`<button
          part="send-button"
          class="send"
          type="button"
          ?disabled=${ctx.busy || draft.selected.size === 0}
          @click=${submitSelected}
        >
          ${text(options.buttonLabel) ?? labels.button ?? strings.send}
        </button>`
        : nothing
    }
  </div>`;
}
