/**
 * The conversation as a Lit reactive controller: the flow of one chat session
 * (start or restore, send, play a response with typing emulation and
 * client-side actions, stream an AI answer) over the state of `state.ts`. No
 * DOM: the element renders what this holds and turns its notices into events.
 */
import { FlowbotError, isAbortError, isFlowbotHttpError, isFlowbotResponseError } from '../api/errors.js';
import { createViewerClient } from '../api/viewer.js';
import { answerText } from '../protocol/answers.js';
import { publishedAt } from '../protocol/flowbot.js';
import { limitTurn, SHORTENED_ID } from '../protocol/limits.js';
import { messageToPlain } from '../protocol/message.js';
import type { ChatAnswer, ClientSideAction, ContinueChatResult, StartChatResult } from '../protocol/types.js';
import { greetingMessage, isStreamAction, runAction, streamBody } from './actions.js';
import type { ConversationClient, ConversationConfig } from './options.js';
import type { StoredConversation } from './persistence.js';
import { ConversationState } from './state.js';
import { readAnswer, StreamFailure } from './stream.js';
import type { AnswerEntry, StreamEntry } from './transcript.js';
import { countWords, messageDelay, readTypingEmulation } from './typing.js';

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

/**
 * Continues the bot asks for without the visitor (`expectsDedicatedReply`):
 * the first few go at once, then each waits twice as long (from 0.25 s, at
 * most 4 s), and past `AUTO_REPLY_LIMIT` in a row the widget stops with an
 * error and a Retry. A viewer that asks for one reply after another cannot
 * make the widget hammer it.
 */
export const AUTO_REPLY_LIMIT = 10;
const AUTO_REPLIES_AT_ONCE = 3;

/**
 * A long response is shown a slice per frame (see `play`): a slice holds at
 * most about `SLICE_CHARS` characters of long messages (over `LONG_MESSAGE`:
 * laying out long paragraphs is what takes time). Short messages cost their
 * row only: the limits' thousand of them are drawn at once, as a page would
 * draw a thousand paragraphs. A response the limits shortened (a hostile
 * size: parsing it took long already) is shown from a task of its own, not
 * in the one that parsed it.
 */
const SLICE_CHARS = 40_000;
const LONG_MESSAGE = 1_000;

