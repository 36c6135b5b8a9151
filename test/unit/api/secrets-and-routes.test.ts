// Property tests of two guarantees of the client. Routes: whatever the ids, a request either is
// refused before sending or reaches exactly its endpoint, the id one path segment. Secrets: whatever
// the token and whatever a server echoes (bodies, status text, validation issues, thrown errors),
// no error holds the token, at any depth, in any serialisation.
import { format, inspect } from 'node:util';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createFlowbotClient,
  isFlowbotError,
  isFlowbotValidationError,
  type FetchLike,
  type FlowbotClient,
} from '../../../src/api/index.js';
import { baseUrls, ids, recordingFetch } from './fixtures.js';

const origins = { chat: 'https://chat.test', content: 'https://content.test', viewer: 'https://viewer.test' };

interface RouteCase {
  verb: string;
  /** Calls the verb with `id` in every path parameter. */
  call(client: FlowbotClient, id: string): Promise<unknown>;
  origin: string;
  /** The route's segments, `null` where the id goes. */
  segments: (string | null)[];
}

const routeCases: RouteCase[] = [
  {
    verb: 'updateAccount',
    call: (c, id) => c.updateAccount(id, { name: 'A' }),
    origin: origins.chat,
    segments: ['api', 'v1', 'auth', 'update', null],
  },
  {
    verb: 'createLesson',
    call: (c, id) => c.createLesson(id, { title: 'T', description: 'D' }),
    origin: origins.content,
    segments: ['api', 'content', 'course', null, 'create_class'],
  },
  {
    verb: 'listFunctions',
    call: (c, id) => c.listFunctions(id),
    origin: origins.chat,
    segments: ['api', 'v1', 'functions', 'unity', null],
  },
  {
    verb: 'listCredentials',
    call: (c, id) => c.listCredentials(id),
    origin: origins.chat,
    segments: ['api', 'v1', 'credential', 'unity', null],
  },
  {
    verb: 'updateFallback',
    call: (c, id) => c.updateFallback(id, id, { fallbacks: [{ model: 'm' }] }),
    origin: origins.chat,
    segments: ['api', 'v1', 'bot', null, 'fallback', null],
  },
  {
    verb: 'startChat',
    call: (c, id) => c.startChat(id),
    origin: origins.viewer,
    segments: ['api', 'v1', 'flowbots', null, 'startChat'],
  },
  {
    verb: 'continueChat',
    call: (c, id) => c.continueChat(id, 'hi'),
    origin: origins.viewer,
    segments: ['api', 'v1', 'sessions', null, 'continueChat'],
  },
];

/** Ids that try to leave their segment, next to arbitrary text and UUIDs in any case. */
const hostileIds = fc.oneof(
  fc.constantFrom(
    '.',
    '..',
    '...',
    './',
    '../',
    '..\\',
    '.%2e',
    '%2e%2e',
    '%2E',
    '..;',
    '?',
    '#',
    '/',
    '\\',
    '..%2f',
    '//',
    ' ',
    '\t..',
    '..\u0000',
    '\uFF0E\uFF0E',
  ),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: fc.constantFrom('.', '/', '\\', '%', '2', 'e', 'E', 'f', '?', '#', ';', ' '), maxLength: 8 }),
  fc.uuid().map((uuid) => uuid.toUpperCase()),
  fc.uuid(),
  fc.integer({ min: 0, max: 1e9 }).map(String),
);

