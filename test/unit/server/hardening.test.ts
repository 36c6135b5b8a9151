// The reference server against abusive clients, over real HTTP on loopback: slow headers and
// bodies are cut, sessions and recorded bodies stay bounded, one address cannot flood it, URLs
// never come from the Host header, faults are off unless asked for, and no response can be sniffed.
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedFlows, startReferenceServer, type RunningReferenceServer } from '../../../src/server/index.js';
import { echo } from '../../support/echo-flow.js';

/** Runs `use` against a reference server of its own, closed afterwards whatever happens. */
async function withServer(
  options: Parameters<typeof startReferenceServer>[0],
  use: (server: RunningReferenceServer) => Promise<void>,
): Promise<void> {
  const server = await startReferenceServer(options);
  try {
    await use(server);
  } finally {
    await server.close();
  }
}

const portOf = (server: RunningReferenceServer) => Number(new URL(server.url).port);

/** Opens `count` sockets that each send `first`, then `drip()` every `everyMs`; resolves with when each was closed (ms). */
async function slowClients(
  port: number,
  count: number,
  first: string,
  drip: () => string,
  everyMs: number,
  watchMs: number,
) {
  const opened = performance.now();
  const closedAfter: number[] = [];
  const sockets: Socket[] = [];
  for (let i = 0; i < count; i++) {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    // Read (and drop) whatever the server answers, as a client does.
    socket.resume();
    const timer = setInterval(() => socket.writable && socket.write(drip()), everyMs);
    socket.on('close', () => {
      clearInterval(timer);
      closedAfter.push(performance.now() - opened);
    });
    socket.write(first);
    sockets.push(socket);
  }
  await new Promise((resolve) => setTimeout(resolve, watchMs));
  for (const socket of sockets) socket.destroy();
  return closedAfter.slice(0, count);
}

/** A raw request (any Host, any local address); resolves with status, headers and body. */
function raw(
  server: RunningReferenceServer,
  options: { method?: string; path: string; headers?: Record<string, string>; localAddress?: string; body?: string },
) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: portOf(server),
          method: options.method ?? 'GET',
          path: options.path,
          headers: options.headers,
          localAddress: options.localAddress,
          agent: false,
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      req.end(options.body);
    },
  );
}

describe('slow clients are cut (13)', () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({
      port: 0,
      headersTimeoutMs: 1_000,
      requestTimeoutMs: 2_000,
      bodyTimeoutMs: 1_000,
    });
  });
  afterAll(() => server.close());

  it('closes 30 connections dripping a header line every 300 ms within the header timeout', async () => {
    let n = 0;
    const closed = await slowClients(
      portOf(server),
      30,
      'GET /__health HTTP/1.1\r\nHost: x\r\n',
      () => `x-slow-${n++}: 1\r\n`,
      300,
      3_500,
    );
    expect(closed).toHaveLength(30);
    expect(Math.max(...closed)).toBeLessThan(3_000);
  });

  it('closes 30 connections dripping a body byte every 300 ms', async () => {
    const head = 'POST /api/v1/flowbots/support/startChat HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n';
    const closed = await slowClients(portOf(server), 30, head, () => ' ', 300, 3_500);
    expect(closed).toHaveLength(30);
    expect(Math.max(...closed)).toBeLessThan(3_000);
    expect(server.state.stats.sessionsStarted).toBe(0);
  });

  it('still answers normal requests', async () => {
    expect((await fetch(`${server.url}/__health`)).status).toBe(200);
  });

  it("cuts a slow body by the app deadline too (408), also without Node's request timeout", async () => {
    const other = await startReferenceServer({ port: 0, requestTimeoutMs: 0, bodyTimeoutMs: 500 });
    try {
      const reply = await new Promise<{ status: number; after: number }>((resolve, reject) => {
        const started = performance.now();
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port: portOf(other),
            method: 'POST',
            path: '/api/v1/flowbots/support/startChat',
            headers: { 'content-length': '100' },
          },
          (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, after: performance.now() - started });
          },
        );
        req.on('error', reject);
        req.write('{');
      });
      expect(reply.status).toBe(408);
      expect(reply.after).toBeLessThan(1_500);
    } finally {
      await other.close();
    }
  });
});

