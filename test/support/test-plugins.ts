/**
 * Vite plugins of the browser test project (see `vite.config.ts`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import type * as ReferenceApp from '../../src/server/app.js';

/**
 * @open-wc/testing pulls in @web/test-runner-commands, which imports a module that
 * only Web Test Runner serves. Nothing here uses those commands: resolve it to a stub.
 */
export function wtrWebSocketShim(): Plugin {
  const id = '\0wtr-web-socket-stub';
  return {
    name: 'wtr-web-socket-shim',
    enforce: 'pre',
    resolveId(source) {
      return source.includes('__web-dev-server__web-socket') ? id : null;
    },
    load(loaded) {
      return loaded === id
        ? 'export const sendMessageWaitForResponse = () => Promise.reject(new Error("not under Web Test Runner"));'
        : null;
    },
  };
}

/**
 * Mounts the real reference server (in memory, fresh per test run) under the Vite
 * dev server, so component tests talk to it over real HTTP, same origin.
 * `/__reference/seed` tells a test the seeded ids.
 */
export function referenceServer(): Plugin {
  return {
    name: 'flowbot-reference-server',
    async configureServer(server) {
      const [{ getRequestListener }, { createReferenceApp }] = await Promise.all([
        import('@hono/node-server'),
        server.ssrLoadModule('/src/server/app.ts') as Promise<typeof ReferenceApp>,
      ]);
      // Faults on (component tests inject them); no rate limit: every test shares this one app.
      const reference = createReferenceApp({ faults: true, rateLimit: false, streamPaceMs: 2 });
      // Absolute URLs the server hands out point at this dev server, once it listens.
      server.httpServer?.once('listening', () => {
        const address = server.httpServer?.address();
        if (address && typeof address === 'object')
          reference.state.publicUrl = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
      });
      const listener = getRequestListener(reference.app.fetch);
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '';
        if (url === '/__reference/seed') {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ token: reference.token, seed: reference.seed }));
          return;
        }
        if (url.startsWith('/api/') || url.startsWith('/demo-assets/')) {
          void listener(req, res);
          return;
        }
        next();
      });
    },
  };
}

/**
 * A viewer that redirects, for the browser tests of redirected API calls:
 * `/__redirecting/api/...` starts a chat normally, then answers every
 * continue with a 307 to `/__redirecting/landing` on the origin named by the
 * session id (`other`: the same dev server under its other loopback name,
 * a different origin; `same`: this origin). The landing records what reaches
 * it (preflights included); `/__redirecting/hits` tells and forgets.
 */
export function redirectingViewer(): Plugin {
  let hits: Array<{ method: string; host: string; body: string }> = [];
  const json = (res: ServerResponse, value: unknown, status = 200) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(value));
  };
  const bodyOf = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => resolve(body));
    });
  return {
    name: 'flowbot-redirecting-viewer',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '';
        if (!url.startsWith('/__redirecting/')) return next();
        const host = req.headers.host ?? '';
        if (url === '/__redirecting/hits') {
          json(res, hits);
          hits = [];
          return;
        }
        if (url.startsWith('/__redirecting/landing')) {
          res.setHeader('access-control-allow-origin', '*');
          res.setHeader('access-control-allow-headers', '*');
          res.setHeader('access-control-allow-methods', 'POST');
          void bodyOf(req).then((body) => {
            hits.push({ method: req.method ?? '', host, body });
            if (req.method === 'OPTIONS') {
              res.statusCode = 204;
              res.end();
              return;
            }
            const text = {
              type: 'richText',
              richText: [{ type: 'p', children: [{ text: 'Served by the other origin' }] }],
            };
            json(res, {
              messages: [{ id: 'x', type: 'text', content: text }],
              input: { id: 'in-x', type: 'text input' },
            });
          });
          return;
        }
        // An embed that hops to a page of the origin named in `to` (the host page's).
        const hop = /^\/__redirecting\/embed-hop\?to=(.+)$/.exec(url);
        if (hop) {
          res.statusCode = 302;
          res.setHeader('location', `${decodeURIComponent(hop[1]!)}/__redirecting/embed-page`);
          res.end();
          return;
        }
        if (url === '/__redirecting/embed-page') {
          res.setHeader('content-type', 'text/html');
          res.end('<!doctype html><title>landed</title><script>try { parent.__pwned = "embed"; } catch {}</script>');
          return;
        }
        const start = /^\/__redirecting\/api\/v1\/flowbots\/([^/]+)\/startChat/.exec(url);
        if (start) {
          const text = { type: 'richText', richText: [{ type: 'p', children: [{ text: 'Hello' }] }] };
          json(res, {
            sessionId: start[1],
            resultId: 'r',
            flowbot: {},
            messages: [{ id: 'm', type: 'text', content: text }],
            input: { id: 'in', type: 'text input' },
          });
          return;
        }
        const turn = /^\/__redirecting\/api\/v1\/sessions\/([^/]+)\/continueChat/.exec(url);
        if (turn) {
          const [name = '', port = ''] = host.split(/:(?=\d+$)/);
          const otherName = name === '127.0.0.1' ? 'localhost' : '127.0.0.1';
          const origin = turn[1] === 'other' ? `http://${otherName}:${port}` : `http://${host}`;
          res.statusCode = 307;
          res.setHeader('location', `${origin}/__redirecting/landing`);
          res.end();
          return;
        }
        json(res, { message: 'not found' }, 404);
      });
    },
  };
}
