// A bounded load test on loopback (127.0.0.x only; it stops by itself). The server runs in a child
// process so its memory is measured alone. First 1,000 start-and-answer conversations through the
// real client, 50 at a time; then 400 more while abusive clients, each on its own loopback address,
// flood startChat, send big uploads and drip bodies byte by byte. It asserts that every normal
// conversation succeeds and that the abuse is refused or cut; the figures it prints (memory,
// latency) are for people, not a CI gate.
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createViewerClient } from '../../../src/api/index.js';
import { pumpBody } from '../../support/pump-body.js';

const CONVERSATIONS = 1_000;
const CONVERSATIONS_UNDER_ABUSE = 400;
const CONCURRENCY = 50;
const MAX_SESSIONS = 5_000;
const MAX_UPLOAD = 5 * 1024 * 1024;
/** The abuse stops after this long at the latest. */
const ABUSE_MS = 9_000;

const SERVER_OPTIONS = {
  maxSessions: MAX_SESSIONS,
  maxUploadBytes: MAX_UPLOAD,
  // Normal traffic shares 127.0.0.1 with nothing else; the flood comes from 127.0.0.2.
  rateLimit: { perMinute: 6_000, burst: 1_500 },
  // Short enough for the slow bodies to be cut within the abuse window, long enough for a busy machine.
  headersTimeoutMs: 4_000,
  requestTimeoutMs: 6_000,
  bodyTimeoutMs: 3_000,
};

interface Memory {
  rss: number;
  heapUsed: number;
  sessions: number;
  uploads: number;
  started: number;
}

let child: ChildProcess;
let url: string;

beforeAll(async () => {
  child = fork(fileURLToPath(new URL('./load-server.ts', import.meta.url)), [JSON.stringify(SERVER_OPTIONS)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
}, 30_000);
afterAll(async () => {
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
});

const memory = () =>
  new Promise<Memory>((resolve) => {
    child.once('message', (message) => resolve(message as Memory));
    child.send('memory');
  });

/** The `p`-th percentile (0-100) of sorted `values`, nearest rank. */
function percentile(sorted: number[], p: number): number {
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Runs `total` conversations, `CONCURRENCY` at a time; returns their latencies and failures. */
async function conversations(total: number) {
  const viewer = createViewerClient({ viewerBaseUrl: url, timeout: 20_000 });
  const latencies: number[] = [];
  const failures: unknown[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < total) {
      next += 1;
      const started = performance.now();
      try {
        const start = await viewer.startChat('support');
        if (start.input?.id !== 'topic') throw new Error(`startChat asked for ${start.input?.id ?? 'nothing'}`);
        const reply = await viewer.continueChat(start.sessionId, 'Billing');
        if (reply.input?.id !== 'email') throw new Error(`continueChat asked for ${reply.input?.id ?? 'nothing'}`);
        latencies.push(performance.now() - started);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { latencies: latencies.sort((a, b) => a - b), failures };
}

/** startChat as fast as 50 keep-alive connections from 127.0.0.2 allow, until `until`. */
async function flood(until: number) {
  const { port } = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });
  const counts = { accepted: 0, refused: 0, failed: 0 };
  const one = () =>
    new Promise<void>((resolve) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/flowbots/support/startChat',
          agent,
          localAddress: '127.0.0.2',
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) counts.accepted++;
            else if (res.statusCode === 429) counts.refused++;
            else counts.failed++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        counts.failed++;
        resolve();
      });
      req.end();
    });
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      for (let i = 0; i < 1_000 && performance.now() < until; i++) await one();
    }),
  );
  agent.destroy();
  return counts;
}

/**
 * Chunked 64 MB uploads from 127.0.0.3, and one declaring 1 GB: each answer's status (or the
 * reset that a close with unread bytes causes before the client reads the 413) and the bytes sent by then.
 */
async function bigUploads() {
  const { port } = new URL(url);
  const upload = (headers: Record<string, string>, total: number) =>
    new Promise<{ status: number | string; sent: number }>((resolve) => {
      let sent = () => 0;
      const req = httpRequest(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/v3/storage', headers, localAddress: '127.0.0.3' },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, sent: sent() });
          req.destroy();
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: error.code ?? 'error', sent: sent() }));
      sent = pumpBody(req, total, 256 * 1024);
    });
  const multipart = { 'content-type': 'multipart/form-data; boundary=x' };
  return Promise.all([
    ...Array.from({ length: 4 }, () => upload({ ...multipart, 'transfer-encoding': 'chunked' }, 64 * 1024 * 1024)),
    upload({ ...multipart, 'content-length': String(1024 ** 3) }, 1024 * 1024),
  ]);
}

