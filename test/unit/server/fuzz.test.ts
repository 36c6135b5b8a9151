// The reference server under abuse: every route, fed malformed requests, answers a 4xx in the
// one error shape `{ message, issues? }`; never a 5xx, never a crash. Generated bodies go
// through `app.request`; the byte-level cases go over real HTTP on 127.0.0.1.
import net from 'node:net';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  AccountSchema,
  ContinueChatResultSchema,
  CredentialListSchema,
  ErrorBodySchema,
  FallbackSchema,
  FunctionListSchema,
  LessonEnvelopeSchema,
  StartChatResultSchema,
  WebImportResultSchema,
  WidgetSchema,
} from '../../../src/api/schemas/index.js';
import {
  DEFAULT_BODY_LIMIT,
  MAX_JSON_DEPTH,
  createReferenceApp,
  parseFaultSpec,
  startReferenceServer,
  type ReferenceApp,
  type ReferenceSeed,
  type RunningReferenceServer,
} from '../../../src/server/index.js';

type Json = unknown;
type Body = Record<string, unknown>;

interface Reply {
  status: number;
  text: string;
}

interface Route {
  name: string;
  method: string;
  /** Other methods the same path answers (never "wrong"). */
  alsoMethods?: string[];
  /** The path with valid ids; `id` replaces the route's one path parameter (`session` routes need it). */
  path(seed: ReferenceSeed, id?: string): string;
  /** Whether the path has a parameter `id` replaces. */
  hasId?: true;
  /** Whether the path needs a fresh chat session's id. */
  session?: true;
  auth: boolean;
  /** Schema of a 2xx body. */
  ok: v.GenericSchema;
  /** A body the route accepts, and, per field, values that can never be right for it. */
  body?: { valid(ref: ReferenceApp): Body; wrong: Record<string, fc.Arbitrary<Json>> };
}

