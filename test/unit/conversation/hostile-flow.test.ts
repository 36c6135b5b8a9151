/**
 * A viewer that misbehaves on purpose: replies asked for one after another, typing settings
 * that would keep "typing" for days, a 2xx reply that cannot be read.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FlowbotResponseError } from '../../../src/api/errors.js';
import {
  AUTO_REPLY_LIMIT,
  ConversationController,
  type ConversationClient,
} from '../../../src/conversation/controller.js';
import { messageDelay, readTypingEmulation } from '../../../src/conversation/typing.js';
import type { ChatAnswer, ContinueChatResult, StartChatResult } from '../../../src/protocol/types.js';
import { FakeHost } from '../../support/controller-host.js';

const LOOP: ContinueChatResult = {
  messages: [],
  clientSideActions: [{ type: 'wait', wait: { secondsToWaitFor: 0 }, expectsDedicatedReply: true }],
};

function setup(continueChat: (answer: ChatAnswer | undefined) => Promise<ContinueChatResult>) {
  const calls: Array<ChatAnswer | undefined> = [];
  const client: ConversationClient = {
    startChat: async () => ({
      sessionId: 's',
      resultId: 'r',
      flowbot: {},
      messages: [],
      input: { id: 'in', type: 'text input' },
    }),
    continueChat: (_id, answer) => {
      calls.push(answer);
      return continueChat(answer);
    },
  };
  const errors: unknown[] = [];
  const controller = new ConversationController(new FakeHost(), {
    notify: (notice) => {
      if (notice.type === 'error') errors.push(notice.error);
    },
  });
  controller.config = { publicId: 'bot', apiHost: 'https://viewer.test', client };
  controller.hostConnected();
  return { controller, calls, errors };
}

describe('a viewer that asks for reply after reply', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('backs off and stops with an error and a retry past the limit', async () => {
    const { controller, calls, errors } = setup(async () => LOOP);
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.send('hi')).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    // The answer and three automatic replies at once, then 0.25 s and 0.5 s apart.
    expect(calls.length).toBeLessThanOrEqual(6);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1 + AUTO_REPLY_LIMIT);
    expect(controller.state.status).toBe('error');
    expect(String(errors.at(-1))).toMatch(/replies in a row/);
    // Untouched for a minute more: nothing else is sent.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1 + AUTO_REPLY_LIMIT);

    controller.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.length).toBeGreaterThan(1 + AUTO_REPLY_LIMIT);
    controller.reset();
  });
});

describe('typing settings out of all proportion', () => {
  it('never type one message longer than 10 s, nor pause longer between two', () => {
    const settings = readTypingEmulation({
      settings: {
        typingEmulation: { speed: 1e-300, maxDelay: 2e6, delayBetweenBubbles: 1e9, isDisabledOnFirstMessage: false },
      },
    });
    const { pause, typing } = messageDelay(50, settings, { isFirstOfConversation: false, isFirstOfBatch: false });
    expect(typing).toBeLessThanOrEqual(10_000);
    expect(pause).toBeLessThanOrEqual(10_000);
  });
});

describe('a viewer that would keep the visitor waiting', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const textInput = { id: 'in', type: 'text input' };
  const say = (id: string, words: string) => ({
    id,
    type: 'text',
    content: { type: 'richText', richText: [{ type: 'p', children: [{ text: words }] }] },
  });
  const wait = (secondsToWaitFor: unknown, extra: Record<string, unknown> = {}) => ({
    type: 'wait',
    wait: { secondsToWaitFor },
    ...extra,
  });
  const typingFor = (value: number) => ({
    settings: {
      typingEmulation: {
        speed: 1e-300,
        maxDelay: value,
        delayBetweenBubbles: value,
        isDisabledOnFirstMessage: false,
      },
    },
  });
  const junk = [
    { type: 'junk' },
    { type: 'scriptToExecute', scriptToExecute: { content: 'alert(1)' } },
    { type: 'redirect', redirect: { url: 'javascript:alert(1)' } },
    wait('soon'),
    wait(-5),
    { type: 'chatwoot', chatwoot: {} },
  ];
  /** What one response holds, and whether the answers after it wait as long. */
  const cases: Array<[string, Partial<StartChatResult>]> = [
    ['a wait of 1e9 s', { clientSideActions: [wait(1e9)] }],
    ['a wait of "1e9" s', { clientSideActions: [wait('1e9')] }],
    ['a wait of Infinity s', { clientSideActions: [wait(Number.POSITIVE_INFINITY)] }],
    ['a hundred waits of 59 s', { clientSideActions: Array.from({ length: 100 }, () => wait(59)) }],
    [
      'junk actions ending in a wait of 1e9 s',
      { clientSideActions: [...Array.from({ length: 99 }, (_, i) => junk[i % junk.length]!), wait(1e9)] },
    ],
    [
      'two messages typed for 1e300 s each',
      { flowbot: typingFor(1e300), messages: [say('m1', 'one two'), say('m2', 'three four')] },
    ],
    [
      'two messages typed for 2e6 s each, with waits after them',
      {
        flowbot: typingFor(2e6),
        messages: [say('m1', 'one'), say('m2', 'two')],
        clientSideActions: [wait(1e9, { lastBubbleBlockId: 'm1' }), wait(1e9, { lastBubbleBlockId: 'm2' })],
      },
    ],
    ['an input whose type is a number', { input: { id: 'in', type: 5 } as unknown as StartChatResult['input'] }],
  ];

  /** How long after the call before it the visitor had a way on: a control, Retry or Restart; Infinity past 30 s. */
  async function settles(controller: ConversationController): Promise<number> {
    const on = () => {
      const { status, typing } = controller.state;
      return !typing && (controller.canSend || status === 'ended' || status === 'error');
    };
    for (let ms = 0; ms <= 30_000; ms += 250) {
      if (on()) return ms;
      await vi.advanceTimersByTimeAsync(250);
    }
    return Number.POSITIVE_INFINITY;
  }

  function talk(turn: Partial<StartChatResult>) {
    const calls: Array<ChatAnswer | undefined> = [];
    const client: ConversationClient = {
      startChat: async () => ({ sessionId: 's', resultId: 'r', flowbot: {}, messages: [], input: textInput, ...turn }),
      continueChat: async (_id, answer) => {
        calls.push(answer);
        return { messages: turn.messages ?? [], input: turn.input ?? textInput, ...turn };
      },
    };
    const controller = new ConversationController(new FakeHost(), {});
    controller.config = { publicId: 'bot', apiHost: 'https://viewer.test', client };
    controller.hostConnected();
    return { controller, calls };
  }

  for (const [name, turn] of cases) {
    it(`answers ${name} with a control within 15 s, at the start and after each answer`, async () => {
      const { controller, calls } = talk(turn);
      controller.start();
      expect(await settles(controller)).toBeLessThanOrEqual(15_000);
      expect(controller.state.input?.id).toBe('in');
      for (const answer of ['first', 'second']) {
        expect(controller.send(answer)).toBe(true);
        expect(await settles(controller)).toBeLessThanOrEqual(15_000);
        expect(controller.canSend).toBe(true);
      }
      expect(calls).toEqual(['first', 'second']);
      controller.reset();
    });
  }

  it('still waits, up to 10 s in all: the bot types for the pauses it asks for', async () => {
    const { controller } = talk({ clientSideActions: [wait(4), wait(4), wait(4)] });
    controller.start();
    await vi.advanceTimersByTimeAsync(7_900);
    expect(controller.state.typing).toBe(true);
    expect(controller.canSend).toBe(false);
    await vi.advanceTimersByTimeAsync(2_200);
    expect(controller.state.typing).toBe(false);
    expect(controller.canSend).toBe(true);
    controller.reset();
  });

  it('stops a chain of automatic replies, each with a wait of 1e9 s, with Retry within 15 s', async () => {
    const { controller, calls } = talk({
      input: null,
      clientSideActions: [wait(1e9, { expectsDedicatedReply: true })],
    });
    controller.start();
    expect(await settles(controller)).toBeLessThanOrEqual(15_000);
    expect(controller.state.status).toBe('error');
    expect(calls).toHaveLength(AUTO_REPLY_LIMIT);
    controller.reset();
  });
});

describe('a 2xx reply that cannot be read', () => {
  it('keeps the answer delivered, says so, and Retry asks the bot to go on (no second copy)', async () => {
    let turn = 0;
    const { controller, calls, errors } = setup(async () => {
      if (turn++ === 0) {
        throw new FlowbotResponseError('continueChat: unexpected response shape', {
          operation: 'continueChat',
          method: 'POST',
          url: 'x',
          status: 200,
          issues: [],
          body: { messages: 'nope' },
        });
      }
      return { messages: [], input: { id: 'in-2', type: 'text input' } };
    });
    controller.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.send('my answer');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(controller.state.status).toBe('error');
    expect(errors).toHaveLength(1);
    const answer = controller.state.entries.find((e) => e.kind === 'answer');
    expect(answer && answer.kind === 'answer' && answer.state).toBe('sent');
    controller.retry();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual(['my answer', undefined]);
    expect(controller.state.input?.id).toBe('in-2');
  });
});
