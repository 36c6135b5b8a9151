/**
 * The conversation as a Lit reactive controller: status, transcript, current
 * input, the calls to the viewer and their cancellation, typing emulation and
 * client-side actions. No DOM: the element renders what this holds and turns
 * its notices into events.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { FlowbotError, isAbortError, isFlowbotHttpError, isFlowbotResponseError } from '../api/errors.js';
import { createViewerClient } from '../api/viewer.js';
import { publishedAt } from '../protocol/flowbot.js';
import { pick } from '../protocol/json.js';
import { limitTurn } from '../protocol/limits.js';
import { messageToPlain } from '../protocol/message.js';
import { safeUrl } from '../protocol/safe-url.js';
import type {
  ChatAnswer,
  ChatInput,
  ChatMessage,
  ClientSideAction,
  ContinueChatResult,
  DynamicTheme,
  StartChatResult,
} from '../protocol/types.js';
import type { ConversationStore, StoredConversation } from './persistence.js';
import { Timers } from './timers.js';
import type { ConversationClient, ConversationConfig, ConversationNotice, ConversationOptions } from './options.js';
import { readAnswer, STOPPED, StreamFailure } from './stream.js';
import type { AnswerEntry, BotEntry, ConversationStatus, FailedAction, StreamEntry, TranscriptEntry } from './transcript.js';
import { countWords, messageDelay, readTypingEmulation, type TypingEmulation } from './typing.js';

export type { ConversationClient, ConversationConfig, ConversationNotice, ConversationOptions } from './options.js';
export type {
  AnswerEntry,
  AnswerState,
  BotEntry,
  ConversationStatus,
  FailedAction,
  StreamEntry,
  TranscriptEntry,
} from './transcript.js';

/** The id of the local greeting message. */
export const GREETING_ID = 'flowbot-greeting';

function greetingMessage(text: string): ChatMessage {
  return {
    id: GREETING_ID,
    type: 'text',
    content: { type: 'richText', richText: [{ type: 'p', children: [{ text }] }] },
  };
}

/** Client-side actions that would run code in the page: never run, reported in the client logs. */
const PAGE_CODE_ACTIONS = new Set(['scriptToExecute', 'codeToExecute', 'setVariable', 'httpRequestToExecute', 'startPropsToInject']);

/** `stream`, or the older `streamOpenAiChatCompletion`. */
const isStreamAction = (action: ClientSideAction): boolean =>
  action.type === 'stream' || action.type === 'streamOpenAiChatCompletion';

/** The stream request's body: `{ messages }` of the older action form, else nothing. */
function streamBody(action: ClientSideAction): { messages?: unknown[] } {
  const messages = pick(pick(action, 'streamOpenAiChatCompletion'), 'messages');
  return Array.isArray(messages) ? { messages } : {};
}

/**
 * Continues the bot asks for without the visitor (`expectsDedicatedReply`):
 * the first few go at once, then each waits twice as long (from 0.25 s, at
 * most 4 s), and past `AUTO_REPLY_LIMIT` in a row the widget stops with an
 * error and a Retry. A viewer that asks for one reply after another cannot
 * make the widget hammer it.
 */
export const AUTO_REPLY_LIMIT = 10;
const AUTO_REPLIES_AT_ONCE = 3;

/** About how many characters of messages, and how many messages, are laid out in one frame (see `play`). */
const SLICE_CHARS = 40_000;
const SLICE_MESSAGES = 50;

/** Longest `wait` action honoured, in seconds. */
const MAX_WAIT_SECONDS = 60;

/** Holds one chat session of a host element. */
export class ConversationController implements ReactiveController {
  private readonly host: ReactiveControllerHost;
  private readonly options: ConversationOptions;

  private _status: ConversationStatus = 'idle';
  private _entries: TranscriptEntry[] = [];
  private _input: ChatInput | undefined;
  private _typing = false;
  private _error: unknown;
  private _errorAction: FailedAction | undefined;
  private _sessionId: string | undefined;
  private _resultId: string | undefined;
  private _flowbot: unknown;
  private _dynamicTheme: DynamicTheme = {};
  private _progress: number | undefined;