const UUID = /^[\da-f]{8}-[\da-f]{4}-[1-8][\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/i;
const SCHEDULE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
const FLAG_WORDS = ['0', '1', 'true', 'false'];

const anyJson = fc.jsonValue({ maxDepth: 3 });
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
/** For optional string fields: `null` means absent, so it is not wrong. */
const notString = anyJson.filter((x) => typeof x !== 'string' && x !== null);
const notStringOrNull = anyJson.filter((x) => typeof x !== 'string');
const isFlag = (x: unknown) =>
  x === null ||
  x === '' ||
  x === 0 ||
  x === 1 ||
  typeof x === 'boolean' ||
  (typeof x === 'string' && FLAG_WORDS.includes(x.trim().toLowerCase()));

/** The lesson rules of the interface document, as the wrong values that break them. */
const lessonWrong = {
  title: notStringOrNull,
  description: notStringOrNull,
  duration: anyJson.filter(
    (x) =>
      x !== null &&
      x !== '' &&
      !(typeof x === 'string' && /^\s*\d+\s*$/.test(x) && Number(x) <= 9999) &&
      !(typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 9999),
  ),
  tag: fc.oneof(
    anyJson.filter(
      (x) =>
        x !== null &&
        typeof x !== 'string' &&
        !(Array.isArray(x) && x.every((t) => typeof t === 'string' && t.length <= 150)),
    ),
    fc.constant(['ok', 't'.repeat(151)]),
  ),
  // An array is never wrong: entries that are not ids are ignored, as the document says.
  progress_criteria: anyJson.filter((x) => x !== null && typeof x !== 'string' && !Array.isArray(x)),
  show_title: anyJson.filter((x) => !isFlag(x)),
  enable_lesson_view: anyJson.filter((x) => !isFlag(x)),
  scheduled_date: fc.oneof(
    anyJson.filter((x) => x !== null && !(typeof x === 'string' && (x.trim() === '' || SCHEDULE.test(x.trim())))),
    fc.constantFrom('2020-01-01 10:00', '2030-02-31 10:00', '2030-01-01 25:00', '2030-1-1 10:00'),
  ),
};

const notUuid = anyJson.filter((x) => !(typeof x === 'string' && UUID.test(x)));

const routes = (): Route[] => [
  {
    name: 'updateAccount',
    method: 'PUT',
    path: (seed, id = seed.accountId) => `/api/v1/auth/update/${id}`,
    hasId: true,
    auth: true,
    ok: AccountSchema,
    body: { valid: () => ({ name: 'Ada', lastName: 'Lovelace' }), wrong: { name: notString, lastName: notString } },
  },
  {
    name: 'createLesson',
    method: 'POST',
    path: (seed, id = seed.courseId) => `/api/content/course/${id}/create_class`,
    hasId: true,
    auth: true,
    ok: LessonEnvelopeSchema,
    body: { valid: () => ({ title: 'Intro', description: 'First steps' }), wrong: lessonWrong },
  },
  {
    name: 'duplicateWidget',
    method: 'POST',
    path: () => '/api/v1/widget/duplicate/',
    auth: true,
    ok: WidgetSchema,
    body: { valid: (ref) => ({ id: ref.seed.widgetId }), wrong: { id: fc.oneof(notStringOrNull, fc.constant('')) } },
  },
  {
    name: 'importWebContent',
    method: 'POST',
    path: () => '/api/v2/extractor/upload-web-scraper',
    auth: true,
    ok: WebImportResultSchema,
    body: {
      valid: (ref) => ({
        unityId: ref.seed.unityId,
        datasetId: ref.seed.datasetId,
        folderId: ref.seed.folderId,
        url: 'https://acme.example/docs',
      }),
      wrong: {
        unityId: notUuid,
        datasetId: notUuid,
        folderId: notUuid,
        url: fc.oneof(
          anyJson.filter((x) => !(typeof x === 'string' && /^https?:\/\//i.test(x))),
          fc.constantFrom('javascript:alert(1)', 'ftp://acme.example/', 'data:text/html,hi', 'acme.example', ''),
        ),
        limit: anyJson.filter((x) => !(typeof x === 'number' && Number.isInteger(x) && x >= 1)),
      },
    },
  },
  {
    name: 'listFunctions',
    method: 'GET',
    path: (seed, id = seed.unityId) => `/api/v1/functions/unity/${id}`,
    hasId: true,
    auth: true,
    ok: FunctionListSchema,
  },
  {
    name: 'listCredentials',
    method: 'GET',
    path: (seed, id = seed.unityId) => `/api/v1/credential/unity/${id}`,
    hasId: true,
    auth: true,
    ok: CredentialListSchema,
  },
  {
    name: 'updateFallback',
    method: 'PATCH',
    alsoMethods: ['PUT'],
    path: (seed, id = seed.fallbackId) => `/api/v1/bot/${seed.botId}/fallback/${id}`,
    hasId: true,
    auth: true,
    ok: FallbackSchema,
    body: {
      valid: (ref) => ({ fallbacks: [{ credentialId: ref.seed.credentialIds[0], model: 'gpt-4o' }] }),
      wrong: {
        fallbacks: fc.oneof(
          anyJson.filter((x) => !Array.isArray(x)),
          fc.constant([]),
          fc.array(
            fc.oneof(
              anyJson.filter((x) => !isObject(x)),
              fc.record({ credentialId: notStringOrNull, model: fc.constant('gpt-4o') }),
              fc.record({ credentialId: fc.constant('cred'), model: fc.oneof(notStringOrNull, fc.constant('')) }),
              fc.record({
                credentialId: fc.constant('cred'),
                model: fc.constant('gpt-4o'),
                order: anyJson.filter((x) => !(typeof x === 'number' && Number.isInteger(x) && x >= 1)),
              }),
            ),
            { minLength: 1, maxLength: 3 },
          ),
        ),
      },
    },
  },
  {
    name: 'listFlowbots',
    method: 'GET',
    path: () => '/api/v1/flowbots',
    auth: false,
    ok: v.array(v.object({ publicId: v.string(), name: v.string() })),
  },
  {
    name: 'startChat',
    method: 'POST',
    path: (seed, id = seed.publicId) => `/api/v1/flowbots/${id}/startChat`,
    hasId: true,
    auth: false,
    ok: StartChatResultSchema,
    body: {
      valid: () => ({}),
      wrong: {
        prefilledVariables: anyJson.filter((x) => x !== null && !isObject(x)),
        resultId: notString,
        isStreamEnabled: anyJson.filter((x) => x !== null && typeof x !== 'boolean'),
        textBubbleContentFormat: anyJson.filter((x) => x !== null && x !== 'richText' && x !== 'markdown'),
      },
    },
  },
  {
    name: 'continueChat',
    method: 'POST',
    path: (_seed, id = 'no-session') => `/api/v1/sessions/${id}/continueChat`,
    hasId: true,
    session: true,
    auth: false,
    ok: ContinueChatResultSchema,
    body: {
      valid: () => ({ message: 'hello' }),
      wrong: {
        message: fc.oneof(
          anyJson.filter((x) => x !== null && typeof x !== 'string' && !(isObject(x) && x['type'] === 'text')),
          fc.record({ type: fc.constant('text'), text: notStringOrNull }),
          fc.record({ type: fc.string().filter((t) => t !== 'text'), text: fc.string() }),
          fc.record({
            type: fc.constant('text'),
            text: fc.string(),
            // Finite only: JSON turns NaN and infinities into null, which is a valid metadata.
            metadata: fc.oneof(
              fc.double({ noNaN: true, noDefaultInfinity: true }),
              fc.string(),
              fc.boolean(),
              fc.record({ replyId: notString }),
            ),
          }),
        ),
      },
    },
  },
  {
    name: 'health',
    method: 'GET',
    path: () => '/__health',
    auth: false,
    ok: v.object({ status: v.literal('ok') }),
  },
];

async function openSession(
  request: (path: string, init: RequestInit) => Promise<Response> | Response,
): Promise<string> {
  const res = await request('/api/v1/flowbots/demo/startChat', { method: 'POST' });
  return ((await res.json()) as { sessionId: string }).sessionId;
}

/** The route's path with valid ids (and a fresh session where it needs one). */
async function pathOf(ref: ReferenceApp, route: Route): Promise<string> {
  return route.path(
    ref.seed,
    route.session ? await openSession((path, init) => ref.app.request(path, init)) : undefined,
  );
}

const bodyRoutes = () => routes().filter((route) => route.body);
const idRoutes = () => routes().filter((route) => route.hasId);

/** One in-process request. `body` is sent as is when a string or bytes, else as JSON. */
async function send(
  ref: ReferenceApp,
  route: Route,
  init: {
    body?: unknown;
    path?: string;
    method?: string;
    headers?: Record<string, string>;
    token?: string | null;
  } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...init.headers };
  const token = init.token === undefined ? ref.token : init.token;
  if (route.auth && token !== null) headers['authorization'] ??= `Bearer ${token}`;
  const body = init.body;
  const res = await ref.app.request(init.path ?? (await pathOf(ref, route)), {
    method: init.method ?? route.method,
    headers,
    ...(body === undefined
      ? {}
      : { body: typeof body === 'string' || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body) }),
  });
  return { status: res.status, text: await res.text() };
}

function parsed(reply: Reply): unknown {
  try {
    return JSON.parse(reply.text);
  } catch {
    return reply.text;
  }
}

/** A 4xx in the one error shape; returns the error body. */
function expectClientError(reply: Reply, label: string, status?: number) {
  const body = parsed(reply);
  if (status === undefined) {
    expect(reply.status, `${label}: ${reply.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
    expect(reply.status, `${label}: ${reply.text.slice(0, 300)}`).toBeLessThan(500);
  } else {
    expect(reply.status, `${label}: ${reply.text.slice(0, 300)}`).toBe(status);
  }
  const error = v.safeParse(ErrorBodySchema, body);
  expect(error.success, `${label}: error shape of ${reply.text.slice(0, 300)}`).toBe(true);
  return error.output as v.InferOutput<typeof ErrorBodySchema>;
}

/** Never a 5xx: a 2xx in the route's documented shape, or a 4xx in the error shape. */
function expectSane(reply: Reply, route: Route, label: string): void {
  if (reply.status >= 200 && reply.status < 300) {
    const result = v.safeParse(route.ok, parsed(reply));
    expect(result.success, `${label}: ${route.name} success shape of ${reply.text.slice(0, 300)}`).toBe(true);
  } else {
    expectClientError(reply, `${label}: ${route.name}`);
  }
}

const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('reference server under abuse (in process)', () => {
  let ref: ReferenceApp;
  let consoleError: MockInstance<typeof console.error>;

  beforeEach(() => {
    ref = createReferenceApp({ faults: true });
    consoleError = vi.spyOn(console, 'error');
  });
  afterEach(() => {
    // A 500 is logged; nothing may have been.
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('accepts the valid body of every route (the baseline the mutations start from)', async () => {
    for (const route of routes()) {
      const reply = await send(ref, route, { body: route.body?.valid(ref) });
      expect(reply.status, `${route.name}: ${reply.text.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
      expect(reply.status, route.name).toBeLessThan(300);
      expectSane(reply, route, 'valid');
    }
  });

  it('answers any JSON body, and any valid body with extra fields, sanely on every route', async () => {
    for (const route of bodyRoutes()) {
      const valid = route.body!.valid(ref);
      const bodies = fc.oneof(
        anyJson,
        fc.dictionary(fc.string(), anyJson, { maxKeys: 5 }).map((extra) => ({ ...extra, ...valid })),
      );
      await fc.assert(
        fc.asyncProperty(bodies, async (body) => {
          expectSane(await send(ref, route, { body }), route, `body ${JSON.stringify(body).slice(0, 200)}`);
        }),
        { numRuns: 60 },
      );
    }
  });

  it('answers 400 naming the field when one field has a wrong type or value', async () => {
    for (const route of bodyRoutes()) {
      const { valid, wrong } = route.body!;
      const mutation = fc
        .constantFrom(...Object.keys(wrong))
        .chain((field) => wrong[field]!.map((value) => ({ field, value })));
      await fc.assert(
        fc.asyncProperty(mutation, async ({ field, value }) => {
          const body = { ...valid(ref), [field]: value };
          const label = `${route.name} ${JSON.stringify(body).slice(0, 200)}`;
          const error = expectClientError(await send(ref, route, { body }), label, 400);
          const paths = (error.issues ?? []).map((issue) => issue.path);
          expect(
            paths.some((path) => path === field || path.startsWith(`${field}.`)),
            `${label}: issues ${paths.join(', ')}`,
          ).toBe(true);
        }),
        { numRuns: 100 },
      );
    }
  });

  it('answers huge strings in any field sanely, and keeps the error message short', async () => {
    for (const route of bodyRoutes()) {
      const fields = Object.keys(route.body!.wrong);
      const huge = fc.record({
        field: fc.constantFrom(...fields),
        unit: fc.constantFrom('x', 'é', '😀', '\u0000', '"', '\\', '\u2028'),
        length: fc.integer({ min: 1_000, max: 70_000 }),
      });
      await fc.assert(
        fc.asyncProperty(huge, async ({ field, unit, length }) => {
          const body = { ...route.body!.valid(ref), [field]: unit.repeat(length) };
          const reply = await send(ref, route, { body });
          expectSane(reply, route, `${field} = ${length} × ${JSON.stringify(unit)}`);
          if (reply.status === 400) expect((parsed(reply) as { message: string }).message.length).toBeLessThan(4_000);
        }),
        { numRuns: 15 },
      );
    }
  });

  it('answers 400 for a body that is not JSON, whatever the content type', async () => {
    const notJson = fc.string({ unit: 'binary', minLength: 1, maxLength: 300 }).filter((text) => {
      if (text.trim() === '') return false;
      try {
        // A leading byte order mark may be ignored (RFC 8259).
        JSON.parse(text.replace(/^\uFEFF/, ''));
        return false;
      } catch {
        return true;
      }
    });
    const contentType = fc.constantFrom(
      'application/json',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      '',
      'garbage/;;;',
    );
    for (const route of bodyRoutes()) {
      await fc.assert(
        fc.asyncProperty(notJson, contentType, async (body, type) => {
          const error = expectClientError(
            await send(ref, route, { body, headers: { 'content-type': type } }),
            route.name,
            400,
          );
          expect(error.message).toMatch(/not valid (JSON|UTF-8)/);
        }),
        { numRuns: 30 },
      );
    }
  });

  it('answers 400 for JSON that is not an object', async () => {
    for (const route of bodyRoutes()) {
      for (const body of ['[]', '[{}]', '[1,2]', '"text"', '42', '-0.5e3', 'true', 'false', 'null']) {
        const error = expectClientError(await send(ref, route, { body }), `${route.name} ${body}`, 400);
        expect(error.message, `${route.name} ${body}`).toMatch(/object/);
      }
    }
  });

  it(`answers 400 for nesting deeper than ${MAX_JSON_DEPTH} levels, and takes nesting up to it`, async () => {
    for (const route of bodyRoutes()) {
      for (const body of [
        deepArray(MAX_JSON_DEPTH + 1),
        deepObject(MAX_JSON_DEPTH + 1),
        deepArray(20_000),
        deepObject(5_000),
      ]) {
        const error = expectClientError(await send(ref, route, { body }), `${route.name} deep ${body.length}`, 400);
        expect(error.message).toMatch(/nested deeper/);
      }
      for (const field of Object.keys(route.body!.wrong)) {
        const body = `{"${field}":${deepArray(3_000)}}`;
        expectClientError(await send(ref, route, { body }), `${route.name} ${field} deep`, 400);
      }
    }
    // Within the limit a deep value is fine: it reaches the flow as a variable.
    const route = routes().find((r) => r.name === 'startChat')!;
    const within = `{"prefilledVariables":{"deep":${deepArray(MAX_JSON_DEPTH - 2)}}}`;
    expectSane(await send(ref, route, { body: within }), route, 'deep within the limit');
    expect((await send(ref, route, { body: within })).status).toBe(200);
  });

  it('answers 413 for a body over the limit on every route that takes one', async () => {
    for (const route of bodyRoutes()) {
      const body = JSON.stringify({ ...route.body!.valid(ref), padding: 'p'.repeat(DEFAULT_BODY_LIMIT) });
      const error = expectClientError(await send(ref, route, { body }), route.name, 413);
      expect(error.message).toContain(String(DEFAULT_BODY_LIMIT));
    }
  });

  it('answers 404 for every method a path does not serve', async () => {
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
    for (const route of routes()) {
      const path = await pathOf(ref, route);
      for (const method of methods.filter((m) => m !== route.method && !route.alsoMethods?.includes(m))) {
        const body = method === 'GET' ? undefined : '{}';
        expectClientError(await send(ref, route, { method, path, body }), `${method} ${route.name}`, 404);
      }
    }
  });

  it('answers odd ids and paths with a 4xx in the error shape', async () => {
    const specials = [
      '%',
      '%ZZ',
      '%E0%A4%A',
      '%C0%AF',
      '%00',
      '%0D%0A',
      '..',
      '%2e%2e',
      '.',
      '%2F',
      'a%2Fb',
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      '😀',
      '%F0%9F',
      '%20',
      '%E2%80%AE',
      'x'.repeat(8_000),
      "'%3Cscript%3E",
      '0',
      '-1',
      'NaN',
    ];
    const generated = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).map((s) => encodeURIComponent(s));
    for (const route of idRoutes()) {
      const body = route.body?.valid(ref);
      for (const id of specials) {
        expectClientError(
          await send(ref, route, { path: route.path(ref.seed, id), body }),
          `${route.name} id ${id.slice(0, 40)}`,
        );
      }
      await fc.assert(
        fc.asyncProperty(generated, async (id) => {
          expectClientError(await send(ref, route, { path: route.path(ref.seed, id), body }), `${route.name} id ${id}`);
        }),
        { numRuns: 30 },
      );
    }
    for (const path of [
      '/',
      '//',
      '/api',
      '/api/v1/',
      '/api/v1/flowbots/demo',
      '/api/v1/flowbots//startChat',
      '/demo-assets/',
      '/demo-assets/..%2Fpackage.json',
      '/demo-assets/%00',
      '/%',
    ]) {
      expectClientError(await send(ref, routes()[0]!, { path, method: 'GET' }), `path ${path}`);
    }
  });

  it('answers 401 for every missing or garbage Authorization header', async () => {
    const garbage = [
      '',
      'Bearer',
      'Bearer ',
      'bearer',
      'Basic YTpi',
      `Token ${'t'}`,
      'Bearer \t',
      `Bearer ${'x'.repeat(8_000)}`,
      'Bearer a b',
      'Bearer null',
      'Bearer undefined',
      'Bearer __proto__',
      'Bearer constructor',
    ];
    const generated = fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((s) => s.replace(/[\r\n\0]/g, ''));
    for (const route of routes().filter((r) => r.auth)) {
      const body = route.body?.valid(ref);
      expectClientError(await send(ref, route, { body, token: null }), `${route.name} no token`, 401);
      for (const header of [
        ...garbage,
        `Bearer ${ref.token} extra`,
        `Bearer ${ref.token}${ref.token}`,
        `Token ${ref.token}`,
      ]) {
        expectClientError(
          await send(ref, route, { body, headers: { authorization: header } }),
          `${route.name} "${header.slice(0, 40)}"`,
          401,
        );
      }
      await fc.assert(
        fc.asyncProperty(generated, async (header) => {
          fc.pre(!header.includes(ref.token));
          expectClientError(
            await send(ref, route, { body, headers: { authorization: header } }),
            `${route.name} "${header}"`,
            401,
          );
        }),
        { numRuns: 20 },
      );
    }
  });

  it('answers 400 for a garbage fault header, and ignores other unknown headers', async () => {
    const notASpec = fc.string({ maxLength: 40 }).filter((text) => {
      try {
        parseFaultSpec(text);
        return false;
      } catch {
        return /^[\x20-\x7e]*$/.test(text);
      }
    });
    const health = routes().find((r) => r.name === 'health')!;
    await fc.assert(
      fc.asyncProperty(notASpec, async (spec) => {
        const error = expectClientError(
          await send(ref, health, { headers: { 'x-reference-fault': spec } }),
          `fault "${spec}"`,
          400,
        );
        expect(error.message).toMatch(/x-reference-fault/);
      }),
      { numRuns: 40 },
    );
    for (const spec of [
      'status=200',
      'status=600',
      'status=abc',
      'delay=-1',
      'delay=',
      'trickle=x',
      'hang;explode',
      'explode',
    ]) {
      expectClientError(await send(ref, health, { headers: { 'x-reference-fault': spec } }), `fault "${spec}"`, 400);
    }
    const junk = {
      accept: '*/*;;q=oops',
      'accept-encoding': 'zstd, ???',
      'x-forwarded-for': 'not-an-ip',
      origin: 'null',
      'content-type': ';;',
    };
    expect((await send(ref, health, { headers: junk })).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------
// Real HTTP: bytes no `fetch` would send.

interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `bytes` on a fresh connection and reads until the server closes it (or `wait` ms pass). */
function sendRaw(
  port: number,
  bytes: Uint8Array | string,
  { wait = 3_000, halfClose = false } = {},
): Promise<RawReply | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), wait);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseRaw(Buffer.concat(chunks)));
    });
    socket.write(bytes);
    if (halfClose) socket.end();
  });
}

