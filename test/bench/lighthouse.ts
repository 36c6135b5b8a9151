/**
 * `npm run bench:lighthouse`: what the README's line costs the host page, as Lighthouse measures it
 * (its mobile preset: simulated slow 4G, 4x CPU; medians of `--runs`, default 3). An article page
 * alone, then with a bubble, a bubble whose preview shows at once and an inline widget, the line in the `<head>` as the README shows
 * it (`async`), and, for comparison, the same line without `async` (a classic, parser-blocking
 * script: the line of earlier releases). Prints first and largest contentful paint and total
 * blocking time, each beside the page alone, and writes bench-results/lighthouse.json.
 *
 * Beside the page alone, the script floor: the same page with the same line loading a file of one
 * statement from the same place. Lighthouse's simulation counts every request that ended before the
 * page's observed largest paint, and the script that came with it, as needed for that paint: any
 * `<script async src>` in the `<head>` moves the simulated paints by about a slow-4G round trip,
 * whatever its file does. The pages are also read against that floor: what the widget's own work adds.
 *
 * Lighthouse is not a dependency of the package (about 200 packages): the first run fetches the
 * pinned version with `npx`. It drives the Chromium the tests use (`CHROME_PATH`).
 * Not a test: targets that are missed are reported, the exit code stays 0.
 */
import { execFile } from 'node:child_process';
import { parseArgs, promisify } from 'node:util';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromiumExecutable } from '../support/browser-launch.js';
import { startApi } from './servers.js';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const OUT_FILE = 'bench-results/lighthouse.json';
/** The targets: each paint at most this much later than the page alone, blocking time at most this. */
const TARGET = { paintMs: 50, blockingMs: 50 } as const;
/** The script floor's file (see the module's comment): a statement, so the browser has something to run. */
const FLOOR_FILE = '/one-statement.js';
const root = fileURLToPath(new URL('../..', import.meta.url));

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    // Some of the pages only (`alone,inline`), to look into one.
    pages: { type: 'string' },
    // Keep each run's whole report (bench-results/lighthouse-<page>-<run>.json), to see why.
    keep: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(values.runs) || 3);

const ARTICLE = Array.from(
  { length: 12 },
  (_, i) =>
    `<p>Paragraph ${i + 1} of the article. The host page's own text is what a visitor came for: it must be drawn as soon as the browser has it, whatever the chat widget at the bottom of the page is doing meanwhile. ${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(3)}</p>`,
).join('\n');

