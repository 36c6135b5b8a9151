// Streamed answers over real HTTP: the assistant flow, the data stream on the wire, the client's
// iterator, the older streamOpenAiChatCompletion shape, the stream faults, and the agent turn
// (reasoning, tool steps, sources) with its flags.
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
import { DataStreamDecoder } from '../../../src/protocol/stream.js';
import {
  createReferenceApp,
  defineFlow,
  knowledgeAnswer,
  shippedFlows,
  startReferenceServer,
  type FlowDefinition,
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

/** The assistant streaming text alone: its stream block without `agent`. */
const plain = defineFlow({
  ...shippedFlows()['assistant']!,
  publicId: 'assistant-plain',
  blocks: shippedFlows()['assistant']!.blocks.map((block) => {
    if (!block.stream) return block;
    const { agent: _agent, ...stream } = block.stream;
    return { ...block, stream };
  }),
} satisfies FlowDefinition);

beforeAll(async () => {
  server = await startReferenceServer({
    port: 0,
    faults: true,
    streamPaceMs: PACE_MS,
    flows: { ...shippedFlows(), [legacy.publicId]: legacy, [plain.publicId]: plain },
  });
});
afterAll(() => server.close());
afterEach(() => {
  server.state.faults.clear();
  server.state.agent = undefined;
});

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

/** Asks about refunds with `fault` queued on the answer's stream: the pieces read before it broke, and the error. */
async function brokenStream(fault: string) {
  const { sessionId } = await ask('refunds');
  server.state.faults.next(fault, { match: '/streamMessage' });
  const seen: string[] = [];
  const error = await failure(
    (async () => {
      for await (const piece of streamMessage(sessionId, { viewerBaseUrl: server.url })) seen.push(piece);
    })(),
  );
  return { sessionId, seen, error };
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
    const { seen, error } = await brokenStream('stream-cut');
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

/** A part of the stream as sent: its code and value. */
interface Part {
  code: string;
  value: unknown;
}

/** Reads a data stream body with the protocol's decoder; `broken` says whether it ended in an error. */
async function partsOf(body: ReadableStream<Uint8Array>): Promise<{ parts: Part[]; broken: boolean }> {
  const decoder = new DataStreamDecoder();
  const parts: Part[] = [];
  const add = (decoded: ReturnType<DataStreamDecoder['push']>) =>
    parts.push(
      ...decoded.map((part) =>
        part.type === 'text'
          ? { code: '0', value: part.text }
          : part.type === 'error'
            ? { code: '3', value: part.message }
            : { code: part.code, value: part.value },
      ),
    );
  const reader = body.getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) add(decoder.push(chunk.value));
  } catch {
    return { parts, broken: true };
  }
  add(decoder.end());
  return { parts, broken: false };
}

/** Fetches the stream of `sessionId` and reads it whole. */
async function streamOf(sessionId: string, init: RequestInit = {}) {
  const response = await fetch(`${server.url}/api/v2/sessions/${sessionId}/streamMessage`, {
    method: 'POST',
    body: '{}',
    ...init,
  });
  expect(response.status).toBe(200);
  return partsOf(response.body!);
}

/** The part codes, each run of `g`, `c` or `0` squeezed to one letter and `…`. */
const shape = (parts: Part[]) =>
  parts
    .map((p) => p.code)
    .join('')
    .replace(/([gc0])\1*/g, '$1…');
const textOf = (parts: Part[], code = '0') =>
  parts
    .filter((p) => p.code === code)
    .map((p) => p.value as string)
    .join('');
const valuesOf = (parts: Part[], code: string) => parts.filter((p) => p.code === code).map((p) => p.value as any);

