// The client against the reference server over real HTTP on 127.0.0.1.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createFlowbotClient,
  createViewerClient,
  FlowbotHttpError,
  FlowbotValidationError,
  type CallOptions,
  type FetchLike,
  type FlowbotClient,
  type FlowbotClientOptions,
  type LessonParams,
  type WebImportParams,
} from '../../../src/api/index.js';
import { startReferenceServer, type RunningReferenceServer } from '../../../src/server/index.js';
import { guardedRoutes } from '../../support/guarded-routes.js';

let server: RunningReferenceServer;

beforeAll(async () => {
  server = await startReferenceServer({ port: 0, host: '127.0.0.1', faults: true });
});
afterAll(() => server.close());
afterEach(() => server.state.faults.clear());

/** A client of the running server that counts the requests it sends. */
function connect(options: Partial<FlowbotClientOptions> = {}) {
  const sent: Request[] = [];
  const fetch: FetchLike = (request) => {
    sent.push(request);
    return globalThis.fetch(request);
  };
  const client = createFlowbotClient({
    chatBaseUrl: server.url,
    contentBaseUrl: `${server.url}/`,
    viewerBaseUrl: server.url,
    token: server.token,
    fetch,
    retry: { backoffLimit: 20 },
    ...options,
  });
  return { client, sent };
}

/** A raw request that bypasses the client's checks. */
async function raw(method: string, path: string, body?: unknown, token: string | null = server.token) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as { message: string; issues?: { path: string }[] } };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

