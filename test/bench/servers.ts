/**
 * The benchmark's two origins on loopback: a plain "customer site" serving the
 * pages of `bench-pages.ts` (and the scripts of `pages/`) and the built script-tag
 * file, and the reference server with the benchmark flows on another port; and, for what each kind of page
 * downloads, the end-to-end suite's own two (`test/e2e/serve.ts`).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startReferenceServer, type RunningReferenceServer } from '../../src/server/index.js';
import { benchPages } from './bench-pages.js';
import { benchFlows, STREAM_QUESTION } from './flows.js';

const HOST = '127.0.0.1';
const pagesDir = new URL('./pages/', import.meta.url);

/** A running page server. */
export interface PageServer {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** URL of the page `<name>.html` with its `__ID__` and `__COUNT__` filled in. */
  page(name: string, fill: { id: string; count?: number }): string;
  close(): Promise<void>;
}

/**
 * Serves `/<name>.html` from the table of `bench-pages.ts` (with `__MEASURE__`,
 * `__INTERACTION__` (the answer pages' observers, `interaction.js`) and `__FIRST_BASELINE__`
 * (the first-message baseline, `floor-first.js`) inlined, `__API__`
 * set to `apiUrl`, and `__ID__` / `__COUNT__` from the query), plus
 * `/widget-first-preload.html` (`widget-first.html` with the README's optional
 * `<link rel="modulepreload">` of the widget's code, with its `integrity`). Serves the built
 * script-tag files (`flowbot-chat.iife.js` and the two it fetches beside it,
 * and the floors `floor-first.js` and `floor-answer.js`, baselines' lines in a
 * file of their own) gzip-compressed when the browser accepts it, as a CDN would. Every file is
 * read and compressed once, up front: disk reads must not land in the timings.
 */
export async function startPageServer(apiUrl: string, distDir: string): Promise<PageServer> {
  const measure = readFileSync(new URL('measure.js', pagesDir), 'utf8');
  const interaction = readFileSync(new URL('interaction.js', pagesDir), 'utf8');
  const firstBaseline = readFileSync(new URL('floor-first.js', pagesDir), 'utf8');
  const scripts = new Map<string, { plain: Buffer; gzip: Buffer }>();
  const files: [string, URL | string][] = [
    ...Object.keys(
      (JSON.parse(readFileSync(`${distDir}/sri.json`, 'utf8')) as { files: Record<string, string> }).files,
    ).map((name): [string, string] => [name, `${distDir}/${name}`]),
    ...['floor-first.js', 'floor-answer.js'].map((name): [string, URL] => [name, new URL(name, pagesDir)]),
  ];
  for (const [name, path] of files) {
    const plain = readFileSync(path);
    scripts.set(`/${name}`, { plain, gzip: gzipSync(plain, { level: 9 }) });
  }
  const pages = new Map<string, string>();
  for (const [name, html] of benchPages()) {
    pages.set(
      `/${name}.html`,
      html
        .replace('__MEASURE__', () => measure)
        .replace('__INTERACTION__', () => interaction)
        .replace('__FIRST_BASELINE__', () => firstBaseline)
        .replaceAll('__API__', apiUrl)
        .replaceAll('__QUESTION__', STREAM_QUESTION),
    );
  }
  // The first-message page with the README's optional line (its hash included): the widget's code
  // starts with the page.
  const mainIntegrity = `sha384-${createHash('sha384').update(scripts.get('/flowbot-chat.main.js')!.plain).digest('base64')}`;
  pages.set(
    '/widget-first-preload.html',
    pages
      .get('/widget-first.html')!
      .replace(
        '<head>',
        `<head><link rel="modulepreload" href="/flowbot-chat.main.js" integrity="${mainIntegrity}" crossorigin="anonymous" />`,
      ),
  );

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://page');
    res.setHeader('cache-control', 'no-store');
    const script = scripts.get(url.pathname);
    if (script) {
      const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      const body = gzip ? script.gzip : script.plain;
      res.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'content-length': body.length,
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      });
      res.end(body);
      return;
    }
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204);
      res.end();
      return;
    }
    const template = pages.get(url.pathname);
    const id = url.searchParams.get('id') ?? '';
    const count = url.searchParams.get('count') ?? '1';
    if (!template || !/^[\w-]+$/.test(id) || !/^\d+$/.test(count)) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    const body = Buffer.from(template.replaceAll('__ID__', id).replaceAll('__COUNT__', count));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  const url = await listen(server);
  return {
    url,
    page: (name, fill) => `${url}/${name}.html?id=${fill.id}&count=${fill.count ?? 1}`,
    close: () => closeServer(server),
  };
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, () => {
      server.off('error', reject);
      resolve(`http://${HOST}:${(server.address() as AddressInfo).port}`);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

/**
 * The reference server on a free loopback port, serving the benchmark flows.
 * Streamed answers come at 100 pieces a second, or with `burst` all at once.
 */
export function startApi(
  messageCounts: readonly number[],
  { burst = false }: { burst?: boolean } = {},
): Promise<RunningReferenceServer> {
  // Every benchmark page shares one loopback address: no rate limit.
  return startReferenceServer({
    port: 0,
    host: HOST,
    flows: benchFlows(messageCounts),
    rateLimit: false,
    streamPaceMs: burst ? 0 : 10,
  });
}

/** A running `test/e2e/serve.ts`: the e2e pages on one loopback origin, its reference server on another. */
export interface E2eServer {
  /** The pages' base URL, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Starts the end-to-end suite's servers (`test/e2e/serve.ts`, the pages of test/e2e/site-pages.ts and the
 * built files beside its reference server) on free loopback ports, in a Node process of its own:
 * the same pages and flows the e2e specs load, served as they serve them.
 */
export function startE2eServer(): Promise<E2eServer> {
  const serve = fileURLToPath(new URL('../e2e/serve.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', serve, '--page-port', '0', '--api-port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      reject(new Error(`${serve} did not start in 30 s`));
      void close();
    }, 30_000);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${serve} exited before it listened`));
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      const url = /e2e pages on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (!url) return;
      clearTimeout(timer);
      // Read on and dropped from here: a full pipe would stop the server.
      child.stdout.removeAllListeners('data').resume();
      resolve({ url, close });
    });
  });
}
