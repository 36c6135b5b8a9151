// Streamed answers over real HTTP: the assistant flow, the data stream on the wire, the client's
// iterator, the older streamOpenAiChatCompletion shape, and the stream faults.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createViewerClient,
  FlowbotError,
  FlowbotHttpError,
  FlowbotNetworkError,
  FlowbotResponseError,
  FlowbotTimeoutError,
  streamMessage,
} from '../../../src/api/index.js';
import {
  defineFlow,
  knowledgeAnswer,
  shippedFlows,
  startReferenceServer,
  type RunningReferenceServer,
} from '../../../src/server/index.js';

const PACE_MS = 3;
let server: RunningReferenceServer;

/** The assistant with the older action shape. */
const legacy = defineFlow({
  ...shippedFlows()['assistant']!,
  publicId: 'assistant-legacy',
  blocks: shippedFlows()['assistant']!.blocks.map((block) =>
    block.stream ? { ...block, stream: { ...block.stream, legacy: true } } : block,
  ),
});

beforeAll(async () => {
  server = await startReferenceServer({
    port: 0,
    faults: true,
    streamPaceMs: PACE_MS,
    flows: { ...shippedFlows(), [legacy.publicId]: legacy },
  });
});
afterAll(() => server.close());
afterEach(() => server.state.faults.clear());

const viewer = () => createViewerClient({ viewerBaseUrl: server.url, timeout: 5_000 });
const knowledge = () => shippedFlows()['assistant']!.knowledge!;
const collect = async (pieces: AsyncIterable<string>) => {
  const seen: string[] = [];
  for await (const piece of pieces) seen.push(piece);
  return seen;
};
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

/** Starts the assistant with streams on and asks `question`; returns the session and the turn. */
async function ask(question: string, publicId = 'assistant') {
  const client = viewer();
  const start = await client.startChat(publicId, { isStreamEnabled: true });
  expect(start.input?.id).toBe('question');
  const turn = await client.continueChat(start.sessionId, question);
  return { client, sessionId: start.sessionId, turn };
}

