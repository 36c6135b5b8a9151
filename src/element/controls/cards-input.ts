/**
 * `cards`: a row of cards (image, title, description) with one button per
 * path. A button sends the path's text with the path's id as `replyId`.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { ChatInput } from '../../protocol/types.js';
import { isObject, text } from '../../protocol/json.js';
import { safeUrl } from '../../protocol/safe-url.js';
import type { InputContext } from '../../render/inputs/context.js';
import { renderTextInput } from '../../render/inputs/text-input.js';

const id = (value: unknown): string | undefined => (typeof value === 'number' ? String(value) : text(value));

/**
 * Brings the card of a button the keyboard moved to to the row's start. A browser leaves a card
 * that shows in part where it is (and snapping would undo a scroll to its nearest edge): its
 * focus ring would be cut by the row's edge. Not for a pointer: the card would move from under
 * it and the click be lost.
 */
function showFocusedCard(event: FocusEvent): void {
  const target = event.target as Element;
  if (target.matches(':focus-visible')) target.closest('li')?.scrollIntoView({ block: 'nearest', inline: 'start' });
}

/** The cards control for `input`. */
export function renderCardsInput(input: ChatInput, ctx: InputContext): TemplateResult {
  const cards = (input.items ?? []).filter(isObject);
  // Cards without a single usable button would leave the visitor stuck: let them type instead.
  const answerable = cards.some(
    (card) => Array.isArray(card.paths) && card.paths.some((p) => isObject(p) && !!id(p.id)),
  );
  if (!answerable) return renderTextInput(input, ctx);
  return html`<ul class="cards" aria-label=${ctx.strings.choices} aria-labelledby=${ctx.question ?? nothing}
    @focusin=${showFocusedCard}>
    ${cards.map((card) => {
      const image = safeUrl(card.imageUrl);
      const title = text(card.title);
      const description = text(card.description);
      const paths = (Array.isArray(card.paths) ? card.paths : []).filter(isObject);
      return html`<li part="card" class="card">
        ${image ? html`<img src=${image} alt="" loading="lazy" />` : nothing}
        ${title ? html`<strong>${title}</strong>` : nothing}
        ${description ? html`<p>${description}</p>` : nothing}
        ${paths.map((path) => {
          const pathId = id(path.id);
          const words = text(path.text) ?? title ?? pathId;
          return pathId && words
            ? html`<button
                part="choice"
                class="choice"
                type="button"
                ?disabled=${ctx.busy}
                @click=${() => ctx.submit({ answer: { type: 'text', text: words, metadata: { replyId: pathId } }, text: words })}
              >
                ${words}
              </button>`
            : nothing;
        })}
      </li>`;
    })}
  </ul>`;
}