  private client: ConversationClient | undefined;
  private typingSettings: TypingEmulation | undefined;
  /** The call in flight, if any: one per run, aborted by the next run and on disconnect. */
  private request: AbortController | undefined;
  /** Bumped by every reset: work of an older conversation stops when it sees a newer number. */
  private generation = 0;
  private readonly timers = new Timers();
  private connected = false;
  /** Work interrupted by a disconnect, resumed on reconnect. */
  private resume: (() => void) | undefined;
  /** Repeats the call that failed. */
  private retryRun: (() => void) | undefined;
  private nextKey = 0;
  private serverMessages = 0;
  private store: ConversationStore | undefined;
  /** The session came from storage: its bot version is only known from the record. */
  private restored = false;
  /** The streamed answer arriving now, and how the visitor stops it. */
  private streamEntry: StreamEntry | undefined;
  private streamStop: AbortController | undefined;
  /** Client logs sent this session (they are capped). */
  private logsSent = 0;
  /** Automatic continues since the visitor last acted. */
  private autoReplies = 0;

  constructor(host: ReactiveControllerHost, options: ConversationOptions) {
    this.host = host;
    this.options = options;
    host.addController(this);
  }

  /** Where the conversation stands. */
  get status(): ConversationStatus {
    return this._status;
  }

  /** Bot messages and visitor answers, oldest first. */
  get entries(): readonly TranscriptEntry[] {
    return this._entries;
  }

  /** The input the bot waits on, set once the messages before it have been shown. */
  get input(): ChatInput | undefined {
    return this._input;
  }

  /** Whether the bot is "typing" the next message. */
  get typing(): boolean {
    return this._typing;
  }

  /** The error of the last failed call (when `status` is `error`). */
  get error(): unknown {
    return this._error;
  }

  /** Which call failed (when `status` is `error`). */
  get errorAction(): FailedAction | undefined {
    return this._errorAction;
  }

  /** The live session's id. */
  get sessionId(): string | undefined {
    return this._sessionId;
  }

  /** The live session's result id. */
  get resultId(): string | undefined {
    return this._resultId;
  }

  /** The start response's opaque `flowbot` field. */
  get flowbot(): unknown {
    return this._flowbot;
  }

  /** The latest `dynamicTheme` values, merged over the session. */
  get dynamicTheme(): DynamicTheme {
    return this._dynamicTheme;
  }

  /** The latest `progress` (0–100), if the server sends one. */
  get progress(): number | undefined {
    return this._progress;
  }

  /** Whether `send` would be accepted now: an input is shown and no call is in flight. */
  get canSend(): boolean {
    return (
      this._input !== undefined &&
      (this._status === 'ready' || (this._status === 'error' && this._errorAction === 'send'))
    );
  }

  /** Whether a streamed answer is arriving (the visitor may stop it). */
  get streaming(): boolean {
    return this.streamStop !== undefined;
  }

  /** Stops the streamed answer: what has arrived is the answer, and the flow goes on. */
  stopStream(): void {
    this.streamStop?.abort(STOPPED);
  }

  /** Tells the bot's owner what went wrong in the visitor's browser (best-effort, at most 20 a session). */
  log(status: 'error' | 'warning', description: string, context: string, details?: string): void {
    const sessionId = this._sessionId;
    if (!sessionId || !this.client?.clientLogs || this.logsSent >= 20) return;
    this.logsSent++;
    this.client.clientLogs(sessionId, [{ status, description, context, ...(details ? { details } : {}) }]);
  }

  hostConnected(): void {
    this.connected = true;
    this.store?.claim();
    if (typeof window !== 'undefined') window.addEventListener('online', this.handleOnline);
    const resume = this.resume;
    this.resume = undefined;
    resume?.();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.store?.release();
    if (typeof window !== 'undefined') window.removeEventListener('online', this.handleOnline);
    this.request?.abort();
    this.flushTimers();
  }

