/**
 * `npm start`: the reference server (in memory, demo data, no account, no network) and the
 * demo pages, on two loopback origins, the way a customer site talks to the platform.
 *
 *   FLOWBOT_API_PORT       (default 8787)  the reference server: all three base URLs
 *   FLOWBOT_DEMO_PORT      (default 5173)  the demo pages (index.html, embed.html)
 *   FLOWBOT_STREAM_PACE_MS (default 30)    pause between two pieces of a streamed answer
 *   FLOWBOT_FAULTS         (default 1)     0 turns fault injection off (the `x-reference-fault` header)
 */
import { readFileSync, existsSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createServer, type Plugin } from 'vite';
import { startReferenceServer } from '../src/server/index.js';
import { buildScriptTag, SCRIPT_TAG_MODES } from '../tools/script-tag-build.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const builtPath = (mode: string) => fileURLToPath(new URL(`../dist/flowbot-chat.${mode}.js`, import.meta.url));
const apiPort = Number(process.env.FLOWBOT_API_PORT ?? 8787);
const demoPort = Number(process.env.FLOWBOT_DEMO_PORT ?? 5173);
const host = '127.0.0.1';

/** A port someone else holds: say which, and how to pick another, instead of a stack trace. */
function exitIfPortInUse(error: unknown, port: number, variable: string, what: string): void {
  if ((error as NodeJS.ErrnoException | undefined)?.code !== 'EADDRINUSE') return;
  console.error(
    `\n  Port ${port} (${what}) is already in use on ${host}.\n` +
      `  Stop whatever holds it, or choose another port: ${variable}=${port + 1} npm start\n`,
  );
  process.exit(1);
}

/** Fails fast, before the build, when a port is taken (the listens below still check). */
async function checkPortFree(port: number, variable: string, what: string): Promise<void> {
  await new Promise<void>((resolve) => {
    const probe = createNetServer();
    probe.once('error', (error) => {
      exitIfPortInUse(error, port, variable, what);
      resolve();
    });
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}
await checkPortFree(apiPort, 'FLOWBOT_API_PORT', 'the reference server');
await checkPortFree(demoPort, 'FLOWBOT_DEMO_PORT', 'the demo pages');

// embed.html uses only the built script-tag file (and the parts it loads on demand), like a
// customer page: build them first, in this order.
// The script-tag files, in the order their hashes need (tools/script-tag-build.ts). The build is
// silent for a while: say so first, so the wait does not look like a hang.
console.log(`\n  Building the script-tag files into dist/ (${SCRIPT_TAG_MODES.length} builds, about half a minute)…`);
const buildStarted = performance.now();
const failed = buildScriptTag({ logLevel: 'error' });
const builtIn = ((performance.now() - buildStarted) / 1000).toFixed(1);
if (failed || !SCRIPT_TAG_MODES.every((mode) => mode === 'langs' || existsSync(builtPath(mode)))) {
  console.error('Could not build the script-tag file (dist/flowbot-chat.iife.js).');
  process.exit(1);
}

const streamPaceMs = Number(process.env.FLOWBOT_STREAM_PACE_MS ?? 30);
// A local demo: faults on, so a developer can try the widget's error states from the page.
const faults = process.env.FLOWBOT_FAULTS !== '0';

const api = await startReferenceServer({
  port: apiPort,
  host,
  faults,
  ...(Number.isFinite(streamPaceMs) && streamPaceMs >= 0 ? { streamPaceMs } : {}),
}).catch((error: unknown) => {
  exitIfPortInUse(error, apiPort, 'FLOWBOT_API_PORT', 'the reference server');
  throw error;
});

/** Tells the pages where the API is, and serves the built script-tag file. */
function demoPages(): Plugin {
  return {
    name: 'flowbot-demo-pages',
    // Before Vite's own pass, which moves inline module scripts (embed.html's) out of the page.
    transformIndexHtml: {
      order: 'pre',
      handler: (page) =>
        page
          .replaceAll('http://127.0.0.1:8787', api.url)
          .replace(
            '<!--flowbot-demo-config-->',
            () =>
              `<meta name="flowbot-demo-config" content="${encodeURIComponent(
                JSON.stringify({ apiUrl: api.url, token: api.token, seed: api.seed }),
              )}">`,
          ),
    },
    configureServer(server) {
      // Every file of the script-tag build (the widget's code, its on-demand files, each language's).
      server.middlewares.use((req, res, next) => {
        const name = /^\/(flowbot-chat\.[\w-]+\.js)(?:\?|$)/.exec(req.url ?? '')?.[1];
        const path = name && builtPath(name.slice('flowbot-chat.'.length, -'.js'.length));
        if (!path || !existsSync(path)) return next();
        res.setHeader('content-type', 'text/javascript; charset=utf-8');
        res.end(readFileSync(path));
      });
    },
  };
}

const vite = await createServer({
  root,
  configFile: false,
  publicDir: false,
  logLevel: 'warn',
  plugins: [demoPages()],
  server: { host, port: demoPort, strictPort: true },
});
await vite.listen().catch(async (error: unknown) => {
  // Vite's strictPort error carries no code: its message names the port.
  const inUse =
    (error as NodeJS.ErrnoException).code === 'EADDRINUSE' || /port \d+ is already in use/i.test(String(error));
  if (inUse) {
    await api.close();
    exitIfPortInUse({ code: 'EADDRINUSE' }, demoPort, 'FLOWBOT_DEMO_PORT', 'the demo pages');
  }
  throw error;
});

const demoUrl = `http://${host}:${demoPort}`;
console.log(`  Built in ${builtIn} s.

  flowbot-chat demo

  Demo page          ${demoUrl}/
  Script-tag page    ${demoUrl}/embed.html
  Reference server   ${api.url}   (token: ${api.token}; fault injection ${faults ? 'on' : 'off'})

  Press Ctrl+C to stop.
`);

const stop = async () => {
  await Promise.allSettled([vite.close(), api.close()]);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
