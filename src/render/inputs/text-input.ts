/**
 * `text input`: a one-line field, or with `isLong` a text area where Enter
 * sends and Shift+Enter starts a new line. With `attachments` or `audioClip`
 * it is drawn by `text-files-input.ts` (loaded on demand), which adds its
 * buttons through the overrides.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { ChatInput } from '../../protocol/types.js';
import { readLabels, textAnswer } from '../../protocol/answers.js';
import { pick, readInputOptions } from '../../protocol/json.js';
import type { InputContext } from './context.js';

const INPUT_MODES = new Set(['text', 'email', 'url', 'tel', 'numeric', 'decimal', 'search', 'none']);

/** Overrides for inputs that borrow the text control. */
export interface TextInputOverrides {
  /** A virtual-keyboard hint (`inputmode`). */
  readonly inputMode?: string;
  /** Buttons between the field and the send button (attach, record). */
  readonly tools?: TemplateResult;
  /** What shows above the field (picked files, a notice); after it in the DOM, so the field comes first. */
  readonly extra?: TemplateResult;
  /** The field and send button are disabled for now (an upload or a recording runs). */
  readonly busy?: boolean;
  /** Sends the typed text (default: as a text answer), e.g. with attachments uploaded first. */
  readonly send?: (typed: string) => void;
}

/** Whether a text input takes files or voice messages: its control then loads on demand. */
export function takesFiles(input: ChatInput): boolean {
  const options = readInputOptions(input);
  return [options.attachments, options.audioClip].some((o) => pick(o, 'isEnabled') === true);
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
  const busy = ctx.busy || overrides.busy === true;

  const submit = (): void => {
    if (busy) return;
    if (overrides.send) return overrides.send(draft.text);
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
          ?readonly=${busy}
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
          ?readonly=${busy}
          .value=${live(draft.text)}
          @input=${onInput}
        />`;

  return html`<form class="text-input" novalidate @submit=${onSubmit}>
    ${field} ${overrides.extra ?? nothing} ${overrides.tools ?? nothing}
    <button part="send-button" class="send" type="submit" ?disabled=${busy}>
      ${labels.button ?? ctx.strings.send}
    </button>
  </form>`;
}
