import { describe, expect, it } from 'vitest';
import { createFlowbotClient, createViewerClient, type FlowbotClient } from '../../../src/api/index.js';
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
  recordingFetch,
  startResult,
  webImport,
  widget,
} from './fixtures.js';

function setup(extra: Partial<Parameters<typeof createFlowbotClient>[0]> = {}) {
  const recorder = recordingFetch();
  const client = createFlowbotClient({ ...baseUrls, token: TOKEN, fetch: recorder.fetch, ...extra });
  return { client, sent: recorder.sent };
}

/** Calls every verb once with valid arguments; returns the verb names in call order. */
async function callEveryVerb(client: FlowbotClient): Promise<string[]> {
  await client.updateAccount(ids.account, { name: 'Ada', lastName: 'Lovelace' });
  await client.createLesson(42, { title: 'Intro', description: 'First steps' });
  await client.duplicateWidget('widget-1');
  await client.importWebContent({
    unityId: ids.unity,
    datasetId: ids.dataset,
    folderId: ids.folder,
    url: 'https://example.com/docs',
  });
  await client.listFunctions(ids.unity);
  await client.listCredentials(ids.unity);
  await client.updateFallback('bot-1', 'fb-1', { fallbacks: [{ model: 'gpt-4o' }] });
  await client.startChat('my-bot');
  await client.continueChat('session-1', 'hi');
  return [
    'updateAccount',
    'createLesson',
    'duplicateWidget',
    'importWebContent',
    'listFunctions',
    'listCredentials',
    'updateFallback',
    'startChat',
    'continueChat',
  ];
}

