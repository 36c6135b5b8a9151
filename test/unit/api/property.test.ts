// Property-based tests of the client against a hostile server (through an injected fetch): whatever
// a 2xx response holds, a verb either returns it, checked, or throws FlowbotResponseError naming the
// operation; never a TypeError, never anything else. Valid shapes with extra fields pass through.
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { readContinueResult, readStartResult } from '../../../src/protocol/turn.js';
import {
  AccountSchema,
  ChatInputSchema,
  ChatMessageSchema,
  ContinueChatResultSchema,
  createFlowbotClient,
  CredentialListSchema,
  FallbackSchema,
  FlowbotHttpError,
  FlowbotNetworkError,
  FlowbotResponseError,
  FunctionListSchema,
  LessonEnvelopeSchema,
  StartChatResultSchema,
  WebImportResultSchema,
  WidgetSchema,
  type FetchLike,
  type FlowbotClient,
} from '../../../src/api/index.js';
import {
  TOKEN,
  account,
  baseUrls,
  continueResult,
  credentialList,
  fallback,
  functionList,
  ids,
  lesson,
  startResult,
  webImport,
  widget,
} from './fixtures.js';

type Json = unknown;

interface Verb {
  name: string;
  schema: v.GenericSchema;
  /** Whether the client takes `body`; default: the schema accepts it. */
  accepts?(body: Json): boolean;
  /** A body of the documented shape. */
  valid: Json;
  call(client: FlowbotClient): Promise<unknown>;
  /** What the verb returns for a valid body (createLesson unwraps `data`). */
  result?(body: Json): unknown;
}

const verbs: Verb[] = [
  // The viewer's turns are read item by item (protocol/turn.ts): what cannot be used is left out.
  {
    name: 'startChat',
    schema: StartChatResultSchema,
    accepts: (b) => readStartResult(b).ok,
    valid: startResult,
    call: (c) => c.startChat('my-bot'),
  },
  {
    name: 'continueChat',
    schema: ContinueChatResultSchema,
    accepts: (b) => readContinueResult(b).ok,
    valid: continueResult,
    call: (c) => c.continueChat('session-1', 'hi'),
  },
  {
    name: 'updateAccount',
    schema: AccountSchema,
    valid: account,
    call: (c) => c.updateAccount(ids.account, { name: 'Ada', lastName: 'Lovelace' }),
  },
  {
    name: 'createLesson',
    schema: LessonEnvelopeSchema,
    valid: { data: lesson },
    call: (c) => c.createLesson(42, { title: 'Intro', description: 'First steps' }),
    result: (body) => (body as { data: unknown }).data,
  },
  { name: 'duplicateWidget', schema: WidgetSchema, valid: widget, call: (c) => c.duplicateWidget('widget-1') },
  {
    name: 'importWebContent',
    schema: WebImportResultSchema,
    valid: webImport,
    call: (c) =>
      c.importWebContent({
        unityId: ids.unity,
        datasetId: ids.dataset,
        folderId: ids.folder,
        url: 'https://example.com/docs',
      }),
  },
  { name: 'listFunctions', schema: FunctionListSchema, valid: functionList, call: (c) => c.listFunctions(ids.unity) },
  {
    name: 'listCredentials',
    schema: CredentialListSchema,
    valid: credentialList,
    call: (c) => c.listCredentials(ids.unity),
  },
  {
    name: 'updateFallback',
    schema: FallbackSchema,
    valid: fallback,
    call: (c) => c.updateFallback('bot-1', 'fb-1', { fallbacks: [{ model: 'gpt-4o', order: 1 }] }),
  },
];
const chatVerbs = verbs.filter((verb) => verb.name === 'startChat' || verb.name === 'continueChat');
const otherVerbs = verbs.filter((verb) => !chatVerbs.includes(verb));
const runsFor = (verb: Verb) => (chatVerbs.includes(verb) ? 200 : 60);

