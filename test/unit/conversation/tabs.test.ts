/**
 * persist="local" in several tabs: two controllers ("tabs") share one storage area whose changes
 * reach the other tab as `storage` events do in a browser (a task later, never in the tab that
 * wrote), and one fake viewer that counts the answers of each turn.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatAnswer, ContinueChatResult, StartChatResult } from '../../../src/api/schemas/index.js';
import type { ConversationController, ConversationNotice } from '../../../src/conversation/controller.js';
import { ConversationStore, storageKey } from '../../../src/conversation/persistence.js';
import { LEASE_MS } from '../../../src/conversation/tabs.js';
import { FakeHost, text } from '../../support/controller-host.js';
import { MemoryStorage } from '../../support/memory-storage.js';
import { storeRecord } from '../../support/stored-record.js';

type Listener = (event: StorageEvent) => void;

/** One storage area of the origin; its changes reach every listener a task later, as `storage` events. */
class SharedStorage extends MemoryStorage {
  readonly listeners = new Set<Listener>();
  /** Events not delivered yet while `hold` is on (a tab that has not heard of a change). */
  held: StorageEvent[] = [];
  hold = false;
  override removeItem(key: string): void {
    const oldValue = this.getItem(key);
    super.removeItem(key);
    this.changed(key, oldValue, null);
  }
  override setItem(key: string, value: string): void {
    const oldValue = this.getItem(key);
    super.setItem(key, value);
    if (oldValue !== value) this.changed(key, oldValue, String(value));
  }
  /**
   * A tab's own copy of the area, as a browser keeps one per page process: its writes are its at
   * once, the others' reach it with their event (so while events are held it reads old values).
   */
  view(): Storage {
    const setShared = (key: string, value: string | null) =>
      value === null ? this.removeItem(key) : this.setItem(key, value);
    const cache = new Map(this.map);
    const view: Storage & { cache: Map<string, string> } = {
      cache,
      get length() {
        return cache.size;
      },
      clear: () => cache.clear(),
      key: (index: number) => [...cache.keys()][index] ?? null,
      getItem: (key: string) => cache.get(key) ?? null,
      setItem(key: string, value: string) {
        cache.set(key, String(value));
        setShared(key, String(value));
      },
      removeItem(key: string) {
        cache.delete(key);
        setShared(key, null);
      },
    };
    this.views.push(view);
    return view;
  }
  readonly views: Array<Storage & { cache: Map<string, string> }> = [];
  /** Delivers the held events. */
  release(): void {
    this.hold = false;
    const held = this.held;
    this.held = [];
    for (const event of held) this.deliver(event);
  }
  private changed(key: string, oldValue: string | null, newValue: string | null): void {
    const event = { key, oldValue, newValue, storageArea: this } as unknown as StorageEvent;
    if (this.hold) this.held.push(event);
    else setTimeout(() => this.deliver(event), 0);
  }
  private deliver(event: StorageEvent): void {
    for (const listener of [...this.listeners]) listener(event);
    // Each view hears it as its own area's event, once its copy has the change.
    for (const view of this.views) {
      if (event.newValue === null) view.cache.delete(event.key!);
      else view.cache.set(event.key!, event.newValue);
      for (const listener of [...this.listeners]) listener({ ...event, storageArea: view } as StorageEvent);
    }
  }
}

const question = (n: number) => ({
  messages: [text(`q${n}`, `Question ${n}`)],
  input: { id: `a${n}`, type: 'text input' },
});

/**
 * A viewer of text questions in a row: each answer is kept for its turn, and the next question
 * comes back. `gate` holds the next continue until the test opens it.
 */
