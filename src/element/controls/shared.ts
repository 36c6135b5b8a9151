/** Small pieces the controls share: the error line, the send and skip buttons, option readers. */
import { html, nothing, type TemplateResult } from 'lit';
import type { ChatInput } from '../../protocol/types.js';
import { pick, readInputOptions, text } from '../../protocol/json.js';
import type { InputContext } from '../../render/inputs/context.js';

/** The id of the error line, for `aria-describedby`. */
export const ERROR_ID = 'input-error';

/** `options.labels[key]` when it is a non-empty string. */
export function label(input: ChatInput, key: string): string | undefined {
  return text(pick(pick(readInputOptions(input), 'labels'), key));
}

/** A finite number option, else `undefined`. */
export function numberOption(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The attributes that tie a field to the error line while there is an error. */
export function invalidAttrs(
  ctx: InputContext,
  field?: number,
): {
  invalid: string | typeof nothing;
  describedBy: string | typeof nothing;
} {
  const { error, errorField } = ctx.draft;
  return error && (errorField === undefined || field === undefined || errorField === field)
    ? { invalid: 'true', describedBy: ERROR_ID }
    : { invalid: nothing, describedBy: nothing };
}

/** The visible error of the control, announced when it appears. */
export function renderError(ctx: InputContext): TemplateResult | typeof nothing {
  return ctx.draft.error
    ? html`<p part="field-error" class="input-error" id=${ERROR_ID} role="alert">${ctx.draft.error}</p>`
    : nothing;
}

/** Shows `message` as the control's error (or clears it with `''`), on one of its fields if `field` is given. */
export function setError(ctx: InputContext, message: string, field?: number): void {
  if (ctx.draft.error === message && ctx.draft.errorField === field) return;
  ctx.draft.error = message;
  ctx.draft.errorField = field;
  ctx.changed();
}

/** The skip button: continues without an answer. */
export function renderSkip(ctx: InputContext, labelText: string, primary = false): TemplateResult {
  return html`<button
    part="skip-button"
    class=${primary ? 'send' : 'skip'}
    type="button"
    ?disabled=${ctx.busy}
    @click=${() => ctx.skip(labelText)}
  >
    ${labelText}
  </button>`;
}

/** Why this input cannot be answered here, and the skip: never a dead end. */
export function renderSkipNotice(ctx: InputContext, message: string, labelText: string): TemplateResult {
  return html`<div class="skip-input">
    <p role="status">${message}</p>
    ${renderSkip(ctx, labelText, true)}
  </div>`;
}
