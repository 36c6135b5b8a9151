/**
 * Playing one response of the viewer: its messages one after the other (with
 * the bot's typing delays, a slice per frame when there is a lot to lay out),
 * its client-side actions where they belong, then its input, its streamed
 * answer, an automatic reply, or the end. `ConversationController` hands in
 * what this reaches of it (`Stage`).
 */
import { FlowbotError } from '../api/errors.js';
import { publishedAt } from '../protocol/flowbot.js';
import { continueChatPath } from '../protocol/routes.js';
import { limitTurn, SHORTENED_ID } from '../protocol/limits.js';
import { messageToPlain } from '../protocol/message.js';
import type {
  ChatInput,
  ChatMessage,
  ClientSideAction,
  ContinueChatResult,
  StartChatResult,
} from '../protocol/types.js';
import { isStreamAction, runAction, streamBody, type ActionEffects } from './actions.js';
import type { ConversationNotice } from './options.js';
import type { Session } from './session.js';
import { countWords, messageDelay } from './typing.js';

/**
 * A long response is shown a slice per frame (see `play`). The first slice
 * holds about `SLICE_CHARS` characters of long messages (over `LONG_MESSAGE`:
 * laying out long paragraphs is what takes time), a short message counting as
 * `SHORT_MESSAGE`: 100 of them, what any engine draws and lays out in a frame
 * (the limits' thousand short rows in one task held WebKit for up to 200 ms).
 * Each next slice holds what the last one shows the browser draws in
 * `SLICE_MS`, from the slice to its frame painted (at most `SLICE_GROWTH`
 * times more, never less than the first): a fast engine shows a thousand rows
 * in two or three frames, a slow one keeps its hundred a frame. A response
 * the limits shortened (a hostile size: parsing it took long already) is
 * shown from a task of its own, not in the one that parsed it.
 */
const SLICE_CHARS = 40_000;
const LONG_MESSAGE = 1_000;
const SHORT_MESSAGE = 400;
const SLICE_MS = 100;
const SLICE_GROWTH = 8;

/** How much the slice after one of `chars` that took `ms` to be painted may hold. */
export function nextSlice(chars: number, ms: number): number {
  return Math.max(SLICE_CHARS, Math.min(chars * SLICE_GROWTH, (chars * SLICE_MS) / ms));
}

/**
 * Continues the bot asks for without the visitor (`expectsDedicatedReply`):
 * the first few go at once, then each waits twice as long (from 0.25 s, at
 * most 4 s, while the pauses of `MAX_PAUSE_MS` last), and past
 * `AUTO_REPLY_LIMIT` in a row the widget stops with an error and a Retry. A
 * viewer that asks for one reply after another cannot make the widget hammer it.
 */
export const AUTO_REPLY_LIMIT = 10;
const AUTO_REPLIES_AT_ONCE = 3;

/** What playing a response reaches of the controller. */
export interface Stage {
  /** The conversation the response belongs to. */
  readonly session: Session;
  /** False once the conversation was dropped (a reset, a restart): then playing stops. */
  current(): boolean;
  /** Whether the host is in the page (a redirect only happens then). */
  connected(): boolean;
  sleep(ms: number): Promise<void>;
  nextFrame(): Promise<void>;
  /** Resolves once `message` can be shown in full (`ConversationOptions.prepare`). */
  prepare(message: ChatMessage): Promise<void> | undefined;
  show(message: ChatMessage): void;
  notify(notice: ConversationNotice): void;
  changed(): void;
  /** Drops the conversation and starts a new one (a remembered one went stale). */
  startOver(): void;
  /** Streams the bot's AI answer, then replies with it. */
  stream(messages: readonly unknown[] | undefined): Promise<void>;
  /** Continues without the visitor (the bot asked for it). */
  autoReply(): Promise<void>;
}