describe('createFlowbotClient', () => {
  describe('verbs', () => {
    it('updateAccount PUTs name and lastName and returns the Account', async () => {
      const { client, sent } = setup();
      const result = await client.updateAccount(ids.account, { name: 'Ada', lastName: 'Lovelace' });
      expect(result).toEqual(account);
      expect(sent[0]).toMatchObject({ method: 'PUT', body: { name: 'Ada', lastName: 'Lovelace' } });
      expect(sent[0]!.url.href).toBe(`https://chat.test/api/v1/auth/update/${ids.account}`);
    });

    it('createLesson POSTs to the content base URL and unwraps data', async () => {
      const { client, sent } = setup();
      const result = await client.createLesson('42', { title: 'Intro', description: 'First steps', duration: 45 });
      expect(result).toEqual(lesson);
      expect(sent[0]!.method).toBe('POST');
      expect(sent[0]!.url.href).toBe('https://content.test/api/content/course/42/create_class');
      expect(sent[0]!.body).toEqual({ title: 'Intro', description: 'First steps', duration: 45 });
    });

    it('duplicateWidget POSTs { id } and returns the Widget', async () => {
      const { client, sent } = setup();
      const result = await client.duplicateWidget('widget-1');
      expect(result).toEqual(widget);
      expect(result.Bot.name).toBe('Helper');
      expect(sent[0]!.url.href).toBe('https://chat.test/api/v1/widget/duplicate/');
      expect(sent[0]!.body).toEqual({ id: 'widget-1' });
    });

    it('importWebContent POSTs the four fields and returns message, folder, urls and files', async () => {
      const { client, sent } = setup();
      const params = {
        unityId: ids.unity,
        datasetId: ids.dataset,
        folderId: ids.folder,
        url: 'https://example.com/docs',
        limit: 3,
      };
      const result = await client.importWebContent(params);
      expect(result).toEqual(webImport);
      expect(sent[0]!.url.pathname).toBe('/api/v2/extractor/upload-web-scraper');
      expect(sent[0]!.body).toEqual(params);
    });

    it('listFunctions GETs without a body and returns items and counts', async () => {
      const { client, sent } = setup();
      const result = await client.listFunctions(ids.unity);
      expect(result).toEqual(functionList);
      expect(sent[0]).toMatchObject({ method: 'GET', body: undefined });
    });

    it('listCredentials GETs the unit credentials', async () => {
      const { client, sent } = setup();
      const result = await client.listCredentials(ids.unity);
      expect(result.items[0]?.integration?.name).toBe('OpenAI');
      expect(result).toEqual(credentialList);
      expect(sent[0]!.url.pathname).toBe(`/api/v1/credential/unity/${ids.unity}`);
    });

    it('updateFallback PATCHes { fallbacks } to the default route', async () => {
      const { client, sent } = setup();
      const fallbacks = [{ model: 'gpt-4o', order: 1 }];
      const result = await client.updateFallback('bot-1', 'fb-1', { fallbacks });
      expect(result).toEqual(fallback);
      expect(sent[0]).toMatchObject({ method: 'PATCH', body: { fallbacks } });
      expect(sent[0]!.url.href).toBe('https://chat.test/api/v1/bot/bot-1/fallback/fb-1');
    });

    it('updateFallback follows a fallbackRoute override', async () => {
      const recorder = recordingFetch((request) => {
        const url = new URL(request.url);
        return request.method === 'PUT' && url.pathname === '/api/v2/bots/bot%201/fallbacks/fb%2F1'
          ? Response.json(fallback)
          : Response.json({ message: 'wrong route' }, { status: 404 });
      });
      const client = createFlowbotClient({
        ...baseUrls,
        token: TOKEN,
        fetch: recorder.fetch,
        fallbackRoute: { method: 'PUT', path: (bot, fb) => `/api/v2/bots/${bot}/fallbacks/${fb}` },
      });
      await expect(client.updateFallback('bot 1', 'fb/1', { fallbacks: [{ model: 'gpt-4o' }] })).resolves.toEqual(
        fallback,
      );
      expect(recorder.sent[0]!.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    });

    it('startChat POSTs no body and no content type without options, and returns the start result', async () => {
      const { client, sent } = setup();
      const result = await client.startChat('my-bot');
      await client.startChat('my-bot', { signal: new AbortController().signal, timeout: 5_000 });
      expect(result).toEqual(startResult);
      expect(sent[0]!.url.href).toBe('https://viewer.test/api/v1/flowbots/my-bot/startChat');
      expect(sent.map((s) => [s.method, s.body, s.headers.get('content-type')])).toEqual([
        ['POST', undefined, null],
        ['POST', undefined, null],
      ]);
    });

    it('startChat sends the viewer protocol options but not signal or timeout', async () => {
      const { client, sent } = setup();
      await client.startChat('my-bot', {
        prefilledVariables: { Name: 'Ada' },
        resultId: 'result-0',
        isStreamEnabled: false,
        textBubbleContentFormat: 'markdown',
        signal: new AbortController().signal,
        timeout: 5_000,
      });
      expect(sent[0]!.body).toEqual({
        prefilledVariables: { Name: 'Ada' },
        resultId: 'result-0',
        isStreamEnabled: false,
        textBubbleContentFormat: 'markdown',
      });
    });

    it('continueChat sends { message } with an answer and {} without one', async () => {
      const { client, sent } = setup();
      await expect(client.continueChat('session-1', 'hello')).resolves.toEqual(continueResult);
      await client.continueChat('session-1', { type: 'text', text: 'Yes', metadata: { replyId: 'item-1' } });
      await client.continueChat('session-1');
      expect(sent.map((s) => s.body)).toEqual([
        { message: 'hello' },
        { message: { type: 'text', text: 'Yes', metadata: { replyId: 'item-1' } } },
        {},
      ]);
      expect(sent[0]!.url.href).toBe('https://viewer.test/api/v1/sessions/session-1/continueChat');
    });

    it('URL-encodes path parameters', async () => {
      const { client, sent } = setup();
      await client.continueChat('a/b c?d', 'hi').catch(() => undefined);
      await client.startChat('bot#1').catch(() => undefined);
      expect(sent[0]!.url.pathname).toBe('/api/v1/sessions/a%2Fb%20c%3Fd/continueChat');
      expect(sent[1]!.url.pathname).toBe('/api/v1/flowbots/bot%231/startChat');
    });

    it('tolerates base URLs with a path and trailing slashes', async () => {
      const { client, sent } = setup({ chatBaseUrl: 'https://gw.test/chat///' });
      await client.listFunctions(ids.unity).catch(() => undefined);
      expect(sent[0]!.url.href).toBe(`https://gw.test/chat/api/v1/functions/unity/${ids.unity}`);
    });

    it('keeps fields the schemas do not know', async () => {
      const recorder = recordingFetch(() => Response.json({ ...account, nickname: 'Countess' }));
      const client = createFlowbotClient({ ...baseUrls, token: TOKEN, fetch: recorder.fetch });
      const result = await client.updateAccount(ids.account, { name: 'Ada' });
      // Kept at run time; the type names only the documented fields.
      expect((result as Record<string, unknown>)['nickname']).toBe('Countess');
    });

    it('sends the extra headers on every request', async () => {
      const { client, sent } = setup({ headers: { 'x-client': 'tests' } });
      await callEveryVerb(client);
      expect(sent.map((s) => s.headers.get('x-client'))).toEqual(Array(9).fill('tests'));
    });
  });

  describe('access token', () => {
    it('is sent as a bearer token on exactly the operations that need it, never on viewer calls', async () => {
      const { client, sent } = setup();
      const verbs = await callEveryVerb(client);
      const withAuth = Object.fromEntries(verbs.map((verb, i) => [verb, sent[i]!.headers.get('authorization')]));
      expect(withAuth).toEqual({
        updateAccount: `Bearer ${TOKEN}`,
        createLesson: `Bearer ${TOKEN}`,
        duplicateWidget: `Bearer ${TOKEN}`,
        importWebContent: `Bearer ${TOKEN}`,
        listFunctions: `Bearer ${TOKEN}`,
        listCredentials: `Bearer ${TOKEN}`,
        updateFallback: `Bearer ${TOKEN}`,
        startChat: null,
        continueChat: null,
      });
    });

    it('may come from an async function, called before every request', async () => {
      let n = 0;
      const { client, sent } = setup({
        token: async () => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          return `renewed-${++n}`;
        },
      });
      await client.listFunctions(ids.unity);
      await client.duplicateWidget('widget-1');
      await client.startChat('my-bot');
      expect(sent.map((s) => s.headers.get('authorization'))).toEqual(['Bearer renewed-1', 'Bearer renewed-2', null]);
      expect(n).toBe(2);
    });

    it('goes in the named lesson header, raw, when lessonAuthHeader is set', async () => {
      const { client, sent } = setup({ lessonAuthHeader: 'x-access-token' });
      await client.createLesson(42, { title: 'Intro', description: 'First steps' });
      await client.listFunctions(ids.unity);
      expect(sent[0]!.headers.get('x-access-token')).toBe(TOKEN);
      expect(sent[0]!.headers.get('authorization')).toBeNull();
      expect(sent[1]!.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    });

    it('is required: a call that needs it fails before sending when none is configured', async () => {
      const { client, sent } = setup({ token: '' });
      const error = await client.listCredentials(ids.unity).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'FlowbotValidationError', issues: [{ path: 'token' }] });
      expect(sent).toHaveLength(0);
      // The viewer calls do not need one.
      await expect(client.startChat('my-bot')).resolves.toMatchObject({ sessionId: 'session-1' });
    });

    it('fails before sending when the token function returns nothing', async () => {
      const { client, sent } = setup({ token: () => '' });
      const error = await client.updateAccount(ids.account, { name: 'Ada' }).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'FlowbotValidationError', operation: 'updateAccount' });
      expect(sent).toHaveLength(0);
    });

    it('reports a failing token function as a FlowbotError with the cause', async () => {
      const cause = new Error('session expired');
      const { client, sent } = setup({ token: () => Promise.reject(cause) });
      const error = await client.listFunctions(ids.unity).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'FlowbotError', operation: 'listFunctions', cause });
      expect(sent).toHaveLength(0);
    });
  });
});

describe('createViewerClient', () => {
  it('has only the two viewer calls and never sends a token', async () => {
    const recorder = recordingFetch();
    const viewer = createViewerClient({ viewerBaseUrl: 'https://viewer.test/', fetch: recorder.fetch });
    expect(Object.keys(viewer).sort()).toEqual(['continueChat', 'startChat']);
    const start = await viewer.startChat('my-bot');
    await viewer.continueChat(start.sessionId, 'hi');
    expect(recorder.sent.map((s) => s.headers.has('authorization'))).toEqual([false, false]);
    expect(recorder.sent.map((s) => s.headers.get('content-type'))).toEqual([null, 'application/json']);
  });

  it('uses the global fetch when none is injected, looked up at call time', async () => {
    const recorder = recordingFetch();
    const original = globalThis.fetch;
    const viewer = createViewerClient({ viewerBaseUrl: 'https://viewer.test' });
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      recorder.fetch(input instanceof Request ? input : new Request(input, init))) as typeof fetch;
    try {
      await expect(viewer.startChat('my-bot')).resolves.toMatchObject({ sessionId: 'session-1' });
    } finally {
      globalThis.fetch = original;
    }
    expect(recorder.sent).toHaveLength(1);
  });
});