/** A client whose every request gets `respond()`; never retried, so each call sees one response. */
function clientAnswering(respond: () => Response | Promise<Response>): FlowbotClient {
  const fetch: FetchLike = async () => respond();
  return createFlowbotClient({ ...baseUrls, token: TOKEN, fetch, retry: 0, timeout: 5_000 });
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

async function outcomeOf(verb: Verb, respond: () => Response | Promise<Response>): Promise<Outcome> {
  try {
    return { ok: true, value: await verb.call(clientAnswering(respond)) };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Either the checked body, or a FlowbotResponseError naming the operation: decided by the schema. */
function expectVerdict(verb: Verb, outcome: Outcome, body: Json, status = 200): void {
  const valid = verb.accepts ? verb.accepts(body) : v.is(verb.schema, body);
  if (valid) {
    expect(outcome.ok, `${verb.name} refused a valid body: ${String(!outcome.ok && outcome.error)}`).toBe(true);
    return;
  }
  expect(outcome.ok, `${verb.name} took ${JSON.stringify(body)?.slice(0, 200)}`).toBe(false);
  const error = (outcome as { error: unknown }).error;
  expect(error, `${verb.name}: ${String(error)}`).toBeInstanceOf(FlowbotResponseError);
  const responseError = error as FlowbotResponseError;
  expect(responseError.name).toBe('FlowbotResponseError');
  expect(responseError.operation).toBe(verb.name);
  expect(responseError.message).toContain(verb.name);
  expect(responseError.status).toBe(status);
}

/** What a body is once it has been through JSON (`-0` becomes `0`). */
const wire = (body: Json): Json => JSON.parse(JSON.stringify(body));

const json =
  (body: Json, init: ResponseInit = {}) =>
  () =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' }, ...init });

/** Every path (as keys) to a value inside `value`, the root included. */
function pathsOf(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const paths = [prefix];
  if (Array.isArray(value)) value.forEach((item, i) => paths.push(...pathsOf(item, [...prefix, i])));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  }
  return paths;
}

/** `value` with the node at `path` replaced (or removed, for `undefined`). */
function replaced(value: Json, path: (string | number)[], replacement: Json): Json {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (replacement === undefined) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = replacement;
  return copy;
}

/** Near misses: the valid body with one node replaced by arbitrary JSON, or removed. */
const mutationOf = (valid: Json) =>
  fc
    .record({
      path: fc.constantFrom(...pathsOf(valid)),
      replacement: fc.option(fc.jsonValue({ maxDepth: 3 }), { nil: undefined, freq: 4 }),
    })
    .map(({ path, replacement }) => replaced(valid, path, replacement));

const DANGEROUS = new Set(['__proto__', 'constructor', 'prototype']);
const extraFields = (known: Record<string, unknown>) =>
  fc.dictionary(
    fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !(key in known) && !DANGEROUS.has(key)),
    fc.jsonValue({ maxDepth: 3 }),
    { minKeys: 1, maxKeys: 5 },
  );

describe('client against arbitrary responses', () => {
  it.each(verbs.map((verb) => [verb.name, verb] as const))(
    '%s: any JSON in a 2xx is checked or refused',
    async (_name, verb) => {
      const statuses = fc.constantFrom(200, 200, 201, 202, 203, 206, 299);
      const bodies = fc.oneof(fc.jsonValue({ maxDepth: 4 }), mutationOf(verb.valid), mutationOf(verb.valid));
      await fc.assert(
        fc.asyncProperty(bodies, statuses, async (body, status) => {
          expectVerdict(verb, await outcomeOf(verb, json(body, { status })), body, status);
        }),
        { numRuns: runsFor(verb) },
      );
    },
  );

  it.each(verbs.map((verb) => [verb.name, verb] as const))(
    '%s: a body that is not JSON is refused',
    async (_name, verb) => {
      const contentType = fc.constantFrom(
        'application/json',
        'text/html',
        'text/plain; charset=utf-8',
        'application/octet-stream',
        '',
      );
      const bytes = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 200 }).map((text) => new TextEncoder().encode(text)),
        fc.uint8Array({ maxLength: 200 }),
        fc
          .constantFrom(
            '<!doctype html><h1>502 Bad Gateway</h1>',
            '',
            ' ',
            'null',
            'undefined',
            'NaN',
            "{'a':1}",
            '{"messages": [',
            '\uFEFF',
          )
          .map((text) => new TextEncoder().encode(text)),
      );
      await fc.assert(
        fc.asyncProperty(bytes, contentType, async (raw, type) => {
          // What `Response.text()` makes of the bytes: UTF-8 with replacement, a leading BOM dropped.
          const text = new TextDecoder().decode(raw);
          let body: Json;
          try {
            body = JSON.parse(text);
          } catch {
            body = Symbol('not JSON');
          }
          const outcome = await outcomeOf(
            verb,
            () => new Response(raw, { status: 200, headers: type ? { 'content-type': type } : {} }),
          );
          expectVerdict(verb, outcome, body);
          if (typeof body === 'symbol') {
            expect((outcome as { error: FlowbotResponseError }).error.issues).toEqual([]);
            expect((outcome as { error: FlowbotResponseError }).error.body).toBe(text);
          }
        }),
        { numRuns: runsFor(verb) },
      );
    },
  );

  it.each(verbs.map((verb) => [verb.name, verb] as const))('%s: no body at all is refused', async (_name, verb) => {
    for (const respond of [() => new Response(null, { status: 204 }), () => new Response('', { status: 200 })]) {
      const outcome = await outcomeOf(verb, respond);
      expect(outcome.ok).toBe(false);
      expect((outcome as { error: unknown }).error).toBeInstanceOf(FlowbotResponseError);
      expect((outcome as { error: Error }).error.message).toMatch(new RegExp(`^${verb.name}: .*empty body`));
    }
  });

  it.each(verbs.map((verb) => [verb.name, verb] as const))(
    '%s: a valid shape with extra fields passes through, whatever the content type',
    async (_name, verb) => {
      const known = (verb.schema as unknown as { entries: Record<string, unknown> }).entries;
      const contentType = fc.constantFrom(
        'application/json',
        'text/html',
        'text/plain',
        'application/problem+json',
        'garbage;;',
        '',
      );
      await fc.assert(
        fc.asyncProperty(extraFields(known), contentType, async (extra, type) => {
          const body = { ...(verb.valid as object), ...extra };
          const outcome = await outcomeOf(
            verb,
            () => new Response(JSON.stringify(body), { headers: type ? { 'content-type': type } : {} }),
          );
          expect(outcome.ok, String(!outcome.ok && outcome.error)).toBe(true);
          expect((outcome as { value: unknown }).value).toEqual(wire(verb.result ? verb.result(body) : body));
        }),
        { numRuns: runsFor(verb) / 2 },
      );
    },
  );

  it('passes extra fields through inside messages and inputs too', async () => {
    const verb = verbs[0]!;
    const nested = fc.record({
      root: extraFields(StartChatResultSchema.entries),
      message: extraFields(ChatMessageSchema.entries),
      input: extraFields(ChatInputSchema.entries),
    });
    await fc.assert(
      fc.asyncProperty(nested, async ({ root, message, input }) => {
        const body = {
          ...startResult,
          ...root,
          messages: [{ ...startResult.messages[0]!, ...message }],
          input: { ...startResult.input, ...input },
        };
        const outcome = await outcomeOf(verb, json(body));
        expect(outcome).toEqual({ ok: true, value: wire(body) });
      }),
      { numRuns: 100 },
    );
  });

  it('drops __proto__, constructor and prototype keys without touching any prototype', async () => {
    const text =
      '{"sessionId":"s","resultId":"r","flowbot":{},"messages":[{"id":"m","type":"text","content":1,"__proto__":{"polluted":true}}],' +
      '"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true},"kept":1}';
    const outcome = await outcomeOf(verbs[0]!, () => new Response(text));
    expect(outcome.ok).toBe(true);
    const result = (outcome as { value: Record<string, unknown> & { messages: object[] } }).value;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(result.messages[0])).toBe(Object.prototype);
    expect(Object.keys(result)).not.toContain('prototype');
    expect(Object.hasOwn(result, '__proto__')).toBe(false);
    expect(Object.hasOwn(result, 'constructor')).toBe(false);
    expect(result['kept']).toBe(1);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it.each(chatVerbs.map((verb) => [verb.name, verb] as const))(
    '%s: huge and deep values pass through where the shape allows them',
    async (_name, verb) => {
      // As large as the viewer's responses may be (2 MB in all).
      const huge = 'x'.repeat(1.5 * 1024 * 1024);
      const raw =
        '{"messages":[{"id":"m-deep","type":"custom","content":' +
        '['.repeat(50_000) +
        ']'.repeat(50_000) +
        '}]' +
        (verb.name === 'startChat'
          ? ',"sessionId":"s","resultId":"r","flowbot":' + '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000)
          : '') +
        `,"extra":"${huge}"}`;
      const outcome = await outcomeOf(verb, () => new Response(raw));
      expect(outcome.ok, String(!outcome.ok && outcome.error)).toBe(true);
      const value = (outcome as { value: { messages: { content: unknown }[]; extra: string } }).value;
      expect(value.extra).toHaveLength(huge.length);
      expect(Array.isArray(value.messages[0]!.content)).toBe(true);
    },
  );

  it.each(chatVerbs.map((verb) => [verb.name, verb] as const))(
    '%s: huge and deep values where they do not belong are left out or refused with a short message',
    async (_name, verb) => {
      const huge = 'y'.repeat(1.5 * 1024 * 1024);
      // Unusable messages are left out, the rest of the turn stands.
      for (const raw of [
        `{"messages":[{"id":"${huge}","type":7,"content":null}],"sessionId":"s","resultId":"r","flowbot":1}`,
        '{"messages":' + '['.repeat(50_000) + ']'.repeat(50_000) + ',"sessionId":"s","resultId":"r","flowbot":1}',
      ]) {
        const outcome = await outcomeOf(verb, () => new Response(raw));
        expect(outcome.ok).toBe(true);
        expect((outcome as { value: { messages: unknown[] } }).value.messages).toEqual([]);
      }
      const cases = [`{"messages":"${huge}"}`, '['.repeat(100_000) + ']'.repeat(100_000), `"${huge}"`];
      for (const raw of cases) {
        const outcome = await outcomeOf(verb, () => new Response(raw));
        expect(outcome.ok).toBe(false);
        const error = (outcome as { error: FlowbotResponseError }).error;
        expect(error).toBeInstanceOf(FlowbotResponseError);
        expect(error.message).toContain(verb.name);
        expect(error.message.length, error.message.slice(0, 300)).toBeLessThan(2_000);
      }
    },
  );

  it.each(chatVerbs.map((verb) => [verb.name, verb] as const))(
    '%s: a body over 2 MB is refused as it arrives, before it is parsed, naming the limit',
    async (_name, verb) => {
      const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
      for (const total of [2 * 1024 * 1024 + 1, Number.POSITIVE_INFINITY]) {
        let pulled = 0;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"messages":[],"padding":"'));
          },
          pull(controller) {
            const left = total - pulled;
            const piece = left < chunk.length ? chunk.subarray(0, left) : chunk;
            pulled += piece.length;
            controller.enqueue(piece);
            if (pulled >= total) controller.close();
          },
        });
        const outcome = await outcomeOf(verb, () => new Response(body));
        expect(outcome.ok).toBe(false);
        const error = (outcome as { error: FlowbotResponseError }).error;
        expect(error).toBeInstanceOf(FlowbotResponseError);
        expect(error.message).toContain(verb.name);
        expect(error.message).toContain('a body over 2097152 bytes');
        expect(pulled, 'read no further than the limit').toBeLessThan(3 * 1024 * 1024);
      }
      // A body of exactly the limit is still read.
      const result = verb.name === 'startChat' ? startResult : continueResult;
      const bare = JSON.stringify({ ...result, padding: '' }).length;
      const raw = JSON.stringify({ ...result, padding: 'z'.repeat(2 * 1024 * 1024 - bare) });
      expect(new TextEncoder().encode(raw).length).toBe(2 * 1024 * 1024);
      const outcome = await outcomeOf(verb, () => new Response(raw));
      expect(outcome.ok, String(!outcome.ok && outcome.error)).toBe(true);
    },
  );

  it.each(otherVerbs.map((verb) => [verb.name, verb] as const))(
    '%s: a huge string in a wrong place is refused with a short message',
    async (_name, verb) => {
      const huge = 'z'.repeat(1024 * 1024);
      for (const path of pathsOf(verb.valid)
        .filter((p) => p.length > 0)
        .slice(0, 8)) {
        const body = replaced(verb.valid, path, v.is(verb.schema, replaced(verb.valid, path, huge)) ? 12345 : huge);
        const outcome = await outcomeOf(verb, json(body));
        expectVerdict(verb, outcome, body);
        if (!outcome.ok) expect((outcome.error as Error).message.length).toBeLessThan(2_000);
      }
    },
  );
});

