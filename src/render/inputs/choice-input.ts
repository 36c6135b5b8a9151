/**
 * `choice input` and `picture choice input`: buttons (pictures with a title
 * and a description for the latter). Single choice sends on click; multiple
 * choice toggles items (`aria-pressed`) and sends them with one button;
 * `isSearchable` adds a filter. A picture sends its `value`, else its title.
 * Without a usable item, a text field.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { ChatInput } from '../../protocol/types.js';
import { choiceAnswer, readChoiceItems, readLabels, type ChoiceItem } from '../../protocol/answers.js';
import { readInputOptions, text } from '../../protocol/json.js';
import type { InputContext } from './context.js';
import { renderTextInput } from './text-input.js';
import { onDemandControls, type PictureItem } from '../on-demand-source.js';

/** The choice control for `input`. */
export function renderChoiceInput(input: ChatInput, ctx: InputContext): TemplateResult {
  const options = readInputOptions(input);
  const labels = readLabels(input);
  const pictures = input.type === 'picture choice input';
  const multiple = options.isMultipleChoice === true;
  const searchable = options.isSearchable === true && !pictures;
  // A picture choice is drawn once its part is there (see `needsOnDemandControl`).
  const picturePart = pictures ? onDemandControls.get() : undefined;
  const items: Array<ChoiceItem & Partial<PictureItem>> = pictures
    ? (picturePart?.readPictureItems(input) ?? [])
    : readChoiceItems(input);
  // Not one item to pick would leave the visitor stuck: let them type instead (the server checks it).
  if (!items.length) return renderTextInput(input, ctx);
  const { draft, strings } = ctx;
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
  // A searchable choice waits for its search (on demand, see `needsOnDemandControl`).
  const search = searchable
    ? onDemandControls
        .get()
        ?.renderChoiceSearch(
          items,
          ctx,
          text(options.searchInputPlaceholder) ?? labels.placeholder ?? strings.search,
          multiple,
          pick,
        )
    : undefined;
  const shown = search?.shown ?? items;

  return html`<div class="choice-input">
    ${search?.field ?? nothing}
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
            ${picturePart ? picturePart.renderPicture(item) : item.content}
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
