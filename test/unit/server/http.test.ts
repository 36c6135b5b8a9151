import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionListSchema, StartChatResultSchema } from '../../../src/api/schemas/index.js';
import { startReferenceServer, type RunningReferenceServer } from '../../../src/server/index.js';
import { conforms, errorOf, reference } from './helpers.js';

describe('reference server: HTTP behaviour', () => {
  it('answers 404 with the error shape for unknown routes', async () => {
    const { call } = reference();
    expect(errorOf(await call('GET', '/api/v1/nothing-here'), 404).message).toContain('/api/v1/nothing-here');
    errorOf(await call('DELETE', '/api/v1/widget/duplicate/'), 404);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const { call, seed } = reference();
    const error = errorOf(await call('PUT', `/api/v1/auth/update/${seed.accountId}`, '{"name": "Ada"'), 400);
    expect(error.message).toMatch(/not valid JSON/);
  });

  it('reads JSON whatever the content type says', async () => {
    const { call, seed } = reference();
    const reply = await call('PUT', `/api/v1/auth/update/${seed.accountId}`, JSON.stringify({ name: 'Plain' }), {
      headers: { 'content-type': 'text/plain' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.name).toBe('Plain');
  });

  it('answers 413 for a body over the limit, with or without a length header', async () => {
    const { call, seed, app } = reference({ bodyLimit: 1024 });
    const big = { title: 'x', description: 'y'.repeat(2000) };
    const error = errorOf(await call('POST', `/api/content/course/${seed.courseId}/create_class`, big), 413);
    expect(error.message).toMatch(/1024 bytes/);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify(big)));
        controller.close();
      },
    });
    const res = await app.request('/api/v1/flowbots/demo/startChat', {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('defaults the limit to 64 KB', async () => {
    const { call, seed } = reference();
    const fine = await call('PUT', `/api/v1/auth/update/${seed.accountId}`, {
      name: 'Ada',
      padding: 'p'.repeat(60_000),
    });
    expect(fine.status).toBe(200);
    errorOf(
      await call('PUT', `/api/v1/auth/update/${seed.accountId}`, { name: 'Ada', padding: 'p'.repeat(70_000) }),
      413,
    );
  });

  describe('CORS', () => {
    it('answers preflights for any origin with the needed headers', async () => {
      const { app, seed } = reference();
      const res = await app.request(`/api/v1/bot/${seed.botId}/fallback/${seed.fallbackId}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://customer.example',
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
      const allowed = res.headers.get('access-control-allow-headers')?.toLowerCase() ?? '';
      expect(allowed).toContain('authorization');
      expect(allowed).toContain('content-type');
    });

    it('marks plain and error responses too', async () => {
      const { call } = reference();
      const ok = await call('GET', '/api/v1/flowbots', undefined, { headers: { origin: 'https://customer.example' } });
      expect(ok.headers.get('access-control-allow-origin')).toBe('*');
      const missing = await call('GET', '/nope', undefined, { headers: { origin: 'https://customer.example' } });
      expect(missing.headers.get('access-control-allow-origin')).toBe('*');
    });
  });

  it('reports health and lists the demo flows', async () => {
    const { call, seed } = reference();
    expect((await call('GET', '/__health')).body).toEqual({ status: 'ok' });
    expect((await call('GET', '/api/health')).status).toBe(200);
    const flows = await call('GET', '/api/v1/flowbots', undefined, { token: null });
    expect(flows.body.map((f: { publicId: string }) => f.publicId)).toEqual(seed.publicIds);
    expect(seed.publicIds).toEqual(['demo', 'support', 'lead', 'goodbye', 'assistant']);
    for (const flow of flows.body) {
      expect(flow.name).toEqual(expect.any(String));
      expect(flow.description).toEqual(expect.any(String));
    }
  });

  it('serves the demo assets', async () => {
    const { app } = reference();
    const svg = await app.request('/demo-assets/banner.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toMatch(/^<svg /);
    const wav = await app.request('/demo-assets/chime.wav');
    expect(wav.headers.get('content-type')).toBe('audio/wav');
    const bytes = new Uint8Array(await wav.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe('RIFF');
    expect(bytes.length).toBeGreaterThan(1000);
    expect((await app.request('/demo-assets/nope.svg')).status).toBe(404);
  });

  describe('fault injection', () => {
    it('answers the status asked for in the header, with Retry-After', async () => {
      const { call, seed } = reference({ faults: true });
      const path = `/api/v1/functions/unity/${seed.unityId}`;
      expect(
        errorOf(await call('GET', path, undefined, { headers: { 'x-reference-fault': 'status=503' } }), 503).message,
      ).toMatch(/Injected/);
      const limited = await call('GET', path, undefined, {
        headers: { 'x-reference-fault': 'status=429;retry-after=1' },
      });
      errorOf(limited, 429);
      expect(limited.headers.get('retry-after')).toBe('1');
      // normal behaviour is unchanged without the header
      expect((await call('GET', path)).status).toBe(200);
    });

    it('delays, then answers normally', async () => {
      const { call, seed } = reference({ faults: true });
      const started = Date.now();
      const reply = await call('GET', `/api/v1/functions/unity/${seed.unityId}`, undefined, {
        headers: { 'x-reference-fault': 'delay=150' },
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
      conforms(FunctionListSchema, reply.body);
    });

    it('sends a body that is not JSON', async () => {
      const { app } = reference({ faults: true });
      const res = await app.request('/api/v1/flowbots/demo/startChat', {
        method: 'POST',
        headers: { 'x-reference-fault': 'bad-json' },
      });
      expect(res.status).toBe(200);
      await expect(res.json()).rejects.toThrow();
    });

    it('breaks the response when asked to drop it and no socket exists', async () => {
      const { app } = reference({ faults: true });
      const res = await app.request('/__health', { headers: { 'x-reference-fault': 'drop' } });
      await expect(res.text()).rejects.toThrow(/dropped/);
    });

    it('refuses an unknown fault spec', async () => {
      const { call } = reference({ faults: true });
      expect(
        errorOf(await call('GET', '/__health', undefined, { headers: { 'x-reference-fault': 'explode' } }), 400)
          .message,
      ).toMatch(/unknown fault/);
    });

    it('queues faults for the next matching requests', async () => {
      const { call, state } = reference({ faults: true });
      state.faults.next('status=500', { match: '/startChat', times: 2 });
      expect(state.faults.pending).toBe(2);
      expect((await call('GET', '/__health')).status).toBe(200);
      errorOf(await call('POST', '/api/v1/flowbots/demo/startChat'), 500);
      errorOf(await call('POST', '/api/v1/flowbots/support/startChat'), 500);
      expect((await call('POST', '/api/v1/flowbots/demo/startChat')).status).toBe(200);
      state.faults.next({ status: 502 });
      state.faults.clear();
      expect(state.faults.pending).toBe(0);
      expect((await call('GET', '/__health')).status).toBe(200);
    });

    it('never faults a preflight', async () => {
      const { app, state } = reference({ faults: true });
      state.faults.next('status=503');
      const res = await app.request('/__health', {
        method: 'OPTIONS',
        headers: { origin: 'https://a.example', 'access-control-request-method': 'GET' },
      });
      expect(res.status).toBe(204);
      expect(state.faults.pending).toBe(1);
    });
  });
});

describe('startReferenceServer (real HTTP)', () => {
  let server: RunningReferenceServer;

  beforeAll(async () => {
    server = await startReferenceServer({ port: 0, faults: true });
  });
  afterAll(async () => {
    await server.close();
  });

  it('listens on 127.0.0.1 with a random port and no trailing slash', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.seed.publicId).toBe('demo');
    expect(server.token).toBe('flowbot-reference-token');
  });

  it('serves the chat API and the viewer', async () => {
    const list = await fetch(`${server.url}/api/v1/functions/unity/${server.seed.unityId}`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    conforms(FunctionListSchema, await list.json());
    const start = await fetch(`${server.url}/api/v1/flowbots/demo/startChat`, { method: 'POST' });
    const result = conforms(StartChatResultSchema, await start.json());
    const image = JSON.stringify(result.messages);
    expect(result.sessionId).toBeTruthy();
    expect(image).not.toContain('{{');
  });

  it('drops the connection when asked', async () => {
    await expect(fetch(`${server.url}/__health`, { headers: { 'x-reference-fault': 'drop' } })).rejects.toThrow(
      TypeError,
    );
    expect((await fetch(`${server.url}/__health`)).status).toBe(200);
  });

  it('hangs until the caller gives up', async () => {
    const started = Date.now();
    await expect(
      fetch(`${server.url}/__health`, { headers: { 'x-reference-fault': 'hang' }, signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow(/abort|timeout/i);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('closes even with a hanging request open', async () => {
    const other = await startReferenceServer({ port: 0, faults: true });
    const pending = fetch(`${other.url}/__health`, { headers: { 'x-reference-fault': 'hang' } }).catch(
      (e: unknown) => e,
    );
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await pending).toBeInstanceOf(TypeError);
  });
});
