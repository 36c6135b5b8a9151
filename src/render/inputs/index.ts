/**
 * The input controls: one small template per input type, picked by
 * `renderInput`. They hold no state of their own: what the visitor has typed
 * or picked lives in an `InputDraft` the element owns, so a re-render (or a
 * failed send) never loses it.
 */
import { html, type CSSResult, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { ChatInput } from '../../api/schemas.js';
import { readPrefilledValue, type BuiltAnswer } from '../../conversation/answers.js';
import type { FlowbotStrings } from '../../i18n.js';
import { lazyModule, loadLazy } from '../../lazy-load.js';
import { renderChoiceInput } from './choice-input.js';
import { LAZY_INPUT_TYPES, type LazyInputType } from './lazy-types.js';
import { renderTextInput } from './text-input.js';

/** What the visitor has typed or picked in the current input. */
export interface InputDraft {
  /** The field's value (text, number, date, time, ...; the chosen rating). */
  text: string;
  /** The end of a date range. */
  to: string;
  /** Ids of the chosen items (multiple choice, multiple picture choice). */
  selected: Set<string>;
  /** The search field's value (searchable choice). */
  query: string;
  /** Files picked or dropped (file input). */
  files: File[];
  /** The control's visible error; `''` when there is none. */
  error: string;
  /** The files are being uploaded. */
  uploading: boolean;
  /** The server has no upload call: only the skip is left. */
  noUploads: boolean;
}

/** What a control needs from the element. */
export interface InputContext {
  readonly strings: FlowbotStrings;
  /** A call is in flight: the control must not submit. */
  readonly busy: boolean;
  readonly draft: InputDraft;
  /** Sends an answer. */
  readonly submit: (answer: BuiltAnswer) => void;
  /** Continues without an answer (`continueChat` with `{}`); `text` goes in the visitor's bubble. */
  readonly skip: (text: string) => void;
  /** Asks for a re-render after a draft change the control shows (a pick, a search, an error). */
  readonly changed: () => void;
  /** The viewer base URL (`''`: the page's origin), for uploads. */
  readonly apiHost: string;
  /** The live session, for uploads. */
  readonly sessionId: string | undefined;
  /** Adds styles to the element's shadow root (those of controls loaded on demand); idempotent. */
  readonly adoptStyles: (styles: CSSResult) => void;
}

/** A fresh draft for `input`: its `prefilledValue` in the field. */
export function newDraft(input: ChatInput | undefined): InputDraft {
  return {
    text: readPrefilledValue(input),
    to: '',
    selected: new Set(),
    query: '',
    files: [],
    error: '',
    uploading: false,
    noUploads: false,
  };
}

/** Whether the visitor has typed or picked nothing in `draft`. */
export function isBlankDraft(draft: InputDraft): boolean {
  return !draft.text && !draft.to && !draft.selected.size && !draft.files.length;
}

/**
 * The control for `input`; unknown types get a text field. Each input gets
 * fresh elements: a focused field whose `type` changed under it (a phone
 * field becoming a date field) would not take typing.
 */
export function renderInput(input: ChatInput, ctx: InputContext): TemplateResult {
  return html`${keyed(input, control(input, ctx))}`;
}

const LAZY_TYPES: ReadonlySet<string> = new Set(LAZY_INPUT_TYPES);

/** Inputs whose control could not be loaded: they fall back to a text field (a later input tries again). */
const unloaded = new WeakSet<ChatInput>();

function control(input: ChatInput, ctx: InputContext): TemplateResult {
  const type = input.type ?? '';
  if (type === 'choice input' || type === 'picture choice input') return renderChoiceInput(input, ctx);
  if (!LAZY_TYPES.has(type) || unloaded.has(input)) return renderTextInput(input, ctx);
  const lazy = lazyModule();
  if (lazy) {
    ctx.adoptStyles(lazy.styles);
    return lazy.controls[type as LazyInputType](input, ctx);
  }
  loadLazy().then(ctx.changed, (error: unknown) => {
    // The server still checks the answer, so a text field keeps the conversation going.
    console.warn('flowbot-chat: could not load the controls of rarer input types; using a text field', error);
    unloaded.add(input);
    ctx.changed();
  });
  return html`<span class="bone field" aria-hidden="true"></span>`;
}