/** An article page; `line`: what goes in the `<head>`; `body`: what ends the `<body>`. */
const article = (line: string, body: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>An article</title>
<style>body{font:18px/1.5 system-ui,sans-serif;max-width:40rem;margin:0 auto;padding:1rem}h1{font-size:2rem}flowbot-chat:not([mode]){display:block;height:600px}</style>
${line}
</head>
<body>
<h1>How to read an invoice</h1>
${ARTICLE}
${body}
</body>
</html>`;

function serve(apiUrl: string): Promise<{ url: string; close: () => void }> {
  const files = new Map<string, Buffer>();
  const built = JSON.parse(readFileSync(`${root}dist/sri.json`, 'utf8')) as { files: Record<string, string> };
  for (const name of Object.keys(built.files))
    files.set(`/${name}`, gzipSync(readFileSync(`${root}dist/${name}`), { level: 9 }));
  files.set(FLOOR_FILE, gzipSync('window.floor = 1;\n'));
  const bubble = `<flowbot-chat public-id="support" api-host="${apiUrl}" mode="bubble"></flowbot-chat>`;
  const inline = `<flowbot-chat public-id="support" api-host="${apiUrl}"></flowbot-chat>`;
  // A bubble whose preview shows at once: the card is drawn before the widget's code too.
  const previewBubble = `<flowbot-chat public-id="support" api-host="${apiUrl}" mode="bubble" preview="Questions about an order? Ask here." preview-delay="0"></flowbot-chat>`;
  const asyncLine = '<script async src="/flowbot-chat.iife.js"></script>';
  const blockingLine = '<script src="/flowbot-chat.iife.js"></script>';
  const pages = new Map<string, string>([
    ['/alone.html', article('', '')],
    ['/script-floor.html', article(`<script async src="${FLOOR_FILE}"></script>`, '')],
    ['/bubble.html', article(asyncLine, bubble)],
    ['/inline.html', article(asyncLine, inline)],
    ['/bubble-preview.html', article(asyncLine, previewBubble)],
    ['/bubble-blocking.html', article(blockingLine, bubble)],
    ['/inline-blocking.html', article(blockingLine, inline)],
  ]);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://page').pathname;
    const file = files.get(path);
    if (file) {
      res.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'content-encoding': 'gzip',
        'cache-control': 'no-store',
      });
      res.end(file);
      return;
    }
    const page = pages.get(path);
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(page ?? 'not found');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => {
          server.close();
          server.closeAllConnections();
        },
      }),
    ),
  );
}

interface Figures {
  fcp: number;
  lcp: number;
  tbt: number;
}

/**
 * One Lighthouse run of `url` (mobile preset, performance only). Asynchronous: the pages and the
 * viewer are served by this very process, which must go on answering while Lighthouse runs.
 */
async function lighthouse(url: string, keep?: string): Promise<Figures> {
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)(
      'npx',
      [
        '--yes',
        LIGHTHOUSE,
        url,
        '--only-categories=performance',
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
      ],
      {
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
        env: { ...process.env, ...(chromiumExecutable ? { CHROME_PATH: chromiumExecutable } : {}) },
      },
    ));
  } catch (error) {
    throw new Error(
      `lighthouse failed on ${url}: ${String((error as { stderr?: string }).stderr ?? error).slice(-2000)}`,
      { cause: error },
    );
  }
  if (keep) writeFileSync(keep, stdout);
  const report = JSON.parse(stdout) as { audits: Record<string, { numericValue?: number }> };
  const value = (id: string): number => Math.round(report.audits[id]?.numericValue ?? NaN);
  return {
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
  };
}

const median = (list: number[]): number => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

if (!existsSync(`${root}dist/flowbot-chat.iife.js`)) {
  console.error('dist/ is missing: npm run build first');
  process.exit(1);
}
const api = await startApi([]);
const site = await serve(api.url);

const ALL = [
  'alone',
  'script-floor',
  'bubble',
  'inline',
  'bubble-preview',
  'bubble-blocking',
  'inline-blocking',
] as const;
// The page alone and the script floor are always measured: the others are read against them.
const BESIDE = ['alone', 'script-floor'];
const names = values.pages
  ? ALL.filter((name) => BESIDE.includes(name) || values.pages!.split(',').includes(name))
  : ALL;
const results: Record<string, { runs: Figures[]; median: Figures }> = {};
try {
  for (const name of names) {
    const list: Figures[] = [];
    // Interleaved would be fairer on a busy machine; Lighthouse's simulated throttling already
    // computes its paints from the page's own network and CPU work, so runs in a row are stable.
    mkdirSync(`${root}bench-results`, { recursive: true });
    for (let i = 0; i < runs; i++)
      list.push(
        await lighthouse(
          `${site.url}/${name}.html`,
          values.keep ? `${root}bench-results/lighthouse-${name}-${i}.json` : undefined,
        ),
      );
    results[name] = {
      runs: list,
      median: {
        fcp: median(list.map((f) => f.fcp)),
        lcp: median(list.map((f) => f.lcp)),
        tbt: median(list.map((f) => f.tbt)),
      },
    };
    console.log(`${name}: ${JSON.stringify(results[name]!.median)}`);
  }
} finally {
  site.close();
  await api.close();
}

const alone = results.alone!.median;
const floor = results['script-floor']!.median;
const signed = (ms: number): string => (ms < 0 ? `−${-ms}` : `+${ms}`);
const rows = names.map((name) => {
  const m = results[name]!.median;
  const dFcp = m.fcp - alone.fcp;
  const dLcp = m.lcp - alone.lcp;
  const overFloor = { fcp: m.fcp - floor.fcp, lcp: m.lcp - floor.lcp, tbt: m.tbt - floor.tbt };
  const met =
    BESIDE.includes(name) || name.endsWith('-blocking')
      ? ''
      : dFcp <= TARGET.paintMs && dLcp <= TARGET.paintMs && m.tbt <= TARGET.blockingMs
        ? 'met'
        : 'missed';
  return { name, ...m, dFcp, dLcp, overFloor, met };
});
console.log(
  `\nLighthouse, mobile preset (simulated slow 4G, 4x CPU), medians of ${runs}; the line in the <head>` +
    ` (script-floor: the same line, a file of one statement):\n` +
    '| page | FCP | LCP | TBT | FCP − alone | LCP − alone | target (≤ +50 / +50 / 50 ms) | FCP / LCP / TBT − script floor |\n' +
    '|---|---|---|---|---|---|---|---|\n' +
    rows
      .map(
        (r) =>
          `| ${r.name} | ${r.fcp} ms | ${r.lcp} ms | ${r.tbt} ms | ${signed(r.dFcp)} ms | ${signed(r.dLcp)} ms | ${r.met} | ` +
          `${signed(r.overFloor.fcp)} / ${signed(r.overFloor.lcp)} / ${signed(r.overFloor.tbt)} ms |`,
      )
      .join('\n'),
);
mkdirSync(`${root}bench-results`, { recursive: true });
writeFileSync(`${root}${OUT_FILE}`, JSON.stringify({ lighthouse: LIGHTHOUSE, runs, results, rows }, null, 2));
console.log(`\nwritten to ${OUT_FILE}`);
