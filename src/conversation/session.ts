/**
 * One conversation: what it shows (`ConversationState`, read by the host) and
 * the small steps that change it (show a message, fail, type, remember,
 * report). `ConversationController` holds one `Session` and replaces it whole
 * when the conversation starts over, so nothing of an old conversation
 * lingers in a new one.
 */
import { answerText } from '../protocol/answers.js';
import type { ChatInput, ChatMessage, ContinueChatResult, DynamicTheme, StartChatResult } from '../protocol/types.js';
import type { ConversationStatus, FailedAction, StreamEntry, TranscriptEntry } from '../protocol/transcript.js';
import type { ConversationClient, ConversationNotice } from './options.js';
import type { ConversationStore, Owed } from './persistence.js';
import type { TypingEmulation } from './typing.js';

/** The most client logs one conversation sends. */
const MAX_LOGS = 20;

/**
 * The longest the bot keeps the visitor waiting after each thing they do (a
 * start, an answer, a Retry), in ms: its typing, the pauses between its
 * messages, its `wait` actions and the back-off between automatic replies,
 * all together. Past it the rest shows at once, so whatever a response asks
 * for, the visitor has something to do again within seconds.
 */
export const MAX_PAUSE_MS = 10_000;

/** What a conversation shows: read by the host, changed only by its controller. */
export interface ConversationState {
  /** Where the conversation stands. */
  readonly status: ConversationStatus;
  /** Bot messages and visitor answers, oldest first. */
  readonly entries: readonly TranscriptEntry[];
  /** The input the bot waits on, set once the messages before it have been shown. */
  readonly input: ChatInput | undefined;
  /** Whether the bot is "typing" the next message. */
  readonly typing: boolean;
  /** The error of the last failed call (when `status` is `error`). */
  readonly error: unknown;
  /** Which call failed (when `status` is `error`). */
  readonly errorAction: FailedAction | undefined;
  /** The call failed on the network (the viewer could not be reached): it goes again by itself. */
  readonly unreachable: boolean;
  /** Nothing to retry: the bot does not exist, or the element's attributes cannot reach it. */
  readonly final: boolean;
  /** The live session's id. */
  readonly sessionId: string | undefined;
  /** The live session's result id. */
  readonly resultId: string | undefined;
  /** The start response's opaque `flowbot` field. */
  readonly flowbot: unknown;
  /** The latest `dynamicTheme` values, merged over the session. */
  readonly dynamicTheme: DynamicTheme;
  /** The latest `progress` (0–100), if the server sends one. */
  readonly progress: number | undefined;
}

/** How a session tells its host and the page what changed. */
export interface SessionHost {
  /** The state changed: draw it again. */
  readonly changed: () => void;
  /** Something happened that the host announces. */
  readonly notify: (notice: ConversationNotice) => void;
}

/** One conversation's state, and the steps that change it. */
export class Session implements ConversationState {
  status: ConversationStatus;
  entries: TranscriptEntry[] = [];
  input: ChatInput | undefined;
  typing = false;
  error: unknown;
  errorAction: FailedAction | undefined;
  sessionId: string | undefined;
  resultId: string | undefined;
  flowbot: unknown;
  dynamicTheme: DynamicTheme = {};
  progress: number | undefined;
  /** What the conversation calls the viewer with (made with it; `tabs.ts` may wrap it). */
  client: ConversationClient | undefined;
  typingSettings: TypingEmulation | undefined;
  /** Repeats the call that failed. */
  retryRun: (() => void) | undefined;
  /** The call that failed never left the browser (it was offline): back online, it goes by itself. */
  unsent = false;
  unreachable = false;
  final = false;
  /** Tries of a call the network failed, since the viewer last answered. */
  tries = 0;
  /** Bot messages the server sent so far (the first one may skip its typing). */
  serverMessages = 0;
  store: ConversationStore | undefined;
  /** The session came from storage: its bot version is only known from the record. */
  restored = false;
  /** How the visitor stops the streamed answer arriving now. */
  streamStop: AbortController | undefined;
  /**
   * What the visitor typed that the expired conversation never took: it goes in the first text
   * field of the next conversation (never sent by itself).
   */
  carried: string | undefined;
  /** The session this conversation follows because the viewer no longer knew it. */
  follows: string | undefined;
  /** Puts the carried words in the input to show (set by `expiry.ts` for the conversation after an expired one). */
  take: ((input: ChatInput) => ChatInput) | undefined;
  /** Automatic continues since the visitor last acted. */
  autoReplies = 0;
  /** Milliseconds of pauses left until the visitor acts again (`MAX_PAUSE_MS`). */
  pauseLeft = MAX_PAUSE_MS;
  #logsSent = 0;
  /** What the last `remember` was given while no store was there yet. */
  #owed: [Owed, readonly ChatMessage[]] | undefined;

