/**
 * What a conversation holds, and the small steps that change it (show a
 * message, fail, type, wait, report): the base of `ConversationController`,
 * which adds the flow (start, send, play a response, stream an answer).
 * Everything that belongs to one conversation lives in one `Session` object,
 * replaced whole when the conversation starts over.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { answerText } from '../protocol/answers.js';
import type { ChatInput, ChatMessage, ContinueChatResult, DynamicTheme, StartChatResult } from '../protocol/types.js';
import type { ConversationClient, ConversationNotice, ConversationOptions } from './options.js';
import type { ConversationStore, StoredConversation } from './persistence.js';
import { STOPPED } from './stream.js';
import { Timers } from './timers.js';
import type { AnswerEntry, BotEntry, ConversationStatus, FailedAction, StreamEntry, TranscriptEntry } from './transcript.js';
import type { TypingEmulation } from './typing.js';

/** The most client logs one conversation sends. */
const MAX_LOGS = 20;

/** Everything that belongs to one conversation. */
interface Session {
  status: ConversationStatus;
  entries: TranscriptEntry[];
  input?: ChatInput | undefined;
  typing: boolean;
  error?: unknown;
  errorAction?: FailedAction | undefined;
  sessionId?: string | undefined;
  resultId?: string | undefined;
  flowbot?: unknown;
  dynamicTheme: DynamicTheme;
  progress?: number | undefined;
  client?: ConversationClient | undefined;
  typingSettings?: TypingEmulation | undefined;
  /** Repeats the call that failed. */
  retryRun?: (() => void) | undefined;
  /** Bot messages the server sent so far (the first one may skip its typing). */
  serverMessages: number;
  store?: ConversationStore | undefined;
  /** The session came from storage: its bot version is only known from the record. */
  restored?: boolean;
  /** How the visitor stops the streamed answer arriving now. */
  streamStop?: AbortController | undefined;
  logsSent: number;
  /** Automatic continues since the visitor last acted. */
  autoReplies: number;
}

/** A fresh conversation: what is not set here starts undefined. */
const newSession = (status: ConversationStatus): Session => ({
  status,
  entries: [],
  typing: false,
  dynamicTheme: {},
  serverMessages: 0,
  logsSent: 0,
  autoReplies: 0,
});

/** The state of one chat session of a host element, its lifecycle, and the steps that change it. */
export abstract class ConversationState implements ReactiveController {
  protected readonly host: ReactiveControllerHost;
  protected readonly options: ConversationOptions;
  protected s: Session = newSession('idle');
  /** The call in flight, if any: one per run, aborted by the next run and on disconnect. */
  protected request: AbortController | undefined;
  /** Bumped by every reset: work of an older conversation stops when it sees a newer number. */
  protected generation = 0;
  protected connected = false;
  /** Work interrupted by a disconnect, resumed on reconnect. */
  protected resume: (() => void) | undefined;
  /** Keys of transcript entries: unique and stable across resets. */
  protected nextKey = 0;
  private readonly timers = new Timers();

  constructor(host: ReactiveControllerHost, options: ConversationOptions) {
    this.host = host;
    this.options = options;
    host.addController(this);
  }

  /** Where the conversation stands. */
  get status(): ConversationStatus {
    return this.s.status;
  }

  /** Bot messages and visitor answers, oldest first. */
  get entries(): readonly TranscriptEntry[] {
    return this.s.entries;
  }

  /** The input the bot waits on, set once the messages before it have been shown. */
  get input(): ChatInput | undefined {
    return this.s.input;
  }

  /** Whether the bot is "typing" the next message. */
  get typing(): boolean {
    return this.s.typing;
  }

  /** The error of the last failed call (when `status` is `error`). */
  get error(): unknown {
    return this.s.error;
  }

  /** Which call failed (when `status` is `error`). */
  get errorAction(): FailedAction | undefined {
    return this.s.errorAction;
  }

  /** The live session's id. */
  get sessionId(): string | undefined {
    return this.s.sessionId;
  }

  /** The live session's result id. */
  get resultId(): string | undefined {
    return this.s.resultId;
  }

  /** The start response's opaque `flowbot` field. */
  get flowbot(): unknown {
    return this.s.flowbot;
  }

  /** The latest `dynamicTheme` values, merged over the session. */
  get dynamicTheme(): DynamicTheme {
    return this.s.dynamicTheme;
  }

  /** The latest `progress` (0–100), if the server sends one. */
  get progress(): number | undefined {
    return this.s.progress;
  }

  /** Whether `send` would be accepted now: an input is shown and no call is in flight. */
  get canSend(): boolean {
    const { input, status, errorAction } = this.s;
    return input !== undefined && (status === 'ready' || (status === 'error' && errorAction === 'send'));
  }

  /** Whether a streamed answer is arriving (the visitor may stop it). */
  get streaming(): boolean {
    return this.s.streamStop !== undefined;
  }

  /** Stops the streamed answer: what has arrived is the answer, and the flow goes on. */
  stopStream(): void {
    this.s.streamStop?.abort(STOPPED);
  }

  /** Tells the bot's owner what went wrong in the visitor's browser (best-effort, at most 20 a session). */
  log(status: 'error' | 'warning', description: string, context: string, details?: unknown): void {
    const { sessionId, client } = this.s;
    if (!sessionId || !client?.clientLogs || this.s.logsSent >= MAX_LOGS) return;
    this.s.logsSent++;
    client.clientLogs(sessionId, [{ status, description, context, ...(details === undefined ? {} : { details }) }]);
  }