/** 100 connections from 127.0.0.4 sending a body byte every 500 ms; resolves with how many were cut and when. */
async function slowBodies(until: number) {
  const { port } = new URL(url);
  const opened = performance.now();
  const cutAfter: number[] = [];
  const sockets = Array.from({ length: 100 }, () => {
    const socket = connect({ host: '127.0.0.1', port: Number(port), localAddress: '127.0.0.4' });
    socket.on('error', () => undefined);
    socket.resume();
    const timer = setInterval(() => socket.writable && socket.write('{'), 500);
    socket.on('close', () => {
      clearInterval(timer);
      cutAfter.push(performance.now() - opened);
    });
    socket.write('POST /api/v1/flowbots/support/startChat HTTP/1.1\r\nHost: x\r\nContent-Length: 10000\r\n\r\n');
    return socket;
  });
  while (performance.now() < until && cutAfter.length < sockets.length) await new Promise((r) => setTimeout(r, 100));
  const cut = cutAfter.length;
  for (const socket of sockets) socket.destroy();
  return { cut, slowest: Math.max(0, ...cutAfter.slice(0, cut)) };
}

describe('reference server under load', () => {
  it(`holds ${CONVERSATIONS} conversations, then ${CONVERSATIONS_UNDER_ABUSE} more while abusive clients flood it`, async () => {
    // One unmeasured round first: connections, JIT and caches warm up, as they would on a live server.
    await conversations(CONCURRENCY);
    const idle = await memory();

    const began = performance.now();
    const normal = await conversations(CONVERSATIONS);
    const seconds = (performance.now() - began) / 1000;
    expect(normal.failures.slice(0, 3)).toEqual([]);
    expect(normal.latencies).toHaveLength(CONVERSATIONS);
    const afterNormal = await memory();

    let peak = afterNormal.rss;
    const sampling = setInterval(() => void memory().then((m) => (peak = Math.max(peak, m.rss))), 250);
    const abuseBegan = performance.now();
    const until = abuseBegan + ABUSE_MS;
    const [underAbuse, flooded, uploads, slow] = await Promise.all([
      conversations(CONVERSATIONS_UNDER_ABUSE),
      flood(until),
      bigUploads(),
      slowBodies(until),
    ]);
    clearInterval(sampling);
    const after = await memory();
    peak = Math.max(peak, after.rss);

    expect(underAbuse.failures.slice(0, 3)).toEqual([]);
    expect(underAbuse.latencies).toHaveLength(CONVERSATIONS_UNDER_ABUSE);
    // The flood got no more than the rate limit allows (on a busy machine it may not reach it).
    const abuseSeconds = (performance.now() - abuseBegan) / 1000;
    const { perMinute, burst } = SERVER_OPTIONS.rateLimit;
    expect(flooded.accepted).toBeLessThanOrEqual(burst + (perMinute / 60) * abuseSeconds + 10);
    expect(after.sessions).toBeLessThanOrEqual(MAX_SESSIONS);
    for (const upload of uploads) expect([408, 413, 'ECONNRESET', 'EPIPE']).toContain(upload.status);
    expect(after.uploads).toBe(0);
    expect(Math.max(...uploads.map((u) => u.sent))).toBeLessThan(32 * 1024 * 1024);
    expect(slow.cut).toBe(100);

    const n = normal.latencies;
    const a = underAbuse.latencies;
    console.log(
      [
        `load: ${CONVERSATIONS} conversations (startChat + continueChat, real client, loopback HTTP), ${CONCURRENCY} at a time, ` +
          `in ${seconds.toFixed(2)} s: ${(CONVERSATIONS / seconds).toFixed(0)} conversations/s, latency p50 ${ms(percentile(n, 50))}, ` +
          `p99 ${ms(percentile(n, 99))}, max ${ms(n.at(-1)!)}`,
        `under abuse: ${CONVERSATIONS_UNDER_ABUSE} conversations, latency p50 ${ms(percentile(a, 50))}, p99 ${ms(percentile(a, 99))}, max ${ms(a.at(-1)!)}`,
        `  startChat flood (50 connections, 127.0.0.2): ${flooded.accepted} accepted, ${flooded.refused} refused with 429, ${flooded.failed} failed`,
        `  big uploads (4 × 64 MB chunked, 1 × 1 GB declared): ${uploads.map((u) => `${u.status} after ${mb(u.sent)}`).join(', ')}`,
        `  slow bodies (100 connections, a byte every 500 ms): ${slow.cut} cut, the last after ${(slow.slowest / 1000).toFixed(1)} s`,
        `server memory (child process RSS): idle ${mb(idle.rss)}, after the normal load ${mb(afterNormal.rss)}, ` +
          `peak under abuse ${mb(peak)}, after ${mb(after.rss)}; sessions kept ${after.sessions} (cap ${MAX_SESSIONS}) of ${after.started} started`,
      ].join('\n'),
    );
  }, 60_000);
});