function schedule(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

interface Verb {
  /** A path fragment that only this verb's requests contain (to aim injected faults). */
  match: string;
  needsToken: boolean;
  call(client: FlowbotClient, options?: CallOptions): Promise<unknown>;
}

/** Every verb with valid arguments. `continueChat` first opens a session of its own. */
function verbs(): Record<string, Verb> {
  const s = server.seed;
  return {
    updateAccount: {
      match: '/auth/update/',
      needsToken: true,
      call: (c, o) => c.updateAccount(s.accountId, { name: 'Ada', lastName: 'Lovelace' }, o),
    },
    createLesson: {
      match: '/create_class',
      needsToken: true,
      call: (c, o) => c.createLesson(s.courseId, { title: 'Intro', description: 'First steps' }, o),
    },
    duplicateWidget: { match: '/widget/duplicate', needsToken: true, call: (c, o) => c.duplicateWidget(s.widgetId, o) },
    importWebContent: {
      match: '/upload-web-scraper',
      needsToken: true,
      call: (c, o) =>
        c.importWebContent(
          { unityId: s.unityId, datasetId: s.datasetId, folderId: s.folderId, url: 'https://example.com/docs' },
          o,
        ),
    },
    listFunctions: { match: '/functions/unity/', needsToken: true, call: (c, o) => c.listFunctions(s.unityId, o) },
    listCredentials: { match: '/credential/unity/', needsToken: true, call: (c, o) => c.listCredentials(s.unityId, o) },
    updateFallback: {
      match: '/fallback/',
      needsToken: true,
      call: (c, o) =>
        c.updateFallback(
          s.botId,
          s.fallbackId,
          { fallbacks: [{ credentialId: s.credentialIds[0], model: 'gpt-4o-mini' }] },
          o,
        ),
    },
    startChat: { match: '/startChat', needsToken: false, call: (c, o) => c.startChat(s.publicId, o) },
    continueChat: {
      match: '/continueChat',
      needsToken: false,
      call: async (c, o) => c.continueChat((await c.startChat(s.publicId)).sessionId, 'Ada', o),
    },
  };
}
const VERB_NAMES = Object.keys({
  updateAccount: 0,
  createLesson: 0,
  duplicateWidget: 0,
  importWebContent: 0,
  listFunctions: 0,
  listCredentials: 0,
  updateFallback: 0,
  startChat: 0,
  continueChat: 0,
});

describe('client against the reference server', () => {
  describe('success', () => {
    it('updateAccount returns the updated Account', async () => {
      const { client } = connect();
      const account = await client.updateAccount(server.seed.accountId, { name: 'Grace', lastName: 'Hopper' });
      expect(account).toMatchObject({ id: server.seed.accountId, name: 'Grace', lastName: 'Hopper' });
    });

    it('createLesson returns the new Lesson, unwrapped', async () => {
      const { client } = connect();
      const lesson = await client.createLesson(server.seed.courseId, {
        title: 'Intro',
        description: 'First steps',
        duration: 45,
        tag: ['basics', 'video'],
        progress_criteria: [server.seed.lessonIds[0]!, server.seed.otherCourseLessonId],
        show_title: 1,
        scheduled_date: schedule(3),
      });
      expect(lesson).toMatchObject({
        curso_id: server.seed.courseId,
        titulo: 'Intro',
        descricao: 'First steps',
        duracao: 45,
        tags: 'basics,video',
        title_visibility: 1,
      });
      // Prerequisites of another course are ignored, per the document.
      expect(lesson.requisito).toBe(server.seed.lessonIds[0]);
    });

    it('createLesson stores the same lesson for both parameter variants', async () => {
      const { client } = connect();
      const common = { title: 'Same', description: 'Either way', progress_criteria: [server.seed.lessonIds[1]!] };
      const a = await client.createLesson(server.seed.guestViewCourseId, {
        ...common,
        duration: 30,
        tag: ['x', 'y'],
        show_title: 1,
        enable_lesson_view: 1,
      });
      const b = await client.createLesson(server.seed.guestViewCourseId, {
        ...common,
        duration: '30',
        tag: 'x, y',
        show_tilte: 'true',
        enable_lesson_view: '1',
      });
      const strip = ({ id: _id, created_at: _c, updated_at: _u, ordem: _o, ...rest }: typeof a) => rest;
      expect(strip(b)).toEqual(strip(a));
      expect(a).toMatchObject({ enable_lesson_view: 1, title_visibility: 1, tags: 'x,y' });
    });

    it('duplicateWidget returns a copy with a new id', async () => {
      const { client } = connect();
      const copy = await client.duplicateWidget(server.seed.widgetId);
      expect(copy.id).not.toBe(server.seed.widgetId);
      expect(copy.Bot.id).not.toBe(server.seed.botId);
      expect(copy.unity.id).toBe(server.seed.unityId);
    });

    it('importWebContent returns message, folder, urls and files', async () => {
      const { client } = connect();
      const result = await client.importWebContent({
        unityId: server.seed.unityId,
        datasetId: server.seed.datasetId,
        folderId: server.seed.folderId,
        url: 'https://example.com/docs',
        limit: 2,
      });
      expect(result.message).toMatch(/\S/);
      expect(result.folder?.id).toBe(server.seed.folderId);
      expect(result.urls).toEqual(['https://example.com/docs']);
      expect(result.files?.[0]).toMatchObject({ status: 'PENDING', maskName: 'https://example.com/docs' });
    });

    it('listFunctions returns the unit functions and counts', async () => {
      const { client } = connect();
      const result = await client.listFunctions(server.seed.unityId);
      expect(result.items.map((f) => f.id).sort()).toEqual([...server.seed.functionIds].sort());
      expect(result.pluginCount).toBe(result.items.length);
      expect(result.pluginLimit).toBe(server.seed.pluginLimit);
    });

    it('listCredentials returns the unit credentials with their integrations', async () => {
      const { client } = connect();
      const { items } = await client.listCredentials(server.seed.unityId);
      expect(items.map((c) => c.id).sort()).toEqual([...server.seed.credentialIds].sort());
      expect(items.every((c) => typeof c.integration?.name === 'string')).toBe(true);
    });

    it('updateFallback returns the Fallback with its credential and integration', async () => {
      const { client } = connect();
      const fallback = await client.updateFallback(server.seed.botId, server.seed.fallbackId, {
        fallbacks: [{ credentialId: server.seed.credentialIds[0], model: 'gpt-4o-mini' }],
      });
      expect(fallback).toMatchObject({
        id: server.seed.fallbackId,
        botId: server.seed.botId,
        model: 'gpt-4o-mini',
        order: 1,
      });
      expect(typeof fallback.credential.integration.form.api_key).toBe('string');
    });

    it('updateFallback also works with a PUT route override', async () => {
      const { client, sent } = connect({
        fallbackRoute: { method: 'PUT', path: (bot, fb) => `/api/v1/bot/${bot}/fallback/${fb}` },
      });
      await client.updateFallback(server.seed.botId, server.seed.fallbackId, {
        fallbacks: [{ credentialId: server.seed.credentialIds[0], model: 'gpt-4o' }],
      });
      expect(sent[0]!.method).toBe('PUT');
    });

    it('startChat and continueChat hold a conversation, without a token', async () => {
      const viewer = createViewerClient({ viewerBaseUrl: `${server.url}/` });
      const start = await viewer.startChat(server.seed.publicId, { prefilledVariables: { Name: 'Ada' } });
      expect(start.sessionId).toMatch(/\S/);
      expect(start.messages.length).toBeGreaterThan(0);
      expect(start.input?.id).toMatch(/\S/);
      const next = await viewer.continueChat(start.sessionId, 'Ada');
      expect(Array.isArray(next.messages)).toBe(true);
    });

    it('startChat of a flow that ends at once has no input', async () => {
      const { client } = connect({ token: '' });
      const start = await client.startChat(server.seed.endsAtStartPublicId);
      expect(start.input ?? undefined).toBeUndefined();
    });
  });

  describe('access token', () => {
    it.each(VERB_NAMES)('%s: a wrong token gets 401 (or is not needed)', async (name) => {
      const verb = verbs()[name]!;
      const { client } = connect({ token: 'not-a-real-token' });
      const outcome = await failure(verb.call(client));
      if (verb.needsToken) {
        expect(outcome).toBeInstanceOf(FlowbotHttpError);
        expect(outcome).toMatchObject({ status: 401, operation: name });
        expect((outcome as FlowbotHttpError).serverMessage).toMatch(/token/i);
        expect((outcome as Error).message).not.toContain('not-a-real-token');
      } else {
        expect(outcome).toBeUndefined();
      }
    });

    it.each(VERB_NAMES)('%s: a missing token is refused by the client, and by the server with 401', async (name) => {
      const verb = verbs()[name]!;
      const { client, sent } = connect({ token: '' });
      const outcome = await failure(verb.call(client));
      if (verb.needsToken) {
        expect(outcome).toBeInstanceOf(FlowbotValidationError);
        expect((outcome as FlowbotValidationError).issues).toEqual([expect.objectContaining({ path: 'token' })]);
        expect(sent).toHaveLength(0);
      } else {
        expect(outcome).toBeUndefined();
      }
    });

    it('the server answers 401 to each protected route without a token', async () => {
      for (const [method, path, body] of guardedRoutes(server.seed)) {
        expect((await raw(method, path, body, null)).status, `${method} ${path}`).toBe(401);
      }
    });

    it('a lesson header other than Authorization is not what the reference server reads', async () => {
      const { client, sent } = connect({ lessonAuthHeader: 'x-access-token' });
      const error = await failure(client.createLesson(server.seed.courseId, { title: 'T', description: 'D' }));
      expect(sent[0]!.headers.get('x-access-token')).toBe(server.token);
      expect(error).toMatchObject({ name: 'FlowbotHttpError', status: 401 });
    });
  });

  describe("another institution's data", () => {
    const cases: [string, (c: FlowbotClient) => Promise<unknown>][] = [
      ['updateAccount', (c) => c.updateAccount(server.seed.otherAccountId, { name: 'Eve' })],
      ['createLesson', (c) => c.createLesson(server.seed.otherInstitutionCourseId, { title: 'T', description: 'D' })],
      ['duplicateWidget', (c) => c.duplicateWidget(server.seed.otherWidgetId)],
      [
        'importWebContent',
        (c) =>
          c.importWebContent({
            unityId: server.seed.otherUnityId,
            datasetId: server.seed.datasetId,
            folderId: server.seed.folderId,
            url: 'https://example.com',
          }),
      ],
      ['listFunctions', (c) => c.listFunctions(server.seed.otherUnityId)],
      ['listCredentials', (c) => c.listCredentials(server.seed.otherUnityId)],
      [
        'updateFallback',
        (c) =>
          c.updateFallback(server.seed.otherBotId, server.seed.fallbackId, {
            fallbacks: [{ credentialId: server.seed.credentialIds[0], model: 'm' }],
          }),
      ],
    ];

    it.each(cases)('%s gets 403 with the server message', async (name, call) => {
      const { client, sent } = connect();
      const error = await failure(call(client));
      expect(error).toBeInstanceOf(FlowbotHttpError);
      expect(error).toMatchObject({ status: 403, operation: name });
      expect((error as FlowbotHttpError).serverMessage).toMatch(/\S/);
      // 4xx other than 408/429 are never retried.
      expect(sent).toHaveLength(1);
    });

    it('createLesson with guest view on an institution without the feature gets 403', async () => {
      const { client } = connect();
      const error = await failure(
        client.createLesson(server.seed.courseId, { title: 'T', description: 'D', enable_lesson_view: 1 }),
      );
      expect(error).toMatchObject({ name: 'FlowbotHttpError', status: 403 });
      expect((error as FlowbotHttpError).serverMessage).toContain('pacote de views para visitantes');
    });

    it('unknown ids get 404', async () => {
      const { client } = connect();
      await expect(client.startChat('no-such-bot')).rejects.toMatchObject({ name: 'FlowbotHttpError', status: 404 });
      await expect(client.continueChat('no-such-session', 'hi')).rejects.toMatchObject({
        name: 'FlowbotHttpError',
        status: 404,
      });
      await expect(client.duplicateWidget('no-such-widget')).rejects.toMatchObject({
        name: 'FlowbotHttpError',
        status: 404,
      });
    });
  });

  describe('validation rules: the client refuses, and the server answers 400 when the check is bypassed', () => {
    const lesson: LessonParams = { title: 'Intro', description: 'First steps' };
    const lessonCases: [string, LessonParams, string][] = [
      ['title over 150 characters', { ...lesson, title: 'x'.repeat(151) }, 'title'],
      ['description over 255 characters', { ...lesson, description: 'x'.repeat(256) }, 'description'],
      ['duration over 4 digits', { ...lesson, duration: 12345 }, 'duration'],
      ['a tag over 150 characters', { ...lesson, tag: ['x'.repeat(151)] }, 'tag.0'],
      ['scheduled_date in the past', { ...lesson, scheduled_date: schedule(-2) }, 'scheduled_date'],
      ['scheduled_date not YYYY-MM-DD HH:MM', { ...lesson, scheduled_date: 'next monday' }, 'scheduled_date'],
      ['enable_lesson_view not 0 or 1', { ...lesson, enable_lesson_view: 5 as never }, 'enable_lesson_view'],
    ];

    it.each(lessonCases)('createLesson: %s', async (_name, params, path) => {
      const { client, sent } = connect();
      const error = await failure(client.createLesson(server.seed.courseId, params));
      expect(error).toBeInstanceOf(FlowbotValidationError);
      expect((error as FlowbotValidationError).issues.map((i) => i.path)).toEqual([path]);
      expect(sent).toHaveLength(0);

      const response = await raw('POST', `/api/content/course/${server.seed.courseId}/create_class`, params);
      expect(response.status).toBe(400);
      expect(response.body.issues?.map((i) => i.path)).toContain(path);
    });

    it('createLesson: several failing fields, one error each side', async () => {
      const params: LessonParams = { title: 'x'.repeat(151), description: 'x'.repeat(256), duration: 99999 };
      const { client } = connect();
      const error = (await failure(client.createLesson(server.seed.courseId, params))) as FlowbotValidationError;
      const response = await raw('POST', `/api/content/course/${server.seed.courseId}/create_class`, params);
      expect(error.issues.map((i) => i.path)).toEqual(['title', 'description', 'duration']);
      expect(response.status).toBe(400);
      expect([...new Set(response.body.issues?.map((i) => i.path))]).toEqual(['title', 'description', 'duration']);
    });

    const importCases: [string, Partial<WebImportParams>, string][] = [
      ['unityId not a UUID', { unityId: 'unit-1' }, 'unityId'],
      ['datasetId not a UUID', { datasetId: 'dataset-1' }, 'datasetId'],
      ['folderId not a UUID', { folderId: 'folder-1' }, 'folderId'],
      ['url not http(s)', { url: 'ftp://example.com/file' }, 'url'],
      ['url not a URL', { url: 'example dot com' }, 'url'],
      ['limit not a positive integer', { limit: 0 }, 'limit'],
    ];

    it.each(importCases)('importWebContent: %s', async (_name, change, path) => {
      const params: WebImportParams = {
        unityId: server.seed.unityId,
        datasetId: server.seed.datasetId,
        folderId: server.seed.folderId,
        url: 'https://example.com/docs',
        ...change,
      };
      const { client, sent } = connect();
      const error = await failure(client.importWebContent(params));
      expect(error).toBeInstanceOf(FlowbotValidationError);
      expect((error as FlowbotValidationError).issues.map((i) => i.path)).toEqual([path]);
      expect(sent).toHaveLength(0);

      const response = await raw('POST', '/api/v2/extractor/upload-web-scraper', params);
      expect(response.status).toBe(400);
      expect(response.body.issues?.map((i) => i.path)).toContain(path);
    });

    it('duplicateWidget and updateFallback: the body rules hold on both sides', async () => {
      const { client, sent } = connect();
      await expect(client.duplicateWidget('')).rejects.toBeInstanceOf(FlowbotValidationError);
      await expect(
        client.updateFallback(server.seed.botId, server.seed.fallbackId, { fallbacks: {} as never }),
      ).rejects.toBeInstanceOf(FlowbotValidationError);
      expect(sent).toHaveLength(0);
      expect((await raw('POST', '/api/v1/widget/duplicate/', { id: '' })).status).toBe(400);
      expect(
        (await raw('PATCH', `/api/v1/bot/${server.seed.botId}/fallback/${server.seed.fallbackId}`, { fallbacks: {} }))
          .status,
      ).toBe(400);
    });

    it('startChat and continueChat: the body rules hold on both sides', async () => {
      const { client, sent } = connect();
      await expect(
        client.startChat(server.seed.publicId, { textBubbleContentFormat: 'html' as never }),
      ).rejects.toBeInstanceOf(FlowbotValidationError);
      await expect(client.continueChat('session', 42 as never)).rejects.toBeInstanceOf(FlowbotValidationError);
      expect(sent).toHaveLength(0);
      expect(
        (
          await raw(
            'POST',
            `/api/v1/flowbots/${server.seed.publicId}/startChat`,
            { textBubbleContentFormat: 'html' },
            null,
          )
        ).status,
      ).toBe(400);
      const { sessionId } = await client.startChat(server.seed.publicId);
      expect((await raw('POST', `/api/v1/sessions/${sessionId}/continueChat`, { message: 42 }, null)).status).toBe(400);
    });

    it('the server rejects a lesson body that is not valid JSON with 400', async () => {
      const response = await fetch(`${server.url}/api/content/course/${server.seed.courseId}/create_class`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.token}` },
        body: '{"title": ',
      });
      expect(response.status).toBe(400);
    });
  });

  describe('failures', () => {
    it.each(VERB_NAMES)('%s: a server error becomes FlowbotHttpError 500', async (name) => {
      const verb = verbs()[name]!;
      // GETs are retried: fail every attempt.
      server.state.faults.next('status=500', { match: verb.match, times: 3 });
      const { client } = connect();
      const error = await failure(verb.call(client));
      expect(error).toBeInstanceOf(FlowbotHttpError);
      expect(error).toMatchObject({ status: 500, operation: name });
      expect((error as FlowbotHttpError).serverMessage).toContain('Injected fault');
      expect((error as Error).message).toContain(server.url);
    });

    it.each(VERB_NAMES)('%s: a server that does not answer becomes FlowbotTimeoutError', async (name) => {
      const verb = verbs()[name]!;
      server.state.faults.next('hang', { match: verb.match });
      const { client } = connect({ timeout: 250 });
      const started = Date.now();
      const error = await failure(verb.call(client));
      expect(error).toMatchObject({ name: 'FlowbotTimeoutError', operation: name, timeout: 250 });
      expect(Date.now() - started).toBeLessThan(3_000);
    });

    it.each(VERB_NAMES)('%s: an aborted call rejects with the AbortError', async (name) => {
      const verb = verbs()[name]!;
      server.state.faults.next('hang', { match: verb.match });
      const { client } = connect();
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 150);
      const error = await failure(verb.call(client, { signal: controller.signal }));
      expect(error).toBe(controller.signal.reason);
      expect((error as Error).name).toBe('AbortError');
    });

    it('a dropped connection becomes FlowbotNetworkError', async () => {
      server.state.faults.next('drop', { match: '/startChat' });
      const { client } = connect();
      await expect(client.startChat(server.seed.publicId)).rejects.toMatchObject({
        name: 'FlowbotNetworkError',
        operation: 'startChat',
      });
    });

    it('a 200 that is not JSON becomes FlowbotResponseError', async () => {
      server.state.faults.next('bad-json', { match: '/startChat' });
      const { client } = connect();
      await expect(client.startChat(server.seed.publicId)).rejects.toMatchObject({
        name: 'FlowbotResponseError',
        status: 200,
      });
    });

    it('a GET retries after 503 and succeeds', async () => {
      server.state.faults.next('status=503', { match: '/functions/unity/' });
      const { client, sent } = connect();
      await expect(client.listFunctions(server.seed.unityId)).resolves.toMatchObject({
        pluginLimit: server.seed.pluginLimit,
      });
      expect(sent).toHaveLength(2);
    });

    it('a GET waits for Retry-After on 429', async () => {
      server.state.faults.next('status=429;retry-after=1', { match: '/credential/unity/' });
      const { client, sent } = connect();
      const started = Date.now();
      await expect(client.listCredentials(server.seed.unityId)).resolves.toHaveProperty('items');
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
      expect(sent).toHaveLength(2);
    });

    it('a POST is not retried: startChat after a 503 opens no second session', async () => {
      server.state.faults.next('status=503', { match: '/startChat', times: 1 });
      const { client, sent } = connect();
      await expect(client.startChat(server.seed.publicId)).rejects.toMatchObject({ status: 503 });
      expect(sent).toHaveLength(1);
      expect(server.state.faults.pending).toBe(0);
    });
  });
});

describe('client and reference server agree', () => {
  it("on scheduled_date: both read it on the platform's clock, so what one takes the other stores as that instant", async () => {
    const { client } = connect();
    const at = new Date(Math.ceil((Date.now() + 2 * 3_600_000) / 60_000) * 60_000);
    const lesson = await client.createLesson(server.seed.courseId, {
      title: 'Later',
      description: 'Scheduled',
      scheduled_date: at,
    });
    expect(lesson.liberacao).toBe(at.toISOString());
    const gone = new Date(Date.now() - 3_600_000);
    expect(
      await failure(client.createLesson(server.seed.courseId, { title: 'T', description: 'D', scheduled_date: gone })),
    ).toBeInstanceOf(FlowbotValidationError);
  });

  it('on UUIDs in upper case, and on an emoji title', async () => {
    const { client } = connect();
    const list = await client.listFunctions(server.seed.unityId.toUpperCase());
    expect(list.items.length).toBeGreaterThan(0);
    const account = await client.updateAccount(server.seed.accountId.toUpperCase(), { name: 'Ada' });
    expect(account.id).toBe(server.seed.accountId);
    const lesson = await client.createLesson(server.seed.courseId, { title: '📚'.repeat(150), description: 'Emoji' });
    expect(lesson.titulo).toBe('📚'.repeat(150));
  });

  it('on startChat without a body', async () => {
    const { client, sent } = connect();
    const start = await client.startChat(server.seed.publicId);
    expect(start.sessionId).toEqual(expect.any(String));
    expect(sent.at(-1)!.headers.has('content-type')).toBe(false);
  });
});