  /**
   * Starts a conversation, dropping the current one: the remembered one when
   * `persist` is on and one is stored, else a new session (`startChat`).
   * `fresh` forgets the remembered one first.
   */
  start({ fresh = false }: { fresh?: boolean } = {}): void {
    const config = this.options.config();
    this.reset();
    if (!config.publicId) return;
    const persist = config.persist && config.persist !== 'none' ? this.options.loadStore : undefined;
    if (!persist) {
      this.startNew(config);
      return;
    }
    // The storage code arrives on demand (most widgets remember nothing).
    this.setStatus('starting');
    const generation = this.generation;
    persist().then(
      (Store) => {
        if (generation !== this.generation) return;
        const store = new Store(config.persist, config.publicId, config.apiHost, config.persistKey);
        this.store = store;
        store.claim();
        if (fresh) store.clear();
        const saved = store.load();
        if (saved) this.restore(saved, config);
        else this.startNew(config);
      },
      () => generation === this.generation && this.startNew(config),
    );
  }

  private startNew(config: ConversationConfig): void {
    this.setStatus('starting');
    const greeting = config.greeting?.trim();
    if (greeting) this.show(greetingMessage(greeting), true);
    void this.begin(config);
  }

  /**
   * Drops the conversation: aborts the call in flight, clears timers and the
   * transcript. `unavailable` keeps the controller from being started by its host.
   */
  reset(status: 'idle' | 'unavailable' = 'idle'): void {
    this.generation++;
    this.request?.abort();
    this.request = undefined;
    this.flushTimers();
    this.resume = undefined;
    this.retryRun = undefined;
    this.client = undefined;
    this.typingSettings = undefined;
    this._entries = [];
    this._input = undefined;
    this._typing = false;
    this._error = undefined;
    this._errorAction = undefined;
    this._sessionId = undefined;
    this._resultId = undefined;
    this._flowbot = undefined;
    this._dynamicTheme = {};
    this._progress = undefined;
    this.serverMessages = 0;
    this.store?.release();
    this.store = undefined;
    this.restored = false;
    this.streamEntry = undefined;
    this.streamStop = undefined;
    this.logsSent = 0;
    this.autoReplies = 0;
    this.setStatus(status);
  }

  /**
   * Sends the visitor's answer to the current input (`undefined`: skips it,
   * continuing with `{}`; `text` then says what the bubble shows). Returns
   * false (and sends nothing) when no input is shown or a call is in flight.
   * An earlier answer that failed to send is replaced by this one.
   */
  send(answer: ChatAnswer | undefined, text: string = typeof answer === 'string' ? answer : answer?.type === 'text' ? answer.text : ''): boolean {
    if (!this.canSend) return false;
    this.autoReplies = 0;
    this._entries = this._entries.filter((entry) => entry.kind !== 'answer' || entry.state !== 'failed');
    const entry: AnswerEntry = { kind: 'answer', key: this.nextKey++, answer, text, state: 'sending' };
    this._entries.push(entry);
    void this.deliver(entry);
    return true;
  }

  /** Repeats the call that failed (the start, or the very same answer). */
  retry(): void {
    const again = this.retryRun;
    if (this._status !== 'error' || !again) return;
    this.retryRun = undefined;
    this.autoReplies = 0;
    again();
  }

  /** Back online: an answer that failed to send and is still the latest goes out again, once. */
  /** Back online: the call that failed goes again, once (`retry` runs it a single time). */
  private readonly handleOnline = (): void => {
    if (this._status === 'error') this.retry();
  };

  private async begin(config: ConversationConfig): Promise<void> {
    const generation = this.generation;
    const signal = this.newRequest();
    const client = (this.options.createClient ?? defaultClient)(config.apiHost);
    this.client = client;
    let result: StartChatResult;
    try {
      result = await client.startChat(config.publicId, {
        ...(config.prefilledVariables ? { prefilledVariables: { ...config.prefilledVariables } } : {}),
        // A client without streams asks for whole answers instead.
        ...(config.streaming !== false && client.streamMessage ? { isStreamEnabled: true } : {}),
        signal,
      });
    } catch (error) {
      if (generation !== this.generation) return;
      this.request = undefined;
      if (isAbortError(error)) {
        // Interrupted by a disconnect: start again once connected.
        this.setStatus('idle');
        if (this.connected) this.start();
        else this.resume = () => this.start();
        return;
      }
      this.fail('start', error, () => this.start(), true);
      return;
    }
    if (generation !== this.generation) return;
    this.request = undefined;
    this._sessionId = result.sessionId;
    this._resultId = result.resultId;
    this._flowbot = result.flowbot;
    this.typingSettings = readTypingEmulation(result.flowbot);
    this.setStatus('ready');
    this.notify({ type: 'start', sessionId: result.sessionId, resultId: result.resultId, restored: false });
    await this.play(result, generation);
  }