describe('every path parameter keeps its route', () => {
  it.each(routeCases.map((route) => [route.verb, route] as const))(
    '%s: refused before sending, or sent to exactly its route',
    async (_verb, route) => {
      await fc.assert(
        fc.asyncProperty(hostileIds, async (id) => {
          const recorder = recordingFetch(() => Response.json({ message: 'stub' }, { status: 418 }));
          const client = createFlowbotClient({ ...baseUrls, token: 'tok-route-test', fetch: recorder.fetch, retry: 0 });
          const error = await route.call(client, id).then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(isFlowbotError(error), String(error)).toBe(true);
          if (recorder.sent.length === 0) {
            expect(isFlowbotValidationError(error), String(error)).toBe(true);
            return;
          }
          const [request] = recorder.sent as [(typeof recorder.sent)[number]];
          expect(recorder.sent).toHaveLength(1);
          expect(request.url.origin).toBe(route.origin);
          expect(request.url.search).toBe('');
          expect(request.url.hash).toBe('');
          const segments = request.url.pathname.split('/').slice(1);
          expect(segments).toHaveLength(route.segments.length);
          route.segments.forEach((expected, i) =>
            expect(expected ?? decodeURIComponent(segments[i]!)).toBe(expected ?? id),
          );
        }),
        { numRuns: 300 },
      );
    },
  );
});

// ---------------------------------------------------------------------------

/** How a server (or the network) can hand the token back. */
type Echo = (authorization: string, token: string) => Response | Promise<Response>;

const echoes: Record<string, Echo> = {
  'error body message': (auth) => Response.json({ message: `Invalid ${auth}` }, { status: 401 }),
  'error body, nested and as a key': (auth, token) =>
    Response.json({ message: 'no', detail: { seen: [auth, { header: auth }], [token]: token } }, { status: 403 }),
  'error body as text': (auth) => new Response(`bad header: ${auth}`, { status: 400 }),
  'error status text': (auth) => new Response('{}', { status: 401, statusText: `Bad ${auth}` }),
  'headers echoed': (auth) =>
    Response.json(
      { message: 'no' },
      { status: 401, headers: { 'www-authenticate': `Bearer error="${auth}"`, 'x-echo': auth } },
    ),
  '2xx with the token in a field of the wrong type': (auth, token) =>
    Response.json({
      items: [{ id: auth, name: { token } }],
      pluginCount: auth,
      activeCount: [auth],
      pluginLimit: token,
    }),
  '2xx that is not JSON': (auth) => new Response(`<html>${auth}</html>`, { status: 200 }),
  'fetch throws with the token in message and cause': (auth, token) => {
    throw new TypeError(`fetch failed for ${auth}`, {
      cause: Object.assign(new Error(token), { header: auth, list: [auth] }),
    });
  },
  'fetch throws a DOMException naming the token': (auth) => {
    throw new DOMException(`refused ${auth}`, 'NetworkError');
  },
  'fetch rejects with the request itself': () => {
    throw new Error('odd fetch');
  },
};

function clientEchoing(token: string, echo: Echo): FlowbotClient {
  const fetch: FetchLike = async (request) => {
    const authorization = request.headers.get('authorization') ?? '';
    if (echo === echoes['fetch rejects with the request itself']) {
      throw Object.assign(new Error('odd fetch'), { request, headers: request.headers });
    }
    return echo(authorization, token);
  };
  return createFlowbotClient({ ...baseUrls, token, fetch, retry: 0, timeout: 2_000 });
}

/** Every way an error gets written out. */
function serialisations(error: unknown): string[] {
  const logged: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(format(...args)));
  console.error(error);
  console.error('failed: %o', error);
  spy.mockRestore();
  let json: string;
  try {
    json = JSON.stringify(error) ?? '';
  } catch {
    json = '';
  }
  const e = error as { stack?: unknown; cause?: unknown };
  return [
    json,
    String(error),
    String(e.stack),
    inspect(error, { depth: Infinity, showHidden: true }),
    inspect(e.cause, { depth: Infinity, showHidden: true }),
    ...logged,
  ];
}

/** Runs one echo scenario; returns the error. */
async function failureOf(token: string, scenario: string): Promise<unknown> {
  const client = clientEchoing(token, echoes[scenario]!);
  return client.listFunctions(ids.unity).then(
    () => {
      throw new Error(`${scenario}: expected a failure`);
    },
    (e: unknown) => e,
  );
}

