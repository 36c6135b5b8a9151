/**
 * The input controls: one small template per input type, picked by
 * `renderInput`. They hold no state of their own: what the visitor has typed
 * or picked lives in an `InputDraft` the element owns, so a re-render (or a
 * failed send) never loses it.
 */
import { html, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { ChatInput } from '../../protocol/types.js';
import { readInputOptions } from '../../protocol/json.js';
import { onDemandControls } from '../on-demand-source.js';
import { renderChoiceInput } from './choice-input.js';
import type { InputContext } from './context.js';
import { ON_DEMAND_INPUT_TYPES, type OnDemandInputType } from './on-demand-types.js';
import { renderTextInput, takesFiles } from './text-input.js';

export { isBlankDraft, newDraft, type InputContext, type InputDraft } from './context.js';

/**
 * The control for `input`; unknown types get a text field. Each input gets
 * fresh elements: a focused field whose `type` changed under it (a phone
 * field becoming a date field) would not take typing.
 */
export function renderInput(input: ChatInput, ctx: InputContext): TemplateResult {
  return html`${keyed(input, control(input, ctx))}`;
}

const ON_DEMAND_TYPES: ReadonlySet<string> = new Set(ON_DEMAND_INPUT_TYPES);
const PICTURES = 'picture choice input';
const CHOICE = 'choice input';

/** Inputs whose control could not be loaded: they fall back to a text field (a later input tries again). */
const unloaded = new WeakSet<ChatInput>();

/**
 * Whether the control of `input` comes with the on-demand controls (a rarer type, a text input that
 * takes files, a choice's search), or needs their styles (picture choice: drawn like a choice, styled on demand).
 */
export function needsOnDemandControl(input: ChatInput): boolean {
  const type = input.type ?? '';
  return (
    ON_DEMAND_TYPES.has(type) ||
    type === PICTURES ||
    (type === 'text input' && takesFiles(input)) ||
    (type === CHOICE && readInputOptions(input).isSearchable === true)
  );
}

/**
 * The on-demand controls could not be loaded for `input`: its control is a text field from now on
 * (the server still checks the answer, so the conversation goes on).
 */
export function useTextField(input: ChatInput): void {
  unloaded.add(input);
}

function control(input: ChatInput, ctx: InputContext): TemplateResult {
  const type = input.type ?? '';
  const arrivesOnDemand = needsOnDemandControl(input) && !unloaded.has(input);
  // A searchable choice whose search could not arrive still offers every item.
  if (type === CHOICE && !arrivesOnDemand) return renderChoiceInput(input, ctx);
  if (!arrivesOnDemand) return renderTextInput(input, ctx);
  const loaded = onDemandControls.get();
  // Until the control arrives (its owner asks for it), a placeholder of its size.
  if (!loaded) return html`<span class="bone field" aria-hidden="true"></span>`;
  ctx.adoptStyles(loaded.styles);
  return type === PICTURES || type === CHOICE
    ? renderChoiceInput(input, ctx)
    : type === 'text input'
      ? loaded.renderTextFilesInput(input, ctx)
      : loaded.controls[type as OnDemandInputType](input, ctx);
}