describe('streamed answers', () => {
  it('asks for a stream with no input, streams the answer piece by piece, then goes on', async () => {
    const { client, sessionId, turn } = await ask('How do refunds work?');
    expect(turn.input).toBeUndefined();
    expect(turn.clientSideActions).toEqual([{ type: 'stream', stream: true }]);

    const response = await fetch(`${server.url}/api/v2/sessions/${sessionId}/streamMessage`, {
      method: 'POST',
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let reads = 0;
    const started = performance.now();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      reads += 1;
      text += decoder.decode(chunk.value, { stream: true });
    }
    const lines = text.trimEnd().split('\n');
    const pieces = lines.filter((line) => line.startsWith('0:')).map((line) => JSON.parse(line.slice(2)) as string);
    const answer = knowledgeAnswer(knowledge(), 'How do refunds work?');
    expect(pieces.join('')).toBe(answer);
    expect(answer).toMatch(/\*\*Refunds\*\*/);
    expect(lines[0]).toMatch(/^f:\{"messageId":/);
    expect(lines.at(-1)).toMatch(/^d:\{"finishReason":"stop"/);
    // Sent over time, not as one buffer.
    expect(reads).toBeGreaterThan(pieces.length / 2);
    expect(performance.now() - started).toBeGreaterThanOrEqual((pieces.length - 1) * PACE_MS * 0.8);

    const next = await client.continueChat(sessionId, { type: 'text', text: answer });
    expect(next.input?.type).toBe('choice input');
    expect(server.state.stats.answersOf(sessionId).at(-1)).toBe(answer);
    // The choice, then the loop asks again.
    const again = await client.continueChat(sessionId, {
      type: 'text',
      text: 'Yes, thanks',
      metadata: { replyId: 'helped-yes' },
    });
    expect(again.input?.id).toBe('followup');
  });

  it('reads the stream with the client iterator, in any number of pieces', async () => {
    const { client, sessionId } = await ask('Can I get a certificate?');
    const pieces = await collect(streamMessage(sessionId, { viewerBaseUrl: server.url }));
    expect(pieces.length).toBeGreaterThan(10);
    const answer = pieces.join('');
    expect(answer).toBe(knowledgeAnswer(knowledge(), 'Can I get a certificate?'));
    expect(answer).toContain('[acme.example/verify](https://example.com/acme/verify)');
    expect(answer).toMatch(/\n- /);
    expect((await client.continueChat(sessionId, { type: 'text', text: answer })).input?.type).toBe('choice input');
  });

  it('keeps waiting for the stream when continued without the answer', async () => {
    const { client, sessionId } = await ask('prices?');
    const again = await client.continueChat(sessionId);
    expect(again.input).toBeUndefined();
    expect(again.clientSideActions).toEqual([{ type: 'stream', stream: true }]);
  });

  it('sends the answer as an ordinary message when streams were not asked for', async () => {
    const client = viewer();
    const start = await client.startChat('assistant', { textBubbleContentFormat: 'markdown' });
    const turn = await client.continueChat(start.sessionId, 'mobile app offline');
    expect(turn.clientSideActions).toBeUndefined();
    expect(turn.messages[0]?.content).toEqual({
      type: 'markdown',
      markdown: knowledgeAnswer(knowledge(), 'mobile app offline'),
    });
    expect(turn.input?.type).toBe('choice input');
    const rich = await client.startChat('assistant');
    const richTurn = await client.continueChat(rich.sessionId, 'mobile app offline');
    expect(JSON.stringify(richTurn.messages[0]?.content)).toContain('"bold":true');
  });

  it('accepts the older streamOpenAiChatCompletion shape and its { messages } body', async () => {
    const { sessionId, turn } = await ask('live classes', 'assistant-legacy');
    expect(turn.clientSideActions).toEqual([
      {
        type: 'streamOpenAiChatCompletion',
        streamOpenAiChatCompletion: { messages: [{ role: 'user', content: 'live classes' }] },
      },
    ]);
    const messages = [{ role: 'user', content: 'How long is a course?' }];
    const answer = (await collect(streamMessage(sessionId, { viewerBaseUrl: server.url, messages }))).join('');
    expect(answer).toBe(knowledgeAnswer(knowledge(), 'How long is a course?'));
    expect(answer).toContain('**Course length**');
  });

  it('answers 409 when no stream is owed and 404 for an unknown session', async () => {
    const { sessionId } = await viewer().startChat('assistant', { isStreamEnabled: true });
    const error = await failure(collect(streamMessage(sessionId, { viewerBaseUrl: server.url })));
    expect(error).toBeInstanceOf(FlowbotHttpError);
    expect(error).toMatchObject({ status: 409, operation: 'streamMessage' });
    expect(await failure(collect(streamMessage('nope', { viewerBaseUrl: server.url })))).toMatchObject({ status: 404 });
  });

  it('stops when the caller aborts', async () => {
    const { sessionId } = await ask('refunds');
    const controller = new AbortController();
    const seen: string[] = [];
    const error = await failure(
      (async () => {
        for await (const piece of streamMessage(sessionId, { viewerBaseUrl: server.url, signal: controller.signal })) {
          seen.push(piece);
          if (seen.length === 3) controller.abort();
        }
      })(),
    );
    expect(seen).toHaveLength(3);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('stream faults', () => {
  it.each([403, 500, 503])('fails with %i before the first piece', async (status) => {
    const { sessionId } = await ask('refunds');
    server.state.faults.next(`status=${status}`, { match: '/streamMessage' });
    const error = await failure(collect(streamMessage(sessionId, { viewerBaseUrl: server.url })));
    expect(error).toBeInstanceOf(FlowbotHttpError);
    expect(error).toMatchObject({ status });
    // The stream is still owed: a retry gets it.
    expect((await collect(streamMessage(sessionId, { viewerBaseUrl: server.url }))).join('')).toMatch(/Refunds/);
  });

  it('drops the connection half-way', async () => {
    const { sessionId } = await ask('refunds');
    server.state.faults.next('stream-cut', { match: '/streamMessage' });
    const seen: string[] = [];
    const error = await failure(
      (async () => {
        for await (const piece of streamMessage(sessionId, { viewerBaseUrl: server.url })) seen.push(piece);
      })(),
    );
    expect(error).toBeInstanceOf(FlowbotNetworkError);
    expect((error as Error).message).toMatch(/broke off/);
    const whole = knowledgeAnswer(knowledge(), 'refunds');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.join('').length).toBeLessThan(whole.length);
  });

  it('sends an error part after some pieces', async () => {
    const { sessionId } = await ask('refunds');
    const response = await fetch(`${server.url}/api/v2/sessions/${sessionId}/streamMessage`, {
      method: 'POST',
      headers: { 'x-reference-fault': 'stream-error=2' },
    });
    const lines = (await response.text()).trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('0:'))).toHaveLength(2);
    expect(lines.at(-1)).toMatch(/^3:"Injected fault/);
    server.state.faults.next('stream-error=4', { match: '/streamMessage' });
    const seen: string[] = [];
    const error = await failure(
      (async () => {
        for await (const piece of streamMessage(sessionId, { viewerBaseUrl: server.url })) seen.push(piece);
      })(),
    );
    expect(seen).toHaveLength(4);
    expect(error).toBeInstanceOf(FlowbotError);
    expect((error as Error).message).toMatch(/server reported an error mid-stream/);
  });

  it('refuses a stream over 2 MB as it arrives, with what came before it shown', async () => {
    const line = new TextEncoder().encode(`0:${JSON.stringify('x'.repeat(16 * 1024))}\n`);
    let pulled = 0;
    // 32 MB of pieces (and no finish part): endless, for any reader that stops at a sane limit.
    const endless = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            pulled += line.length;
            controller.enqueue(line);
            if (pulled > 32 * 1024 * 1024) controller.close();
          },
        }),
        { headers: { 'content-type': 'text/plain; charset=utf-8' } },
      );
    const seen: string[] = [];
    const error = await failure(
      (async () => {
        for await (const piece of streamMessage('s-1', {
          viewerBaseUrl: 'https://viewer.test',
          fetch: async () => endless(),
        }))
          seen.push(piece);
      })(),
    );
    expect(error).toBeInstanceOf(FlowbotResponseError);
    expect(error).toMatchObject({ operation: 'streamMessage', status: 200 });
    expect((error as Error).message).toContain('a stream over 2097152 bytes');
    expect(seen.join('').length).toBeGreaterThan(1024 * 1024);
    expect(seen.join('').length).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(pulled).toBeLessThan(3 * 1024 * 1024);
  });

  it('stalls with the connection open until the client gives up', async () => {
    const { sessionId } = await ask('refunds');
    server.state.faults.next('stream-stall=3', { match: '/streamMessage' });
    const seen: string[] = [];
    const started = performance.now();
    const error = await failure(
      (async () => {
        for await (const piece of streamMessage(sessionId, { viewerBaseUrl: server.url, timeout: 300 }))
          seen.push(piece);
      })(),
    );
    expect(seen).toHaveLength(3);
    expect(error).toBeInstanceOf(FlowbotTimeoutError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
  });

  it('refuses bad stream fault specs', async () => {
    const response = await fetch(`${server.url}/__health`, { headers: { 'x-reference-fault': 'stream-cut=x' } });
    expect(response.status).toBe(400);
  });
});