const PLACEHOLDER = 'placeholder-token-0123456789';
/** A token that cannot go into a header: its error is the client's refusal, in words of its own. */
const UNSENDABLE_PLACEHOLDER = 'placeholder token 0123456789';
const baselines = new Map<string, string>();
/**
 * What an error of the scenario says with a token that appears nowhere: the client's own words,
 * those of the server's failure (a token it sends) and those of its refusal (one it cannot send:
 * "must be visible ASCII characters only" holds ` c`, a token the property may draw).
 */
async function baseline(scenario: string): Promise<string> {
  if (!baselines.has(scenario))
    baselines.set(
      scenario,
      [
        ...serialisations(await failureOf(PLACEHOLDER, scenario)),
        ...serialisations(await failureOf(UNSENDABLE_PLACEHOLDER, scenario)),
      ].join('\n'),
    );
  return baselines.get(scenario)!;
}

const visible = fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code));
const tokens = fc.oneof(
  fc.string({ unit: visible, minLength: 1, maxLength: 3 }),
  fc.string({ unit: visible, minLength: 8, maxLength: 64 }),
  fc.string({ unit: visible, minLength: 500, maxLength: 2_000 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 24 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
  fc.constantFrom(
    'tok\nen-injected',
    'tok\r\nX-Evil: 1',
    'tøken-latin1',
    'токен-unicode',
    '\u0000nul-token',
    '*',
    '**',
    'Zq',
    '~^',
  ),
);

describe('no error holds the token', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(Object.keys(echoes))('whatever the token: %s', async (scenario) => {
    const vocabulary = await baseline(scenario);
    await fc.assert(
      fc.asyncProperty(tokens, async (token) => {
        // A token that is one of the client's own words (a class name, "GET") cannot be told from them.
        fc.pre(!vocabulary.includes(token));
        // Nor can a short one with a backslash from the escapes `inspect` writes: `3\` is in any stack
        // frame's `:213\n` (the frames are code positions, which differ from the baseline's by caller).
        fc.pre(!(token.length <= 3 && token.includes('\\')));
        const error = await failureOf(token, scenario);
        expect(isFlowbotError(error), String(error)).toBe(true);
        for (const text of serialisations(error))
          expect(text.includes(token), `${scenario}: ${text.slice(0, 300)}`).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a token that cannot go into a header, without quoting it', async () => {
    for (const token of ['tok\nen-injected', 'tok\r\nX-Evil: 1', 'токен', 'with space']) {
      const { fetch, sent } = recordingFetch();
      const client = createFlowbotClient({ ...baseUrls, token, fetch });
      const fromFunction = createFlowbotClient({ ...baseUrls, token: async () => token, fetch });
      for (const error of [
        await client.listFunctions(ids.unity).catch((e: unknown) => e),
        await fromFunction.listFunctions(ids.unity).catch((e: unknown) => e),
      ]) {
        expect(isFlowbotValidationError(error)).toBe(true);
        expect((error as Error).cause).toBeUndefined();
        for (const text of serialisations(error)) expect(text).not.toContain(token);
      }
      expect(sent).toHaveLength(0);
    }
  });

  it('scrubs a short token too, and keeps the error usable', async () => {
    const error = await failureOf('Zq', 'error body message');
    expect(error).toMatchObject({ name: 'FlowbotHttpError', status: 401, operation: 'listFunctions', method: 'GET' });
    expect((error as { body: unknown }).body).toEqual({ message: 'Invalid Bearer ***' });
    expect(JSON.stringify(error)).not.toContain('Zq');
  });

  it('leaves an error that holds no token as it was (the same cause object)', async () => {
    const cause = new TypeError('fetch failed');
    const client = createFlowbotClient({
      ...baseUrls,
      token: 'tok-clean-case',
      fetch: () => Promise.reject(cause),
      retry: 0,
    });
    const error = await client.listFunctions(ids.unity).catch((e: unknown) => e);
    expect((error as Error).cause).toBe(cause);
  });
});
