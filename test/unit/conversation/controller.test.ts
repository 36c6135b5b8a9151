import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatAnswer, ContinueChatResult, StartChatResult } from '../../../src/api/schemas/index.js';
import {
  ConversationController,
  type ConversationClient,
  type ConversationConfig,
  type ConversationNotice,
} from '../../../src/conversation/controller.js';
import { FakeHost, startChatResult, text } from '../../support/controller-host.js';

const textInput = { id: 'in-1', type: 'text input' };

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

/** A client whose calls resolve or reject when the test says so. */
function deferredClient() {
  const pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void; signal?: AbortSignal }[] = [];
  const call = (signal: AbortSignal | undefined) =>
    new Promise((resolve, reject) => {
      const entry = { resolve, reject, ...(signal ? { signal } : {}) };
      pending.push(entry);
      signal?.addEventListener('abort', () => reject(abortError()), { once: true });
    });
  const client = {
    startChat: vi.fn((_publicId: string, options?: { signal?: AbortSignal }) => call(options?.signal)),
    continueChat: vi.fn((_sessionId: string, _answer?: ChatAnswer, options?: { signal?: AbortSignal }) =>
      call(options?.signal),
    ),
  };
  return { client: client as unknown as ConversationClient & typeof client, pending };
}

function setup(client: ConversationClient, config: Partial<ConversationConfig> = {}) {
  const host = new FakeHost();
  const notices: ConversationNotice[] = [];
  const controller = new ConversationController(host, { notify: (notice) => notices.push(notice) });
  controller.config = { publicId: 'bot', apiHost: 'https://viewer.test', ...config, client };
  controller.hostConnected();
  const types = () => notices.map((n) => n.type);
  const shown = () => controller.state.entries.map((e) => (e.kind === 'bot' ? e.message.id : `answer:${e.text}`));
  return { host, controller, notices, types, shown };
}

/** A controller started on `startChatResult(overrides)`, with a viewer never asked to continue. */
function started(overrides: Partial<StartChatResult> = {}) {
  const client = { startChat: vi.fn(async () => startChatResult(overrides)), continueChat: vi.fn() };
  const result = setup(client);
  result.controller.start();
  return { ...result, client };
}

