// uploadFile against the reference server over real HTTP on 127.0.0.1 (Node has no
// XMLHttpRequest, so the signed form goes through fetch here; the widget's tests cover XHR).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createViewerClient,
  FlowbotHttpError,
  FlowbotResponseError,
  FlowbotTimeoutError,
  isAbortError,
  uploadFile,
  type FetchLike,
} from '../../../src/api/index.js';
import {
  defineFlow,
  shippedFlows,
  startReferenceServer,
  type RunningReferenceServer,
} from '../../../src/server/index.js';
import { askFile } from '../../support/ask-file.js';

let server: RunningReferenceServer;

const files = defineFlow({
  publicId: 'upload-files',
  name: 'Upload files',
  description: 'One file input.',
  publishedAt: '2026-01-01T00:00:00.000Z',
  blocks: [
    askFile({ sizeLimit: 0.01, allowedFileTypes: { isEnabled: true, types: ['.pdf', 'image/*'] } }, 'done'),
    { id: 'done', messages: [{ type: 'text', text: 'Got {{file}}' }] },
  ],
});

beforeAll(async () => {
  server = await startReferenceServer({
    port: 0,
    host: '127.0.0.1',
    faults: true,
    flows: { ...shippedFlows(), 'upload-files': files },
  });
});
afterAll(() => server.close());
afterEach(() => server.state.faults.clear());

const start = async () => (await createViewerClient({ viewerBaseUrl: server.url }).startChat('upload-files')).sessionId;
const pdf = () => new File(['%PDF-1.4 tiny'], 'plan.pdf', { type: 'application/pdf' });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

/** A fetch that records what it sends. */
function recording(): { fetch: FetchLike; sent: Request[] } {
  const sent: Request[] = [];
  return { sent, fetch: (request) => (sent.push(request.clone()), globalThis.fetch(request)) };
}

