// API calls against a server that redirects: two loopback servers on
// different ports (two origins); the first answers every call with a
// redirect to the second, which records what reaches it.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFlowbotClient, createViewerClient, FlowbotHttpError, streamMessage } from '../../../src/api/index.js';

interface Hit {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

let redirector: Server;
let elsewhere: Server;
let redirectorUrl = '';
let elsewhereUrl = '';
let hits: Hit[] = [];
/** Where the redirector points: another origin, or its own. */
let target = '';
let status = 307;

const listen = (server: Server) =>
  new Promise<string>((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });

beforeAll(async () => {
  elsewhere = createServer((req, res) => {
    hits.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        sessionId: 'elsewhere',
        resultId: 'r',
        flowbot: {},
        messages: [],
        input: { id: 'i', type: 'text input' },
      }),
    );
  });
  redirector = createServer((req, res) => {
    if (req.url?.startsWith('/landing')) {
      hits.push({ method: req.method ?? '', url: req.url, headers: req.headers });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ messages: [] }));
      return;
    }
    res.statusCode = status;
    res.setHeader('location', `${target}/landing${req.url}`);
    res.end();
  });
  [redirectorUrl, elsewhereUrl] = await Promise.all([listen(redirector), listen(elsewhere)]);
});
afterAll(async () => {
  await Promise.all([redirector, elsewhere].map((s) => new Promise((resolve) => s.close(resolve))));
});
beforeEach(() => {
  hits = [];
  target = elsewhereUrl;
  status = 307;
});

const TOKEN = 'secret-token-1234';

describe('API calls and redirects', () => {
  for (const code of [301, 302, 303, 307, 308]) {
    it(`never sends the bearer token to another origin (${code})`, async () => {
      status = code;
      const client = createFlowbotClient({
        chatBaseUrl: redirectorUrl,
        contentBaseUrl: redirectorUrl,
        viewerBaseUrl: redirectorUrl,
        token: TOKEN,
        retry: 0,
      });
      const error = await client
        .updateAccount('0a000000-0000-4000-8000-000000000001', { name: 'Ada', lastName: 'Lovelace' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FlowbotHttpError);
      expect((error as FlowbotHttpError).status).toBe(code);
      expect((error as Error).message).toMatch(
        /answered with a redirect to http:\/\/127\.0\.0\.1:\d+\/landing.*never follow/,
      );
      expect((error as Error).message).not.toContain(TOKEN);
      expect(hits).toEqual([]);
    });
  }

  it('never sends a custom token header to another origin', async () => {
    const client = createFlowbotClient({
      chatBaseUrl: redirectorUrl,
      contentBaseUrl: redirectorUrl,
      viewerBaseUrl: redirectorUrl,
      token: TOKEN,
      lessonAuthHeader: 'x-access-token',
      retry: 0,
    });
    const error = await client
      .createLesson('course-1', { title: 'Lesson', description: 'About redirects' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FlowbotHttpError);
    expect(hits).toEqual([]);
  });

  it("does not re-post the visitor's answer to another origin", async () => {
    const viewer = createViewerClient({ viewerBaseUrl: redirectorUrl });
    const error = await viewer.continueChat('session-1', 'my private answer').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FlowbotHttpError);
    expect((error as Error).message).toContain('continueChat failed: POST');
    expect((error as Error).message).toContain('answered with a redirect');
    expect(hits).toEqual([]);
  });

  it('follows no redirect on its own origin either', async () => {
    target = redirectorUrl;
    const viewer = createViewerClient({ viewerBaseUrl: redirectorUrl });
    await expect(viewer.startChat('bot')).rejects.toBeInstanceOf(FlowbotHttpError);
    expect(hits).toEqual([]);
  });

  it('does not stream an answer from another origin', async () => {
    const error = await (async () => {
      for await (const piece of streamMessage('session-1', { viewerBaseUrl: redirectorUrl })) void piece;
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FlowbotHttpError);
    expect(hits).toEqual([]);
  });
});