  /** Puts a remembered conversation back on screen, then goes on where it was. */
  private restore(saved: StoredConversation, config: ConversationConfig): void {
    this.restored = true;
    this.client = (this.options.createClient ?? defaultClient)(config.apiHost);
    this._sessionId = saved.sessionId;
    this._resultId = saved.resultId;
    this._flowbot = saved.flowbot;
    this.typingSettings = readTypingEmulation(saved.flowbot);
    this._dynamicTheme = saved.dynamicTheme ?? {};
    this._progress = saved.progress;
    this._entries = saved.entries.map((entry) =>
      entry.kind === 'bot'
        ? { ...entry, key: this.nextKey++, local: !!entry.local, restored: true }
        : { ...entry, key: this.nextKey++, answer: entry.answer, state: 'sent' },
    );
    this.serverMessages = this._entries.length;
    const owed = saved.reply !== undefined || !!saved.stream;
    this.setStatus(saved.input || saved.pending || owed ? 'ready' : 'ended');
    this.notify({ type: 'start', sessionId: saved.sessionId, resultId: saved.resultId, restored: true });
    // A streamed answer that was complete is sent as the reply; one that was not streams again.
    if (saved.reply !== undefined) void this.deliver(undefined, { type: 'text', text: saved.reply });
    else if (saved.stream) void this.streamAndReply(saved.stream.messages, this.generation);
    else if (saved.pending) void this.deliver(undefined);
    else if (saved.input) {
      this._input = saved.input;
      this.notify({ type: 'input', input: saved.input });
    }
  }

  /** Sends `entry` (or continues without an answer) and plays the response. */
  /**
   * Sends `entry` (or continues without an answer) and plays the response.
   * `reply`: an answer with no bubble of its own (the text of a streamed answer).
   */
  private async deliver(entry: AnswerEntry | undefined, reply?: ChatAnswer): Promise<void> {
    const sessionId = this._sessionId;
    const client = this.client;
    if (!sessionId || !client) return;
    const generation = this.generation;
    if (entry) entry.state = 'sending';
    this._error = undefined;
    this._errorAction = undefined;
    this.retryRun = undefined;
    this.setStatus('sending');
    if (!this.connected) {
      this.resume = () => void this.deliver(entry, reply);
      return;
    }
    const signal = this.newRequest();
    let result: ContinueChatResult;
    try {
      result = await client.continueChat(sessionId, entry ? entry.answer : reply, { signal });
    } catch (error) {
      if (generation !== this.generation) return;
      this.request = undefined;
      // A remembered session the server no longer knows (expired, or the bot republished): begin anew.
      if (this.restored && isFlowbotHttpError(error) && error.status === 404) {
        this.start({ fresh: true });
        return;
      }
      // A 2xx whose body cannot be read: the server has the answer, so it stays delivered
      // (a resend would give it to the bot twice); Retry asks the bot to go on.
      if (isFlowbotResponseError(error) && error.status < 300) {
        if (entry) {
          entry.state = 'sent';
          this._input = undefined;
          this.notify({ type: 'answer', answer: entry.answer, text: entry.text });
        }
        this.fail('send', error, () => void this.deliver(undefined), true);
        return;
      }
      if (entry) entry.state = 'failed';
      // An abort (disconnect) is not an error to report, but the answer must not be lost.
      const aborted = isAbortError(error);
      this.fail('send', aborted ? undefined : error, () => void this.deliver(entry, reply), !aborted);
      return;
    }
    if (generation !== this.generation) return;
    this.request = undefined;
    if (entry) {
      entry.state = 'sent';
      this._input = undefined;
      this.notify({ type: 'answer', answer: entry.answer, text: entry.text });
    }
    this.setStatus('ready');
    await this.play(result, generation);
  }

