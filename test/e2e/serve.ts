/**
 * The e2e world: a plain static "customer site" on one origin (its pages, made from the table of
 * site-pages.ts, the scripts and styles they load from test/e2e/pages, and the built script-tag
 * files) and the reference server on another. `__API__` in a page becomes the server's URL,
 * `__SRI_MAIN__` the SHA-384 of the widget's code (`integrity`). Pages named `csp-*.html` are
 * served with the strict Content-Security-Policy docs/security.md gives, which enforces Trusted
 * Types; `csp-lit-only-*.html` with the same policy allowing only Lit's Trusted Types policy (the
 * README's line before the script-tag file had its own).
 *
 * The three script-tag files are served at the site's root, in the folder a CDN serves this
 * version from (`/flowbot-chat@<version>/dist/`), and in folders that each hold one file changed
 * after the build, as a compromised CDN would serve it: `/tampered-<name>/` changes
 * `flowbot-chat.<name>.js` (see `TAMPERED`), and `/tampered-<name>.html` is a page of one widget
 * loading from that folder. A changed file first sets `globalThis.__flowbotTampered` to its own
 * name, so a spec can tell whether any of it ran.
 * `/readme-snippet.html` is a page made of the README's script-tag line and preload line as
 * written, their CDN origin (`https://unpkg.com`) replaced by this server's.
 * `/slow-main/` serves them unchanged but for the widget's code, 2 s late (a slow network's).
 *
 * Pages under `/visual/` come from test/visual/pages (the visual regression suite), and its flows
 * (test/visual/flows.ts) are served too; `/visual/fonts/` serves the suite's own fonts, the
 * DejaVu Sans and Sans Mono files of the `dejavu-fonts-ttf` package, so that its pictures never
 * depend on the fonts a machine has installed.
 *
 * Besides the shipped demo flows the server has `long`: fifty text questions in a row,
 * `one-file`: a single file input, then a closing message, `invite`: a greeting with one
 * choice, then a message, a two-second wait and two more messages (which a visitor who closed
 * the bubble meanwhile has not read), `my-bot`, the bot the README's snippets name, and `wide`: a
 * table and a code line wider than any phone, then two short answers.
 *
 * `--page-port 0 --api-port 0` take free ports; the line it prints once listening names them
 * (`e2e pages on http://127.0.0.1:<port>, API on http://127.0.0.1:<port>`), which is how the bench
 * (`test/bench/servers.ts`) finds them.
 *
 * Test hooks on the page origin, for specs (they drive the reference server's state in-process):
 * - `GET /__api/stats`: what the server accepted, `{ sessionsStarted, continueCount, faultsPending,
 *   sessions: [{ id, answers }] }` (answers in order of arrival; `faultsPending`: queued faults no
 *   request has taken yet);
 * - `POST /__api/faults` with `{ spec, match?, times?, every? }`: queues a fault (see the
 *   reference server's `FaultQueue.next`), e.g. `{ "spec": "status=503", "match": "/continueChat", "every": 3 }`;
 * - `POST /__api/forget` with `{ sessionId? }`: the server forgets that chat session (or every one),
 *   as its idle expiry would: its next call answers 404;
 * - `POST /__api/reset`: forgets queued faults and the counts.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { defineFlow, shippedFlows, startReferenceServer, type FlowBlock } from '../../src/server/index.js';
import { TRUSTED_TYPES } from '../../src/script-tag/files.js';
import { readmeBlock } from '../support/readme-snippets.js';
import { sitePage, tamperedPage } from './site-pages.js';
import { visualFlows } from '../visual/flows.js';

const { values } = parseArgs({
  options: { 'page-port': { type: 'string', default: '4710' }, 'api-port': { type: 'string', default: '4711' } },
});
const host = '127.0.0.1';

/** Fifty text questions, then a goodbye: long enough to count lost and duplicated answers. */
const QUESTIONS = 50;
const longFlow = defineFlow({
  publicId: 'long',
  name: 'Fifty questions',
  description: 'Fifty text questions in a row (end-to-end fault tests).',
  publishedAt: '2026-01-01T00:00:00.000Z',
  blocks: [
    ...Array.from({ length: QUESTIONS }, (_, i): FlowBlock => ({
      id: `q${i + 1}`,
      messages: [{ type: 'text', text: `Question ${i + 1} of ${QUESTIONS}` }],
      input: { id: `a${i + 1}`, type: 'text input', next: i + 1 < QUESTIONS ? `q${i + 2}` : 'done' },
    })),
    { id: 'done', messages: [{ type: 'text', text: `All ${QUESTIONS} answers received.` }] },
  ],
});

