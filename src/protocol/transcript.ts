/**
 * The transcript the conversation holds and the element draws: types (and the id of streamed answers).
 * The renderers import these types (and nothing else of `conversation/`):
 * they draw the transcript, so they must know its shape.
 */
import type { AgentActivity } from './agent.js';
import type { ChatAnswer, ChatInput, ChatMessage } from './types.js';

/**
 * Whether `input`'s field shows any text as typed (text, e-mail, URL, phone): only there do a
 * visitor's words go back in, when an answer of theirs was not taken (never a choice's label,
 * which would answer another question).
 */
export const takesTypedWords = (input: ChatInput | undefined): boolean =>
  /^(text|email|url|phone number) input$/.test(input?.type ?? '');

/**
 * Where the conversation stands.
 * - `idle`: nothing started yet (or the start was interrupted).
 * - `starting`: `startChat` in flight.
 * - `ready`: the session is live; bot messages may still be appearing, then `input` is set.
 * - `sending`: an answer (or a continue without one) is in flight.
 * - `error`: the last call failed; `retry()` repeats it.
 * - `ended`: the flow ended (a response without `input`).
 * - `expired`: the viewer no longer knows the session (expired, restarted, republished): the
 *   transcript stays, read-only; nothing more is sent to it; a start begins a new conversation.
 * - `unavailable`: the widget is switched off; nothing is requested.
 */
export type ConversationStatus =
  'idle' | 'starting' | 'ready' | 'sending' | 'error' | 'ended' | 'expired' | 'unavailable';

/** The delivery state of a visitor's answer. */
export type AnswerState = 'sent' | 'sending' | 'failed';

/** A bot message in the transcript. */
export interface BotEntry {
  readonly kind: 'bot';
  /** Unique within the conversation, stable. */
  readonly key: number;
  readonly message: ChatMessage;
  /** True for the widget's own greeting (`aiFirstMessage`), which the server never sent. */
  readonly local: boolean;
  /** True when it came back from storage (`persist`): shown again, never played again. */
  readonly restored?: boolean;
  /** When it was shown (ms since the epoch); kept with it by `persist`. Absent in records of older versions. */
  readonly at?: number | undefined;
}

/** A visitor's answer in the transcript. */
export interface AnswerEntry {
  readonly kind: 'answer';
  readonly key: number;
  /** What is (or was) sent; `undefined`: the input was skipped (a continue with `{}`). */
  readonly answer: ChatAnswer | undefined;
  /** What the bubble shows: the typed text or the choice labels; the server's `lastMessageNewFormat` replaces it. */
  text: string;
  state: AnswerState;
  /** When the visitor sent it (ms since the epoch); kept with it by `persist`. Absent in records of older versions. */
  readonly at?: number | undefined;
}

/** The start of the id of a streamed AI answer's message once complete (`stream-` and the entry's key). */
export const STREAMED_ID = 'stream-';

/** A streamed AI answer while it arrives (then it becomes a `BotEntry` of markdown, its id `STREAMED_ID` and its key). */
export interface StreamEntry {
  readonly kind: 'stream';
  readonly key: number;
  /** The markdown received so far. */
  text: string;
  /** What the agent did so far (tool calls, reasoning, sources), once it streamed any of it. */
  agent?: AgentActivity | undefined;
  /** The stream broke before its end: what arrived stays, marked so, until a new try replaces it. */
  interrupted?: boolean;
}

/** One line of the transcript. */
export type TranscriptEntry = BotEntry | AnswerEntry | StreamEntry;

/** Which call failed: the start, sending an answer, a streamed answer, or an upload (only as `expired`). */
export type FailedAction = 'start' | 'send' | 'stream' | 'upload';