describe('agent turns', () => {
  it('streams reasoning, the tool steps, then the same text and its sources, and goes on', async () => {
    const question = 'How do refunds work?';
    const { client, sessionId } = await ask(question);
    const { parts, broken } = await streamOf(sessionId);
    expect(broken).toBe(false);
    // g…, (f b c… 9 a e)×n, f 0… h… e d, with the reasoning inside the first step.
    expect(shape(parts)).toBe('fg…bc…9aefbc…9aef0…hed');
    const answer = knowledgeAnswer(knowledge(), question);
    expect(textOf(parts)).toBe(answer);
    expect(textOf(parts, 'g')).toMatch(/^The visitor asks about refunds\. I will search the Acme notes for "refund/);

    const steps = valuesOf(parts, 'f').map((f) => f.messageId as string);
    expect(new Set(steps).size).toBe(3);
    const calls = valuesOf(parts, '9');
    expect(calls.map((call) => [call.toolName, call.args])).toEqual([
      ['search_knowledge_base', { query: question }],
      ['read_document', { id: 'refunds' }],
    ]);
    for (const call of calls) {
      const of = (code: string) => valuesOf(parts, code).filter((v) => v.toolCallId === call.toolCallId);
      expect(of('b')).toEqual([{ toolCallId: call.toolCallId, toolName: call.toolName }]);
      expect(
        JSON.parse(
          of('c')
            .map((c) => c.argsTextDelta as string)
            .join(''),
        ),
      ).toEqual(call.args);
      expect(of('a')).toHaveLength(1);
    }
    expect(valuesOf(parts, 'a').map((a) => a.result)).toEqual([
      { matches: ['Refunds'] },
      { title: 'Refunds', words: expect.any(Number) },
    ]);
    expect(valuesOf(parts, 'e').map((e) => e.finishReason)).toEqual(['tool-calls', 'tool-calls', 'stop']);
    expect(valuesOf(parts, 'h')).toEqual([
      { sourceType: 'url', id: 'source-1', url: 'https://example.com/acme/refunds', title: 'Refunds' },
    ]);
    expect(parts.at(-1)).toMatchObject({ code: 'd', value: { finishReason: 'stop' } });

    // The client's iterator still yields the text alone, and the reply goes on as before.
    const { sessionId: again } = await ask(question);
    expect((await collect(streamMessage(again, { viewerBaseUrl: server.url }))).join('')).toBe(answer);
    expect((await client.continueChat(sessionId, { type: 'text', text: answer })).input?.type).toBe('choice input');
    expect(server.state.stats.answersOf(sessionId).at(-1)).toBe(answer);
  });

  it('streams the same parts for the same question, but for the ids', async () => {
    const question = 'refunds and certificates';
    const [first, second] = await Promise.all(
      [0, 1].map(async () => (await streamOf((await ask(question)).sessionId)).parts),
    );
    // A turn's id is a UUID, whose last group may be all digits: match it whole, never as a step number.
    const anonymous = (parts: Part[]) =>
      JSON.stringify(parts).replace(/[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}/g, 'ID');
    expect(shape(first!)).toBe('fg…bc…9aefbc…9aefbc…9aef0…hhed');
    expect(anonymous(first!)).toBe(anonymous(second!));
    // Ids are per stream.
    expect(valuesOf(first!, 'f')[0].messageId).not.toBe(valuesOf(second!, 'f')[0].messageId);
  });

  it('fails the first document read for a question with the word "fail", and neither quotes nor cites it', async () => {
    const question = 'Why do refunds fail?';
    const { parts } = await streamOf((await ask(question)).sessionId);
    expect(valuesOf(parts, 'a').map((a) => a.result)).toEqual([
      { matches: ['Refunds'] },
      { isError: true, error: 'The document store did not answer.' },
    ]);
    expect(valuesOf(parts, 'h')).toEqual([]);
    expect(textOf(parts)).toMatch(/^I could not read the notes on Refunds just now/);
  });

  it('runs the search alone when nothing matches', async () => {
    const { parts } = await streamOf((await ask('xyzzy plugh')).sessionId);
    expect(shape(parts)).toBe('fg…bc…9aef0…ed');
    expect(valuesOf(parts, 'a')).toEqual([{ toolCallId: expect.any(String), result: { matches: [] } }]);
    expect(textOf(parts)).toMatch(/^I could not find that in the Acme notes/);
  });

  it("turns each part off with the server's agent option, and moves the reasoning into the text", async () => {
    const question = 'refunds and certificates';
    const answer = knowledgeAnswer(knowledge(), question);
    const cases: [NonNullable<typeof server.state.agent>, string][] = [
      [{ tools: false }, 'fg…0…hhed'],
      [{ reasoning: false }, 'fbc…9aefbc…9aefbc…9aef0…hhed'],
      [{ sources: false }, 'fg…bc…9aefbc…9aefbc…9aef0…ed'],
      [{ tools: false, reasoning: false, sources: false }, 'f0…ed'],
    ];
    for (const [agent, expected] of cases) {
      server.state.agent = agent;
      const { parts } = await streamOf((await ask(question)).sessionId);
      expect(shape(parts), JSON.stringify(agent)).toBe(expected);
      expect(textOf(parts)).toBe(answer);
    }

    server.state.agent = { reasoning: 'think' };
    const { client, sessionId } = await ask(question);
    const { parts } = await streamOf(sessionId);
    expect(shape(parts)).toBe('fbc…9aefbc…9aefbc…9aef0…hhed');
    const whole = textOf(parts);
    expect(whole).toMatch(/^<think>The visitor asks about refunds and certificates\. [^<]+<\/think>\n\n/);
    expect(whole.replace(/^<think>[^<]*<\/think>\n\n/, '')).toBe(answer);
    // The reply is the whole text, as streamed.
    expect((await client.continueChat(sessionId, { type: 'text', text: whole })).input?.type).toBe('choice input');
    expect(server.state.stats.answersOf(sessionId).at(-1)).toBe(whole);
  });

  it('streams text alone for a stream block without agent, whatever the server option says', async () => {
    server.state.agent = { tools: true, reasoning: true, sources: true };
    const { parts } = await streamOf((await ask('How do refunds work?', 'assistant-plain')).sessionId);
    expect(shape(parts)).toBe('f0…ed');
    expect(textOf(parts)).toBe(knowledgeAnswer(knowledge(), 'How do refunds work?'));
  });

  it('answers the question of the older { messages } body', async () => {
    const { sessionId } = await ask('live classes', 'assistant-legacy');
    const messages = [{ role: 'user', content: 'How long is a course?' }];
    const { parts } = await streamOf(sessionId, { body: JSON.stringify({ messages }) });
    expect(valuesOf(parts, '9')[0].args).toEqual({ query: 'How long is a course?' });
    expect(valuesOf(parts, 'h').map((h) => h.title)).toContain('Course length');
    expect(textOf(parts)).toBe(knowledgeAnswer(knowledge(), 'How long is a course?'));
  });

  it('takes the agent option when the server is created, and refuses unknown flags', async () => {
    const ref = createReferenceApp({ agent: { reasoning: 'think', sources: false }, streamPaceMs: 0 });
    expect(ref.state.agent).toEqual({ reasoning: 'think', sources: false });
    expect(ref.state.streamToolPauseMs).toBeUndefined();
    const post = (path: string, body: unknown) =>
      ref.app.request(path, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
    const start = (await (await post('/api/v1/flowbots/assistant/startChat', { isStreamEnabled: true })).json()) as {
      sessionId: string;
    };
    await post(`/api/v1/sessions/${start.sessionId}/continueChat`, { message: 'refunds' });
    const { parts } = await partsOf((await post(`/api/v2/sessions/${start.sessionId}/streamMessage`, {})).body!);
    expect(shape(parts)).toBe('fbc…9aefbc…9aef0…ed');
    expect(textOf(parts)).toMatch(/^<think>.*<\/think>\n\nHere is what I found:/s);

    expect(() => createReferenceApp({ agent: { tools: 'yes' as never } })).toThrow(/agent\.tools/);
    expect(() => createReferenceApp({ agent: { thoughts: true } as never })).toThrow(/agent\.thoughts/);
  });

  it('pauses before each tool result', async () => {
    server.state.streamToolPauseMs = 120;
    try {
      const { sessionId } = await ask('How do refunds work?');
      const started = performance.now();
      await streamOf(sessionId);
      // Two tool results.
      expect(performance.now() - started).toBeGreaterThanOrEqual(2 * 120 * 0.9);
    } finally {
      server.state.streamToolPauseMs = undefined;
    }
  });
});

describe('agent turn faults', () => {
  it('cuts the connection during a tool call with stream-cut-tool', async () => {
    const cut = async (spec: string) => {
      const { sessionId } = await ask('refunds and certificates');
      return streamOf(sessionId, { headers: { 'x-reference-fault': spec } });
    };
    const first = await cut('stream-cut-tool');
    expect(first.broken).toBe(true);
    expect(shape(first.parts)).toBe('fg…bc…9');
    const second = await cut('stream-cut-tool=2');
    expect(second.broken).toBe(true);
    expect(shape(second.parts)).toBe('fg…bc…9aefbc…9');
    // Fewer calls than asked for: cut before the first text piece.
    const beyond = await cut('stream-cut-tool=9');
    expect(beyond.broken).toBe(true);
    expect(shape(beyond.parts)).toBe('fg…bc…9aefbc…9aefbc…9aef');

    // The client sees a network error, with no text at all.
    const { sessionId, seen, error } = await brokenStream('stream-cut-tool');
    expect(error).toBeInstanceOf(FlowbotNetworkError);
    expect(seen).toEqual([]);
    // The stream is still owed: a retry gets it whole.
    expect((await collect(streamMessage(sessionId, { viewerBaseUrl: server.url }))).join('')).toBe(
      knowledgeAnswer(knowledge(), 'refunds'),
    );
  });

  it('holds a tool call running with stream-stall-tool, the connection open', async () => {
    const { sessionId } = await ask('refunds and certificates');
    const started = performance.now();
    const stalled = await streamOf(sessionId, {
      headers: { 'x-reference-fault': 'stream-stall-tool=2' },
      signal: AbortSignal.timeout(2_500),
    });
    // Nothing after the second call: no result, no end, until the caller gives up.
    expect(stalled.broken).toBe(true);
    expect(shape(stalled.parts)).toBe('fg…bc…9aefbc…9');
    expect(performance.now() - started).toBeGreaterThanOrEqual(2_400);
  });

  it('counts text pieces only for the other stream faults', async () => {
    const { sessionId } = await ask('refunds');
    const { parts, broken } = await streamOf(sessionId, { headers: { 'x-reference-fault': 'stream-error=3' } });
    expect(broken).toBe(false);
    expect(shape(parts)).toBe('fg…bc…9aefbc…9aef0…3');
    expect(valuesOf(parts, '0')).toHaveLength(3);
    const cut = await streamOf(sessionId, { headers: { 'x-reference-fault': 'stream-cut=0' } });
    expect(cut.broken).toBe(true);
    expect(shape(cut.parts)).toBe('fg…bc…9aefbc…9aef');
  });

  it('refuses stream-cut-tool=0', async () => {
    const response = await fetch(`${server.url}/__health`, { headers: { 'x-reference-fault': 'stream-cut-tool=0' } });
    expect(response.status).toBe(400);
  });
});
