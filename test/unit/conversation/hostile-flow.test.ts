/**
 * A viewer that misbehaves on purpose: replies asked for one after another, typing settings
 * that would keep "typing" for days, a 2xx reply that cannot be read.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FlowbotResponseError } from '../../../src/api/errors.js';
import {
  AUTO_REPLY_LIMIT,
  ConversationController,
  type ConversationClient,
} from '../../../src/conversation/controller.js';
import { messageDelay, readTypingEmulation } from '../../../src/conversation/typing.js';
import type { ChatAnswer, ContinueChatResult } from '../../../src/protocol/types.js';

class FakeHost implements ReactiveControllerHost {
  addController(_controller: ReactiveController): void {}
  removeController(): void {}
  requestUpdate(): void {}
  get updateComplete(): Promise<boolean> {
    return Promise.resolve(true);
  }
}

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
    config: () => ({ publicId: 'bot', apiHost: 'https://viewer.test' }),
    createClient: () => client,
    notify: (notice) => {
      if (notice.type === 'error') errors.push(notice.error);
    },
  });
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