describe('uploadFile', () => {
  it('asks for an upload URL, posts the signed form with the file last, and resolves to where the file is', async () => {
    const sessionId = await start();
    const progress: number[] = [];
    const { fetch, sent } = recording();
    const { fileUrl } = await uploadFile({
      viewerBaseUrl: `${server.url}/`,
      sessionId,
      blockId: 'file',
      file: pdf(),
      onProgress: (f) => progress.push(f),
      fetch,
    });
    expect(progress).toEqual([0, 1]);
    expect(sent.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'POST /api/v3/generate-upload-url',
      'POST /api/v3/storage',
    ]);
    expect(await sent[0]!.json()).toEqual({
      sessionId,
      blockId: 'file',
      fileName: 'plan.pdf',
      fileType: 'application/pdf',
      fileSize: 13,
    });
    const form = await sent[1]!.formData();
    expect([...form.keys()]).toEqual(['key', 'policy', 'signature', 'Content-Type', 'file']);
    expect(fileUrl).toMatch(new RegExp(`^${server.url}/api/v3/files/[\\w-]+/plan\\.pdf$`));
    expect(await (await globalThis.fetch(fileUrl)).text()).toBe('%PDF-1.4 tiny');
    // The file answers the input.
    const next = await createViewerClient({ viewerBaseUrl: server.url }).continueChat(sessionId, {
      type: 'text',
      text: fileUrl,
      attachedFileUrls: [fileUrl],
    });
    expect(JSON.stringify(next.messages)).toContain(`Got ${fileUrl}`);
  });

  it('PUTs the file with its type when the upload URL comes without a form', async () => {
    const sent: Request[] = [];
    const fetch: FetchLike = async (request) => {
      sent.push(request);
      if (request.url.endsWith('/generate-upload-url')) {
        return Response.json({
          presignedUrl: 'https://storage.example/put?X-Signature=secret',
          fileUrl: 'https://files.example/a.pdf',
        });
      }
      return new Response(null, { status: 200 });
    };
    const { fileUrl } = await uploadFile({
      viewerBaseUrl: 'https://viewer.example',
      sessionId: 's',
      blockId: 'b',
      file: pdf(),
      fetch,
    });
    expect(fileUrl).toBe('https://files.example/a.pdf');
    expect([sent[1]!.method, sent[1]!.url, sent[1]!.headers.get('content-type')]).toEqual([
      'PUT',
      'https://storage.example/put?X-Signature=secret',
      'application/pdf',
    ]);
    expect(await sent[1]!.text()).toBe('%PDF-1.4 tiny');
  });

  it('fails with the server’s reason when the file is refused, and never names the signature', async () => {
    const sessionId = await start();
    const big = new File([new Uint8Array(20_000)], 'big.pdf', { type: 'application/pdf' });
    const tooLarge = await failure(uploadFile({ viewerBaseUrl: server.url, sessionId, blockId: 'file', file: big }));
    expect(tooLarge).toBeInstanceOf(FlowbotHttpError);
    expect((tooLarge as FlowbotHttpError).status).toBe(413);
    expect((tooLarge as Error).message).toMatch(
      /^uploadFile failed: POST http:\/\/127\.0\.0\.1:\d+\/api\/v3\/generate-upload-url answered 413/,
    );

    const exe = new File(['MZ'], 'run.exe', { type: 'application/x-msdownload' });
    expect(
      (
        (await failure(
          uploadFile({ viewerBaseUrl: server.url, sessionId, blockId: 'file', file: exe }),
        )) as FlowbotHttpError
      ).status,
    ).toBe(400);

    const storage: FetchLike = async (request) =>
      request.url.endsWith('/generate-upload-url')
        ? Response.json({
            presignedUrl: 'https://storage.example/up?X-Signature=secret',
            formData: { key: 'k' },
            fileUrl: 'https://files.example/a',
          })
        : Response.json({ message: 'Policy expired' }, { status: 403 });
    const denied = (await failure(
      uploadFile({ viewerBaseUrl: server.url, sessionId, blockId: 'file', file: pdf(), fetch: storage }),
    )) as FlowbotHttpError;
    expect(denied.message).toBe('uploadFile failed: POST https://storage.example/up answered 403: Policy expired');
    expect(denied.url).not.toContain('secret');
  });

  it('refuses upload URLs that are not http(s), before sending the file', async () => {
    const sent: string[] = [];
    const fetch: FetchLike = async (request) => {
      sent.push(request.url);
      return Response.json({ presignedUrl: 'javascript:alert(1)', fileUrl: 'https://files.example/a' });
    };
    const error = await failure(
      uploadFile({ viewerBaseUrl: 'https://viewer.example', sessionId: 's', blockId: 'b', file: pdf(), fetch }),
    );
    expect(error).toBeInstanceOf(FlowbotResponseError);
    expect((error as Error).message).toContain('presignedUrl: is not an http(s) URL');
    expect((error as FlowbotResponseError).issues).toEqual([
      { path: 'presignedUrl', message: 'is not an http(s) URL' },
    ]);
    expect(sent).toHaveLength(1);
  });

  it('times out an upload URL that never comes, and follows no redirect for it', async () => {
    const sessionId = await start();
    server.state.faults.next('hang', { match: '/generate-upload-url' });
    const hung = await failure(
      uploadFile({ viewerBaseUrl: server.url, sessionId, blockId: 'file', file: pdf(), timeout: 200 }),
    );
    expect(hung).toBeInstanceOf(FlowbotTimeoutError);
    expect((hung as FlowbotTimeoutError).message).toBe(
      `uploadFile timed out after 200 ms: POST ${server.url}/api/v3/generate-upload-url`,
    );
    const moved: FetchLike = async () =>
      new Response(null, { status: 302, headers: { location: 'https://elsewhere.example/' } });
    const redirected = await failure(
      uploadFile({ viewerBaseUrl: 'https://viewer.example', sessionId, blockId: 'file', file: pdf(), fetch: moved }),
    );
    expect(redirected).toBeInstanceOf(FlowbotHttpError);
    expect((redirected as FlowbotHttpError).status).toBe(302);
  });

  it('rejects with the abort reason when aborted', async () => {
    const sessionId = await start();
    server.state.faults.next('hang', { match: '/api/v3/storage' });
    const controller = new AbortController();
    const upload = failure(
      uploadFile({ viewerBaseUrl: server.url, sessionId, blockId: 'file', file: pdf(), signal: controller.signal }),
    );
    setTimeout(() => controller.abort(), 100);
    expect(isAbortError(await upload)).toBe(true);
  });
});
