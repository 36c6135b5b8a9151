// File uploads (generate-upload-url, the signed form POST, serving the file), answers with
// attachments and audio, and client logs: over real HTTP, the widget's page on another origin.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createViewerClient } from '../../../src/api/index.js';
import {
  defineFlow,
  shippedFlows,
  startReferenceServer,
  type RunningReferenceServer,
} from '../../../src/server/index.js';
import { askFile } from '../../support/ask-file.js';
import { pumpBody } from '../../support/pump-body.js';

const MAX = 256 * 1024;
const ORIGIN = 'https://customer.example';
let server: RunningReferenceServer;

const files = defineFlow({
  publicId: 'files',
  name: 'Files',
  description: 'A file input, then a text input with attachments and audio clips.',
  publishedAt: '2026-01-01T00:00:00.000Z',
  blocks: [
    askFile({ sizeLimit: 0.1, allowedFileTypes: { isEnabled: true, types: ['.png', 'application/pdf'] } }, 'ask-note'),
    {
      id: 'ask-note',
      input: {
        id: 'note',
        type: 'text input',
        variable: 'note',
        options: { attachments: { isEnabled: true, saveVariableId: 'noteFiles' }, audioClip: { isEnabled: true } },
        next: 'ask-voice',
      },
    },
    {
      id: 'ask-voice',
      input: {
        id: 'voice',
        type: 'text input',
        variable: 'voice',
        options: { audioClip: { isEnabled: true } },
        next: 'done',
      },
    },
    { id: 'done', messages: [{ type: 'text', text: 'Got {{file}} / {{note}} ({{noteFiles}}) / {{voice}}' }] },
  ],
});

beforeAll(async () => {
  server = await startReferenceServer({
    port: 0,
    maxUploadBytes: MAX,
    uploadStoreBytes: 3 * MAX,
    flows: { ...shippedFlows(), files },
  });
});
afterAll(() => server.close());

interface Ticket {
  presignedUrl: string;
  formData: Record<string, string>;
  fileUrl: string;
  fileType?: string;
  maxFileSize: number;
}

async function ticket(sessionId: string, blockId: string, fileName: string, fileType?: string, fileSize?: number) {
  return fetch(`${server.url}/api/v3/generate-upload-url`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({
      sessionId,
      blockId,
      fileName,
      ...(fileType ? { fileType } : {}),
      ...(fileSize === undefined ? {} : { fileSize }),
    }),
  });
}

function form(t: Ticket, file: Blob, overrides: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries({ ...t.formData, ...overrides })) data.append(name, value);
  data.append('file', file, 'upload');
  return data;
}

const upload = (t: Ticket, file: Blob, overrides?: Record<string, string>) =>
  fetch(t.presignedUrl, { method: 'POST', headers: { origin: ORIGIN }, body: form(t, file, overrides) });