/** One file input and a goodbye: the shortest way to an upload. */
const oneFileFlow = defineFlow({
  publicId: 'one-file',
  name: 'One file',
  description: 'A file input, then a closing message (end-to-end upload tests).',
  publishedAt: '2026-01-01T00:00:00.000Z',
  blocks: [
    {
      id: 'ask-file',
      messages: [{ type: 'text', text: 'Please attach one file.' }],
      input: {
        id: 'file',
        type: 'file input',
        variable: 'file',
        options: { isRequired: true, isMultipleAllowed: false, labels: { button: 'Upload' } },
        next: 'done',
      },
    },
    { id: 'done', messages: [{ type: 'text', text: 'Thanks, your file arrived.' }] },
  ],
});

/** One choice, then messages that arrive after a wait: what a visitor who closed the bubble has not read. */
const inviteFlow = defineFlow({
  publicId: 'invite',
  name: 'Order lookup',
  description: 'A choice, a message, a two-second wait, two more messages (end-to-end invitation tests).',
  publishedAt: '2026-01-01T00:00:00.000Z',
  blocks: [
    {
      id: 'hello',
      messages: [{ type: 'text', text: 'Hi! Shall I look up your order?' }],
      input: { id: 'go', type: 'choice input', items: [{ id: 'yes', content: 'Yes, please', next: 'look' }] },
    },
    {
      id: 'look',
      messages: [
        { id: 'look-wait', type: 'text', text: 'One moment, looking it up…' },
        { id: 'look-found', type: 'text', text: 'Found it: order 1042 ships tomorrow.' },
        { id: 'look-more', type: 'text', text: 'Anything else?' },
      ],
      actions: [{ type: 'wait', wait: { secondsToWaitFor: 2 }, afterMessage: 'look-wait' }],
      input: { id: 'more', type: 'text input' },
    },
  ],
});

/**
 * The bot of the README's snippets (`public-id="my-bot"`), so they run as written: a question, a
 * reply that quotes the answer, an e-mail field (a control of the on-demand file) and a goodbye,
 * over a light background picture (what a dark theme must hide).
 */
const readmeFlow = defineFlow({
  publicId: 'my-bot',
  name: 'My bot',
  description: "The README's example bot: a question, a reply, an e-mail (end-to-end README tests).",
  publishedAt: '2026-01-01T00:00:00.000Z',
  theme: { general: { background: { type: 'Image', content: '{{$assetsUrl}}/background.svg' } } },
  blocks: [
    {
      id: 'ask',
      messages: [{ type: 'text', text: 'Hi! What can I help you with?' }],
      input: { id: 'question', type: 'text input', variable: 'question', next: 'reply' },
    },
    {
      id: 'reply',
      messages: [{ type: 'text', text: 'You asked: {{question}}. Leave your e-mail and we will write back.' }],
      input: { id: 'email', type: 'email input', variable: 'email', next: 'bye' },
    },
    { id: 'bye', messages: [{ type: 'text', text: 'We will write to {{email}}.' }] },
  ],
});

/**
 * An answer wider than any phone: a six-column table of long words and a code block whose line
 * is 200 characters, then two short answers (each in its own bubble) and a text field.
 */