/** Shows a response: its messages (with typing delays), its actions, then its input or the end. */
export async function play(stage: Stage, response: StartChatResult | ContinueChatResult): Promise<void> {
  // What is shown and stored stays within the widget's limits, however much was sent.
  const textChars: number[] = [];
  const result = limitTurn(response, textChars);
  const s = stage.session;
  // A remembered session answered by another version of the bot: its transcript is stale.
  const version = publishedAt(result.flowbot);
  if (s.restored && version !== undefined && version !== publishedAt(s.flowbot)) {
    stage.startOver();
    return;
  }
  s.applyTurn(result);

  const messages = result.messages;
  // A streamed answer pauses the flow: it runs once the messages before it are shown, and its reply goes on.
  const streamed = s.client?.streamMessage ? result.clientSideActions?.find(isStreamAction) : undefined;
  const actions = (result.clientSideActions ?? []).filter((action) => !isStreamAction(action));
  const ids = new Set(messages.map((message) => message.id));
  // Remember where this response leads before playing it: a reload mid-way restores its end state.
  const owed = {
    input: result.input ?? undefined,
    pending: actions.some((action) => action.expectsDedicatedReply),
    ...(streamed ? { stream: streamBody(streamed) } : {}),
  };
  s.remember(owed, messages);
  let needsReply = false;
  const runActions = actionRunner(stage, () => (needsReply = true));

  // Actions tied to no message of this response run before it.
  // Awaiting only when there is an action keeps a batch of undelayed messages in one render.
  const before = actions.filter((a) => !a.lastBubbleBlockId || !ids.has(a.lastBubbleBlockId));
  if (before.length > 0 && !(await runActions(before))) return;
  // A response with a lot to show is shown a slice per frame, so no single task lays it all out.
  let slice = 0;
  let limit = SLICE_CHARS;
  if (messages.at(-1)?.id === SHORTENED_ID) {
    await stage.sleep(0);
    if (!stage.current()) return;
  }
  let began = performance.now();
  for (const [index, message] of messages.entries()) {
    if (slice > limit) {
      await stage.nextFrame();
      if (!stage.current()) return;
      const now = performance.now();
      limit = nextSlice(slice, now - began);
      began = now;
      slice = 0;
    }
    const chars = textChars[index] ?? 0;
    slice += chars > LONG_MESSAGE ? chars : SHORT_MESSAGE;
    const { pause, typing } = delayOf(s, message, index);
    // What is left of `MAX_PAUSE_MS`; without a pause, no await: undelayed messages show in one render.
    const between = s.pause(pause);
    if (between > 0) {
      await stage.sleep(between);
      if (!stage.current()) return;
    }
    const typed = s.pause(typing);
    if (typed > 0 && !(await typeFor(stage, typed))) return;
    const ready = stage.prepare(message);
    if (ready) {
      await ready;
      if (!stage.current()) return;
    }
    stage.show(message);
    const after = actions.filter((a) => a.lastBubbleBlockId === message.id);
    if (after.length > 0 && !(await runActions(after))) return;
  }

  // Again once they are all shown, each with the time it was shown.
  if (messages.length) s.remember(owed);
  if (streamed) await stage.stream(streamBody(streamed).messages);
  else if (needsReply) await stage.autoReply();
  else settle(stage, result.input);
}

/** Shows the bot typing for `ms`; false when the conversation was dropped meanwhile. */
async function typeFor(stage: Stage, ms: number): Promise<boolean> {
  const s = stage.session;
  s.setTyping(true);
  await stage.sleep(ms);
  if (!stage.current()) return false;
  s.setTyping(false);
  return true;
}

/**
 * What runs a response's client-side actions, a list at a time, in order: it resolves to false once
 * the conversation was dropped meanwhile. `asked` is told of each action run that expects a reply
 * without the visitor.
 */
function actionRunner(stage: Stage, asked: () => void): (list: readonly ClientSideAction[]) => Promise<boolean> {
  const s = stage.session;
  const effects: ActionEffects = {
    // The bot is "busy" for the pause (what is left of `MAX_PAUSE_MS`): shown typing.
    wait: async (ms) => {
      const left = s.pause(ms);
      if (left > 0) await typeFor(stage, left);
    },
    redirect: (url, newTab) => stage.connected() && stage.notify({ type: 'redirect', url, newTab }),
    ignored: (type) =>
      s.log('warning', `The client-side action "${type}" was ignored: this widget runs no page code`, 'action'),
  };
  return async (list) => {
    for (const action of list) {
      if (await runAction(action, effects)) asked();
      if (!stage.current()) return false;
    }
    return true;
  };
}

/**
 * The pause before `message`, the `index`th of its response, and how long the bot then types it
 * (the typing emulation's settings, before `MAX_PAUSE_MS` bounds either).
 */
function delayOf(s: Session, message: ChatMessage, index: number): { pause: number; typing: number } {
  // Words are counted only where they make the bot "type".
  const words = message.type === 'text' && s.typingSettings?.enabled ? countWords(messageToPlain(message)) : undefined;
  return messageDelay(words, s.typingSettings, {
    isFirstOfConversation: s.serverMessages === 0,
    isFirstOfBatch: index === 0,
  });
}

/**
 * The end of a response whose messages are all shown, when it streams nothing and asks for no reply:
 * its input goes to the visitor, or, without one, the conversation ends.
 */
function settle(stage: Stage, input: ChatInput | null | undefined): void {
  const s = stage.session;
  if (input) {
    s.input = s.take?.(input) ?? input;
    stage.changed();
    stage.notify({ type: 'input', input: s.input });
  } else {
    s.setStatus('ended');
    stage.notify({ type: 'end', sessionId: s.sessionId ?? '' });
  }
}

/** An automatic continue (`deliver`), backed off and capped (see `AUTO_REPLY_LIMIT`). */
export async function autoReply(stage: Stage, deliver: () => Promise<void>): Promise<void> {
  const s = stage.session;
  const count = ++s.autoReplies;
  if (count > AUTO_REPLY_LIMIT) {
    const error = new FlowbotError(
      `continueChat: stopped after ${AUTO_REPLY_LIMIT} replies in a row without the visitor`,
      {
        operation: 'continueChat',
        method: 'POST',
        url: continueChatPath(s.sessionId ?? ''),
      },
    );
    s.fail('send', error, () => void deliver(), true);
    return;
  }
  if (count > AUTO_REPLIES_AT_ONCE) {
    // A pause like any other: once they are spent, the few replies left to the limit go at once.
    await stage.sleep(s.pause(Math.min(4000, 250 * 2 ** (count - AUTO_REPLIES_AT_ONCE - 1))));
    if (!stage.current()) return;
  }
  await deliver();
}
