/**
 * The apps' world for Playwright: the reference server of the installed package (its own
 * `flowbot-chat/server`) on API_PORT, and the built Vite apps under /react/, /vue/, /svelte/ on
 * PAGE_PORT (the Next.js app runs `next start` on its own port). Loopback only.
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startReferenceServer } from 'flowbot-chat/server';
import { API_PORT, PAGE_PORT } from './ports.mjs';

const host = '127.0.0.1';
const dist = fileURLToPath(new URL('./dist/', import.meta.url));
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

const api = await startReferenceServer({ host, port: API_PORT, rateLimit: false });

const pages = createServer(async (req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (path === '/__health') return res.end('ok');
  const file = normalize(join(dist, path.endsWith('/') ? `${path}index.html` : path));
  try {
    if (!file.startsWith(dist)) throw new Error('outside');
    const body = await readFile(file);
    res.setHeader('content-type', types[extname(file)] ?? 'application/octet-stream');
    res.end(body);
  } catch {
    res.statusCode = 404;
    res.end('not found');
  }
});
pages.listen(PAGE_PORT, host, () => console.log(`apps on http://${host}:${PAGE_PORT}, API on ${api.url}`));

const stop = () => {
  pages.close();
  void api.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
