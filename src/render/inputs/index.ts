/**
 * The input controls: one small template per input type, picked by
 * `renderInput`. They hold no state of their own: what the visitor has typed
 * or picked lives in an `InputDraft` the element owns, so a re-render (or a
 * failed send) never loses it.
 */
import type { TemplateResult } from 'lit';
import type { ChatInput } from '../../api/schemas.js';
import { readPrefilledValue, type BuiltAnswer } from '../../conversation/answers.js';
import type { FlowbotStrings } from '../../i18n.js';
import { renderChoiceInput } from './choice-input.js';
import { renderFallbackInput } from './fallback.js';
import { renderTextInput } from './text-input.js';

/** What the visitor has typed or picked in the current input. */
export interface InputDraft {
  /** The text field's value. */
  text: string;
  /** Ids of the chosen items (multiple choice). */
  selected: Set<string>;
  /** The search field's value (searchable choice). */
  query: string;
}

/** What a control needs from the element. */
export interface InputContext {
  readonly strings: FlowbotStrings;
  /** A call is in flight: the control must not submit. */
  readonly busy: boolean;
  readonly draft: InputDraft;
  /** Sends an answer. */
  readonly submit: (answer: BuiltAnswer) => void;
  /** Asks for a re-render after a draft change the control shows (a pick, a search). */
  readonly changed: () => void;
}

/** A fresh draft for `input`: its `prefilledValue` in the text field. */
export function newDraft(input: ChatInput | undefined): InputDraft {
  return { text: readPrefilledValue(input), selected: new Set(), query: '' };
}

/** The control for `input`; types without their own control get a text field. */
export function renderInput(input: ChatInput, ctx: InputContext): TemplateResult {
  switch (input.type) {
    case 'text input':
      return renderTextInput(input, ctx);
    case 'choice input':
      return renderChoiceInput(input, ctx);
    default:
      return renderFallbackInput(input, ctx);
  }
}