describe('sessions and what is recorded stay bounded (14, 15)', () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({
      port: 0,
      maxSessions: 200,
      rateLimit: false,
      flows: { ...shippedFlows(), echo },
    });
  });
  afterAll(() => server.close());

  it('keeps at most maxSessions after a flood of 1,000 starts, forgetting the least recently used', async () => {
    const start = async () =>
      (
        (await (await fetch(`${server.url}/api/v1/flowbots/echo/startChat`, { method: 'POST' })).json()) as {
          sessionId: string;
        }
      ).sessionId;
    const first = await start();
    const kept = await start();
    const ids: string[] = [];
    for (let round = 0; round < 50; round++) {
      ids.push(...(await Promise.all(Array.from({ length: 20 }, start))));
      // A session in use stays: it is the most recently used.
      if (round % 5 === 0)
        expect(
          (
            await fetch(`${server.url}/api/v1/sessions/${kept}/continueChat`, {
              method: 'POST',
              body: '{"message":"hi"}',
            })
          ).status,
        ).toBe(200);
    }
    expect(server.state.sessions.size).toBeLessThanOrEqual(200);
    expect(server.state.sessions.evicted).toBeGreaterThanOrEqual(800);
    expect(
      (await fetch(`${server.url}/api/v1/sessions/${first}/continueChat`, { method: 'POST', body: '{}' })).status,
    ).toBe(404);
    expect(
      (await fetch(`${server.url}/api/v1/sessions/${ids.at(-1)}/continueChat`, { method: 'POST', body: '{}' })).status,
    ).toBe(200);
  });

  it('keeps at most 100 bodies of a session, within the byte budget (300 × 60 KB sent)', async () => {
    const { sessionId } = (await (
      await fetch(`${server.url}/api/v1/flowbots/echo/startChat`, { method: 'POST' })
    ).json()) as { sessionId: string };
    const big = JSON.stringify({ message: 'x'.repeat(60_000) });
    for (let i = 0; i < 300; i++) {
      const res = await fetch(`${server.url}/api/v1/sessions/${sessionId}/continueChat`, { method: 'POST', body: big });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const stats = server.state.stats;
    expect(stats.bodiesOf(sessionId)).toHaveLength(100);
    expect(stats.continueBytes).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(stats.bodiesDropped).toBeGreaterThanOrEqual(200);
  });
});

describe('rate limit per address (14)', () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ port: 0, rateLimit: { perMinute: 60, burst: 50 } });
  });
  afterAll(() => server.close());

  it('answers 429 with a whole-second Retry-After past the burst; another address is not affected', async () => {
    const statuses: number[] = [];
    let retryAfter: string | string[] | undefined;
    for (let i = 0; i < 80; i++) {
      const reply = await raw(server, { method: 'POST', path: '/api/v1/flowbots/support/startChat' });
      statuses.push(reply.status);
      if (reply.status === 429) retryAfter ??= reply.headers['retry-after'];
    }
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(50);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(52);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(28);
    expect(String(retryAfter)).toMatch(/^[1-9]\d*$/);
    expect(server.state.sessions.size).toBeLessThanOrEqual(52);
    const elsewhere = await raw(server, {
      method: 'POST',
      path: '/api/v1/flowbots/support/startChat',
      localAddress: '127.0.0.2',
    });
    expect(elsewhere.status).toBe(200);
  });

  it('has generous defaults', async () => {
    const other = await startReferenceServer({ port: 0 });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 250 }, () =>
          fetch(`${other.url}/api/v1/flowbots/support/startChat`, { method: 'POST' }).then((r) => r.status),
        ),
      );
      expect(statuses.every((s) => s === 200)).toBe(true);
    } finally {
      await other.close();
    }
  });
});

/**
 * Sends a POST's head and 1 KB of a body that would be 60 KB (declared, or chunked), and nothing
 * more; resolves with the status line the server answers with (or '' within `ms`) and how long
 * the answer and the server's closing took.
 */
function partialPost(
  server: RunningReferenceServer,
  path: string,
  framing: 'content-length' | 'chunked',
  localAddress: string,
  ms = 3_000,
): Promise<{ status: string; answeredAfter: number; closedAfter: number }> {
  return new Promise((resolve) => {
    const opened = performance.now();
    const socket = connect({ port: portOf(server), host: '127.0.0.1', localAddress });
    let received = '';
    let answeredAfter = Infinity;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({
        status: received.split('\r\n')[0] ?? '',
        answeredAfter,
        closedAfter: performance.now() - opened,
      });
    };
    const timer = setTimeout(done, ms);
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (answeredAfter === Infinity && received.includes('\r\n')) answeredAfter = performance.now() - opened;
    });
    socket.on('close', done);
    const part = `{"message":"${'x'.repeat(1_000)}`;
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        (framing === 'chunked'
          ? `Transfer-Encoding: chunked\r\n\r\n${part.length.toString(16)}\r\n${part}\r\n`
          : `Content-Length: 60000\r\n\r\n${part}`),
    );
  });
}

describe('rate limit before the body', () => {
  it('refuses a caller over its rate (429) before its body has arrived, and closes the connection', async () => {
    const server = await startReferenceServer({
      port: 0,
      rateLimit: { perMinute: 1, burst: 1 },
      bodyTimeoutMs: 5_000,
    });
    try {
      const address = '127.0.0.7';
      const first = await raw(server, {
        method: 'POST',
        path: '/api/v1/flowbots/support/startChat',
        localAddress: address,
      });
      expect(first.status).toBe(200);
      for (const [path, framing] of [
        ['/api/v1/flowbots/support/startChat', 'content-length'],
        ['/api/v1/flowbots/support/startChat', 'chunked'],
        ['/api/v3/generate-upload-url', 'content-length'],
      ] as const) {
        const reply = await partialPost(server, path, framing, address);
        const what = `${path} (${framing})`;
        expect(reply.status, what).toMatch(/^HTTP\/1\.1 429 /);
        // 59 KB of the body were never sent: the answer did not wait for them, nor the closing.
        expect(reply.answeredAfter, what).toBeLessThan(1_000);
        expect(reply.closedAfter, what).toBeLessThan(2_000);
      }
      expect(server.state.stats.sessionsStarted).toBe(1);
    } finally {
      await server.close();
    }
  });
});