/** Holds one chat session of a host element. */
export class ConversationController extends ConversationState {
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
        this.s.store = store;
        store.claim();
        if (fresh) store.clear();
        const saved = store.load();
        if (saved) this.restore(saved, config);
        else this.startNew(config);
      },
      () => generation === this.generation && this.startNew(config),
    );
  }

  /**
   * Drops the conversation: aborts the call in flight, clears timers and the
   * transcript. `unavailable` keeps the controller from being started by its host.
   */
  reset(status: 'idle' | 'unavailable' = 'idle'): void {
    this.replaceSession(status);
  }

  /**
   * Sends the visitor's answer to the current input (`undefined`: skips it,
   * continuing with `{}`; `text` then says what the bubble shows). Returns
   * false (and sends nothing) when no input is shown or a call is in flight.
   * An earlier answer that failed to send is replaced by this one.
   */
  send(answer: ChatAnswer | undefined, text: string = answerText(answer) ?? ''): boolean {
    if (!this.canSend) return false;
    this.s.autoReplies = 0;
    this.s.entries = this.s.entries.filter((entry) => entry.kind !== 'answer' || entry.state !== 'failed');
    const entry: AnswerEntry = { kind: 'answer', key: this.nextKey++, answer, text, state: 'sending' };
    this.s.entries.push(entry);
    void this.deliver(entry);
    return true;
  }

  private startNew(config: ConversationConfig): void {
    this.setStatus('starting');
    const greeting = config.greeting?.trim();
    if (greeting) this.show(greetingMessage(greeting), true);
    void this.begin(config);
  }

  private async begin(config: ConversationConfig): Promise<void> {
    const generation = this.generation;
    const signal = this.newRequest();
    const client = (this.options.createClient ?? defaultClient)(config.apiHost);
    this.s.client = client;
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
    this.s.sessionId = result.sessionId;
    this.s.resultId = result.resultId;
    this.s.flowbot = result.flowbot;
    this.s.typingSettings = readTypingEmulation(result.flowbot);
    this.setStatus('ready');
    this.notify({ type: 'start', sessionId: result.sessionId, resultId: result.resultId, restored: false });
    await this.play(result, generation);
  }

  /** Puts a remembered conversation back on screen, then goes on where it was. */
  private restore(saved: StoredConversation, config: ConversationConfig): void {
    const s = this.s;
    s.restored = true;
    s.client = (this.options.createClient ?? defaultClient)(config.apiHost);
    s.sessionId = saved.sessionId;
    s.resultId = saved.resultId;
    s.flowbot = saved.flowbot;
    s.typingSettings = readTypingEmulation(saved.flowbot);
    s.dynamicTheme = saved.dynamicTheme ?? {};
    s.progress = saved.progress;
    s.entries = saved.entries.map((entry) =>
      entry.kind === 'bot'
        ? { ...entry, key: this.nextKey++, local: !!entry.local, restored: true }
        : { ...entry, key: this.nextKey++, answer: entry.answer, state: 'sent' },
    );
    s.serverMessages = s.entries.length;
    const owed = saved.reply !== undefined || !!saved.stream;
    this.setStatus(saved.input || saved.pending || owed ? 'ready' : 'ended');
    this.notify({ type: 'start', sessionId: saved.sessionId, resultId: saved.resultId, restored: true });
    // A streamed answer that was complete is sent as the reply; one that was not streams again.
    if (saved.reply !== undefined) void this.deliver(undefined, { type: 'text', text: saved.reply });
    else if (saved.stream) void this.streamAndReply(saved.stream.messages, this.generation);
    else if (saved.pending) void this.deliver(undefined);
    else if (saved.input) {
      s.input = saved.input;
      this.notify({ type: 'input', input: saved.input });
    }
  }

  /**
   * Sends `entry` (or continues without an answer) and plays the response.
   * `reply`: an answer with no bubble of its own (the text of a streamed answer).
   */
  private async deliver(entry: AnswerEntry | undefined, reply?: ChatAnswer): Promise<void> {
    const { sessionId, client } = this.s;
    if (!sessionId || !client) return;
    const generation = this.generation;
    if (entry) entry.state = 'sending';
    this.clearError();
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
      if (this.s.restored && isFlowbotHttpError(error) && error.status === 404) {
        this.start({ fresh: true });
        return;
      }
      // A 2xx whose body cannot be read: the server has the answer, so it stays delivered
      // (a resend would give it to the bot twice); Retry asks the bot to go on.
      if (isFlowbotResponseError(error) && error.status < 300) {
        if (entry) this.delivered(entry);
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
    if (entry) this.delivered(entry);
    this.setStatus('ready');
    await this.play(result, generation);
  }

  /** The server took `entry`: its input is answered. */
  private delivered(entry: AnswerEntry): void {
    entry.state = 'sent';
    this.s.input = undefined;
    this.notify({ type: 'answer', answer: entry.answer, text: entry.text });
  }

  /** Shows a response: its messages (with typing delays), its actions, then its input or the end. */
  private async play(response: StartChatResult | ContinueChatResult, generation: number): Promise<void> {
    // What is shown and stored stays within the widget's limits, however much was sent.
    const textChars: number[] = [];
    const result = limitTurn(response, textChars);
    const s = this.s;
    // A remembered session answered by another version of the bot: its transcript is stale.
    const version = publishedAt(result.flowbot);
    if (s.restored && version !== undefined && version !== publishedAt(s.flowbot)) {
      this.start({ fresh: true });
      return;
    }
    this.applyTurn(result);

    const messages = result.messages;
    // A streamed answer pauses the flow: it runs once the messages before it are shown, and its reply goes on.
    const streamed = s.client?.streamMessage ? result.clientSideActions?.find(isStreamAction) : undefined;
    const actions = (result.clientSideActions ?? []).filter((action) => !isStreamAction(action));
    const ids = new Set(messages.map((message) => message.id));
    // Remember where this response leads before playing it: a reload mid-way restores its end state.
    this.remember(
      {
        input: result.input ?? undefined,
        pending: actions.some((action) => action.expectsDedicatedReply),
        ...(streamed ? { stream: streamBody(streamed) } : {}),
      },
      messages.map((message) => ({ kind: 'bot' as const, message })),
    );
    let needsReply = false;
    const effects = {
      wait: async (ms: number) => {
        // The bot is "busy" for the pause: show it typing.
        this.setTyping(true);
        await this.sleep(ms);
        this.setTyping(false);
      },
      redirect: (url: string, newTab: boolean) => this.connected && this.notify({ type: 'redirect', url, newTab }),
      ignored: (type: string) =>
        this.log('warning', `The client-side action "${type}" was ignored: this widget runs no page code`, 'action'),
    };
    const runActions = async (list: readonly ClientSideAction[]): Promise<boolean> => {
      for (const action of list) {
        if (await runAction(action, effects)) needsReply = true;
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
    if (messages.at(-1)?.id === SHORTENED_ID) {
      await this.sleep(0);
      if (generation !== this.generation) return;
    }
    for (const [index, message] of messages.entries()) {
      if (slice > SLICE_CHARS) {
        await this.nextFrame();
        if (generation !== this.generation) return;
        slice = 0;
      }
      const chars = textChars[index] ?? 0;
      if (chars > LONG_MESSAGE) slice += chars;
      // Words are counted only where they make the bot "type".
      const words = message.type === 'text' && s.typingSettings?.enabled ? countWords(messageToPlain(message)) : undefined;
      const { pause, typing } = messageDelay(words, s.typingSettings, {
        isFirstOfConversation: s.serverMessages === 0,
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

    if (streamed) await this.streamAndReply(streamBody(streamed).messages, generation);
    else if (needsReply) await this.autoReply(generation);
    else if (result.input) {
      s.input = result.input;
      this.host.requestUpdate();
      this.notify({ type: 'input', input: result.input });
    } else {
      this.setStatus('ended');
      this.notify({ type: 'end', sessionId: s.sessionId ?? '' });
    }
  }

  /**
   * Shows a streamed answer as it arrives, then sends the whole text back as
   * the reply (exactly once) and plays what follows. A failure keeps what was
   * shown and offers a retry, which streams the answer again.
   */
  private async streamAndReply(messages: readonly unknown[] | undefined, generation: number): Promise<void> {
    const s = this.s;
    const { sessionId } = s;
    const stream = s.client?.streamMessage;
    if (!sessionId || !stream) return;
    this.clearError();
    this.setStatus('ready');
    if (!this.connected) {
      this.resume = () => void this.streamAndReply(messages, generation);
      return;
    }
    const entry: StreamEntry = { kind: 'stream', key: this.nextKey++, text: '' };
    // One controller for the visitor's stop and the controller's own aborts (disconnect, reset).
    const stop = new AbortController();
    this.request?.abort();
    this.request = s.streamStop = stop;
    this.setTyping(true);
    let shown = false;
    let text: string;
    try {
      text = await readAnswer(stream, sessionId, messages, {
        signal: stop.signal,
        sleep: (ms) => this.sleep(ms),
        onText: (received) => {
          entry.text = received;
          if (!shown) {
            shown = true;
            s.typing = false;
            s.entries.push(entry);
            this.notify({ type: 'stream' });
          }
          this.host.requestUpdate();
        },
      });
    } catch (error) {
      if (generation !== this.generation) return;
      this.request = s.streamStop = undefined;
      this.setTyping(false);
      if (!(error instanceof StreamFailure)) {
        // Interrupted by a disconnect: the answer streams again once connected.
        this.dropStream(entry);
        this.resume = () => void this.streamAndReply(messages, generation);
        return;
      }
      const cause: unknown = error.cause;
      this.log('error', 'The streamed answer failed', 'stream', cause instanceof Error ? cause.message : String(cause));
      const again = (): void => {
        this.dropStream(entry);
        void this.streamAndReply(messages, generation);
      };
      this.fail('stream', cause, again, true);
      return;
    }
    if (generation !== this.generation) return;
    this.request = s.streamStop = undefined;
    this.setTyping(false);
    this.dropStream(entry);
    if (text.trim()) this.show({ id: `stream-${entry.key}`, type: 'text', content: { type: 'markdown', markdown: text } }, false);
    // A reload from here on sends the reply (once) instead of streaming again.
    this.remember({ reply: text });
    await this.deliver(undefined, { type: 'text', text });
  }

  /** An automatic continue, backed off and capped (see `AUTO_REPLY_LIMIT`). */
  private async autoReply(generation: number): Promise<void> {
    const count = ++this.s.autoReplies;
    if (count > AUTO_REPLY_LIMIT) {
      const error = new FlowbotError(`continueChat: the bot asked for ${AUTO_REPLY_LIMIT} replies in a row without the visitor; stopped`, {
        operation: 'continueChat',
        method: 'POST',
        url: `api/v1/sessions/${this.s.sessionId ?? ''}/continueChat`,
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
}

/** The two calls alone: no streamed answers (whole answers are asked for), no client logs. */
function defaultClient(viewerBaseUrl: string): ConversationClient {
  return createViewerClient({ viewerBaseUrl });
}
