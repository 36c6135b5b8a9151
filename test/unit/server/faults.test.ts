// Fault injection as the client meets it over real HTTP (500/502/503, 429 with Retry-After, slow
// first byte, a body that stalls midway, hung, dropped before and after the work, bad JSON, one
// request in N), and the counts the server keeps of what it accepted.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createViewerClient,
  FlowbotHttpError,
  FlowbotNetworkError,
  FlowbotResponseError,
  FlowbotTimeoutError,
  type ViewerClient,
} from '../../../src/api/index.js';
import {
  createReferenceApp,
  FaultQueue,
  parseFaultSpec,
  ReferenceStats,
  shippedFlows,
  startReferenceServer,
  type RunningReferenceServer,
} from '../../../src/server/index.js';
import { echo } from '../../support/echo-flow.js';

let server: RunningReferenceServer;

beforeAll(async () => {
  server = await startReferenceServer({ port: 0, flows: { ...shippedFlows(), echo }, faults: true });
});
afterAll(() => server.close());
afterEach(() => {
  server.state.faults.clear();
  server.state.stats.reset();
});

const viewer = (timeout = 5_000): ViewerClient => createViewerClient({ viewerBaseUrl: server.url, timeout });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );
const elapsed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
};

describe('fault injection over real HTTP', () => {
  it.each([500, 502, 503])('answers %i in the error shape; the client reports it', async (status) => {
    server.state.faults.next(`status=${status}`, { match: '/startChat' });
    const error = await failure(viewer().startChat('support'));
    expect(error).toBeInstanceOf(FlowbotHttpError);
    expect(error).toMatchObject({ status, operation: 'startChat', serverMessage: `Injected fault: status ${status}.` });
    expect(server.state.stats.sessionsStarted).toBe(0);
  });

  it('answers 429 with Retry-After, readable across origins', async () => {
    const response = await fetch(`${server.url}/api/v1/flowbots/support/startChat`, {
      method: 'POST',
      headers: { 'x-reference-fault': 'status=429;retry-after=7', origin: 'https://customer.example' },
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(response.headers.get('access-control-expose-headers')).toMatch(/Retry-After/i);
    expect(await response.json()).toEqual({ message: 'Injected fault: status 429.' });
  });

  it('delays the first byte, then answers normally', async () => {
    server.state.faults.next('delay=300', { match: '/startChat' });
    const [start, ms] = await elapsed(() => viewer().startChat('support'));
    expect(ms).toBeGreaterThanOrEqual(280);
    expect(start.input?.id).toBe('topic');
    expect(server.state.stats.sessionsStarted).toBe(1);
  });

  it('trickles: headers and half the body at once, the rest later', async () => {
    const [response, headersAfter] = await elapsed(() =>
      fetch(`${server.url}/api/v1/flowbots/support/startChat`, {
        method: 'POST',
        headers: { 'x-reference-fault': 'trickle=800' },
      }),
    );
    expect(response.status).toBe(200);
    expect(headersAfter).toBeLessThan(500);
    const [text, bodyAfter] = await elapsed(() => response.text());
    expect(bodyAfter).toBeGreaterThanOrEqual(500);
    expect(JSON.parse(text)).toMatchObject({ input: { id: 'topic' } });
  });

  it('a trickling body longer than the timeout becomes FlowbotTimeoutError', async () => {
    server.state.faults.next('trickle=3000', { match: '/startChat' });
    const [error, ms] = await elapsed(() => failure(viewer(300).startChat('support')));
    expect(error).toBeInstanceOf(FlowbotTimeoutError);
    expect((error as Error).message).toMatch(/reading the response/);
    expect(ms).toBeLessThan(2_500);
  });

  it('hangs until the client gives up', async () => {
    server.state.faults.next('hang', { match: '/startChat' });
    const [error, ms] = await elapsed(() => failure(viewer(300).startChat('support')));
    expect(error).toBeInstanceOf(FlowbotTimeoutError);
    expect(ms).toBeGreaterThanOrEqual(280);
    expect(server.state.stats.sessionsStarted).toBe(0);
  });

  it('drops the connection before the work: a network error, nothing accepted', async () => {
    const { sessionId } = await viewer().startChat('echo');
    server.state.faults.next('drop', { match: '/continueChat' });
    expect(await failure(viewer().continueChat(sessionId, 'lost'))).toBeInstanceOf(FlowbotNetworkError);
    expect(server.state.stats.bodiesOf(sessionId)).toEqual([]);
  });

  it('drops the connection after the work: a network error, yet the answer was accepted', async () => {
    const { sessionId } = await viewer().startChat('echo');
    server.state.faults.next('drop-after', { match: '/continueChat' });
    expect(await failure(viewer().continueChat(sessionId, 'kept'))).toBeInstanceOf(FlowbotNetworkError);
    expect(server.state.stats.answersOf(sessionId)).toEqual(['kept']);
  });

  it('sends a 1 GB answer as a small gzip, a body that goes on and on, or 12 MB of JSON, as fast as it is read', async () => {
    // Read whole (as a careless client would), the padded bodies are still the answer, as JSON.
    const huge = await fetch(`${server.url}/api/v1/flowbots/support/startChat`, {
      method: 'POST',
      headers: { 'x-reference-fault': 'huge=12' },
    });
    const text = await huge.text();
    expect(text.length).toBeGreaterThan(12 * 1024 * 1024);
    expect(JSON.parse(text)).toMatchObject({ input: { id: 'topic' } });

    for (const spec of ['gzip-bomb', 'endless']) {
      const response = await fetch(`${server.url}/api/v1/flowbots/support/startChat`, {
        method: 'POST',
        headers: { 'x-reference-fault': spec, 'accept-encoding': 'gzip' },
      });
      expect(response.status, spec).toBe(200);
      expect(response.headers.get('content-encoding'), spec).toBe(spec === 'gzip-bomb' ? 'gzip' : null);
      // The first 8 MB (inflated), then the client stops: the server stops too.
      const reader = response.body!.getReader();
      let read = 0;
      let start = '';
      while (read < 8 * 1024 * 1024) {
        const { value } = await reader.read();
        if (!value) break;
        if (!start) start = new TextDecoder().decode(value.subarray(0, 12));
        read += value.length;
      }
      await reader.cancel();
      expect(start, spec).toBe('{"padding":"');
      expect(read, spec).toBeGreaterThanOrEqual(8 * 1024 * 1024);
    }
    expect(server.state.stats.sessionsStarted).toBe(3);
  });

  it.each(['gzip-bomb', 'endless', 'huge=12'])(
    'the viewer client refuses a body over 2 MB (%s) unread beyond it, with a FlowbotResponseError naming the limit',
    async (spec) => {
      server.state.faults.next(spec, { match: '/continueChat' });
      const { sessionId } = await viewer().startChat('echo');
      const [error, ms] = await elapsed(() => failure(viewer().continueChat(sessionId, 'a big reply')));
      expect(error).toBeInstanceOf(FlowbotResponseError);
      expect(error).toMatchObject({ status: 200, operation: 'continueChat', issues: [] });
      expect((error as Error).message).toMatch(/a body over 2097152 bytes/);
      expect(ms).toBeLessThan(2_000);
      // The server did the work before answering so: the answer was taken.
      expect(server.state.stats.answersOf(sessionId)).toEqual(['a big reply']);
    },
  );

  it('answers 200 with a body that is not JSON', async () => {
    server.state.faults.next('bad-json', { match: '/startChat' });
    const error = await failure(viewer().startChat('support'));
    expect(error).toBeInstanceOf(FlowbotResponseError);
    expect(error).toMatchObject({ status: 200, operation: 'startChat', issues: [] });
  });

  it('fails one matching request in three with `every`, until cleared', async () => {
    server.state.faults.next('status=503', { match: '/startChat', every: 3 });
    const outcomes: number[] = [];
    for (let i = 0; i < 9; i++) {
      outcomes.push((await fetch(`${server.url}/api/v1/flowbots/support/startChat`, { method: 'POST' })).status);
    }
    expect(outcomes).toEqual([200, 200, 503, 200, 200, 503, 200, 200, 503]);
    // Requests elsewhere are not counted and not faulted.
    expect((await fetch(`${server.url}/__health`)).status).toBe(200);
    expect(server.state.faults.pending).toBe(Number.POSITIVE_INFINITY);
    server.state.faults.clear();
    expect((await fetch(`${server.url}/api/v1/flowbots/support/startChat`, { method: 'POST' })).status).toBe(200);
    expect(server.state.stats.sessionsStarted).toBe(7);
  });

  it('counts `times` only for the faulted requests with `every`', async () => {
    server.state.faults.next('status=500', { every: 2, times: 2 });
    const outcomes: number[] = [];
    for (let i = 0; i < 6; i++) outcomes.push((await fetch(`${server.url}/__health`)).status);
    expect(outcomes).toEqual([200, 500, 200, 500, 200, 200]);
    expect(server.state.faults.pending).toBe(0);
  });
});

describe('fault specs', () => {
  it('parses the new parts and refuses bad values', () => {
    expect(parseFaultSpec('trickle=250; drop-after')).toEqual({ trickle: 250, dropAfter: true });
    expect(() => parseFaultSpec('trickle=')).toThrow(/milliseconds/);
    expect(() => parseFaultSpec('delay=-5')).toThrow(/milliseconds/);
    expect(() => new FaultQueue().next('status=500', { every: 0 })).toThrow(/every/);
    expect(() => new FaultQueue().next('status=500', { every: 1.5 })).toThrow(/every/);
  });

  it('trickles and drops after the work in process too (no socket)', async () => {
    const { app, state } = createReferenceApp({ faults: true });
    const slow = await app.request('/api/v1/flowbots/support/startChat', {
      method: 'POST',
      headers: { 'x-reference-fault': 'trickle=100' },
    });
    expect(slow.headers.get('content-length')).toBeNull();
    expect(await slow.json()).toMatchObject({ input: { id: 'topic' } });
    const lost = await app.request('/api/v1/flowbots/support/startChat', {
      method: 'POST',
      headers: { 'x-reference-fault': 'drop-after' },
    });
    await expect(lost.text()).rejects.toThrow(/dropped/);
    expect(state.stats.sessionsStarted).toBe(2);
  });
});

describe('stats: what the server accepted', () => {
  it('counts the sessions opened and the bodies accepted per session, in order', async () => {
    const client = viewer();
    const a = await client.startChat('support');
    const b = await client.startChat('support');
    await client.continueChat(a.sessionId, 'Billing');
    await client.continueChat(b.sessionId, {
      type: 'text',
      text: 'Something else',
      metadata: { replyId: 'topic-other' },
    });
    await client.continueChat(a.sessionId, 'ada@example.com');
    const stats = server.state.stats;
    expect(stats.sessionsStarted).toBe(2);
    expect(stats.startedSessionIds).toEqual([a.sessionId, b.sessionId]);
    expect(stats.bodiesOf(a.sessionId)).toEqual([{ message: 'Billing' }, { message: 'ada@example.com' }]);
    expect(stats.answersOf(b.sessionId)).toEqual(['Something else']);
    expect(stats.continueCount).toBe(3);
  });

  it('does not count refused or faulted requests; counts an answer the flow asks again for', async () => {
    const client = viewer();
    const { sessionId } = await client.startChat('support');
    const refused = await fetch(`${server.url}/api/v1/sessions/${sessionId}/continueChat`, {
      method: 'POST',
      body: '{"message": 42}',
    });
    expect(refused.status).toBe(400);
    server.state.faults.next('status=500', { match: '/continueChat' });
    await failure(client.continueChat(sessionId, 'Billing'));
    await failure(client.continueChat('no-such-session', 'Billing'));
    // Not a choice: the server accepts the request and answers with the retry message.
    await client.continueChat(sessionId, 'Weather');
    await client.continueChat(sessionId);
    expect(server.state.stats.bodiesOf(sessionId)).toEqual([{ message: 'Weather' }, {}]);
    expect(server.state.stats.answersOf(sessionId)).toEqual(['Weather']);
  });

  it('sees 50 answers through a server that fails one request in three: none lost, none duplicated', async () => {
    const client = viewer();
    const { sessionId } = await client.startChat('echo');
    server.state.faults.next('status=503', { match: '/continueChat', every: 3 });
    const sent = Array.from({ length: 50 }, (_, i) => `answer ${i + 1}`);
    let failures = 0;
    for (const answer of sent) {
      // Resend the same answer until it goes through: a 503 means the server did not take it.
      for (;;) {
        const error = await failure(client.continueChat(sessionId, answer));
        if (error === undefined) break;
        expect(error).toMatchObject({ status: 503 });
        failures += 1;
      }
    }
    expect(failures).toBe(24);
    expect(server.state.stats.answersOf(sessionId)).toEqual(sent);
  });

  it('shows the duplicate a blind resend makes after a lost response', async () => {
    const client = viewer();
    const { sessionId } = await client.startChat('echo');
    server.state.faults.next('drop-after', { match: '/continueChat' });
    await failure(client.continueChat(sessionId, 'once'));
    await client.continueChat(sessionId, 'once');
    expect(server.state.stats.answersOf(sessionId)).toEqual(['once', 'once']);
  });

  it('resets, and keeps a bounded number of sessions', () => {
    const { state } = createReferenceApp();
    const stats = state.stats;
    const limit = ReferenceStats.SESSION_LIMIT;
    for (let i = 0; i <= limit; i++) {
      stats.recordStart(`s${i}`);
      stats.recordContinue(`s${i}`, { message: 'hi' });
    }
    expect(stats.sessionsStarted).toBe(limit + 1);
    expect(stats.startedSessionIds).toHaveLength(limit);
    expect(stats.continueBodies.size).toBe(limit);
    expect(stats.bodiesOf('s0')).toEqual([]);
    expect(stats.answersOf(`s${limit}`)).toEqual(['hi']);
    stats.reset();
    expect(stats.sessionsStarted).toBe(0);
    expect(stats.continueCount).toBe(0);
  });
});