function fakeViewer() {
  const turns = new Map<string, { turn: number; answers: Map<number, string[]> }>();
  let started = 0;
  let gate: { open: () => void; fail: (error: unknown) => void } | undefined;
  let holding = false;
  const client = {
    startChat: vi.fn(async (): Promise<StartChatResult> => {
      const sessionId = `s-${++started}`;
      turns.set(sessionId, { turn: 1, answers: new Map() });
      return { sessionId, resultId: 'r', flowbot: { id: 'bot', publishedAt: 'v1' }, ...question(1) };
    }),
    continueChat: vi.fn(
      async (
        sessionId: string,
        answer?: ChatAnswer,
        options?: { signal?: AbortSignal },
      ): Promise<ContinueChatResult> => {
        if (holding) {
          holding = false;
          await new Promise<void>((resolve, reject) => {
            gate = { open: resolve, fail: reject };
            options?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          });
        }
        const session = turns.get(sessionId)!;
        // No answer: the question waiting stays where it is (the viewer's protocol).
        if (answer === undefined) return question(session.turn);
        const words = typeof answer === 'string' ? answer : answer?.type === 'text' ? answer.text : '';
        session.answers.set(session.turn, [...(session.answers.get(session.turn) ?? []), words]);
        session.turn++;
        return question(session.turn);
      },
    ),
    /** The streamed answer: two pieces, the second once the test calls `endStream()`. */
    async *streamMessage(): AsyncIterable<string> {
      yield 'Refunds ';
      await streamed.promise;
      yield 'take 14 days.';
    },
  };
  const streamed = { resolve: () => {}, promise: Promise.resolve() };
  streamed.promise = new Promise<void>((resolve) => (streamed.resolve = resolve));
  return {
    client,
    /** The answers the viewer took, per turn of `sessionId`. */
    answers: (sessionId = 's-1') => Object.fromEntries(turns.get(sessionId)?.answers ?? []),
    /** Holds the next continue until `open()` or `fail()`. */
    holdNext: () => {
      holding = true;
    },
    /** Lets the streamed answer end. */
    endStream: () => streamed.resolve(),
    open: () => gate?.open(),
    fail: (error: unknown) => gate?.fail(error),
  };
}

let local: SharedStorage;
const tabs: ConversationController[] = [];

beforeEach(() => {
  local = new SharedStorage();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', new SharedStorage());
  // Each tab's `storage` listener; a tab hears its own writes too here, and must ignore them.
  vi.stubGlobal('addEventListener', (type: string, listener: Listener) => {
    if (type === 'storage') local.listeners.add(listener);
  });
  vi.stubGlobal('removeEventListener', (type: string, listener: Listener) => {
    if (type === 'storage') local.listeners.delete(listener);
  });
});