  /** Shows a response: its messages (with typing delays), its actions, then its input or the end. */
  private async play(response: StartChatResult | ContinueChatResult, generation: number): Promise<void> {
    // What is shown and stored stays within the widget's limits, however much was sent.
    const result = limitTurn(response);
    // A remembered session answered by another version of the bot: its transcript is stale.
    const version = publishedAt(result.flowbot);
    if (this.restored && version !== undefined && version !== publishedAt(this._flowbot)) {
      this.start({ fresh: true });
      return;
    }
    if (result.dynamicTheme) {
      const next: Record<string, unknown> = { ...this._dynamicTheme };
      for (const [key, value] of Object.entries(result.dynamicTheme)) if (value != null) next[key] = value;
      this._dynamicTheme = next as DynamicTheme;
    }
    if (typeof result.progress === 'number') this._progress = result.progress;
    if (result.lastMessageNewFormat) {
      const last = this.lastAnswer();
      // The server's form replaces what was typed as is, never what the widget put in the
      // visitor's words (a date in their language, a phone as typed, a choice's label).
      const sent = typeof last?.answer === 'string' ? last.answer : last?.answer && 'text' in last.answer ? last.answer.text : undefined;
      if (last && sent === last.text) last.text = result.lastMessageNewFormat;
    }
    this.host.requestUpdate();

    const messages = result.messages;
    // A streamed answer pauses the flow: it runs once the messages before it are shown, and its reply goes on.
    const streamed = this.client?.streamMessage ? result.clientSideActions?.find(isStreamAction) : undefined;
    const actions = (result.clientSideActions ?? []).filter((action) => !isStreamAction(action));
    const ids = new Set(messages.map((message) => message.id));
    // Remember where this response leads before playing it: a reload mid-way restores its end state.
    this.store?.save({
      sessionId: this._sessionId ?? '',
      resultId: this._resultId ?? '',
      flowbot: this._flowbot,
      entries: [
        ...this.keptEntries(),
        ...messages.map((message) => ({ kind: 'bot' as const, message })),
      ],
      input: result.input ?? undefined,
      pending: actions.some((action) => action.expectsDedicatedReply),
      ...(streamed ? { stream: streamBody(streamed) } : {}),
      dynamicTheme: this._dynamicTheme,
      progress: this._progress,
    });
    let needsReply = false;
    const runActions = async (list: readonly ClientSideAction[]): Promise<boolean> => {
      for (const action of list) {
        if (await this.runAction(action)) needsReply = true;
        if (generation !== this.generation) return false;
      }
      return true;
    };

    // Actions tied to no message of this response run before it.
    // Awaiting only when there is an action keeps a batch of undelayed messages in one render.
    const before = actions.filter((a) => !a.lastBubbleBlockId || !ids.has(a.lastBubbleBlockId));
    if (before.length > 0 && !(await runActions(before))) return;
    // A response with a lot to show is shown a slice per frame, so no single task lays it all out.
    let slice = 0;
    let count = 0;
    for (const [index, message] of messages.entries()) {
      if (slice > SLICE_CHARS || count >= SLICE_MESSAGES) {
        await this.nextFrame();
        if (generation !== this.generation) return;
        slice = count = 0;
      }
      count++;
      const plain = message.type === 'text' ? messageToPlain(message) : '';
      slice += plain.length + 100;
      const words = message.type === 'text' ? countWords(plain) : undefined;
      const { pause, typing } = messageDelay(words, this.typingSettings, {
        isFirstOfConversation: this.serverMessages === 0,
        isFirstOfBatch: index === 0,
      });
      if (pause > 0) {
        await this.sleep(pause);
        if (generation !== this.generation) return;
      }
      if (typing > 0) {
        this.setTyping(true);
        await this.sleep(typing);
        if (generation !== this.generation) return;
        this.setTyping(false);
      }
      const ready = this.options.prepare?.(message);
      if (ready) {
        await ready;
        if (generation !== this.generation) return;
      }
      this.show(message, false);
      const after = actions.filter((a) => a.lastBubbleBlockId === message.id);
      if (after.length > 0 && !(await runActions(after))) return;
    }

    if (streamed) {
      await this.streamAndReply(streamBody(streamed).messages, generation);
      return;
    }
    if (needsReply) {
      await this.autoReply(generation);
      return;
    }
    if (result.input) {
      this._input = result.input;
      this.host.requestUpdate();
      this.notify({ type: 'input', input: result.input });
    } else {
      this.setStatus('ended');
      this.notify({ type: 'end', sessionId: this._sessionId ?? '' });
    }
  }

