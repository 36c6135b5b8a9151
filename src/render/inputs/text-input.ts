/**
 * `text input`: a one-line field, or with `isLong` a text area where Enter
 * sends and Shift+Enter starts a new line.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { ChatInput } from '../../protocol/types.js';
import { readLabels, textAnswer } from '../../protocol/answers.js';
import { readInputOptions } from '../../protocol/json.js';
import type { InputContext } from './context.js';

const INPUT_MODES = new Set(['text', 'email', 'url', 'tel', 'numeric', 'decimal', 'search', 'none']);

/** Overrides for inputs that borrow the text control. */
export interface TextInputOverrides {
  /** A virtual-keyboard hint (`inputmode`). */
  readonly inputMode?: string;
}

/** The text control for `input`. */
export function renderTextInput(
  input: ChatInput,
  ctx: InputContext,
  overrides: TextInputOverrides = {},
): TemplateResult {
  const options = readInputOptions(input);
  const labels = readLabels(input);
  const placeholder = labels.placeholder ?? ctx.strings.placeholder;
  const mode = overrides.inputMode ?? options.inputMode;
  const inputMode = typeof mode === 'string' && INPUT_MODES.has(mode) ? mode : nothing;
  const { draft } = ctx;

  const submit = (): void => {
    if (ctx.busy) return;
    const answer = textAnswer(draft.text);
    if (answer) ctx.submit(answer);
  };
  const onSubmit = (event: Event): void => {
    event.preventDefault();
    submit();
  };
  const onInput = (event: Event): void => {
    draft.text = (event.target as HTMLInputElement | HTMLTextAreaElement).value;
  };
  const onKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const field =
    options.isLong === true
      ? html`<textarea
          part="input"
          class="field"
          rows="3"
          aria-label=${placeholder}
          aria-labelledby=${ctx.question ?? nothing}
          placeholder=${placeholder}
          enterkeyhint="send"
          inputmode=${inputMode}
          ?readonly=${ctx.busy}
          .value=${live(draft.text)}
          @input=${onInput}
          @keydown=${onKeydown}
        ></textarea>`
      : html`<input
          part="input"
          class="field"
          type="text"
          autocomplete="off"
          aria-label=${placeholder}
          aria-labelledby=${ctx.question ?? nothing}
          placeholder=${placeholder}
          enterkeyhint="send"
          inputmode=${inputMode}
          ?readonly=${ctx.busy}
          .value=${live(draft.text)}
          @input=${onInput}
        />`;

  return html`<form class="text-input" novalidate @submit=${onSubmit}>
    ${field}
    <button part="send-button" class="send" type="submit" ?disabled=${ctx.busy}>
      ${labels.button ?? ctx.strings.send}
    </button>
  </form>`;
}
