/**
 * The conversation as a Lit reactive controller: the flow of one chat session (start or restore,
 * send, play a response with typing emulation and client-side actions, stream an AI answer) over the
 * `Session` it holds (`session.ts`). No DOM: the element renders `state` and turns the notices into events.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { FlowbotNetworkError, isAbortError } from '../api/errors.js';
import { isCallableBase } from '../api/transport/core.js';
import { answerText } from '../protocol/answers.js';
import type { AnswerEntry, FailedAction } from '../protocol/transcript.js';
import type { ChatAnswer, ChatMessage, StartChatResult } from '../protocol/types.js';
import { greetingMessage } from './actions.js';
import type { ConversationConfig, ConversationNotice } from './options.js';
import type { ControllerOptions, ControllerStage, DeliveryCode, StreamCode } from './controller-options.js';
import { autoReply, play } from './playback.js';
import { Session, type ConversationState } from './session.js';
import { isStored } from './storage-key.js';
import { withDelivery } from './delivery-code.js';
import { STOPPED } from './stream-stop.js';
import { Timers } from './timers.js';
import { readTypingEmulation } from './typing.js';

export type { ConversationClient, ConversationConfig, ConversationNotice, ConversationOptions } from './options.js';
export type { ControllerOptions } from './controller-options.js';
export { AUTO_REPLY_LIMIT } from './playback.js';

/** Holds one chat session of a host element. */
export class ConversationController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #options: ControllerOptions;
  #s: Session;
  /** The call in flight, if any: one per run, aborted by the next run and on disconnect. */
  #request: AbortController | undefined;
  /** Bumped by every reset: work of an older conversation stops when it sees a newer number. */
  #generation = 0;
  #connected = false;
  /** Work interrupted by a disconnect, resumed on reconnect. */
  #resume: (() => void) | undefined;
  /** Keys of transcript entries: unique and stable across resets. */
  #nextKey = 0;
  readonly #timers = new Timers();
  /** What the next conversation starts with, given by the host: its settings and its viewer's client. */
  config: ConversationConfig = { publicId: '', apiHost: '' };

  constructor(host: ReactiveControllerHost, options: ControllerOptions) {
    this.#host = host;
    this.#options = options;
    this.#s = this.#newSession('idle');
    host.addController(this);
  }

  /** What the conversation shows now (a new object when it starts over). */
  get state(): ConversationState {
    return this.#s;
  }

  /** Whether `send` would be accepted now: an input is shown and no call is in flight. */
  get canSend(): boolean {
    return this.#s.canSend;
  }

  /** Whether the element's attributes cannot reach a viewer (no public id, an api-host without a scheme). */
  get misconfigured(): boolean {
    const { publicId, apiHost } = this.config;
    return !publicId.trim() || !isCallableBase(apiHost);
  }

  /** Whether a streamed answer is arriving (the visitor may stop it). */
  get streaming(): boolean {
    return this.#s.streamStop !== undefined;
  }

  /** Stops the streamed answer: what has arrived is the answer, and the flow goes on. */
  stopStream(): void {
    this.#s.streamStop?.abort(STOPPED);
  }

  /** Tells the bot's owner what went wrong in the visitor's browser (best-effort, at most 20 a session). */
  log(status: 'error' | 'warning', description: string, context: string, details?: unknown): void {
    this.#s.log(status, description, context, details);
  }

  hostConnected(): void {
    this.#connected = true;
    this.#s.store?.claim();
    if (typeof window !== 'undefined') window.addEventListener('online', this.#handleOnline);
    const resume = this.#resume;
    this.#resume = undefined;
    resume?.();
    // A call the network failed was waiting for its next try: it goes now.
    if (this.#s.unreachable) this.retry();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#s.store?.release();
    if (typeof window !== 'undefined') window.removeEventListener('online', this.#handleOnline);
    this.#request?.abort();
    // Every pause ends now (the host left the page).
    this.#timers.flush();
    this.#s.typing = false;
  }

  /** Repeats the call that failed (the start, or the very same answer). */
  retry(): void {
    const again = this.#s.retryRun;
    if (this.#s.status !== 'error' || !again) return;
    this.#s.retryRun = undefined;
    this.#s.acted();
    again();
  }

  /**
   * Starts a conversation, dropping the current one: the remembered one when `persist` is on and one
   * is stored, else a new session (`startChat`). `fresh` forgets the remembered one first.
   */
  start({ fresh = false }: { fresh?: boolean } = {}): void {
    const config = this.config;
    const old = this.#s;
    this.reset();
    if (this.misconfigured) {
      // Nothing goes to a wrong address: the console says what to fix, the visitor that the chat is unavailable.
      this.#refuse(config);
      return;
    }
    const s = this.#s;
    // After an expired conversation: the new one says so, and takes the words the old one never did.
    if (old.status === 'expired') this.#options.expiry?.()?.follow(old, s);
    const persist = config.persist && config.persist !== 'none' ? this.#options.loadStore : undefined;
    if (!persist) {
      this.#startNew();
      return;
    }
    // The storage code arrives on demand (most widgets remember nothing). With nothing stored, the
    // conversation starts at once, as without persist, and the store takes it when it arrives.
    const atOnce = !isStored(config.persist, config.publicId, config.apiHost, config.persistKey);
    s.setStatus('starting');
    if (atOnce) this.#startNew();
    const generation = this.#generation;
    persist().then(
      (code) => {
        if (atOnce ? this.#s !== s : generation !== this.#generation) return;
        // With persist="local" the store keeps this conversation in step with the site's other tabs.
        code.remember(this.#stage(generation), config, atOnce, fresh, () => this.#startNew());
      },
      () => !atOnce && generation === this.#generation && this.#startNew(),
    );
  }

  /**
   * Drops the conversation: aborts the call in flight, clears timers and the
   * transcript. `unavailable` keeps the controller from being started by its host.
   */
  reset(status: 'idle' | 'unavailable' = 'idle'): void {
    this.#stop();
    this.#resume = undefined;
    this.#s.store?.release();
    this.#s = this.#newSession(status);
    this.#host.requestUpdate();
  }

  /**
   * Sends the visitor's answer to the current input (`undefined`: skips it,
   * continuing with `{}`; `text` then says what the bubble shows). Returns
   * false (and sends nothing) when no input is shown or a call is in flight.
   * An earlier answer that failed to send is replaced by this one. `sentBefore`: a call of another
   * page (a reload, a tab that went away) may have given it to the viewer already; the viewer is asked
   * first (`resync` in `delivery.ts`), so the bot never gets it twice.
   */
  send(answer: ChatAnswer | undefined, text: string = answerText(answer) ?? '', sentBefore?: boolean): boolean {
    if (!this.canSend) return false;
    this.#s.acted();
    this.#s.entries = this.#s.entries.filter((entry) => entry.kind !== 'answer' || entry.state !== 'failed');
    const entry: AnswerEntry = { kind: 'answer', key: this.#nextKey++, answer, text, state: 'sending', at: Date.now() };
    this.#s.entries.push(entry);
    void this.#deliver(entry, 'send', sentBefore);
    return true;
  }

  /** Stops the work on the conversation: the call in flight, the response playing, its pauses. */
  #stop(): void {
    this.#generation++;
    this.#request?.abort();
    this.#request = undefined;
    this.#timers.flush();
  }

  #startNew(): void {
    this.#s.setStatus('starting');
    const greeting = this.config.greeting?.trim();
    if (greeting) this.#show(greetingMessage(greeting), true);
    void this.#begin();
  }

  /** Sends the start (`startChat`) of the bot in `config` with the conversation's client. */
  async #begin(): Promise<void> {
    const generation = this.#generation;
    const signal = this.#newRequest();
    const config = this.config;
    const client = this.#s.client!;
    let result: StartChatResult;
    try {
      result = await client.startChat(config.publicId, {
        ...(config.prefilledVariables ? { prefilledVariables: { ...config.prefilledVariables } } : {}),
        // A client without streams asks for whole answers instead.
        ...(config.streaming !== false && client.streamMessage ? { isStreamEnabled: true } : {}),
        signal,
      });
    } catch (error) {
      if (generation !== this.#generation) return;
      this.#request = undefined;
      if (isAbortError(error)) {
        // Interrupted by a disconnect: start again once connected.
        this.#s.setStatus('idle');
        if (this.#connected) this.start();
        else this.#resume = () => this.start();
        return;
      }
      // No such bot: a Retry could never succeed; the console says what the viewer said.
      if ((error as { status?: number }).status === 404) {
        this.#refuse(config, error);
        return;
      }
      if (error instanceof FlowbotNetworkError) return void this.#unreachable('start', error, () => void this.#begin());
      this.#s.fail('start', error, () => this.start(), true);
      return;
    }
    if (generation !== this.#generation) return;
    this.#request = undefined;
    this.#s.clearError();
    this.#s.sessionId = result.sessionId;
    this.#s.resultId = result.resultId;
    this.#s.flowbot = result.flowbot;
    this.#s.typingSettings = readTypingEmulation(result.flowbot);
    this.#s.setStatus('ready');
    this.#notify({
      type: 'start',
      sessionId: result.sessionId,
      resultId: result.resultId,
      restored: false,
      ...(this.#s.follows ? { expiredSessionId: this.#s.follows } : {}),
    });
    await play(this.#stage(generation), result);
  }

  /**
   * Sends through the code that sends answers (`delivery.ts`, found by `delivery-code.ts`), with `how`
   * of its calls: `send` `entry` (`also`: it may have been sent before), `deliver` it (or a continue
   * with `also`, an answer with no bubble of its own: a streamed answer's text), `resync` (asking first
   * where the conversation stands); then the response plays.
   */
  #deliver(entry: AnswerEntry | undefined, how: keyof DeliveryCode, also?: ChatAnswer | boolean): Promise<void> {
    const stage = this.#stage(this.#generation);
    type Call = (stage: ControllerStage, entry: AnswerEntry | undefined, also?: unknown) => Promise<void>;
    return withDelivery(stage, this.#options, entry, (code) => (code[how] as Call)(stage, entry, also));
  }

  /**
   * A call failed on the network (the viewer is down, or the connection): the visitor is told the
   * chat cannot be reached, and `run` tries again by itself after 1 s, then twice as long each time
   * up to 30 s, at once when the browser says it is back online or the host comes back to the page
   * (never while it is away).
   */
  async #unreachable(action: FailedAction, error: unknown, run: () => void): Promise<void> {
    const s = this.#s;
    // The event (and the field's words back) once per outage, not at every try.
    s.fail(action, error, run, !s.unreachable);
    s.unreachable = true;
    await this.#sleep(Math.min(1000 * 2 ** s.tries++, 30_000));
    // Unless something else ran it meanwhile (back online, a new answer, the host away).
    if (this.#connected && s.retryRun === run) this.retry();
  }

  /**
   * The start fails for good (`error`: the viewer's 404; none: attributes that reach no viewer), with
   * no Retry; the console tells the site owner what to fix, once per element and mistake.
   */
  #refuse(config: ConversationConfig, error?: unknown): void {
    // The words come on demand; a file that did not load says so itself.
    (import.meta.env.FLOWBOT_SCRIPT_TAG ? this.#options.loadMistakes!() : import('./mistakes.js')).then(
      (code) => code.warnMistake(this, config, error),
      () => undefined,
    );
    this.#s.fail('start', error ?? Error('startChat: check public-id and api-host'), undefined, true);
  }

  /**
   * An upload of the input on screen failed: when the viewer no longer knows the session, the
   * conversation ends as expired (`typed`: the words in the field, kept for the next one) and this
   * returns true.
   */
  expireUpload(error: unknown, typed?: string): boolean {
    return this.#expired('upload', error, undefined, typed);
  }

  /** Ends the conversation as expired when `error` says the viewer no longer knows the session (`expiry.ts`). */
  #expired(action: FailedAction, error: unknown, entry?: AnswerEntry, typed?: string): boolean {
    return !!this.#options.expiry?.()?.expire(this.#s, () => this.#stop(), action, error, entry, typed);
  }

  /**
   * Shows a streamed answer as it arrives, then sends the whole text back as the reply (the element's
   * `stream/` feature, whose code comes with the on-demand part the stream needs anyway). A failure
   * to load it offers a retry, as a failed stream does.
   */
  async #streamAndReply(messages: readonly unknown[] | undefined, generation: number): Promise<void> {
    const again = (): void => void this.#streamAndReply(messages, generation);
    if (this.#connected) this.#s.setTyping(true);
    let code: Pick<StreamCode, 'streamAndReply'>;
    try {
      code = await this.#options.loadStream!();
    } catch (error) {
      if (generation !== this.#generation) return;
      this.#s.setTyping(false);
      this.#s.fail('stream', error, again, true);
      return;
    }
    if (generation !== this.#generation) return;
    await code.streamAndReply(this.#stage(generation), messages, again);
  }

  /**
   * What playing a response of this conversation (`generation`), sending an answer and streaming one
   * reach of the controller: one object, whatever runs on demand.
   */
  #stage(generation: number): ControllerStage {
    const stage: ControllerStage = {
      session: this.#s,
      current: () => generation === this.#generation,
      connected: () => this.#connected,
      sleep: (ms) => this.#sleep(ms),
      nextFrame: () => (this.#connected ? this.#timers.nextFrame() : Promise.resolve()),
      prepare: (message) => this.#options.prepare?.(message),
      show: (message) => this.#show(message, false),
      notify: (notice) => this.#notify(notice),
      changed: () => this.#host.requestUpdate(),
      startOver: () => this.start({ fresh: true }),
      stream: (messages) => this.#streamAndReply(messages, generation),
      autoReply: () => autoReply(stage, () => this.#deliver(undefined, 'deliver')),
      nextKey: () => this.#nextKey++,
      controller: this,
      stop: () => this.#stop(),
      resume: (run) => (this.#resume = run),
      request: () => this.#newRequest(),
      streaming: (stop) => {
        if (stop) this.#request?.abort();
        this.#request = this.#s.streamStop = stop;
      },
      settled: () => (this.#request = undefined),
      deliver: (entry, reply) => this.#deliver(entry, 'deliver', reply),
      resync: (entry) => void this.#deliver(entry, 'resync'),
      unreachable: (error, run) => void this.#unreachable('send', error, run),
      expiry: () => this.#options.expiry?.(),
      loadExpiry: () => this.#options.loadExpiry?.(),
      expired: (error, entry, action = 'send') => this.#expired(action, error, entry),
      play: (result) => play(stage, result),
    };
    return stage;
  }

  #newSession(status: 'idle' | 'unavailable'): Session {
    return new Session(
      status,
      {
        changed: () => this.#host.requestUpdate(),
        notify: (notice: ConversationNotice) => this.#options.notify?.(notice),
      },
      this.config.client,
    );
  }

  /**
   * Back online: a call that cannot have reached the viewer (a start, a stream, an answer that never
   * left, or one the network failed: `resync` in `delivery.ts` asks first) goes again, once; an answer
   * that timed out keeps its manual Retry (`continueChat` has no duplicate protection).
   */
  readonly #handleOnline = (): void => {
    const s = this.#s;
    if (s.status === 'error' && (s.unsent || s.unreachable || s.errorAction !== 'send')) this.retry();
  };

  #show(message: ChatMessage, local: boolean): void {
    this.#s.show(message, local, this.#nextKey++);
  }

  #notify(notice: ConversationNotice): void {
    this.#options.notify?.(notice);
  }

  #newRequest(): AbortSignal {
    this.#request?.abort();
    this.#request = new AbortController();
    return this.#request.signal;
  }

  /** Waits `ms`; at once while disconnected (timers never outlive the host's presence). */
  #sleep(ms: number): Promise<void> {
    return this.#connected ? this.#timers.sleep(ms) : Promise.resolve();
  }
}
