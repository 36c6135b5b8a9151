/**
 * `rating input`: a radio group of numbers (`startsAt` to `length`) or of
 * `length` stars, with the left/right labels under it. Arrow keys move the
 * choice, Space chooses, Enter sends it; with `isOneClickSubmitEnabled` a
 * click, a tap or Space sends at once and there is no send button. The
 * answer is the number.
 */
import { html, nothing, svg, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { ChatInput } from '../../protocol/types.js';
import { readInputOptions } from '../../protocol/json.js';
import type { InputContext } from '../../render/inputs/context.js';
import { label, numberOption } from './shared.js';

const star = svg`<path d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z" />`;

/** The rating control for `input`. */
export function renderRatingInput(input: ChatInput, ctx: InputContext): TemplateResult {
  const options = readInputOptions(input);
  const { draft, strings } = ctx;
  const icons = options.buttonType === 'Icons';
  const length = Math.min(Math.max(Math.round(numberOption(options.length) ?? 10), 1), 100);
  // At most 101 numbers: a hostile `startsAt` (-1e12) must not build a million buttons.
  const first = icons ? 1 : Math.min(Math.max(Math.round(numberOption(options.startsAt) ?? 0), length - 100), length);
  const oneClick = options.isOneClickSubmitEnabled === true;
  const left = label(input, 'left');
  const right = label(input, 'right');
  const chosen = Number(draft.text);
  const values = Array.from({ length: length - first + 1 }, (_, i) => first + i);

  const send = (value = draft.text): void => {
    if (!value || ctx.busy) return;
    ctx.submit({ answer: value, text: icons ? `${value}/${length}` : value });
  };
  const pick = (event: MouseEvent, value: number): void => {
    draft.text = String(value);
    ctx.changed();
    // A real click (not the one arrow keys cause) sends at once when asked to.
    if (oneClick && event.detail > 0) send();
  };

  return html`<form
    class="rating-input"
    @submit=${(event: Event) => {
      event.preventDefault();
      send();
    }}
    @keydown=${(event: KeyboardEvent) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        send();
      }
    }}
  >
    <div class="scale ${icons ? 'icons' : ''}" role="radiogroup" aria-label=${strings.rating}
      aria-labelledby=${ctx.question ?? nothing} aria-describedby=${left || right ? 'rating-ends' : nothing}>
      ${values.map(
        (value) => html`<label part="rating-option" class="rate ${icons && value <= chosen ? 'on' : ''}">
          <input
            class="visually-hidden"
            type="radio"
            name="rating"
            .value=${String(value)}
            .checked=${live(draft.text === String(value))}
            ?disabled=${ctx.busy}
            @click=${(event: MouseEvent) => pick(event, value)}
            @keyup=${(event: KeyboardEvent) => {
              // Space chooses, like a click: with one-click it sends (arrow keys only move).
              if (event.key === ' ' && oneClick) send(String(value));
            }}
          />${
            icons
              ? html`<svg viewBox="0 0 24 24" aria-hidden="true">${star}</svg><span class="visually-hidden">${value}</span>`
              : value
          }
        </label>`,
      )}
    </div>
    ${
      left || right
        ? html`<div class="ends" id="rating-ends"><span>${left}</span> <span>${right}</span></div>`
        : nothing
    }
    ${
      oneClick
        ? nothing
        : html`<button part="send-button" class="send" type="submit" ?disabled=${ctx.busy || !draft.text}>
          ${label(input, 'button') ?? strings.send}
        </button>`
    }
  </form>`;
}
