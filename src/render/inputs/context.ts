/**
 * What a control gets from the element: the draft it edits (what the visitor
 * has typed or picked lives here, owned by the element, so a re-render or a
 * failed send never loses it) and the callbacks it may call.
 */
import type { CSSResult } from 'lit';
import type { FlowbotStrings } from '../../i18n/lookup.js';
import { readPrefilledValue, type BuiltAnswer } from '../../protocol/answers.js';
import type { ChatInput } from '../../protocol/types.js';

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
  /** Which of the control's fields `error` is about (a date range's end), when only one is. */
  errorField?: number | undefined;
  /** The files are being uploaded. */
  uploading: boolean;
  /** The server has no upload call: only the skip is left. */
  noUploads: boolean;
  /** How much of each file in `files` is uploaded (0–1), by index, while they upload. */
  progress: number[];
  /** Stops what runs for this draft (uploads, a recording); the element aborts it when the draft is dropped. */
  running: AbortController | undefined;
  /** A voice message is being recorded. */
  recording: boolean;
  /** A polite status line of the control (a cancelled upload, no microphone); `''` when there is none. */
  notice: string;
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
  /** The live session, for uploads and client logs. */
  readonly sessionId: string | undefined;
  /** Tells the bot's owner what went wrong (a client log; best-effort, within the session's allowance). */
  readonly log: (status: 'error' | 'warning', description: string, context: string, details?: unknown) => void;
  /**
   * An upload found the session gone (the viewer no longer knows it): the conversation ends as
   * expired, `typed` (what is in the text field) kept for the next one.
   */
  readonly expired?: (error: unknown, typed: string) => boolean;
  /** Adds styles to the element's shadow root (those of controls loaded on demand); idempotent. */
  readonly adoptStyles: (styles: CSSResult) => void;
  /** The id of the bot message the input answers, which names the control; none: its own label. */
  readonly question?: string | undefined;
  /** The language dates and times are shown in (`''`: the browser's). */
  readonly lang?: string | undefined;
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
    progress: [],
    running: undefined,
    recording: false,
    notice: '',
  };
}

/** Whether the visitor has typed or picked nothing in `draft`. */
export function isBlankDraft(draft: InputDraft): boolean {
  return !draft.text && !draft.to && !draft.selected.size && !draft.files.length;
}
