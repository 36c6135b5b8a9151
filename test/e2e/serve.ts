/**
 * The e2e world: a plain static "customer site" on one origin (pages from test/e2e/pages plus the
 * built script-tag file) and the reference server on another. `__API__` in a page becomes the
 * server's URL. Pages named `csp-*.html` are served with a strict Content-Security-Policy that
 * enforces Trusted Types.
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startReferenceServer } from '../../src/server/index.js';

const { values } = parseArgs({
  options: { 'page-port': { type: 'string', default: '4710' }, 'api-port': { type: 'string', default: '4711' } },
});
const host = '127.0.0.1';
const api = await startReferenceServer({ port: Number(values['api-port']), host });
const pagesDir = fileURLToPath(new URL('./pages/', import.meta.url));
const iife = fileURLToPath(new URL('../../dist/flowbot-chat.iife.js', import.meta.url));

const types: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

function strictCsp(apiUrl: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' ${apiUrl}`,
    `media-src 'self' ${apiUrl}`,
    `connect-src ${apiUrl}`,
    'frame-src https:',
    "base-uri 'none'",
    "form-action 'none'",
    "require-trusted-types-for 'script'",
    'trusted-types lit-html',
  ].join('; ');
}

const server = createServer(async (req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  try {
    if (path === '/__health') {
      res.end('ok');
      return;
    }
    if (path === '/favicon.ico') {
      res.statusCode = 204;
      res.end();
      return;
    }
    if (path === '/flowbot-chat.iife.js') {
      res.setHeader('content-type', types.js!);
      res.end(await readFile(iife));
      return;
    }
    const name = path === '/' ? 'index.html' : path.slice(1);
    if (!/^[\w-]+\.(html|js|css)$/.test(name)) throw new Error('not found');
    const ext = name.split('.').pop()!;
    const body = (await readFile(pagesDir + name, 'utf8')).replaceAll('__API__', api.url);
    res.setHeader('content-type', types[ext]!);
    if (name.startsWith('csp-')) res.setHeader('content-security-policy', strictCsp(api.url));
    res.end(body);
  } catch {
    res.statusCode = 404;
    res.end('not found');
  }
});
server.listen(Number(values['page-port']), host, () => {
  console.log(`e2e pages on http://${host}:${values['page-port']}, API on ${api.url}`);
});

const stop = () => {
  server.close();
  void api.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
