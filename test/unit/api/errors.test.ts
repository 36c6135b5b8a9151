import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  createFlowbotClient,
  FlowbotError,
  FlowbotHttpError,
  FlowbotNetworkError,
  FlowbotResponseError,
  FlowbotTimeoutError,
  FlowbotValidationError,
  isAbortError,
  isFlowbotError,
  isFlowbotHttpError,
  isFlowbotNetworkError,
  isFlowbotResponseError,
  isFlowbotTimeoutError,
  isFlowbotValidationError,
  type FetchLike,
} from '../../../src/api/index.js';
import { TOKEN, account, baseUrls, hangingFetch, ids, recordingFetch } from './fixtures.js';

function clientWith(fetch: FetchLike, extra: Partial<Parameters<typeof createFlowbotClient>[0]> = {}) {
  return createFlowbotClient({ ...baseUrls, token: TOKEN, fetch, retry: 0, ...extra });
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('errors', () => {
  it('maps a 404 with { message } to FlowbotHttpError with status, method, url and serverMessage', async () => {
    const client = clientWith(async () =>
      Response.json({ message: 'No such account' }, { status: 404, statusText: 'Not Found' }),
    );
    const error = await failure(client.updateAccount(ids.account, { name: 'Ada' }));
    expect(error).toBeInstanceOf(FlowbotHttpError);
    expect(error).toBeInstanceOf(FlowbotError);
    expect(error).toMatchObject({
      name: 'FlowbotHttpError',
      operation: 'updateAccount',
      status: 404,
      statusText: 'Not Found',
      method: 'PUT',
      url: `https://chat.test/api/v1/auth/update/${ids.account}`,
      serverMessage: 'No such account',
      body: { message: 'No such account' },
    });
    expect((error as Error).message).toBe(
      `updateAccount failed: PUT https://chat.test/api/v1/auth/update/${ids.account} answered 404 Not Found: No such account`,
    );
  });

  it('keeps a non-JSON error body as text, without a serverMessage', async () => {
    const client = clientWith(async () => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    const error = await failure(client.duplicateWidget('w-1'));
    expect(error).toMatchObject({
      name: 'FlowbotHttpError',
      status: 502,
      serverMessage: undefined,
      body: '<h1>Bad gateway</h1>',
    });
  });

  it('maps a 2xx body that is not JSON to FlowbotResponseError', async () => {
    const client = clientWith(
      async () => new Response('<html>login</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    const error = await failure(client.startChat('my-bot'));
    expect(error).toBeInstanceOf(FlowbotResponseError);
    expect(error).toMatchObject({
      name: 'FlowbotResponseError',
      operation: 'startChat',
      status: 200,
      body: '<html>login</html>',
    });
    expect((error as Error).message).toContain('startChat');
    expect((error as Error).message).toContain('POST https://viewer.test/api/v1/flowbots/my-bot/startChat');
    expect((error as Error).message).toContain('not JSON');
  });

  it('maps an empty 2xx body to FlowbotResponseError', async () => {
    const client = clientWith(async () => new Response(null, { status: 204 }));
    const error = await failure(client.listFunctions(ids.unity));
    expect(error).toMatchObject({ name: 'FlowbotResponseError', status: 204 });
    expect((error as Error).message).toContain('empty body');
  });

  it('maps a schema break to FlowbotResponseError naming the operation and field paths', async () => {
    const client = clientWith(async () =>
      Response.json({ items: [{ id: 'fn-1', name: 3 }], pluginCount: '1', activeCount: 1, pluginLimit: 10 }),
    );
    const error = await failure(client.listFunctions(ids.unity));
    expect(error).toBeInstanceOf(FlowbotResponseError);
    const { issues, message } = error as FlowbotResponseError;
    const paths = issues.map((issue) => issue.path);
    expect(paths).toContain('items.0.name');
    expect(paths).toContain('pluginCount');
    expect(message).toMatch(
      /^listFunctions: unexpected response shape from GET https:\/\/chat\.test\/api\/v1\/functions\/unity\//,
    );
    expect(message).toContain('items.0.name');
    expect(message).toContain('pluginCount');
  });

  it('names the path inside the lesson envelope', async () => {
    const client = clientWith(async () => Response.json({ data: { id: '1', curso_id: '42' } }));
    const error = await failure(client.createLesson(42, { title: 'T', description: 'D' }));
    expect((error as FlowbotResponseError).issues.map((i) => i.path)).toEqual(['data.titulo']);
  });

  it('maps a network failure to FlowbotNetworkError with the original as cause', async () => {
    const cause = new TypeError('fetch failed');
    const client = clientWith(() => Promise.reject(cause));
    const error = await failure(
      client.importWebContent({
        unityId: ids.unity,
        datasetId: ids.dataset,
        folderId: ids.folder,
        url: 'https://example.com',
      }),
    );
    expect(error).toBeInstanceOf(FlowbotNetworkError);
    expect(error).toMatchObject({ name: 'FlowbotNetworkError', operation: 'importWebContent', method: 'POST', cause });
    expect((error as Error).message).toContain('POST https://chat.test/api/v2/extractor/upload-web-scraper');
  });

  it('maps a server that does not answer in time to FlowbotTimeoutError', async () => {
    const client = clientWith(hangingFetch, { timeout: 40 });
    const started = Date.now();
    const error = await failure(client.startChat('my-bot'));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error).toBeInstanceOf(FlowbotTimeoutError);
    expect(error).toMatchObject({ name: 'FlowbotTimeoutError', timeout: 40, operation: 'startChat', method: 'POST' });
    expect((error as Error).message).toBe(
      'startChat timed out after 40 ms: POST https://viewer.test/api/v1/flowbots/my-bot/startChat',
    );
  });

  it('takes a per-call timeout over the client default', async () => {
    const client = clientWith(hangingFetch, { timeout: 60_000 });
    const error = await failure(client.listFunctions(ids.unity, { timeout: 30 }));
    expect(error).toMatchObject({ name: 'FlowbotTimeoutError', timeout: 30 });
  });

  it('times out a body that stalls after the headers', async () => {
    const client = clientWith(
      async () =>
        new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"message":')) }), {
          status: 200,
        }),
      { timeout: 50 },
    );
    const error = await failure(client.updateAccount(ids.account, { name: 'Ada' }));
    expect(error).toMatchObject({ name: 'FlowbotTimeoutError', timeout: 50 });
  });

  describe('abort', () => {
    it('rethrows the AbortError as-is when the caller aborts', async () => {
      const controller = new AbortController();
      const client = clientWith(hangingFetch);
      const pending = failure(client.continueChat('session-1', 'hi', { signal: controller.signal }));
      controller.abort();
      const error = await pending;
      expect(error).toBe(controller.signal.reason);
      expect(error).toBeInstanceOf(DOMException);
      expect((error as DOMException).name).toBe('AbortError');
      expect(isFlowbotError(error)).toBe(false);
      expect(isAbortError(error)).toBe(true);
    });

    it('sends nothing when the signal is already aborted', async () => {
      const { fetch, sent } = recordingFetch();
      const client = clientWith(fetch);
      const error = await failure(client.listCredentials(ids.unity, { signal: AbortSignal.abort() }));
      expect((error as Error).name).toBe('AbortError');
      expect(sent).toHaveLength(0);
    });

    it('rethrows a custom abort reason unchanged', async () => {
      const controller = new AbortController();
      const reason = new Error('widget closed');
      const client = clientWith(hangingFetch);
      const pending = failure(client.startChat('my-bot', { signal: controller.signal }));
      controller.abort(reason);
      expect(await pending).toBe(reason);
    });

    it('stops waiting between GET retries when aborted', async () => {
      const controller = new AbortController();
      let calls = 0;
      const client = clientWith(
        async () => {
          calls++;
          setTimeout(() => controller.abort(), 10);
          return new Response('busy', { status: 503, headers: { 'retry-after': '5' } });
        },
        { retry: 2 },
      );
      const started = Date.now();
      const error = await failure(client.listFunctions(ids.unity, { signal: controller.signal }));
      expect((error as Error).name).toBe('AbortError');
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(calls).toBe(1);
    });
  });

  describe('the token', () => {
    it('never appears in any message, even when the server echoes it', async () => {
      const secret = TOKEN;
      const echo: FetchLike = async (request) =>
        Response.json({ message: `Invalid token ${request.headers.get('authorization')}` }, { status: 401 });
      const errors = await Promise.all([
        failure(clientWith(echo).listFunctions(ids.unity)),
        failure(clientWith(echo).createLesson(42, { title: 'T', description: 'D' })),
        failure(clientWith(async () => new Response('nope')).duplicateWidget('w')),
        failure(
          clientWith(async () => Response.json({ wrong: true })).updateFallback('b', 'f', {
            fallbacks: [{ model: 'm' }],
          }),
        ),
        failure(clientWith(() => Promise.reject(new TypeError(`failed with ${secret}`))).listCredentials(ids.unity)),
        failure(clientWith(hangingFetch, { timeout: 20 }).updateAccount(ids.account, { name: 'A' })),
        failure(clientWith(async () => Response.json(account)).createLesson(42, { title: '', description: 'D' })),
      ]);
      expect(errors.map((e) => (e as Error).name)).toEqual([
        'FlowbotHttpError',
        'FlowbotHttpError',
        'FlowbotResponseError',
        'FlowbotResponseError',
        'FlowbotNetworkError',
        'FlowbotTimeoutError',
        'FlowbotValidationError',
      ]);
      for (const error of errors) {
        expect((error as Error).message).not.toContain(secret);
        expect(String(error)).not.toContain(secret);
      }
      expect((errors[0] as FlowbotHttpError).serverMessage).toBe('Invalid token Bearer ***');
    });

    it('is not reachable by logging an error: no cause holds the request headers', async () => {
      const errors = await Promise.all([
        failure(clientWith(async () => Response.json({ message: 'no' }, { status: 500 })).listFunctions(ids.unity)),
        failure(clientWith(hangingFetch, { timeout: 20 }).duplicateWidget('w')),
        failure(clientWith(() => Promise.reject(new TypeError('fetch failed'))).listCredentials(ids.unity)),
      ]);
      for (const error of errors) {
        expect(isFlowbotError(error)).toBe(true);
        expect(inspect(error, { depth: 10, showHidden: true })).not.toContain(TOKEN);
      }
    });

    it('keeps credentials written into a base URL out of messages', async () => {
      const client = clientWith(async () => Response.json({ message: 'no' }, { status: 500 }), {
        chatBaseUrl: 'https://user:hunter22@chat.test',
      });
      const error = await failure(client.duplicateWidget('w'));
      expect(isFlowbotError(error)).toBe(true);
      expect((error as Error).message).not.toContain('hunter22');
      expect((error as FlowbotError).url).toBe('https://chat.test/api/v1/widget/duplicate/');
    });
  });

  describe('guards', () => {
    const context = { operation: 'op', method: 'GET', url: 'https://x.test/' };
    const samples = {
      FlowbotError: new FlowbotError('m', context),
      FlowbotHttpError: new FlowbotHttpError('m', {
        ...context,
        status: 500,
        statusText: '',
        serverMessage: undefined,
        body: undefined,
      }),
      FlowbotTimeoutError: new FlowbotTimeoutError('m', { ...context, timeout: 1 }),
      FlowbotNetworkError: new FlowbotNetworkError('m', context),
      FlowbotValidationError: new FlowbotValidationError('m', { ...context, issues: [] }),
      FlowbotResponseError: new FlowbotResponseError('m', { ...context, status: 200, issues: [], body: null }),
    };
    const guards = {
      FlowbotHttpError: isFlowbotHttpError,
      FlowbotTimeoutError: isFlowbotTimeoutError,
      FlowbotNetworkError: isFlowbotNetworkError,
      FlowbotValidationError: isFlowbotValidationError,
      FlowbotResponseError: isFlowbotResponseError,
    };

    it('sets name to the class name', () => {
      for (const [name, error] of Object.entries(samples)) expect(error.name).toBe(name);
    });

    it('recognise each class, and only it', () => {
      for (const [guardName, guard] of Object.entries(guards)) {
        for (const [name, error] of Object.entries(samples)) expect(guard(error)).toBe(name === guardName);
      }
      for (const error of Object.values(samples)) expect(isFlowbotError(error)).toBe(true);
      expect(isFlowbotError(new Error('x'))).toBe(false);
      expect(isFlowbotError(null)).toBe(false);
      expect(isFlowbotHttpError('FlowbotHttpError')).toBe(false);
    });

    it('work across realms, by name', () => {
      // An error from another copy of the package (or an iframe) fails instanceof.
      const foreign = Object.assign(new Error('m'), { name: 'FlowbotHttpError', operation: 'op', status: 500 });
      expect(foreign instanceof FlowbotHttpError).toBe(false);
      expect(isFlowbotHttpError(foreign)).toBe(true);
      expect(isFlowbotError(foreign)).toBe(true);
      expect(isFlowbotTimeoutError(foreign)).toBe(false);
    });
  });
});