const wideTable = [
  '| Subscription | Availability | Responsibilities | Configuration | Documentation | Troubleshooting |',
  '| --- | --- | --- | --- | --- | --- |',
  '| Professional | Internationally | Administration | Customisation | Comprehensive | Straightforward |',
  '| Enterprise | Unconditionally | Accountability | Synchronisation | Incomprehensible | Uncharacteristically |',
].join('\n');
const wideCode = `const line = '${'x'.repeat(200 - "const line = '';".length)}';`;
const wideFlow = defineFlow({
  publicId: 'wide',
  name: 'Wide answer',
  description: 'A six-column table of long words and a 200-character code line (end-to-end layout tests).',
  publishedAt: '2026-01-01T00:00:00.000Z',
  blocks: [
    {
      id: 'show',
      messages: [
        { id: 'wide-table', type: 'text', content: { type: 'markdown', markdown: `Our plans:\n\n${wideTable}` } },
        {
          id: 'wide-code',
          type: 'text',
          content: { type: 'markdown', markdown: `Paste this:\n\n\`\`\`js\n${wideCode}\n\`\`\`` },
        },
        { id: 'short-1', type: 'text', text: 'Anything else?' },
        { id: 'short-2', type: 'text', text: 'Ask away.' },
      ],
      input: { id: 'reply', type: 'text input' },
    },
  ],
});

const streamPaceMs = Number(process.env.FLOWBOT_STREAM_PACE_MS ?? 5);
const api = await startReferenceServer({
  port: Number(values['api-port']),
  host,
  flows: {
    ...shippedFlows(),
    [longFlow.publicId]: longFlow,
    [oneFileFlow.publicId]: oneFileFlow,
    [inviteFlow.publicId]: inviteFlow,
    [readmeFlow.publicId]: readmeFlow,
    [wideFlow.publicId]: wideFlow,
    ...visualFlows(),
  },
  // The specs inject faults; every spec's browser shares one loopback address.
  faults: true,
  rateLimit: false,
  ...(Number.isFinite(streamPaceMs) && streamPaceMs >= 0 ? { streamPaceMs } : {}),
});
const pagesDir = fileURLToPath(new URL('./pages/', import.meta.url));
const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const { version } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
/** The files the script tag loads, as the build lists them (`dist/sri.json`). */
const builtFiles = Object.keys(
  (JSON.parse(await readFile(dist + 'sri.json', 'utf8')) as { files: Record<string, string> }).files,
);
/**
 * The files a compromised CDN may change: `flowbot-chat.<name>.js` is served changed from
 * `/tampered-<name>/`. Where a page of one widget shows it, that page is `/tampered-<name>.html`,
 * made here with the element's attributes given; the widget code's, the invitation's and the preview's pages
 * need more and are written out in pages/.
 */
const TAMPERED: Record<string, string | undefined> = {
  main: undefined,
  rich: 'public-id="wide"',
  stream: 'public-id="assistant"',
  media: 'public-id="demo"',
  answers: 'public-id="support"',
  export: 'public-id="support"',
  history: 'public-id="support" persist="session"',
  invite: undefined,
  preview: undefined,
  open: 'mode="bubble" public-id="assistant"',
  persist: 'public-id="support" persist="session"',
  controls: 'public-id="support"',
  dark: 'public-id="support" color-scheme="dark"',
  highlight: 'public-id="assistant"',
  send: 'public-id="support"',
};
/** A folder of the built files whose widget code comes 2 s late (the three engines' cold tap). */
const SLOW_MAIN = 'slow-main/';

/** The folders the built files are served from, and which file each changes. */
const folders: Record<string, string | undefined> = {
  '': undefined,
  [`flowbot-chat@${version}/dist/`]: undefined,
  ...Object.fromEntries(Object.keys(TAMPERED).map((name) => [`tampered-${name}/`, `flowbot-chat.${name}.js`])),
  // The same files, the widget's code held back 2 s (a slow network's), unchanged.
  [SLOW_MAIN]: undefined,
};

/** A built file as `folder` serves it: changed (a line that sets the canary first) if it is the one that folder changes. */
async function builtFile(folder: string, file: string): Promise<Buffer> {
  const bytes = await readFile(dist + file);
  if (folders[folder] !== file) return bytes;
  return Buffer.concat([Buffer.from(`globalThis.__flowbotTampered = ${JSON.stringify(file)};\n`), bytes]);
}

/**
 * Each served file's bytes, plain and gzip-compressed, read and compressed at its first request
 * (keyed by folder and file: a tampered folder's differ): the build is not changed while this runs.
 */