describe('URLs come from publicUrl, never from Host (16)', () => {
  it('ignores a forged Host header', async () => {
    await withServer({ port: 0 }, async (server) => {
      const reply = await raw(server, {
        method: 'POST',
        path: '/api/v1/flowbots/demo/startChat',
        headers: { host: 'evil.example' },
      });
      expect(reply.status).toBe(200);
      expect(reply.body).not.toContain('evil.example');
      expect(reply.body).toContain(`${server.url}/demo-assets/`);
    });
  });

  it('uses the configured publicUrl for assets and uploads', async () => {
    await withServer({ port: 0, publicUrl: 'https://chat.example.com/' }, async (server) => {
      const start = await raw(server, {
        method: 'POST',
        path: '/api/v1/flowbots/demo/startChat',
        headers: { host: 'evil.example' },
      });
      expect(start.body).toContain('https://chat.example.com/demo-assets/');
      expect(start.body).not.toContain('evil.example');
      await expect(startReferenceServer({ port: 0, publicUrl: 'javascript:alert(1)' })).rejects.toThrow(/publicUrl/);
    });
  });
});

describe('fault injection is opt-in (17) and its header checked (18)', () => {
  it('ignores the fault header and does not allow it by CORS unless started with faults', async () => {
    await withServer({ port: 0 }, async (server) => {
      const res = await fetch(`${server.url}/__health`, { headers: { 'x-reference-fault': 'status=503' } });
      expect(res.status).toBe(200);
      const preflight = await fetch(`${server.url}/api/v1/flowbots/demo/startChat`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://a.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-reference-fault',
        },
      });
      expect(preflight.headers.get('access-control-allow-headers') ?? '').not.toMatch(/x-reference-fault/i);
      expect(() => server.state.faults.next('status=500')).toThrow(/faults: true/);
    });
  });

  it('takes only a bounded whole number of seconds for Retry-After', async () => {
    await withServer({ port: 0, faults: true }, async (server) => {
      const ok = await fetch(`${server.url}/__health`, {
        headers: { 'x-reference-fault': 'status=429;retry-after=7' },
      });
      expect(ok.headers.get('retry-after')).toBe('7');
      for (const value of ['<b>x</b>', '1.5', '-1', '86401', '99999999999', 'Wed, 21 Oct 2015 07:28:00 GMT']) {
        const res = await fetch(`${server.url}/__health`, {
          headers: { 'x-reference-fault': `status=429;retry-after=${value}` },
        });
        expect(res.status, value).toBe(400);
        expect(res.headers.get('retry-after'), value).toBeNull();
        expect(await res.text(), value).not.toContain('<b>');
      }
    });
  });
});

describe('no response can be sniffed; error bodies do not echo raw paths (18)', () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ port: 0 });
  });
  afterAll(() => server.close());

  it('sends nosniff on success, error, asset and Node-level answers', async () => {
    const answers = [
      await raw(server, { path: '/__health' }),
      await raw(server, { path: '/api/v1/flowbots' }),
      await raw(server, { path: '/demo-assets/banner.svg' }),
      await raw(server, { method: 'POST', path: '/api/v1/flowbots/nope/startChat' }),
      await raw(server, { path: '/api/v1/functions/unity/x' }),
      await raw(server, { path: '/nothing' }),
    ];
    for (const answer of answers) expect(answer.headers['x-content-type-options']).toBe('nosniff');
    const junk = await new Promise<string>((resolve) => {
      const socket = connect(portOf(server), '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => (text += String(chunk)));
      socket.on('close', () => resolve(text));
      socket.write('NOT HTTP\r\n\r\n');
    });
    expect(junk).toMatch(/^HTTP\/1\.1 400/);
    expect(junk.toLowerCase()).toContain('x-content-type-options: nosniff');
  });

  it('does not echo a path with markup', async () => {
    const reply = await raw(server, { path: '/api/v1/%3Cscript%3Ealert(1)%3C/script%3E' });
    expect(reply.status).toBe(404);
    expect(reply.body).not.toMatch(/<script|%3Cscript/i);
    expect(JSON.parse(reply.body)).toEqual({ message: 'No route for GET (this path).' });
    const plain = await raw(server, { path: '/api/v1/nothing-here' });
    expect(JSON.parse(plain.body)).toEqual({ message: 'No route for GET /api/v1/nothing-here.' });
    const session = await raw(server, {
      method: 'POST',
      path: '/api/v1/sessions/%3Cimg%20src=x%3E/continueChat',
      body: '{}',
    });
    expect(session.status).toBe(404);
    expect(session.body).not.toContain('<img');
  });
});