function parseRaw(data: Buffer): RawReply | undefined {
  const split = data.indexOf('\r\n\r\n');
  if (split === -1) return undefined;
  const [statusLine = '', ...lines] = data.subarray(0, split).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let rest = data.subarray(split + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    const parts: Buffer[] = [];
    for (;;) {
      const end = rest.indexOf('\r\n');
      const size = Number.parseInt(rest.subarray(0, end).toString('latin1'), 16);
      if (!size) break;
      parts.push(rest.subarray(end + 2, end + 2 + size));
      rest = rest.subarray(end + 2 + size + 2);
    }
    rest = Buffer.concat(parts);
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.toString('utf8') };
}

function expectRawClientError(reply: RawReply | undefined, label: string, status?: number) {
  expect(reply, `${label}: no answer`).toBeDefined();
  return expectClientError({ status: reply!.status, text: reply!.body }, label, status);
}

describe('reference server under abuse (real HTTP)', () => {
  let server: RunningReferenceServer;
  let port: number;
  let consoleError: MockInstance<typeof console.error>;

  beforeAll(async () => {
    server = await startReferenceServer({ port: 0 });
    port = Number(new URL(server.url).port);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error');
  });
  afterEach(async () => {
    // Still up and well, and nothing went wrong inside.
    expect((await fetch(`${server.url}/__health`)).status).toBe(200);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  const head = (method: string, path: string, extra: string[] = []) =>
    [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...extra].join('\r\n') + '\r\n\r\n';

  it('answers 400 for a body that is not UTF-8 on every route that takes one', async () => {
    const invalidUtf8 = fc.oneof(
      fc.constantFrom(
        Uint8Array.of(0xff),
        Uint8Array.of(0xc3),
        Uint8Array.of(0xc0, 0xaf),
        Uint8Array.of(0xed, 0xa0, 0x80),
        Uint8Array.of(0xf8, 0x88, 0x80, 0x80, 0x80),
        Uint8Array.of(0xe2, 0x82),
      ),
      fc.uint8Array({ minLength: 1, maxLength: 12 }).filter((bytes) => {
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(bytes);
          return false;
        } catch {
          return true;
        }
      }),
    );
    const ref = { seed: server.seed } as ReferenceApp;
    const request = (path: string, init: RequestInit) => fetch(`${server.url}${path}`, init);
    for (const route of bodyRoutes()) {
      const valid = route.body!.valid(ref);
      const field = Object.keys(route.body!.wrong)[0]!;
      await fc.assert(
        fc.asyncProperty(invalidUtf8, async (bad) => {
          const [before, after] = JSON.stringify({ ...valid, [field]: '\u0001' }).split('\\u0001') as [string, string];
          const body = Buffer.concat([Buffer.from(before), bad, Buffer.from(after)]);
          const path = route.path(server.seed, route.session ? await openSession(request) : undefined);
          const response = await fetch(`${server.url}${path}`, {
            method: route.method,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
            body,
          });
          const error = expectClientError(
            { status: response.status, text: await response.text() },
            `${route.name} ${[...bad]}`,
            400,
          );
          expect(error.message).toMatch(/UTF-8/);
        }),
        { numRuns: 20 },
      );
    }
  });

  it('answers requests Node cannot parse in the error shape', async () => {
    const cases: [string, string | Uint8Array, number][] = [
      ['an unknown method', head('FROB', '/__health'), 400],
      ['a request line that is not HTTP', 'hello there\r\n\r\n', 400],
      ['an unknown HTTP version', 'GET /__health HTTP/9.9\r\nHost: x\r\n\r\n', 400],
      ['a header without a colon', head('GET', '/__health', ['NoColonHere']), 400],
      ['a NUL in a header value', head('GET', '/__health', ['X-Bad: a\0b']), 400],
      [
        'a Content-Length that is not a number',
        head('POST', '/api/v1/flowbots/demo/startChat', ['Content-Length: abc']) + '{}',
        400,
      ],
      [
        'two different Content-Lengths',
        head('POST', '/api/v1/flowbots/demo/startChat', ['Content-Length: 2', 'Content-Length: 3']) + '{}',
        400,
      ],
      [
        'Content-Length with chunked',
        head('POST', '/api/v1/flowbots/demo/startChat', ['Content-Length: 2', 'Transfer-Encoding: chunked']) + '{}',
        400,
      ],
      [
        'a broken chunk size',
        head('POST', '/api/v1/flowbots/demo/startChat', ['Transfer-Encoding: chunked']) + 'zz\r\n{}\r\n0\r\n\r\n',
        400,
      ],
      [
        'an unknown transfer coding',
        head('POST', '/api/v1/flowbots/demo/startChat', ['Transfer-Encoding: zork']) + '{}',
        400,
      ],
      [
        'raw non-ASCII bytes in the path',
        Buffer.concat([
          Buffer.from('GET /api/v1/flowbots/'),
          Buffer.from([0xff, 0xc3]),
          Buffer.from('/x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
        ]),
        400,
      ],
      ['a space in the path', 'GET /api/v1/flow bots HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400],
      ['headers over the size limit', head('GET', '/__health', [`X-Big: ${'a'.repeat(20_000)}`]), 431],
      ['no Host header', 'GET /__health HTTP/1.1\r\nConnection: close\r\n\r\n', 400],
      ['a malformed Host header', head('GET', '/__health').replace('Host: 127.0.0.1', 'Host: a b'), 400],
      ['a Host with a bad port', head('GET', '/__health').replace('Host: 127.0.0.1', 'Host: 127.0.0.1:99999'), 400],
      ['a backslash in the path', head('GET', '/api\\v1/flowbots'), 400],
      ['an asterisk target', head('OPTIONS', '*'), 400],
    ];
    for (const [label, bytes, status] of cases) {
      expectRawClientError(await sendRaw(port, bytes), label, status);
    }
  });

  it('answers random bytes before the end of the headers with a 400 in the error shape', async () => {
    const garbage = fc
      .uint8Array({ minLength: 1, maxLength: 200 })
      .filter((bytes) => bytes.some((b) => b !== 0x0d && b !== 0x0a));
    await fc.assert(
      fc.asyncProperty(garbage, async (bytes) => {
        const reply = await sendRaw(port, Buffer.concat([bytes, Buffer.from('\r\n\r\n')]));
        expectRawClientError(reply, `bytes ${Buffer.from(bytes).toString('hex').slice(0, 80)}`, 400);
      }),
      { numRuns: 40 },
    );
  });

  it('answers 413 for a chunked body over the limit (no Content-Length to go by)', async () => {
    const chunk = 'x'.repeat(16 * 1024);
    const body = Array.from({ length: 5 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('') + '0\r\n\r\n';
    const reply = await sendRaw(
      port,
      head('POST', '/api/v1/flowbots/demo/startChat', ['Transfer-Encoding: chunked']) + body,
    );
    expectRawClientError(reply, 'chunked oversize', 413);
  });

  it('survives callers that hang up mid-body, quietly', async () => {
    const partial = [
      head('POST', '/api/v1/flowbots/demo/startChat', ['Content-Length: 100']) + '{"prefilled',
      head('POST', '/api/v1/flowbots/demo/startChat', ['Transfer-Encoding: chunked']) + '10\r\n{"prefilled',
      head('PUT', `/api/v1/auth/update/${server.seed.accountId}`, [
        `Authorization: Bearer ${server.token}`,
        'Content-Length: 50',
      ]) + '{',
    ];
    const started = server.state.stats.sessionsStarted;
    for (const bytes of partial) await sendRaw(port, bytes, { wait: 500, halfClose: true });
    // Let the server notice and clean up before afterEach looks at the log.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.state.stats.sessionsStarted).toBe(started);
  });

  it('still serves a normal conversation after all of it', async () => {
    const start = await fetch(`${server.url}/api/v1/flowbots/support/startChat`, { method: 'POST' });
    expect(start.status).toBe(200);
    const { sessionId } = (await start.json()) as { sessionId: string };
    const next = await fetch(`${server.url}/api/v1/sessions/${sessionId}/continueChat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Billing' }),
    });
    expect(next.status).toBe(200);
    expect(((await next.json()) as { input?: { id: string } }).input?.id).toBe('email');
  });
});