describe('uploads', () => {
  it('hands out a signed form, stores the file and serves it back safely', async () => {
    const { sessionId } = await createViewerClient({ viewerBaseUrl: server.url }).startChat('files');
    const response = await ticket(sessionId, 'file', 'plan.pdf', 'application/pdf', 1000);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const t = (await response.json()) as Ticket;
    expect(t).toMatchObject({
      presignedUrl: `${server.url}/api/v3/storage`,
      fileType: 'application/pdf',
      maxFileSize: 0.1,
    });
    expect(Object.keys(t.formData).sort()).toEqual(['Content-Type', 'key', 'policy', 'signature']);
    expect(t.fileUrl).toMatch(new RegExp(`^${server.url}/api/v3/files/[\\w-]+/plan\\.pdf$`));

    const stored = await upload(t, new Blob(['%PDF-1.4 hello'], { type: 'application/pdf' }));
    expect(stored.status).toBe(201);
    expect(stored.headers.get('access-control-allow-origin')).toBe('*');
    expect(await stored.json()).toEqual({ fileUrl: t.fileUrl });

    const served = await fetch(t.fileUrl);
    expect(await served.text()).toBe('%PDF-1.4 hello');
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename\*=UTF-8''plan\.pdf$/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toMatch(/sandbox/);

    // Used once only.
    expect((await upload(t, new Blob(['again']))).status).toBe(409);
  });

  it('serves images as images, inline', async () => {
    const { sessionId } = await createViewerClient({ viewerBaseUrl: server.url }).startChat('files');
    const t = (await (await ticket(sessionId, 'file', 'cat.png', 'image/png')).json()) as Ticket;
    expect((await upload(t, new Blob([Uint8Array.of(0x89, 0x50, 0x4e, 0x47)], { type: 'image/png' }))).status).toBe(
      201,
    );
    const served = await fetch(t.fileUrl);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toMatch(/^inline/);
  });

  it('checks the input: its file types, its size limit, that it is waiting', async () => {
    const { sessionId } = await createViewerClient({ viewerBaseUrl: server.url }).startChat('files');
    expect((await ticket(sessionId, 'file', 'run.exe', 'application/x-msdownload')).status).toBe(400);
    expect((await ticket(sessionId, 'file', 'big.pdf', 'application/pdf', 200 * 1024)).status).toBe(413);
    expect((await ticket(sessionId, 'note', 'a.png', 'image/png')).status).toBe(409);
    expect((await ticket('no-such-session', 'file', 'a.png', 'image/png')).status).toBe(404);
  });

  it('refuses forms it did not sign, or changed', async () => {
    const { sessionId } = await createViewerClient({ viewerBaseUrl: server.url }).startChat('files');
    const t = (await (await ticket(sessionId, 'file', 'cat.png', 'image/png')).json()) as Ticket;
    const png = new Blob(['png'], { type: 'image/png' });
    expect((await upload(t, png, { signature: 'forged' })).status).toBe(403);
    expect((await upload(t, png, { key: 'uploads/other/evil.html' })).status).toBe(403);
    expect((await upload(t, png, { 'Content-Type': 'text/html' })).status).toBe(403);
    const policy = JSON.parse(Buffer.from(t.formData['policy']!, 'base64url').toString()) as Record<string, unknown>;
    const bigger = Buffer.from(JSON.stringify({ ...policy, maxBytes: 1e9 })).toString('base64url');
    expect((await upload(t, png, { policy: bigger })).status).toBe(403);
    expect((await upload(t, png)).status).toBe(201);
  });

  it('refuses a file over the signed limit with 413', async () => {
    const { sessionId } = await createViewerClient({ viewerBaseUrl: server.url }).startChat('files');
    const t = (await (await ticket(sessionId, 'file', 'cat.png', 'image/png')).json()) as Ticket;
    // 0.1 MB allowed by the input; within the server's own limit.
    const response = await upload(t, new Blob([new Uint8Array(0.1 * 1024 * 1024 + 1)], { type: 'image/png' }));
    expect(response.status).toBe(413);
  });

  it('answers with attachments and audio clips', async () => {
    const client = createViewerClient({ viewerBaseUrl: server.url });
    const { sessionId } = await client.startChat('files');
    const t = (await (await ticket(sessionId, 'file', 'cat.png', 'image/png')).json()) as Ticket;
    await upload(t, new Blob(['png'], { type: 'image/png' }));
    const note = await client.continueChat(sessionId, { type: 'text', text: t.fileUrl, attachedFileUrls: [t.fileUrl] });
    expect(note.input?.id).toBe('note');
    const n = (await (await ticket(sessionId, 'note', 'photo.png', 'image/png')).json()) as Ticket;
    expect((await upload(n, new Blob(['png'], { type: 'image/png' }))).status).toBe(201);
    const voice = await client.continueChat(sessionId, {
      type: 'text',
      text: 'see photo',
      attachedFileUrls: [n.fileUrl],
    });
    expect(voice.input?.id).toBe('voice');
    const a = (await (await ticket(sessionId, 'voice', 'clip.webm', 'audio/webm')).json()) as Ticket;
    expect((await upload(a, new Blob(['ogg'], { type: 'audio/webm' }))).status).toBe(201);
    const res = await fetch(`${server.url}/api/v1/sessions/${sessionId}/continueChat`, {
      method: 'POST',
      body: JSON.stringify({ message: { type: 'audio', url: a.fileUrl } }),
    });
    const done = (await res.json()) as { messages: { content: unknown }[] };
    expect(JSON.stringify(done.messages[0]?.content)).toContain(
      `Got ${t.fileUrl} / see photo (${n.fileUrl}) / ${a.fileUrl}`,
    );
  });

  it('has dropped the old upload routes', async () => {
    const { sessionId } = await createViewerClient({ viewerBaseUrl: server.url }).startChat('files');
    const old = await fetch(`${server.url}/api/v1/sessions/${sessionId}/uploads`, {
      method: 'POST',
      body: '{"fileName":"a.png"}',
    });
    expect(old.status).toBe(404);
    expect((await fetch(`${server.url}/api/v1/uploads/x`, { method: 'PUT', body: 'x' })).status).toBe(404);
  });

  it('keeps stored files within the store budget, oldest out first', async () => {
    const client = createViewerClient({ viewerBaseUrl: server.url });
    const urls: string[] = [];
    for (let i = 0; i < 10; i++) {
      const { sessionId } = await client.startChat('files');
      const t = (await (await ticket(sessionId, 'file', `f${i}.png`, 'image/png')).json()) as Ticket;
      expect((await upload(t, new Blob([new Uint8Array(100 * 1024)], { type: 'image/png' }))).status).toBe(201);
      urls.push(t.fileUrl);
    }
    expect(server.state.uploads.bytes).toBeLessThanOrEqual(3 * MAX);
    expect((await fetch(urls[0]!)).status).toBe(404);
    expect((await fetch(urls.at(-1)!)).status).toBe(200);
  });
});