describe('client against arbitrary failures', () => {
  it.each(verbs.map((verb) => [verb.name, verb] as const))(
    '%s: any non-2xx status with any body is a FlowbotHttpError',
    async (_name, verb) => {
      const status = fc.oneof(fc.integer({ min: 400, max: 599 }), fc.constantFrom(300, 301, 302, 303, 307, 308));
      const body = fc.oneof(
        fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
        fc.record({ message: fc.jsonValue({ maxDepth: 2 }) }).map((value) => JSON.stringify(value)),
        fc.string({ unit: 'binary', maxLength: 100 }),
      );
      await fc.assert(
        fc.asyncProperty(status, body, async (code, text) => {
          const outcome = await outcomeOf(verb, () => new Response(text, { status: code }));
          expect(outcome.ok).toBe(false);
          const error = (outcome as { error: FlowbotHttpError }).error;
          expect(error, String(error)).toBeInstanceOf(FlowbotHttpError);
          expect(error.status).toBe(code);
          expect(error.operation).toBe(verb.name);
          expect(error.message).toContain(verb.name);
          expect(['string', 'undefined']).toContain(typeof error.serverMessage);
        }),
        { numRuns: runsFor(verb) / 2 },
      );
    },
  );

  it.each(verbs.map((verb) => [verb.name, verb] as const))(
    '%s: a fetch that throws anything is a FlowbotNetworkError',
    async (_name, verb) => {
      const thrown = fc.oneof(
        fc.constant(new TypeError('fetch failed')),
        fc.constant(Object.create(null) as unknown),
        fc.constant(undefined),
        fc.jsonValue({ maxDepth: 2 }),
        fc.string().map((message) => new Error(message)),
      );
      await fc.assert(
        fc.asyncProperty(thrown, async (reason) => {
          const outcome = await outcomeOf(verb, () => Promise.reject(reason));
          expect(outcome.ok).toBe(false);
          const error = (outcome as { error: FlowbotNetworkError }).error;
          expect(error, String(error)).toBeInstanceOf(FlowbotNetworkError);
          expect(error.operation).toBe(verb.name);
          expect(error.message).toContain(verb.name);
        }),
        { numRuns: 25 },
      );
    },
  );

  it.each(verbs.map((verb) => [verb.name, verb] as const))(
    '%s: a body that breaks off midway is a FlowbotNetworkError',
    async (_name, verb) => {
      const respond = () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode(JSON.stringify(verb.valid).slice(0, 20)));
              controller.error(new TypeError('terminated'));
            },
          }),
        );
      const outcome = await outcomeOf(verb, respond);
      expect((outcome as { error: unknown }).error).toBeInstanceOf(FlowbotNetworkError);
      expect((outcome as { error: Error }).error.message).toMatch(
        new RegExp(`^${verb.name}: the response could not be read`),
      );
    },
  );
});