  hostConnected(): void {
    this.connected = true;
    this.s.store?.claim();
    if (typeof window !== 'undefined') window.addEventListener('online', this.handleOnline);
    const resume = this.resume;
    this.resume = undefined;
    resume?.();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.s.store?.release();
    if (typeof window !== 'undefined') window.removeEventListener('online', this.handleOnline);
    this.request?.abort();
    this.flushTimers();
  }

  /** Repeats the call that failed (the start, or the very same answer). */
  retry(): void {
    const again = this.s.retryRun;
    if (this.s.status !== 'error' || !again) return;
    this.s.retryRun = undefined;
    this.s.autoReplies = 0;
    again();
  }

  /** Back online: the call that failed goes again, once (`retry` runs it a single time). */
  private readonly handleOnline = (): void => {
    if (this.s.status === 'error') this.retry();
  };

  /** Drops the conversation: aborts the call in flight, ends the pauses, starts a new `Session`. */
  protected replaceSession(status: 'idle' | 'unavailable'): void {
    this.generation++;
    this.request?.abort();
    this.request = undefined;
    this.timers.flush();
    this.resume = undefined;
    this.s.store?.release();
    this.s = newSession(status);
    this.host.requestUpdate();
  }

  protected show(message: ChatMessage, local: boolean): void {
    this.s.entries.push({ kind: 'bot', key: this.nextKey++, message, local });
    if (!local) this.s.serverMessages++;
    this.host.requestUpdate();
    this.notify({ type: 'message', message, local });
  }

  protected fail(action: FailedAction, error: unknown, retry: () => void, report: boolean): void {
    this.s.error = error;
    this.s.errorAction = action;
    this.s.retryRun = retry;
    this.setStatus('error');
    if (report) this.notify({ type: 'error', error, action });
  }

  /** Clears the last failure before a new call. */
  protected clearError(): void {
    this.s.error = undefined;
    this.s.errorAction = undefined;
    this.s.retryRun = undefined;
  }

  protected newRequest(): AbortSignal {
    this.request?.abort();
    this.request = new AbortController();
    return this.request.signal;
  }

  protected setStatus(status: ConversationStatus): void {
    this.s.status = status;
    this.host.requestUpdate();
  }

  protected setTyping(typing: boolean): void {
    this.s.typing = typing;
    this.host.requestUpdate();
  }

  protected notify(notice: ConversationNotice): void {
    this.options.notify?.(notice);
  }

  /** Waits `ms`; at once while disconnected (timers never outlive the host's presence). */
  protected sleep(ms: number): Promise<void> {
    return this.connected ? this.timers.sleep(ms) : Promise.resolve();
  }

  /** Resolves after the next frame has been painted (at once while disconnected, or without frames). */
  protected nextFrame(): Promise<void> {
    const raf = globalThis.requestAnimationFrame;
    if (!this.connected || typeof raf !== 'function') return this.sleep(0);
    return new Promise((resolve) => raf(() => setTimeout(resolve, 0)));
  }

  /** Ends every pause now (the host left the page). */
  protected flushTimers(): void {
    this.timers.flush();
    this.s.typing = false;
  }

  /** Takes what a response changes besides its messages: the dynamic theme, the progress, the form of the last answer. */
  protected applyTurn(result: StartChatResult | ContinueChatResult): void {
    const s = this.s;
    if (result.dynamicTheme) {
      const next: Record<string, unknown> = { ...s.dynamicTheme };
      for (const [key, value] of Object.entries(result.dynamicTheme)) if (value != null) next[key] = value;
      s.dynamicTheme = next as DynamicTheme;
    }
    if (typeof result.progress === 'number') s.progress = result.progress;
    const format = result.lastMessageNewFormat;
    for (let i = s.entries.length - 1; format && i >= 0; i--) {
      const entry = s.entries[i]!;
      if (entry.kind !== 'answer') continue;
      // The server's form replaces what was typed as is, never what the widget put in the
      // visitor's words (a date in their language, a phone as typed, a choice's label).
      if (answerText(entry.answer) === entry.text) entry.text = format;
      break;
    }
    this.host.requestUpdate();
  }

  protected dropStream(entry: StreamEntry): void {
    this.s.entries = this.s.entries.filter((e) => e !== entry);
    this.host.requestUpdate();
  }

  /**
   * Remembers the conversation (with `persist`): what a reload shows again (bot
   * messages and the answers the server accepted, plus `extraEntries`) and what
   * it still owes.
   */
  protected remember(
    owed: Pick<StoredConversation, 'input' | 'pending' | 'stream' | 'reply'>,
    extraEntries: StoredConversation['entries'] = [],
  ): void {
    const kept = this.s.entries.filter(
      (entry): entry is BotEntry | AnswerEntry => entry.kind === 'bot' || (entry.kind === 'answer' && entry.state === 'sent'),
    );
    this.s.store?.save({
      sessionId: this.s.sessionId ?? '',
      resultId: this.s.resultId ?? '',
      flowbot: this.s.flowbot,
      entries: [...kept, ...extraEntries],
      ...owed,
      dynamicTheme: this.s.dynamicTheme,
      progress: this.s.progress,
    });
  }
}