  /**
   * Shows a streamed answer as it arrives, then sends the whole text back as
   * the reply (exactly once) and plays what follows. A failure keeps what was
   * shown and offers a retry, which streams the answer again.
   */
  private async streamAndReply(messages: readonly unknown[] | undefined, generation: number): Promise<void> {
    const sessionId = this._sessionId;
    const stream = this.client?.streamMessage;
    if (!sessionId || !stream) return;
    this._error = undefined;
    this._errorAction = undefined;
    this.retryRun = undefined;
    this.setStatus('ready');
    if (!this.connected) {
      this.resume = () => void this.streamAndReply(messages, generation);
      return;
    }
    const entry: StreamEntry = { kind: 'stream', key: this.nextKey++, text: '' };
    // One controller for the visitor's stop and the controller's own aborts (disconnect, reset).
    const stop = new AbortController();
    this.request?.abort();
    this.request = this.streamStop = stop;
    this.setTyping(true);
    let text: string;
    try {
      text = await readAnswer(stream, sessionId, messages, {
        signal: stop.signal,
        sleep: (ms) => this.sleep(ms),
        onText: (received) => {
          entry.text = received;
          if (this.streamEntry !== entry) {
            this._typing = false;
            this._entries.push(entry);
            this.streamEntry = entry;
            this.notify({ type: 'stream' });
          }
          this.host.requestUpdate();
        },
      });
    } catch (error) {
      if (generation !== this.generation) return;
      this.request = this.streamStop = undefined;
      this.setTyping(false);
      if (!(error instanceof StreamFailure)) {
        // Interrupted by a disconnect: the answer streams again once connected.
        this.dropStream(entry);
        this.resume = () => void this.streamAndReply(messages, generation);
        return;
      }
      const cause: unknown = error.cause;
      this.log('error', 'The streamed answer failed', 'stream', cause instanceof Error ? cause.message : String(cause));
      this.fail(
        'stream',
        cause,
        () => {
          this.dropStream(entry);
          void this.streamAndReply(messages, generation);
        },
        true,
      );
      return;
    }
    if (generation !== this.generation) return;
    this.request = this.streamStop = undefined;
    this.setTyping(false);
    this.dropStream(entry);
    if (text.trim()) this.show({ id: `stream-${entry.key}`, type: 'text', content: { type: 'markdown', markdown: text } }, false);
    const reply: ChatAnswer = { type: 'text', text };
    // A reload from here on sends the reply (once) instead of streaming again.
    this.store?.save({
      sessionId,
      resultId: this._resultId ?? '',
      flowbot: this._flowbot,
      entries: this.keptEntries(),
      reply: text,
      dynamicTheme: this._dynamicTheme,
      progress: this._progress,
    });
    await this.deliver(undefined, reply);
  }

  /** An automatic continue, backed off and capped (see `AUTO_REPLY_LIMIT`). */
  private async autoReply(generation: number): Promise<void> {
    const count = ++this.autoReplies;
    if (count > AUTO_REPLY_LIMIT) {
      const error = new FlowbotError(`continueChat: the bot asked for ${AUTO_REPLY_LIMIT} replies in a row without the visitor; stopped`, {
        operation: 'continueChat',
        method: 'POST',
        url: `api/v1/sessions/${this._sessionId ?? ''}/continueChat`,
      });
      this.fail('send', error, () => void this.deliver(undefined), true);
      return;
    }
    if (count > AUTO_REPLIES_AT_ONCE) {
      await this.sleep(Math.min(4000, 250 * 2 ** (count - AUTO_REPLIES_AT_ONCE - 1)));
      if (generation !== this.generation) return;
    }
    await this.deliver(undefined);
  }

