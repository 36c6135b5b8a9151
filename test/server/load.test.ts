// A bounded load test on loopback: 1,000 start-and-answer conversations, 50 at a time, through
// the real client over real HTTP. It asserts only that every one succeeds (and that the server
// counted each exactly once); the figures it prints are for people, not a CI gate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createViewerClient } from '../../src/api/index.js';
import { startReferenceServer, type RunningReferenceServer } from '../../src/server/index.js';

const CONVERSATIONS = 1_000;
const CONCURRENCY = 50;

let server: RunningReferenceServer;

beforeAll(async () => {
  server = await startReferenceServer({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

/** The `p`-th percentile (0-100) of sorted `values`, nearest rank. */
function percentile(sorted: number[], p: number): number {
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

describe('reference server under load', () => {
  it(`holds ${CONVERSATIONS} start-and-answer conversations, ${CONCURRENCY} at a time`, async () => {
    const viewer = createViewerClient({ viewerBaseUrl: server.url, timeout: 10_000 });
    const latencies: number[] = [];
    const failures: unknown[] = [];
    const sessions = new Set<string>();
    let next = 0;

    const conversation = async (): Promise<void> => {
      const started = performance.now();
      const start = await viewer.startChat('support');
      if (start.input?.id !== 'topic') throw new Error(`startChat asked for ${start.input?.id ?? 'nothing'}`);
      const reply = await viewer.continueChat(start.sessionId, 'Billing');
      if (reply.input?.id !== 'email') throw new Error(`continueChat asked for ${reply.input?.id ?? 'nothing'}`);
      latencies.push(performance.now() - started);
      sessions.add(start.sessionId);
    };

    const worker = async (): Promise<void> => {
      while (next < CONVERSATIONS) {
        next += 1;
        await conversation().catch((error: unknown) => failures.push(error));
      }
    };

    // One unmeasured round first: connections, JIT and caches warm up, as they would on a live server.
    await Promise.all(Array.from({ length: CONCURRENCY }, conversation));
    latencies.length = 0;
    sessions.clear();
    server.state.stats.reset();

    const began = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - began) / 1000;

    expect(failures.slice(0, 3)).toEqual([]);
    expect(latencies).toHaveLength(CONVERSATIONS);
    expect(sessions.size).toBe(CONVERSATIONS);
    expect(server.state.stats.sessionsStarted).toBe(CONVERSATIONS);
    expect(server.state.stats.continueCount).toBe(CONVERSATIONS);
    for (const sessionId of sessions) expect(server.state.stats.answersOf(sessionId)).toEqual(['Billing']);

    const sorted = [...latencies].sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      `load: ${CONVERSATIONS} conversations (startChat + continueChat, real client, loopback HTTP), ${CONCURRENCY} at a time, ` +
        `after a warm-up round, in ${seconds.toFixed(2)} s: ` +
        `${(CONVERSATIONS / seconds).toFixed(0)} conversations/s, latency p50 ${ms(percentile(sorted, 50))}, ` +
        `p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1)!)}`,
    );
  });
});