const served = new Map<string, Promise<{ plain: Buffer; gzip: Buffer }>>();
const servedFile = (folder: string, file: string): Promise<{ plain: Buffer; gzip: Buffer }> => {
  const key = folder + file;
  let body = served.get(key);
  if (!body) {
    body = builtFile(folder, file).then((plain) => ({ plain, gzip: gzipSync(plain) }));
    served.set(key, body);
  }
  return body;
};

/** A page of the README's two pinned lines, loading from this server instead of the CDN. */
async function readmeSnippetPage(): Promise<string> {
  const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
  const line = (pattern: RegExp) => (pattern.exec(readme)?.[0] ?? '').replace('https://unpkg.com/', '/');
  const script = line(/<script (?:async )?src="https:\/\/unpkg\.com\/[^"]*\/flowbot-chat\.iife\.js"[^>]*><\/script>/);
  const preload = line(/<link rel="modulepreload" href="https:\/\/unpkg\.com\/[^"]*\/flowbot-chat\.main\.js"[^>]*\/>/);
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>The README's lines</title>${preload}</head>
  <body><flowbot-chat public-id="support" api-host="${api.url}"></flowbot-chat>${script}</body>
</html>`;
}

const integrityOf = async (file: string) =>
  `sha384-${createHash('sha384')
    .update(await readFile(dist + file))
    .digest('base64')}`;
const visualPagesDir = fileURLToPath(new URL('../visual/pages/', import.meta.url));
/**
 * The font files the visual pages load (`/visual/fonts/<file>`): two families, four faces each,
 * and the condensed sans that stands in for the font of Chromium's media controls.
 */
const visualFontsDir = `${dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json'))}/ttf/`;
const visualFonts = new Set([
  ...['DejaVuSans', 'DejaVuSansMono'].flatMap((family) =>
    ['', '-Bold', '-Oblique', '-BoldOblique'].map((face) => `${family}${face}.ttf`),
  ),
  'DejaVuSansCondensed.ttf',
  // The math font of the formulas' pictures (an OpenType MATH table).
  'DejaVuMathTeXGyre.ttf',
]);

const types: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

/** The policy docs/security.md gives; `trustedTypes`: the policies it allows (the script tag's files', see their table). */
function strictCsp(apiUrl: string, trustedTypes = TRUSTED_TYPES.join(' ')): string {
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
    `trusted-types ${trustedTypes}`,
  ].join('; ');
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  const value: unknown = raw ? JSON.parse(raw) : {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('expected a JSON object');
  return value as Record<string, unknown>;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
}

/** The test hooks under `/__api/`; true when `path` was one of them. */
async function testHook(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
  const { stats, faults } = api.state;
  if (path === '/__api/stats' && req.method === 'GET') {
    const sessions = stats.startedSessionIds.map((id) => ({ id, answers: stats.answersOf(id) }));
    sendJson(res, 200, {
      sessionsStarted: stats.sessionsStarted,
      continueCount: stats.continueCount,
      streamsServed: stats.streamsServed,
      faultsPending: faults.pending,
      sessions: sessions.map((session) => ({
        ...session,
        bodies: stats.bodiesOf(session.id),
        logs: stats.clientLogsOf(session.id),
      })),
    });
    return true;
  }
  if (path === '/__api/forget' && req.method === 'POST') {
    // As the session's idle expiry (or a restarted viewer) would: its next call answers 404.
    const { sessionId } = await readJson(req);
    const { sessions } = api.state;
    const forgotten = typeof sessionId === 'string' ? Number(sessions.forget(sessionId)) : sessions.forgetAll();
    sendJson(res, 200, { forgotten });
    return true;
  }
  if (path === '/__api/faults' && req.method === 'POST') {
    try {
      const { spec, match, times, every } = await readJson(req);
      if (typeof spec !== 'string') throw new Error('"spec" must be a fault spec string');
      faults.next(spec, {
        ...(typeof match === 'string' ? { match } : {}),
        ...(typeof times === 'number' ? { times } : {}),
        ...(typeof every === 'number' ? { every } : {}),
      });
      sendJson(res, 200, { pending: faults.pending });
    } catch (error) {
      sendJson(res, 400, { message: (error as Error).message });
    }
    return true;
  }
  if (path === '/__api/reset' && req.method === 'POST') {
    faults.clear();
    stats.reset();
    sendJson(res, 200, {});
    return true;
  }
  return false;
}

const server = createServer(async (req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  try {
    if (path === '/__health') {
      res.end('ok');
      return;
    }
    if (path.startsWith('/__api/') && (await testHook(req, res, path))) return;
    if (path === '/favicon.ico') {
      res.statusCode = 204;
      res.end();
      return;
    }
    const file = path.slice(path.lastIndexOf('/') + 1);
    const folder = path.slice(1, path.length - file.length);
    if (builtFiles.includes(file) && Object.hasOwn(folders, folder)) {
      res.setHeader('content-type', types.js!);
      // As a CDN serves them: any page may load them with CORS (and check their integrity), compressed
      // for a browser that takes it (what a slow network carries is the compressed bytes).
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('vary', 'accept-encoding');
      if (folder === SLOW_MAIN && file === 'flowbot-chat.main.js') await new Promise((done) => setTimeout(done, 2_000));
      const { plain, gzip } = await servedFile(folder, file);
      if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) res.end(plain);
      else {
        res.setHeader('content-encoding', 'gzip');
        res.end(gzip);
      }
      return;
    }
    const tampered = /^\/tampered-(\w+)\.html$/.exec(path)?.[1];
    const attributes = tampered && Object.hasOwn(TAMPERED, tampered) ? TAMPERED[tampered] : undefined;
    if (tampered && attributes) {
      res.setHeader('content-type', types.html!);
      res.end(tamperedPage(tampered, attributes).replaceAll('__API__', api.url));
      return;
    }
    if (path === '/readme-snippet.html') {
      res.setHeader('content-type', types.html!);
      res.end(await readmeSnippetPage());
      return;
    }
    if (folder === 'visual/fonts/' && visualFonts.has(file)) {
      res.setHeader('content-type', 'font/ttf');
      res.end(await readFile(visualFontsDir + file));
      return;
    }
    const visual = path.startsWith('/visual/');
    const name = path === '/' ? 'index.html' : path.slice(visual ? '/visual/'.length : 1);
    if (!/^[\w-]+\.(html|js|css)$/.test(name)) throw new Error('not found');
    const ext = name.split('.').pop()!;
    const made = visual ? undefined : sitePage(name.replace(/\.html$/, ''));
    let body = (made ?? (await readFile((visual ? visualPagesDir : pagesDir) + name, 'utf8'))).replaceAll(
      '__API__',
      api.url,
    );
    // The README's CSS rule that keeps an inline widget's room, as written there (`?height=420`: with
    // another height than the README's, as a site owner may give).
    if (body.includes('__RESERVE_CSS__')) {
      const height = /^\d{2,4}$/.exec(new URL(req.url ?? '/', 'http://x').searchParams.get('height') ?? '')?.[0];
      const rule = readmeBlock(await readFile(new URL('../../README.md', import.meta.url), 'utf8'), 'reserve-css');
      body = body.replaceAll('__RESERVE_CSS__', height ? rule.replace(/height: \d+px/, `height: ${height}px`) : rule);
    }
    if (body.includes('__SRI_MAIN__'))
      body = body.replaceAll('__SRI_MAIN__', await integrityOf('flowbot-chat.main.js'));
    res.setHeader('content-type', types[ext]!);
    if (name.startsWith('csp-lit-only-')) res.setHeader('content-security-policy', strictCsp(api.url, 'lit-html'));
    else if (name.startsWith('csp-')) res.setHeader('content-security-policy', strictCsp(api.url));
    res.end(body);
  } catch {
    res.statusCode = 404;
    res.end('not found');
  }
});
server.listen(Number(values['page-port']), host, () => {
  // The port it got (`--page-port 0` takes a free one): the bench reads this line.
  console.log(`e2e pages on http://${host}:${(server.address() as AddressInfo).port}, API on ${api.url}`);
});

const stop = () => {
  server.close();
  void api.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
