import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContinueChatResult, StartChatResult } from '../../../src/api/schemas/index.js';
import {
  ConversationController,
  type ConversationClient,
  type ConversationNotice,
} from '../../../src/conversation/controller.js';
import {
  ConversationStore,
  MAX_AGE_MS,
  MAX_ENTRIES,
  PENDING_MAX_AGE_MS,
  storageKey,
  type StoredConversation,
} from '../../../src/conversation/persistence.js';
import { SHORTENED } from '../../../src/protocol/limits.js';
import { expiry } from '../../../src/conversation/expiry.js';
import { remember } from '../../../src/conversation/remember.js';
import { FakeHost, startChatResult, text } from '../../support/controller-host.js';
import { MemoryStorage } from '../../support/memory-storage.js';
import { storeRecord } from '../../support/stored-record.js';

const record = (overrides: Partial<StoredConversation> = {}): StoredConversation => ({
  sessionId: 's-1',
  resultId: 'r-1',
  flowbot: { id: 'bot', publishedAt: '2026-01-01T00:00:00.000Z' },
  entries: [
    {
      kind: 'bot',
      message: { id: 'm1', type: 'text', content: { type: 'richText', richText: [] } },
    },
    { kind: 'answer', answer: 'Ada', text: 'Ada' },
  ],
  input: { id: 'in-2', type: 'email input' },
  dynamicTheme: {},
  ...overrides,
});

let local: MemoryStorage;
let session: MemoryStorage;

beforeEach(() => {
  local = new MemoryStorage();
  session = new MemoryStorage();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ConversationStore', () => {
  it('remembers a conversation in the storage area the mode names', () => {
    new ConversationStore('local', 'support', 'https://viewer.test').save(record());
    expect(local.length).toBe(1);
    expect(session.length).toBe(0);
    expect(new ConversationStore('local', 'support', 'https://viewer.test').load()).toMatchObject(record());

    new ConversationStore('session', 'support', 'https://viewer.test').save(record({ sessionId: 's-2' }));
    expect(session.length).toBe(1);
    expect(new ConversationStore('session', 'support', 'https://viewer.test').load()?.sessionId).toBe('s-2');
  });

  it('remembers nothing with persist none', () => {
    const store = new ConversationStore('none', 'support', '');
    store.save(record());
    expect(local.length + session.length).toBe(0);
    expect(store.load()).toBeUndefined();
  });

  it('keeps one record per public id and viewer host', () => {
    new ConversationStore('local', 'support', 'https://a.test').save(record({ sessionId: 'a' }));
    new ConversationStore('local', 'support', 'https://b.test').save(record({ sessionId: 'b' }));
    new ConversationStore('local', 'lead', 'https://a.test').save(record({ sessionId: 'lead' }));
    expect(local.length).toBe(3);
    expect(new ConversationStore('local', 'support', 'https://a.test/').load()?.sessionId).toBe('a');
    expect(new ConversationStore('local', 'support', 'https://b.test').load()?.sessionId).toBe('b');
    expect(new ConversationStore('local', 'lead', 'https://a.test').load()?.sessionId).toBe('lead');
    expect(new ConversationStore('local', 'other', 'https://a.test').load()).toBeUndefined();
    expect(storageKey('support', 'https://a.test//')).toBe('flowbot-chat:["https://a.test","support"]');
  });

  it('ignores records that do not parse, belong elsewhere or have another format', () => {
    const key = storageKey('support', '');
    const store = new ConversationStore('local', 'support', '');
    const good = JSON.stringify({ v: 2, key, savedAt: Date.now(), ...record() });
    for (const bad of [
      '{not json',
      'null',
      '[]',
      JSON.stringify({ ...JSON.parse(good), v: 1 }),
      JSON.stringify({ ...JSON.parse(good), key: storageKey('lead', '') }),
      JSON.stringify({ ...JSON.parse(good), sessionId: 42 }),
      JSON.stringify({ ...JSON.parse(good), entries: [{ kind: 'bot', message: { id: 1 } }] }),
      JSON.stringify({ ...JSON.parse(good), entries: [{ kind: 'answer', text: 7 }] }),
      JSON.stringify({ ...JSON.parse(good), input: 'text input' }),
    ]) {
      local.setItem(key, bad);
      expect(store.load(), bad).toBeUndefined();
    }
    local.setItem(key, good);
    expect(store.load()).toMatchObject(record());
  });

  it('turns itself off when storage is full, forgetting the outdated record', () => {
    const store = new ConversationStore('local', 'support', '');
    store.save(record());
    local.full = true;
    expect(() => store.save(record({ sessionId: 's-2' }))).not.toThrow();
    expect(local.length).toBe(0);
    local.full = false;
    store.save(record({ sessionId: 's-3' }));
    expect(local.length).toBe(0);
    expect(store.load()).toBeUndefined();
  });

  it('does nothing when storage is blocked', () => {
    vi.stubGlobal('localStorage', undefined);
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('Access is denied.', 'SecurityError');
      },
    });
    const store = new ConversationStore('local', 'support', '');
    expect(() => store.save(record())).not.toThrow();
    expect(store.load()).toBeUndefined();
    expect(() => store.clear()).not.toThrow();
  });

  it('forgets on clear', () => {
    const store = new ConversationStore('session', 'support', '');
    store.save(record());
    store.clear();
    expect(session.length).toBe(0);
    expect(store.load()).toBeUndefined();
  });
});

