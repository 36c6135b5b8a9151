/**
 * Vite plugins of the browser test project (see `vite.config.ts`).
 */
import type { Plugin } from 'vite';

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
        server.ssrLoadModule('/src/server/app.ts') as Promise<typeof import('../../src/server/app.js')>,
      ]);
      // Faults on (component tests inject them); no rate limit: every test shares this one app.
      const reference = createReferenceApp({ faults: true, rateLimit: false, streamPaceMs: 2 });
      // Absolute URLs the server hands out point at this dev server, once it listens.
      server.httpServer?.once('listening', () => {
        const address = server.httpServer?.address();
        if (address && typeof address === 'object') reference.state.publicUrl = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
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