afterEach(() => {
  for (const tab of tabs.splice(0)) tab.hostDisconnected();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const flush = async (times = 3) => {
  for (let i = 0; i < times; i++) await new Promise<void>((resolve) => setTimeout(resolve, 0));
};

/**
 * A tab of the site with the widget (persist="local"), connected. Each tab is a page
 * of its own: its own copy of the widget's modules, as each tab of a browser has.
 */
async function tab(client: ReturnType<typeof fakeViewer>['client']) {
  vi.resetModules();
  const page = {
    ...(await import('../../../src/conversation/controller.js')),
    ...(await import('../../../src/conversation/persistence.js')),
    ...(await import('../../../src/conversation/remember.js')),
  };
  const notices: ConversationNotice[] = [];
  const controller = new page.ConversationController(new FakeHost(), {
    notify: (notice) => notices.push(notice),
    loadStore: async () => page,
    // A streamed answer's turn, as the element brings it with its on-demand part.
    loadStream: async () => ({
      ...(await import('../../../src/element/stream/turn.js')),
      ...(await import('../../../src/conversation/mistakes.js')),
    }),
  });
  controller.config = { publicId: 'bot', apiHost: 'https://viewer.test', persist: 'local', client: client as never };
  controller.hostConnected();
  tabs.push(controller);
  const shown = () =>
    controller.state.entries.map((e) =>
      e.kind === 'bot'
        ? e.message.id
        : e.kind === 'answer'
          ? `${e.text}${e.state === 'sent' ? '' : ` (${e.state})`}`
          : 'stream',
    );
  return { controller, notices, shown, state: () => controller.state };
}

/**
 * Two tabs on one conversation: the first started it, the second restored it. With `ownViews`
 * each tab reads its own copy of the storage area (see `SharedStorage.view`).
 */
async function twoTabs({ ownViews = false } = {}) {
  const viewer = fakeViewer();
  const a = await tab(viewer.client);
  if (ownViews) vi.stubGlobal('localStorage', local.view());
  a.controller.start();
  await flush();
  const b = await tab(viewer.client);
  if (ownViews) vi.stubGlobal('localStorage', local.view());
  b.controller.start();
  await flush();
  return { viewer, a, b };
}

describe('persist="local" in two tabs', () => {
  it('shows an answer and the reply in the other tab, with no request of its own', async () => {
    const { viewer, a, b } = await twoTabs();
    expect(b.shown()).toEqual(['q1']);
    const before = [...b.state().entries];

    a.controller.send('Ada');
    await flush();
    expect(a.shown()).toEqual(['q1', 'Ada', 'q2']);
    expect(b.shown()).toEqual(['q1', 'Ada', 'q2']);
    expect(b.state().input?.id).toBe('a2');
    expect(b.state().status).toBe('ready');
    // The rows it had are the same rows: only the new ones were added.
    expect(b.state().entries.slice(0, 1)).toEqual(before);
    expect(b.state().entries[0]).toBe(before[0]);
    expect(viewer.client.continueChat).toHaveBeenCalledTimes(1);
    expect(viewer.client.startChat).toHaveBeenCalledTimes(1);
    // The tab that did not talk announces nothing of what it was shown.
    expect(b.notices.map((n) => n.type)).toEqual(['start', 'input']);

    // The conversation goes on from the other tab.
    b.controller.send('ada@example.com');
    await flush();
    expect(a.shown()).toEqual(['q1', 'Ada', 'q2', 'ada@example.com', 'q3']);
    expect(viewer.answers()).toEqual({ 1: ['Ada'], 2: ['ada@example.com'] });
  });

  it('shows a call in flight in the other tab, which sends nothing meanwhile', async () => {
    const { viewer, a, b } = await twoTabs();
    viewer.holdNext();
    a.controller.send('Ada');
    await flush();
    expect(b.shown()).toEqual(['q1', 'Ada (sending)']);
    expect(b.state().typing).toBe(true);
    expect(b.state().status).toBe('sending');
    expect(b.controller.send('Bob')).toBe(false);

    viewer.open();
    await flush();
    expect(b.shown()).toEqual(['q1', 'Ada', 'q2']);
    expect(b.state().typing).toBe(false);
    expect(viewer.answers()).toEqual({ 1: ['Ada'] });
  });

  it('sends no stale answer from a tab that is behind: it catches up, keeps the words and says not sent', async () => {
    const { viewer, a, b } = await twoTabs();
    // The other tab has not heard of the answer yet when the visitor answers there too.
    local.hold = true;
    a.controller.send('Ada');
    await flush();
    expect(b.shown()).toEqual(['q1']);

    expect(b.controller.send('Bob')).toBe(true);
    await flush();
    expect(viewer.client.continueChat).toHaveBeenCalledTimes(1);
    expect(viewer.answers()).toEqual({ 1: ['Ada'] });
    expect(b.shown()).toEqual(['q1', 'Ada', 'q2', 'Bob (failed)']);
    // The words typed go in the field of the question that came instead.
    expect(b.state().input).toMatchObject({ id: 'a2', prefilledValue: 'Bob' });
    expect(b.state().status).toBe('ready');

    local.release();
    await flush();
    expect(b.shown()).toEqual(['q1', 'Ada', 'q2', 'Bob (failed)']);
    b.controller.send('Bob');
    await flush();
    expect(viewer.answers()).toEqual({ 1: ['Ada'], 2: ['Bob'] });
    expect(a.shown()).toEqual(['q1', 'Ada', 'q2', 'Bob', 'q3']);
  });

  it('answers each turn once, whichever tab the visitor uses', async () => {
    const { viewer, a, b } = await twoTabs();
    for (let turn = 1; turn <= 6; turn++) {
      const [first, second] = turn % 2 ? [a, b] : [b, a];
      first.controller.send(`first ${turn}`);
      // The same visitor, a moment later, in the other tab.
      second.controller.send(`second ${turn}`);
      await flush();
    }
    const answers = viewer.answers();
    expect(Object.keys(answers)).toHaveLength(6);
    for (const taken of Object.values(answers)) expect(taken).toHaveLength(1);
    expect(a.shown().filter((row) => !row.endsWith('(failed)'))).toEqual(
      b.shown().filter((row) => !row.endsWith('(failed)')),
    );
  });

  it("lets one of two tabs that answer at the same moment talk: the one holding the turn's Web Lock", async () => {
    // The origin's Web Locks, shared by its tabs.
    const held = new Set<string>();
    vi.stubGlobal('navigator', {
      locks: {
        async request(name: string, _options: unknown, callback: (lock: object | null) => unknown) {
          if (held.has(name)) return callback(null);
          held.add(name);
          try {
            return await callback({ name });
          } finally {
            held.delete(name);
          }
        },
      },
    });
    const { viewer, a, b } = await twoTabs({ ownViews: true });
    // Neither has heard of the other's answer when it checks the record.
    local.hold = true;
    a.controller.send('Ada');
    b.controller.send('Bob');
    await flush();
    expect(viewer.client.continueChat).toHaveBeenCalledTimes(1);
    expect(viewer.answers()).toEqual({ 1: ['Ada'] });
    expect(b.shown()).toEqual(['q1', 'Bob (failed)']);
    expect(b.state().input).toMatchObject({ id: 'a1', prefilledValue: 'Bob' });
    local.release();
    await flush();
    expect(b.shown()).toEqual(['q1', 'Ada', 'q2']);
    expect(held.size).toBe(0);

    b.controller.send('Bob');
    await flush();
    expect(viewer.answers()).toEqual({ 1: ['Ada'], 2: ['Bob'] });
    expect(held.size).toBe(0);
  });

  it('shows a failure in the other tab, where Retry sends the same answer', async () => {
    const { viewer, a, b } = await twoTabs();
    viewer.holdNext();
    a.controller.send('Ada');
    await flush();
    viewer.fail(new Error('offline'));
    await flush();
    expect(a.state().status).toBe('error');
    // The other tab hears of it a moment later (a call cut by a reload is no failure).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(b.state().status).toBe('error');
    expect(b.state().errorAction).toBe('send');
    expect(b.shown()).toEqual(['q1', 'Ada (failed)']);
    expect(b.notices.filter((n) => n.type === 'error')).toEqual([]);

    b.controller.retry();
    await flush();
    expect(viewer.answers()).toEqual({ 1: ['Ada'] });
    expect(b.shown()).toEqual(['q1', 'Ada', 'q2']);
    expect(a.shown()).toEqual(['q1', 'Ada', 'q2']);
    expect(a.state().status).toBe('ready');
  });

  it('follows a restart in the other tab', async () => {
    const { viewer, a, b } = await twoTabs();
    a.controller.send('Ada');
    await flush();
    b.controller.start({ fresh: true });
    await flush(5);
    expect(viewer.client.startChat).toHaveBeenCalledTimes(2);
    expect(b.state().sessionId).toBe('s-2');
    expect(a.state().sessionId).toBe('s-2');
    expect(a.shown()).toEqual(['q1']);
    expect(a.notices.at(-2)).toEqual({ type: 'start', sessionId: 's-2', resultId: 'r', restored: true });
  });

  it('takes over the answer of a tab that went away mid-call', async () => {
    const { viewer, a, b } = await twoTabs();
    viewer.holdNext();
    a.controller.send('Ada');
    await flush();
    expect(b.shown()).toEqual(['q1', 'Ada (sending)']);
    // The tab closes: its call is lost (the viewer never took it), its lease goes back.
    a.controller.hostDisconnected();
    tabs.splice(tabs.indexOf(a.controller), 1);
    await flush(20);
    // The viewer is asked first where the conversation stands (a continue without an answer): it
    // still waits on q1, so the answer goes, once.
    expect(viewer.client.continueChat).toHaveBeenCalledTimes(3);
    expect(vi.mocked(viewer.client.continueChat).mock.calls[1]?.[1]).toBeUndefined();
    expect(viewer.answers()).toEqual({ 1: ['Ada'] });
    expect(b.shown()).toEqual(['q1', 'Ada', 'q2']);
  });

  it('shows the answer it takes over as sending while it waits for the turn', async () => {
    // The origin's Web Locks: the first tab's at once, the next one only when the test says.
    let grant!: () => void;
    const later = new Promise<void>((resolve) => (grant = resolve));
    let requests = 0;
    vi.stubGlobal('navigator', {
      locks: {
        async request(name: string, _options: unknown, callback: (lock: object | null) => unknown) {
          if (requests++ > 0) await later;
          return callback({ name });
        },
      },
    });
    const { viewer, a, b } = await twoTabs();
    viewer.holdNext();
    a.controller.send('Ada');
    await flush();
    a.controller.hostDisconnected();
    tabs.splice(tabs.indexOf(a.controller), 1);
    await flush();
    // Waiting for the turn: the visitor's answer stays on screen, as sending.
    expect(viewer.client.continueChat).toHaveBeenCalledTimes(1);
    expect(b.shown()).toEqual(['q1', 'Ada (sending)']);
    expect(b.state().status).toBe('sending');
    grant();
    await flush(20);
    // Asked first whether the viewer has it (it has not), then sent.
    expect(viewer.client.continueChat).toHaveBeenCalledTimes(3);
    expect(b.shown()).toEqual(['q1', 'Ada', 'q2']);
  });

  it('takes over once the lease of a tab that died runs out', async () => {
    vi.useFakeTimers();
    const viewer = fakeViewer();
    // What a tab that crashed mid-call leaves behind.
    storeRecord(local, {
      sessionId: 's-1',
      resultId: 'r',
      flowbot: { id: 'bot', publishedAt: 'v1' },
      entries: [{ kind: 'bot', message: text('q1', 'Question 1') }],
      input: { id: 'a1', type: 'text input' },
      rev: 'gone.1',
      call: { tab: 'gone', until: Date.now() + LEASE_MS, text: 'Ada', answer: 'Ada' },
    });
    await viewer.client.startChat();
    const b = await tab(viewer.client);
    b.controller.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(b.shown()).toEqual(['q1', 'Ada (sending)']);
    expect(b.state().status).toBe('sending');
    await vi.advanceTimersByTimeAsync(LEASE_MS - 1000);
    expect(viewer.client.continueChat).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    // Asked first whether the viewer has it (it still waits on q1), then sent, once.
    expect(viewer.client.continueChat).toHaveBeenCalledTimes(2);
    expect(viewer.answers()).toEqual({ 1: ['Ada'] });
    expect(b.shown()).toEqual(['q1', 'Ada', 'q2']);
  });

  it('keeps a lease alive while the call lasts', async () => {
    vi.useFakeTimers();
    const viewer = fakeViewer();
    const a = await tab(viewer.client);
    a.controller.start();
    await vi.advanceTimersByTimeAsync(10);
    const b = await tab(viewer.client);
    b.controller.start();
    await vi.advanceTimersByTimeAsync(10);
    viewer.holdNext();
    a.controller.send('Ada');
    await vi.advanceTimersByTimeAsync(LEASE_MS * 3);
    expect(b.shown()).toEqual(['q1', 'Ada (sending)']);
    expect(viewer.client.continueChat).toHaveBeenCalledTimes(1);
    viewer.open();
    await vi.advanceTimersByTimeAsync(10);
    expect(b.shown()).toEqual(['q1', 'Ada', 'q2']);
  });

  it('streams in one tab; the other shows the answer whole', async () => {
    const { viewer, a, b } = await twoTabs();
    viewer.client.continueChat.mockImplementationOnce(async () => ({
      messages: [],
      clientSideActions: [{ type: 'stream', stream: true }],
    }));
    a.controller.send('How do refunds work?');
    // The stream's turn is code on demand: it arrives first.
    await vi.waitFor(() => expect(a.state().entries.at(-1)).toMatchObject({ kind: 'stream', text: 'Refunds ' }));
    expect(b.shown()).toEqual(['q1', 'How do refunds work?']);
    expect(b.state().typing).toBe(true);
    expect(b.state().status).toBe('sending');

    viewer.endStream();
    await flush(5);
    const whole = (entry: unknown) => (entry as { message?: { content?: { markdown?: string } } }).message?.content;
    expect(whole(b.state().entries[2])).toEqual({ type: 'markdown', markdown: 'Refunds take 14 days.' });
    expect(b.state().input?.id).toBe('a2');
    // The reply went once, from the tab that streamed.
    expect(viewer.client.continueChat).toHaveBeenCalledTimes(2);
    expect(viewer.client.continueChat).toHaveBeenLastCalledWith(
      's-1',
      { type: 'text', text: 'Refunds take 14 days.' },
      expect.anything(),
    );
  });
});

describe('ConversationStore change notifications', () => {
  it('stamps each save of persist="local" with a new rev and where its entries start', async () => {
    const viewer = fakeViewer();
    const a = await tab(viewer.client);
    a.controller.start();
    await flush();
    const key = storageKey('bot', 'https://viewer.test');
    const first = JSON.parse(local.getItem(key)!) as { rev: string; from: number; call?: unknown };
    expect(first).toMatchObject({ from: 0 });
    expect(first.call).toBeUndefined();
    a.controller.send('Ada');
    await flush();
    const second = JSON.parse(local.getItem(key)!) as { rev: string };
    expect(second.rev).not.toBe(first.rev);
  });

  it('reads records written before tabs were kept in step, and refuses sync fields out of shape', () => {
    const key = storageKey('bot', 'https://viewer.test');
    const base = {
      v: 2,
      key,
      savedAt: Date.now(),
      sessionId: 's-1',
      resultId: 'r',
      flowbot: {},
      entries: [{ kind: 'bot', message: text('q1', 'Question 1') }],
      input: { id: 'a1', type: 'text input' },
    };
    const load = () => new ConversationStore('local', 'bot', 'https://viewer.test').load();
    local.setItem(key, JSON.stringify(base));
    expect(load()?.sessionId).toBe('s-1');
    for (const bad of [{ rev: 7 }, { from: -1 }, { call: { tab: 1, until: 0 } }, { failed: { action: 'dance' } }]) {
      local.setItem(key, JSON.stringify({ ...base, ...bad }));
      expect(load(), JSON.stringify(bad)).toBeUndefined();
    }
  });
});