describe('ConversationStore against hand-made and hostile records', () => {
  const key = storageKey('support', '');
  const write = (value: Record<string, unknown>) =>
    local.setItem(key, JSON.stringify({ v: 2, key, savedAt: Date.now(), ...record(), ...value }));
  const load = () => new ConversationStore('local', 'support', '').load();
  const bigText = (id: string, size: number) => ({
    kind: 'bot',
    message: {
      id,
      type: 'text',
      content: { type: 'richText', richText: [{ type: 'p', children: [{ text: 'x'.repeat(size) }] }] },
    },
  });

  it('keys cannot collide, whatever the host and public id hold', () => {
    expect(storageKey('x', 'http://127.0.0.1:41423')).not.toBe(storageKey('41423:x', 'http://127.0.0.1'));
    new ConversationStore('local', 'x', 'http://127.0.0.1:41423').save(record({ sessionId: 'one' }));
    expect(new ConversationStore('local', '41423:x', 'http://127.0.0.1').load()).toBeUndefined();
    expect(storageKey('bot', 'https://v.test', 'a')).not.toBe(storageKey('bot', 'https://v.test', 'b'));
    expect(storageKey('bot', 'https://v.test', 'a')).not.toBe(storageKey('bot', 'https://v.test'));
  });

  it('refuses (and drops) a record of 4 MB', () => {
    write({ entries: [bigText('m1', 4 * 1024 * 1024)] });
    expect(load()).toBeUndefined();
    expect(local.length).toBe(0);
  });

  it('refuses a record of 20,000 entries', () => {
    write({ entries: Array.from({ length: 20_000 }, () => ({ kind: 'answer', text: 'a' })) });
    expect(load()).toBeUndefined();
  });

  it('refuses a record older than 24 hours, or from the future', () => {
    write({ savedAt: Date.now() - MAX_AGE_MS - 1000 });
    expect(load()).toBeUndefined();
    write({ savedAt: Date.now() + 60_000 });
    expect(load()).toBeUndefined();
    write({ savedAt: Date.now() - MAX_AGE_MS + 60_000 });
    expect(load()?.sessionId).toBe('s-1');
  });

  it('reads stored messages, answers and input within the limits of a response', () => {
    write({
      entries: [bigText('m1', 30_000), { kind: 'answer', text: 'y'.repeat(30_000) }],
      input: {
        id: 'c',
        type: 'choice input',
        items: Array.from({ length: 5000 }, (_, i) => ({ id: `${i}`, content: `${i}` })),
      },
    });
    const restored = load()!;
    expect(JSON.stringify(restored.entries[0])).toContain(SHORTENED);
    expect(JSON.stringify(restored.entries[0]).length).toBeLessThan(21_000);
    expect(restored.entries[1]).toMatchObject({ kind: 'answer', text: `${'y'.repeat(20_000)}${SHORTENED}` });
    expect(restored.input!.items).toHaveLength(200);
  });

  it('honours a pending reply only from an intact record saved in the last 10 minutes', () => {
    write({ pending: true, input: undefined });
    expect(load()?.pending).toBe(true);
    write({ pending: true, input: undefined, savedAt: Date.now() - PENDING_MAX_AGE_MS - 1000 });
    expect(load()).toBeUndefined();
    write({ pending: true, input: undefined, entries: [bigText('m1', 30_000)] });
    expect(load()).toBeUndefined();
  });

  it('reads an answer written offline only in shape, beside its input, and from an intact record', () => {
    write({ unsent: { text: 'ada@example.com' } });
    expect(load()?.unsent).toEqual({ text: 'ada@example.com', answer: undefined });
    for (const unsent of [{ text: 42 }, 'ada', { text: 'a', answer: { type: 'bogus' } }]) {
      write({ unsent });
      expect(load()).toBeUndefined();
    }
    write({ unsent: { text: 'a' }, input: undefined });
    expect(load()).toBeUndefined();
    write({ unsent: { text: 'a' }, entries: [bigText('m1', 30_000)] });
    expect(load()).toBeUndefined();
  });

  it('keeps the newest entries when saving', () => {
    const store = new ConversationStore('local', 'support', '');
    store.save(
      record({
        entries: Array.from({ length: MAX_ENTRIES + 50 }, (_, i) => ({ kind: 'answer' as const, text: `${i}` })),
      }),
    );
    const entries = load()!.entries;
    expect(entries).toHaveLength(MAX_ENTRIES);
    expect(entries.at(-1)).toMatchObject({ text: `${MAX_ENTRIES + 49}` });
  });

  it('lets one of two stores with the same key remember, and warns', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = new ConversationStore('local', 'support', '');
    const second = new ConversationStore('local', 'support', '');
    first.claim();
    second.claim();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('persist-key');
    first.save(record({ sessionId: 'first' }));
    second.save(record({ sessionId: 'second' }));
    expect(load()?.sessionId).toBe('first');
    first.release();
    const third = new ConversationStore('local', 'support', '');
    third.claim();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

// ---------------------------------------------------------------------------
// The controller with `persist`

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The bot of these tests: its version is the day it was published, and it asks for a name. */
const startResult = (overrides: Partial<StartChatResult> = {}): StartChatResult =>
  startChatResult({
    flowbot: { id: 'bot', publishedAt: 'v1' },
    messages: [text('m1', 'What is your name?')],
    input: { id: 'name', type: 'text input' },
    ...overrides,
  });

let previous: ConversationController | undefined;

/**
 * A controller on a fake viewer; each call to `page()` is a page load sharing
 * the storage (the previous page is gone: its controller is disconnected).
 */
function page(
  client: ConversationClient,
  persist: 'none' | 'session' | 'local' = 'local',
  // The element brings the storage code on demand; here it is at hand unless a test says when.
  loadStore: () => Promise<{ remember: typeof remember }> = async () => ({ remember }),
) {
  previous?.hostDisconnected();
  const notices: ConversationNotice[] = [];
  const controller = new ConversationController(new FakeHost(), {
    notify: (notice) => notices.push(notice),
    loadStore,
    expiry: () => expiry,
  });
  controller.config = { publicId: 'bot', apiHost: 'https://viewer.test', persist, greeting: 'Hi there', client };
  controller.hostConnected();
  previous = controller;
  const shown = () => controller.state.entries.map((e) => (e.kind === 'bot' ? e.message.id : `answer:${e.text}`));
  return { controller, notices, shown };
}

/** A page load on `client` (see `page`), started, its first answer shown. */
async function opened(client: ConversationClient) {
  const loaded = page(client);
  loaded.controller.start();
  await flush();
  return loaded;
}

function fakeClient(turns: (ContinueChatResult | Error)[] = []) {
  let sessions = 0;
  return {
    startChat: vi.fn(async () => startResult({ sessionId: `s-${++sessions}` })),
    continueChat: vi.fn(async (): Promise<ContinueChatResult> => {
      const next = turns.shift() ?? { messages: [] };
      if (next instanceof Error) throw next;
      return next;
    }),
  };
}

describe('ConversationController with persist', () => {
  it('restores the transcript, input and session on the next page load without a request', async () => {
    const client = fakeClient([
      { messages: [text('m2', 'And your e-mail?')], input: { id: 'email', type: 'email input' }, progress: 50 },
    ]);
    const first = await opened(client);
    first.controller.send('Ada');
    await flush();
    first.controller.hostDisconnected();

    const second = await opened(client); // the storage code arrives on demand
    expect(client.startChat).toHaveBeenCalledTimes(1);
    expect(second.shown()).toEqual(['flowbot-greeting', 'm1', 'answer:Ada', 'm2']);
    expect(second.controller.state.input).toEqual({ id: 'email', type: 'email input' });
    expect(second.controller.state.sessionId).toBe('s-1');
    expect(second.controller.state.status).toBe('ready');
    expect(second.controller.state.progress).toBe(50);
    expect(second.notices[0]).toEqual({ type: 'start', sessionId: 's-1', resultId: 'r-1', restored: true });
    expect(second.notices.map((n) => n.type)).toEqual(['start', 'input']);

    second.controller.send('ada@example.com');
    await flush();
    expect(client.continueChat).toHaveBeenLastCalledWith('s-1', 'ada@example.com', expect.anything());
  });

  it('with nothing stored, starts at once and remembers the conversation once the storage code arrives', async () => {
    const client = fakeClient();
    let arrive!: (code: { remember: typeof remember }) => void;
    const first = page(client, 'local', () => new Promise((resolve) => (arrive = resolve)));
    first.controller.start();
    await flush();
    // The start did not wait for the storage code: the first question is on screen.
    expect(client.startChat).toHaveBeenCalledTimes(1);
    expect(first.shown()).toEqual(['flowbot-greeting', 'm1']);
    expect(local.length).toBe(0);

    arrive({ remember });
    await flush();
    expect(local.length).toBe(1);
    first.controller.hostDisconnected();

    // The reload restores it: no second session.
    const second = await opened(client);
    expect(client.startChat).toHaveBeenCalledTimes(1);
    expect(second.shown()).toEqual(['flowbot-greeting', 'm1']);
    expect(second.controller.state.input).toEqual({ id: 'name', type: 'text input' });
  });

  it('with something stored, waits for the storage code to restore it', async () => {
    const client = fakeClient();
    const first = await opened(client);
    first.controller.hostDisconnected();

    let arrive!: (code: { remember: typeof remember }) => void;
    const second = page(client, 'local', () => new Promise((resolve) => (arrive = resolve)));
    second.controller.start();
    await flush();
    expect(client.startChat).toHaveBeenCalledTimes(1);
    expect(second.controller.state.status).toBe('starting');
    arrive({ remember });
    await flush();
    expect(second.controller.state.sessionId).toBe('s-1');
    expect(second.notices[0]).toMatchObject({ type: 'start', restored: true });
  });

  it('remembers nothing by default', async () => {
    const client = fakeClient();
    page(client, 'none').controller.start();
    await flush();
    page(client, 'none').controller.start();
    await flush();
    expect(client.startChat).toHaveBeenCalledTimes(2);
    expect(local.length + session.length).toBe(0);
  });

  it('sends no continue for a pending reply in a stale record, and starts anew', async () => {
    const client = fakeClient();
    storeRecord(local, record({ input: undefined, pending: true }), Date.now() - 60 * 60 * 1000);
    page(client).controller.start();
    await flush();
    expect(client.continueChat).not.toHaveBeenCalled();
    expect(client.startChat).toHaveBeenCalledTimes(1);
  });

  it('restores an ended conversation as ended', async () => {
    const client = fakeClient([{ messages: [text('bye', 'Bye')] }]);
    const first = await opened(client);
    first.controller.send('Ada');
    await flush();
    expect(first.controller.state.status).toBe('ended');

    const second = await opened(client); // the storage code arrives on demand
    expect(second.controller.state.status).toBe('ended');
    expect(second.shown().at(-1)).toBe('bye');
    expect(client.startChat).toHaveBeenCalledTimes(1);
  });

  it('asks for the dedicated reply a reload interrupted', async () => {
    const client = {
      startChat: vi.fn(async () =>
        startResult({ input: undefined, clientSideActions: [{ type: 'setVariable', expectsDedicatedReply: true }] }),
      ),
      // The first page goes away before this answers.
      continueChat: vi.fn(() => new Promise<ContinueChatResult>(() => {})),
    };
    await opened(client);
    expect(client.continueChat).toHaveBeenCalledTimes(1);

    const next = { messages: [text('m2', 'Go on')], input: { id: 'in-2', type: 'text input' } };
    client.continueChat.mockImplementation(async () => next);
    const second = await opened(client);
    expect(client.continueChat).toHaveBeenCalledTimes(2);
    expect(client.continueChat).toHaveBeenLastCalledWith('s-1', undefined, expect.anything());
    expect(second.shown()).toEqual(['flowbot-greeting', 'm1', 'm2']);
    expect(second.controller.state.input?.id).toBe('in-2');
  });

  it('shows a restored session the server no longer knows as expired, never replacing it silently', async () => {
    const expired = Object.assign(new Error('Not found'), { name: 'FlowbotHttpError', status: 404 });
    const client = fakeClient();
    page(client).controller.start();
    await flush();

    client.continueChat.mockRejectedValue(expired);
    const second = await opened(client); // the storage code arrives on demand
    second.controller.send('Ada');
    await flush();
    expect(client.startChat).toHaveBeenCalledTimes(1);
    expect(client.continueChat).toHaveBeenCalledTimes(1);
    expect(second.controller.state.status).toBe('expired');
    expect(second.shown()).toEqual(['flowbot-greeting', 'm1', 'answer:Ada']);
    expect(second.notices.filter((n) => n.type === 'error')).toEqual([
      { type: 'error', error: expired, action: 'send', code: 'session-expired' },
    ]);
    // Retry, Send and going back online send nothing to the dead session.
    second.controller.retry();
    expect(second.controller.send('Again')).toBe(false);
    globalThis.dispatchEvent?.(new Event('online'));
    await flush();
    expect(client.continueChat).toHaveBeenCalledTimes(1);

    // A reload knows it: expired at once, without a request.
    const third = await opened(client);
    expect(third.controller.state.status).toBe('expired');
    expect(third.shown()).toEqual(['flowbot-greeting', 'm1']);
    expect(client.continueChat).toHaveBeenCalledTimes(1);

    // Start again: a new session that says which one it follows, the words in its first text field.
    third.controller.start({ fresh: true });
    await flush();
    expect(client.startChat).toHaveBeenCalledTimes(2);
    expect(third.notices.filter((n) => n.type === 'start').at(-1)).toMatchObject({
      sessionId: 's-2',
      restored: false,
      expiredSessionId: 's-1',
    });
    expect(third.controller.state.input).toMatchObject({ type: 'text input', prefilledValue: 'Ada' });
    expect(client.continueChat).toHaveBeenCalledTimes(1);
  });

  it('starts afresh when the restored session answers as another version of the bot', async () => {
    const client = fakeClient();
    page(client).controller.start();
    await flush();

    client.continueChat.mockResolvedValueOnce({
      messages: [text('x', 'From the new version')],
      input: { id: 'in-9', type: 'text input' },
      flowbot: { id: 'bot', publishedAt: 'v2' },
    } as ContinueChatResult);
    const second = await opened(client); // the storage code arrives on demand
    second.controller.send('Ada');
    await flush();
    expect(client.startChat).toHaveBeenCalledTimes(2);
    expect(second.shown()).toEqual(['flowbot-greeting', 'm1']);
    expect(second.controller.state.sessionId).toBe('s-2');
  });

  it('keeps failing answers out of the record', async () => {
    const client = fakeClient([new Error('offline')]);
    const first = await opened(client);
    first.controller.send('Ada');
    await flush();
    expect(first.controller.state.status).toBe('error');

    const second = await opened(client); // the storage code arrives on demand
    expect(second.shown()).toEqual(['flowbot-greeting', 'm1']);
    expect(second.controller.state.input?.id).toBe('name');
  });

  it('keeps an answer written offline, and sends it once: on the reload when online, or when back online', async () => {
    let offline = true;
    // The browser's side of it: whether it is online, and its "online" event.
    const browser = new EventTarget();
    vi.stubGlobal('window', browser);
    vi.stubGlobal('navigator', {
      locks: undefined,
      get onLine() {
        return !offline;
      },
    });
    try {
      const client = fakeClient([{ messages: [text('m2', 'Thanks, Ada')] }]);
      const first = await opened(client);
      expect(first.controller.send('Ada')).toBe(true);
      await flush();
      // Nothing left the browser.
      expect(client.continueChat).not.toHaveBeenCalled();
      expect(first.controller.state.status).toBe('error');
      expect(first.shown()).toEqual(['flowbot-greeting', 'm1', 'answer:Ada']);

      // Reloaded offline: the answer is back, not sent, and its words in the field.
      const second = await opened(client);
      expect(client.continueChat).not.toHaveBeenCalled();
      expect(second.shown()).toEqual(['flowbot-greeting', 'm1', 'answer:Ada']);
      expect(second.controller.state.input).toMatchObject({ id: 'name', prefilledValue: 'Ada' });

      offline = false;
      browser.dispatchEvent(new Event('online'));
      await flush();
      expect(client.continueChat).toHaveBeenCalledTimes(1);
      expect(second.shown()).toEqual(['flowbot-greeting', 'm1', 'answer:Ada', 'm2']);
      browser.dispatchEvent(new Event('online'));

      // The next load sends nothing again.
      const third = await opened(client);
      expect(client.continueChat).toHaveBeenCalledTimes(1);
      expect(third.shown()).toEqual(['flowbot-greeting', 'm1', 'answer:Ada', 'm2']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('forgets the stored conversation on a fresh start', async () => {
    const client = fakeClient();
    page(client).controller.start();
    await flush();
    const second = page(client);
    second.controller.start({ fresh: true });
    await flush();
    expect(client.startChat).toHaveBeenCalledTimes(2);
    expect(second.controller.state.sessionId).toBe('s-2');
    expect(second.notices.find((n) => n.type === 'start')).toMatchObject({ restored: false });
  });
});