describe('upload body limits (real HTTP)', () => {
  /** Sends a raw request; resolves with the status and how many body bytes went out before the answer. */
  function rawPost(
    path: string,
    headers: Record<string, string>,
    totalBytes: number,
  ): Promise<{ status: number; sent: number; ms: number }> {
    const { port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      const started = performance.now();
      let sent = () => 0;
      const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, sent: sent(), ms: performance.now() - started });
        req.destroy();
      });
      req.on('error', (error) => (sent() > 0 ? undefined : reject(error)));
      sent = pumpBody(req, totalBytes, 64 * 1024);
    });
  }

  it('refuses a declared Content-Length over the limit before reading it', async () => {
    const huge = 2 * 1024 * 1024 * 1024;
    const reply = await rawPost(
      '/api/v3/storage',
      { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(huge) },
      1024 * 1024,
    );
    expect(reply.status).toBe(413);
  });

  it('cuts a chunked body as soon as it passes the limit (413), never buffering the rest', async () => {
    const before = server.state.uploads.bytes;
    const reply = await rawPost(
      '/api/v3/storage',
      { 'content-type': 'multipart/form-data; boundary=x', 'transfer-encoding': 'chunked' },
      64 * 1024 * 1024,
    );
    expect(reply.status).toBe(413);
    // The answer came while the client still had most of its 64 MB to send.
    expect(reply.sent).toBeLessThan(16 * 1024 * 1024);
    expect(server.state.uploads.bytes).toBe(before);
  });
});

describe('client logs', () => {
  it('keeps what the widget reports, validated and bounded', async () => {
    const { sessionId } = await createViewerClient({ viewerBaseUrl: server.url }).startChat('support');
    const url = `${server.url}/api/v2/sessions/${sessionId}/clientLogs`;
    const send = (body: unknown) =>
      fetch(url, { method: 'POST', headers: { origin: ORIGIN }, body: JSON.stringify(body) });
    const ok = await send({
      clientLogs: [
        { status: 'error', description: 'Stream failed', details: { status: 503 }, context: 'streamMessage' },
        { status: 'info', description: 'Redirect blocked', details: 'x'.repeat(10_000) },
      ],
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    const logs = server.state.stats.clientLogsOf(sessionId);
    expect(logs).toMatchObject([
      { sessionId, status: 'error', description: 'Stream failed', details: { status: 503 }, context: 'streamMessage' },
      { status: 'info', description: 'Redirect blocked' },
    ]);
    expect(String(logs[1]!.details).length).toBeLessThanOrEqual(4096);
    expect((await send({ clientLogs: [] })).status).toBe(400);
    expect((await send({ clientLogs: [{ status: 'error' }] })).status).toBe(400);
    expect(
      (await send({ clientLogs: Array.from({ length: 21 }, () => ({ status: 'e', description: 'd' })) })).status,
    ).toBe(400);
    expect(
      (
        await fetch(`${server.url}/api/v2/sessions/nope/clientLogs`, {
          method: 'POST',
          body: '{"clientLogs":[{"status":"e","description":"d"}]}',
        })
      ).status,
    ).toBe(404);
  });
});