/** A controller started on a viewer whose start answers when the test calls `resolveStart`. */
function startedHeld() {
  let answer!: (value: StartChatResult) => void;
  const client = {
    startChat: vi.fn(() => new Promise<StartChatResult>((resolve) => (answer = resolve))),
    continueChat: vi.fn(),
  };
  const result = setup(client);
  result.controller.start();
  return { ...result, resolveStart: (value: StartChatResult) => answer(value) };
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A controller started on a viewer whose calls answer when the test says so, its start answered. */
async function startedDeferred() {
  const { client, pending } = deferredClient();
  const result = setup(client);
  result.controller.start();
  pending[0]!.resolve(startChatResult());
  await flush();
  return { ...result, client, pending };
}

describe('ConversationController', () => {
  it('starts a chat, shows its messages, then its input', async () => {
    const client = {
      startChat: vi.fn(async () => startChatResult()),
      continueChat: vi.fn(),
    };
    const { controller, types, shown, notices } = setup(client, { prefilledVariables: { Name: 'Ada' } });
    controller.start();
    expect(controller.state.status).toBe('starting');
    await flush();
    expect(client.startChat).toHaveBeenCalledWith(
      'bot',
      expect.objectContaining({ prefilledVariables: { Name: 'Ada' } }),
    );
    expect(controller.state.status).toBe('ready');
    expect(shown()).toEqual(['m1']);
    expect(controller.state.input).toEqual(textInput);
    expect(types()).toEqual(['start', 'message', 'input']);
    expect(notices[0]).toEqual({ type: 'start', sessionId: 's-1', resultId: 'r-1', restored: false });
  });

  it('shows the greeting first, before the server answers', async () => {
    const { client, pending } = deferredClient();
    const { controller, shown, notices } = setup(client, { greeting: 'Hi, I am the bot.' });
    controller.start();
    expect(shown()).toEqual(['flowbot-greeting']);
    expect(notices[0]).toMatchObject({ type: 'message', local: true });
    pending[0]!.resolve(startChatResult());
    await flush();
    expect(shown()).toEqual(['flowbot-greeting', 'm1']);
  });

  it('shows the first message in the same task as the response when nothing delays it', async () => {
    const { shown, resolveStart } = startedHeld();
    resolveStart(startChatResult({ messages: [text('m1', 'a'), text('m2', 'b')] }));
    // Microtasks only: no timer between the response and the messages.
    await Promise.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(shown()).toEqual(['m1', 'm2']);
  });

  it('shows a batch of undelayed messages together, with no turn between two of them', async () => {
    for (const flowbot of [{ id: 'bot' }, { id: 'bot', settings: { typingEmulation: { enabled: false } } }]) {
      const { shown, resolveStart } = startedHeld();
      const messages = Array.from({ length: 50 }, (_, i) => text(`m${i}`, 'a'));
      resolveStart(startChatResult({ flowbot, messages }));
      await Promise.resolve();
      await Promise.resolve();
      await Promise.resolve();
      expect(shown()).toHaveLength(50);
    }
  });

  it('ends when a response has no input', async () => {
    const client = { startChat: vi.fn(async () => startChatResult({ input: undefined })), continueChat: vi.fn() };
    const { controller, types } = setup(client);
    controller.start();
    await flush();
    expect(controller.state.status).toBe('ended');
    expect(controller.state.input).toBeUndefined();
    expect(types()).toEqual(['start', 'message', 'end']);
    expect(controller.send('late')).toBe(false);
  });

  it('reports a failed start and starts again on retry', async () => {
    const failure = new Error('down');
    const client = {
      startChat: vi.fn().mockRejectedValueOnce(failure).mockResolvedValueOnce(startChatResult()),
      continueChat: vi.fn(),
    };
    const { controller, notices } = setup(client);
    controller.start();
    await flush();
    expect(controller.state.status).toBe('error');
    expect(controller.state.errorAction).toBe('start');
    expect(notices).toContainEqual({ type: 'error', error: failure, action: 'start' });
    controller.retry();
    await flush();
    expect(client.startChat).toHaveBeenCalledTimes(2);
    expect(controller.state.status).toBe('ready');
  });

  describe('sending', () => {
    it('sends the answer once, shows it at once, and plays the reply', async () => {
      const { controller, shown, types, client, pending } = await startedDeferred();

      expect(controller.send('Ada')).toBe(true);
      expect(controller.state.status).toBe('sending');
      expect(controller.state.entries.at(-1)).toMatchObject({ kind: 'answer', text: 'Ada', state: 'sending' });
      // No double send while the first is in flight.
      expect(controller.send('Ada again')).toBe(false);
      expect(client.continueChat).toHaveBeenCalledTimes(1);
      expect(client.continueChat).toHaveBeenCalledWith('s-1', 'Ada', expect.anything());

      pending[1]!.resolve({ messages: [text('m2', 'Thanks')], input: { id: 'in-2', type: 'text input' } });
      await flush();
      expect(shown()).toEqual(['m1', 'answer:Ada', 'm2']);
      expect(controller.state.entries[1]).toMatchObject({ state: 'sent' });
      expect(controller.state.input?.id).toBe('in-2');
      expect(types()).toEqual(['start', 'message', 'input', 'answer', 'message', 'input']);
    });

    it('keeps a failed answer, marked failed, and sends exactly that answer once on retry', async () => {
      const { controller, notices, shown, client, pending } = await startedDeferred();

      controller.send({ type: 'text', text: 'yes', metadata: { replyId: 'y' } }, 'Yes');
      const failure = new Error('offline');
      pending[1]!.reject(failure);
      await flush();
      expect(controller.state.status).toBe('error');
      expect(controller.state.errorAction).toBe('send');
      expect(controller.state.entries.at(-1)).toMatchObject({ kind: 'answer', text: 'Yes', state: 'failed' });
      expect(controller.state.input).toEqual(textInput);
      expect(notices.filter((n) => n.type === 'error')).toEqual([{ type: 'error', error: failure, action: 'send' }]);

      controller.retry();
      controller.retry();
      expect(client.continueChat).toHaveBeenCalledTimes(2);
      expect(client.continueChat.mock.calls[1]![1]).toEqual({ type: 'text', text: 'yes', metadata: { replyId: 'y' } });
      pending[2]!.resolve({ messages: [], input: { id: 'in-2', type: 'text input' } });
      await flush();
      expect(shown()).toEqual(['m1', 'answer:Yes']);
      expect(controller.state.entries.at(-1)).toMatchObject({ state: 'sent' });
      expect(notices.filter((n) => n.type === 'answer')).toHaveLength(1);
    });

    it('replaces a failed answer when the visitor sends another one', async () => {
      const { controller, shown, pending } = await startedDeferred();
      controller.send('first');
      pending[1]!.reject(new Error('offline'));
      await flush();
      expect(controller.send('second')).toBe(true);
      expect(shown()).toEqual(['m1', 'answer:second']);
    });

    it("shows the server's normalised answer in place of the typed one", async () => {
      const client = {
        startChat: vi.fn(async () => startChatResult()),
        continueChat: vi.fn(async (): Promise<ContinueChatResult> => ({
          messages: [],
          input: textInput,
          lastMessageNewFormat: '+15551234567',
        })),
      };
      const { controller, notices } = setup(client);
      controller.start();
      await flush();
      controller.send('555 123 4567');
      await flush();
      expect(controller.state.entries.at(-1)).toMatchObject({ kind: 'answer', text: '+15551234567' });
      expect(notices.find((n) => n.type === 'answer')).toMatchObject({ answer: '555 123 4567' });
    });
  });

  describe('cancellation', () => {
    it('aborts the running start when a new one begins, without an error', async () => {
      const { client, pending } = deferredClient();
      const { controller, types } = setup(client);
      controller.start();
      controller.start();
      expect(pending[0]!.signal?.aborted).toBe(true);
      pending[1]!.resolve(startChatResult());
      await flush();
      expect(types()).not.toContain('error');
      expect(controller.state.status).toBe('ready');
    });

    it('aborts on disconnect and starts again on reconnect', async () => {
      const { client, pending } = deferredClient();
      const { controller, types } = setup(client);
      controller.start();
      controller.hostDisconnected();
      expect(pending[0]!.signal?.aborted).toBe(true);
      await flush();
      expect(types()).not.toContain('error');
      expect(controller.state.status).toBe('idle');
      controller.hostConnected();
      expect(client.startChat).toHaveBeenCalledTimes(2);
    });

    it('keeps the answer (not sent) when a disconnect aborts its send, without an error event', async () => {
      const { controller, types } = await startedDeferred();
      controller.send('hello');
      controller.hostDisconnected();
      await flush();
      expect(types()).not.toContain('error');
      expect(controller.state.entries.at(-1)).toMatchObject({ text: 'hello', state: 'failed' });
      expect(controller.canSend).toBe(true);
    });

    it('reset("unavailable") drops everything and refuses to send', async () => {
      const client = { startChat: vi.fn(async () => startChatResult()), continueChat: vi.fn() };
      const { controller } = setup(client);
      controller.start();
      await flush();
      controller.reset('unavailable');
      expect(controller.state.status).toBe('unavailable');
      expect(controller.state.entries).toEqual([]);
      expect(controller.send('x')).toBe(false);
      expect(client.continueChat).not.toHaveBeenCalled();
    });
  });

  describe('typing emulation', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    const flowbot = (typingEmulation: Record<string, unknown>) => ({ settings: { typingEmulation } });

    it('types each message for words ÷ speed, capped at maxDelay, but not the first', async () => {
      const { controller, shown } = started({
        flowbot: flowbot({ speed: 60, maxDelay: 5 }),
        messages: [text('m1', 'one two'), text('m2', 'one two three'), text('m3', 'w '.repeat(20))],
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(shown()).toEqual(['m1']);
      expect(controller.state.typing).toBe(true);
      await vi.advanceTimersByTimeAsync(2999);
      expect(shown()).toEqual(['m1']);
      await vi.advanceTimersByTimeAsync(1);
      expect(shown()).toEqual(['m1', 'm2']);
      await vi.advanceTimersByTimeAsync(4999);
      expect(shown()).toEqual(['m1', 'm2']);
      expect(controller.state.input).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(shown()).toEqual(['m1', 'm2', 'm3']);
      expect(controller.state.typing).toBe(false);
      expect(controller.state.input).toEqual(textInput);
    });

    it('delays the first message too when isDisabledOnFirstMessage is false', async () => {
      const { shown } = started({
        flowbot: flowbot({ speed: 60, isDisabledOnFirstMessage: false }),
        messages: [text('m1', 'a b')],
      });
      await vi.advanceTimersByTimeAsync(1999);
      expect(shown()).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(shown()).toEqual(['m1']);
    });

    it('waits delayBetweenBubbles between messages', async () => {
      const { controller, shown } = started({
        flowbot: flowbot({ enabled: false, delayBetweenBubbles: 1 }),
        messages: [text('m1', 'a'), text('m2', 'b')],
      });
      await vi.advanceTimersByTimeAsync(999);
      expect(shown()).toEqual(['m1']);
      expect(controller.state.typing).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(shown()).toEqual(['m1', 'm2']);
    });

    it('clears its timers on disconnect and shows what was pending', async () => {
      const { controller, shown } = started({
        flowbot: flowbot({ speed: 60 }),
        messages: [text('m1', 'a'), text('m2', 'a b c d e')],
      });
      await vi.advanceTimersByTimeAsync(10);
      expect(vi.getTimerCount()).toBe(1);
      controller.hostDisconnected();
      expect(vi.getTimerCount()).toBe(0);
      await vi.advanceTimersByTimeAsync(0);
      expect(shown()).toEqual(['m1', 'm2']);
      expect(controller.state.input).toEqual(textInput);
    });
  });

  describe('client-side actions', () => {
    it('ignores code-running actions and continues without an answer when one expects a reply', async () => {
      const client = {
        startChat: vi.fn(async () =>
          startChatResult({
            messages: [text('m1', 'Before')],
            input: undefined,
            clientSideActions: [
              { type: 'scriptToExecute', scriptToExecute: { content: 'alert(1)' } },
              { type: 'codeToExecute', lastBubbleBlockId: 'm1', expectsDedicatedReply: true },
            ],
          }),
        ),
        continueChat: vi.fn(async (_sessionId: string, _answer?: ChatAnswer): Promise<ContinueChatResult> => ({
          messages: [text('m2', 'After')],
          input: textInput,
        })),
      };
      const { controller, shown, types } = setup(client);
      controller.start();
      await flush();
      expect(client.continueChat).toHaveBeenCalledTimes(1);
      expect(client.continueChat).toHaveBeenCalledWith('s-1', undefined, expect.anything());
      expect(shown()).toEqual(['m1', 'm2']);
      expect(controller.state.input).toEqual(textInput);
      expect(types()).not.toContain('answer');
      expect(types()).not.toContain('end');
    });

    it('waits where a wait action says, after the message it follows', async () => {
      vi.useFakeTimers();
      try {
        const { shown } = started({
          messages: [text('m1', 'a'), text('m2', 'b')],
          clientSideActions: [{ type: 'wait', wait: { secondsToWaitFor: 2 }, lastBubbleBlockId: 'm1' }],
        });
        await vi.advanceTimersByTimeAsync(1999);
        expect(shown()).toEqual(['m1']);
        await vi.advanceTimersByTimeAsync(1);
        expect(shown()).toEqual(['m1', 'm2']);
      } finally {
        vi.useRealTimers();
      }
    });

    it('shows the bot typing for the length of a wait', async () => {
      vi.useFakeTimers();
      try {
        const { controller } = started({
          messages: [text('m1', 'a')],
          clientSideActions: [{ type: 'wait', wait: { secondsToWaitFor: 1.5 }, lastBubbleBlockId: 'm1' }],
        });
        await vi.advanceTimersByTimeAsync(10);
        expect(controller.state.typing).toBe(true);
        expect(controller.state.input).toBeUndefined();
        await vi.advanceTimersByTimeAsync(1490);
        expect(controller.state.typing).toBe(false);
        expect(controller.state.input).toEqual(textInput);
      } finally {
        vi.useRealTimers();
      }
    });

    it('asks the host to redirect to http(s) URLs only', async () => {
      const { notices } = started({
        messages: [],
        clientSideActions: [
          { type: 'redirect', redirect: { url: 'javascript:alert(1)' } },
          { type: 'redirect', redirect: { url: 'https://example.com/next', isNewTab: true } },
        ],
      });
      await flush();
      expect(notices.filter((n) => n.type === 'redirect')).toEqual([
        { type: 'redirect', url: 'https://example.com/next', newTab: true },
      ]);
    });
  });

  it('merges dynamicTheme and keeps progress', async () => {
    const client = {
      startChat: vi.fn(async () =>
        startChatResult({ dynamicTheme: { hostAvatarUrl: 'https://a.test/a.png' }, progress: 10 }),
      ),
      continueChat: vi.fn(async (): Promise<ContinueChatResult> => ({
        messages: [],
        input: textInput,
        dynamicTheme: { guestAvatarUrl: 'https://a.test/g.png' },
      })),
    };
    const { controller } = setup(client);
    controller.start();
    await flush();
    controller.send('x');
    await flush();
    expect(controller.state.dynamicTheme).toEqual({
      hostAvatarUrl: 'https://a.test/a.png',
      guestAvatarUrl: 'https://a.test/g.png',
    });
    expect(controller.state.progress).toBe(10);
  });
});