  readonly #host: SessionHost;
  constructor(status: ConversationStatus, host: SessionHost, client?: ConversationClient) {
    this.#host = host;
    this.status = status;
    this.client = client;
  }

  /** Whether `send` would be accepted now: an input is shown and no call is in flight. */
  get canSend(): boolean {
    const { input, status, errorAction } = this;
    return input !== undefined && (status === 'ready' || (status === 'error' && errorAction === 'send'));
  }

  /** The visitor acted (an answer, a Retry): the bot may ask for replies and pause again. */
  acted(): void {
    this.autoReplies = 0;
    this.pauseLeft = MAX_PAUSE_MS;
  }

  /** `ms` of pause, or what is left of `MAX_PAUSE_MS` when less (then nothing is left). */
  pause(ms: number): number {
    const left = Math.min(ms, this.pauseLeft);
    this.pauseLeft -= left;
    return left;
  }

  setStatus(status: ConversationStatus): void {
    this.status = status;
    this.#host.changed();
  }

  setTyping(typing: boolean): void {
    this.typing = typing;
    this.#host.changed();
  }

  /** Shows a bot message (`local`: the widget's own greeting, which the server never sent). */
  show(message: ChatMessage, local: boolean, key: number): void {
    this.entries.push({ kind: 'bot', key, message, local, at: Date.now() });
    if (!local) this.serverMessages++;
    this.#host.changed();
    this.#host.notify({ type: 'message', message, local });
  }

  /** The call `action` failed with `error`; `retry` repeats it (none: nothing can, the failure is final). */
  fail(action: FailedAction, error: unknown, retry: (() => void) | undefined, report: boolean): void {
    this.error = error;
    this.errorAction = action;
    this.retryRun = retry;
    this.final = !retry;
    this.setStatus('error');
    if (report) this.#host.notify({ type: 'error', error, action });
  }

  /** Tells the host something happened (`notify` of the controller's options). */
  report(notice: ConversationNotice): void {
    this.#host.notify(notice);
  }

  /** Clears the last failure before a new call. */
  clearError(): void {
    this.unsent = this.unreachable = false;
    this.tries = 0;
    this.error = undefined;
    this.errorAction = undefined;
    this.retryRun = undefined;
  }

  dropStream(entry: StreamEntry): void {
    this.entries = this.entries.filter((e) => e !== entry);
    this.#host.changed();
  }

  /** Tells the bot's owner what went wrong in the visitor's browser (best-effort, at most 20 a session). */
  log(status: 'error' | 'warning', description: string, context: string, details?: unknown): void {
    const { sessionId, client } = this;
    if (!sessionId || !client?.clientLogs || this.#logsSent >= MAX_LOGS) return;
    this.#logsSent++;
    client.clientLogs(sessionId, [{ status, description, context, ...(details === undefined ? {} : { details }) }]);
  }

  /** Takes what a response changes besides its messages: the dynamic theme, the progress, the form of the last answer. */
  applyTurn(result: StartChatResult | ContinueChatResult): void {
    if (result.dynamicTheme) {
      const next: Record<string, unknown> = { ...this.dynamicTheme };
      for (const [key, value] of Object.entries(result.dynamicTheme)) if (value != null) next[key] = value;
      this.dynamicTheme = next as DynamicTheme;
    }
    if (typeof result.progress === 'number') this.progress = result.progress;
    const format = result.lastMessageNewFormat;
    for (let i = this.entries.length - 1; format && i >= 0; i--) {
      const entry = this.entries[i]!;
      if (entry.kind !== 'answer') continue;
      // The server's form replaces what was typed as is, never what the widget put in the
      // visitor's words (a date in their language, a phone as typed, a choice's label).
      if (answerText(entry.answer) === entry.text) entry.text = format;
      break;
    }
    this.#host.changed();
  }

  /**
   * Remembers the conversation (with `persist`; see `ConversationStore.remember`):
   * what a reload shows again, with `messages` about to be shown, and what it still owes.
   */
  remember(owed: Owed, messages?: readonly ChatMessage[]): void {
    if (this.store) this.store.remember(this, owed, messages);
    else this.#owed = [owed, messages ?? []];
  }

  /**
   * Takes `store` for this conversation, which started before the storage code arrived
   * (nothing was stored): saves at once what the last `remember` would have, its messages
   * less those shown since.
   */
  keep(store: ConversationStore): void {
    this.store = store;
    if (!this.#owed) return;
    const [owed, messages] = this.#owed;
    const shown = new Set(this.entries.map((entry) => entry.kind === 'bot' && entry.message));
    store.remember(
      this,
      owed,
      messages.filter((message) => !shown.has(message)),
    );
  }
}