  /** Resolves after the next frame has been painted (at once while disconnected, or without frames). */
  private nextFrame(): Promise<void> {
    const raf = globalThis.requestAnimationFrame;
    if (!this.connected || typeof raf !== 'function') return this.sleep(0);
    return new Promise((resolve) => raf(() => setTimeout(resolve, 0)));
  }

  /** What a reload shows again: bot messages and the answers the server accepted. */
  private keptEntries(): Array<BotEntry | AnswerEntry> {
    return this._entries.filter(
      (entry): entry is BotEntry | AnswerEntry => entry.kind === 'bot' || (entry.kind === 'answer' && entry.state === 'sent'),
    );
  }

  private dropStream(entry: StreamEntry): void {
    this._entries = this._entries.filter((e) => e !== entry);
    if (this.streamEntry === entry) this.streamEntry = undefined;
    this.host.requestUpdate();
  }

  /** Runs one client-side action; returns whether it expects a dedicated reply. */
  private async runAction(action: ClientSideAction): Promise<boolean> {
    const payload = pick(action, action.type);
    if (action.type === 'wait') {
      const seconds = Number(pick(payload, 'secondsToWaitFor'));
      if (seconds > 0) {
        // The bot is "busy" for the pause: show it typing.
        this.setTyping(true);
        await this.sleep(Math.min(seconds, MAX_WAIT_SECONDS) * 1000);
        this.setTyping(false);
      }
    } else if (action.type === 'redirect') {
      const url = safeUrl(pick(payload, 'url'));
      if (url && this.connected) this.notify({ type: 'redirect', url, newTab: pick(payload, 'isNewTab') === true });
    }
    // Everything else would run page code or needs another service: ignored (and told to the owner).
    else if (PAGE_CODE_ACTIONS.has(action.type)) {
      this.log('warning', `The client-side action "${action.type}" was ignored: this widget runs no page code`, 'action');
    }
    return action.expectsDedicatedReply === true;
  }

  private lastAnswer(): AnswerEntry | undefined {
    for (let i = this._entries.length - 1; i >= 0; i--) {
      const entry = this._entries[i];
      if (entry?.kind === 'answer') return entry;
    }
    return undefined;
  }

  private show(message: ChatMessage, local: boolean): void {
    this._entries.push({ kind: 'bot', key: this.nextKey++, message, local });
    if (!local) this.serverMessages++;
    this.host.requestUpdate();
    this.notify({ type: 'message', message, local });
  }

  private fail(action: FailedAction, error: unknown, retry: () => void, report: boolean): void {
    this._error = error;
    this._errorAction = action;
    this.retryRun = retry;
    this.setStatus('error');
    if (report) this.notify({ type: 'error', error, action });
  }

  private newRequest(): AbortSignal {
    this.request?.abort();
    this.request = new AbortController();
    return this.request.signal;
  }

  private setStatus(status: ConversationStatus): void {
    this._status = status;
    this.host.requestUpdate();
  }

  private setTyping(typing: boolean): void {
    this._typing = typing;
    this.host.requestUpdate();
  }

  private notify(notice: ConversationNotice): void {
    this.options.notify?.(notice);
  }

  /** Waits `ms`; at once while disconnected (timers never outlive the host's presence). */
  private sleep(ms: number): Promise<void> {
    return this.connected ? this.timers.sleep(ms) : Promise.resolve();
  }

  private flushTimers(): void {
    this.timers.flush();
    this._typing = false;
  }
}

/** The two calls alone: no streamed answers (whole answers are asked for), no client logs. */
function defaultClient(viewerBaseUrl: string): ConversationClient {
  return createViewerClient({ viewerBaseUrl });
}
