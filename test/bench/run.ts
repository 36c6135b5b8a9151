/**
 * `npm run bench`: how big the script-tag file is and how fast `<flowbot-chat>`
 * shows a conversation, in headless Chromium against the reference server, the
 * page and the API on two loopback origins. Every timing is taken beside a
 * baseline page measured in the same run, interleaved with it: absolute times
 * on a busy machine are noise, the ratios are the figures.
 *
 * Prints a table and writes the same figures to bench-results/bench.json.
 * Not a test: targets that are missed are reported, the exit code stays 0.
 *
 * Options:
 *   --runs <n>       first-message runs of each page (default 15, at least 7): the widget,
 *                    the inline baseline, the floor (the baseline from one script file) and
 *                    the widget with its code preloaded (an optional `<link rel="modulepreload">`)
 *   --long-runs <n>  runs of each page for the long conversations and the grid (default 5)
 *   --no-build       measure dist/flowbot-chat.iife.js as it is instead of building it first
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright';
import { chromiumLaunchOptions } from '../support/browser-launch.js';
import { LOOPBACK, runPage, SLOW_4G, type HeapReport, type NetworkProfile, type PageReport } from './browser.js';
import { BURST_FLOWS, FIRST_MESSAGE_FLOW, longFlowId, STREAM_FLOW, STREAM_WORDS } from './flows.js';
import { bytes, kb, mb, ms, table, times } from './report.js';
import { startApi, startPageServer, type PageServer } from './servers.js';
import { ratio, summarize, type Summary } from './stats.js';

const SCRIPT_FILE = 'dist/flowbot-chat.iife.js';
const MAIN_FILE = 'dist/flowbot-chat.main.js';
const OUT_FILE = 'bench-results/bench.json';
const MESSAGE_COUNTS = [300, 1000] as const;
const GRID_SIZE = 20;
const FIRST_MESSAGE_TARGET = { loopback: 1.15, slow: 1.25 } as const;
const START_SENT_TARGET_MS = 10;
const SCRIPT_TAG_TARGET_GZIP = 25_600;
const LONG_TARGET = { count: 1000, ratio: 2, nodesPerMessage: 10 } as const;
const GRID_TARGET = 1.3;
const HEAP_TARGET = 2;
const STREAM_TARGET = { longestTaskMs: 50, mainThreadRatio: 2 } as const;
const BURST_TARGET = { longestTaskMs: 100 } as const;

/** What tools/size.mjs exports (a plain JS module shared with CI). */
interface SizeModule {
  BUDGET_GZIP: number;
  SCRIPT_BUDGET_GZIP: number;
  measure(file?: string): {
    file: string;
    raw: number;
    gzip: number;
    brotli: number;
    parts: { name: string; raw: number; gzip: number }[];
  };
}

/** The same figure for the widget and its baseline, and widget ÷ baseline of the medians. */
interface Comparison {
  widget: Summary;
  baseline: Summary;
  ratio: number;
}

interface Target {
  name: string;
  /** The limit, in the unit of `value`. */
  limit: number;
  value: number;
  unit: 'x' | 'bytes gzip' | 'ms' | 'nodes';
  pass: boolean;
}

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    'long-runs': { type: 'string', default: '5' },
    'no-build': { type: 'boolean', default: false },
  },
});
const runs = Math.max(7, Number.parseInt(args.runs, 10) || 15);
const longRuns = Math.max(1, Number.parseInt(args['long-runs'], 10) || 5);

process.chdir(fileURLToPath(new URL('../..', import.meta.url)));

/** Closes what was started, newest first; safe to call twice. */
const closers: (() => Promise<unknown>)[] = [];
async function closeAll(): Promise<void> {
  while (closers.length) {
    try {
      await closers.pop()!();
    } catch (error) {
      console.error('while closing:', error);
    }
  }
}
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopping = true;
    console.error(`\n${signal}: stopping`);
    void closeAll().finally(() => process.exit(130));
  });
}

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

/**
 * Runs the pages in turn, each round starting with the next one (widget
 * first, then baseline first, ...), so a slow patch of the machine hits all
 * alike. The first `warmup` rounds warm the server and the browser and are dropped.
 */
async function interleaved<K extends string, T>(
  count: number,
  warmup: number,
  pages: Record<K, () => Promise<T>>,
): Promise<Record<K, T[]>> {
  const names = Object.keys(pages) as K[];
  const out = Object.fromEntries(names.map((name) => [name, [] as T[]])) as Record<K, T[]>;
  for (let i = -warmup; i < count; i++) {
    const round = i + warmup;
    for (let j = 0; j < names.length; j++) {
      const name = names[(round + j) % names.length]!;
      const result = await pages[name]();
      if (i >= 0) out[name].push(result);
    }
    if (i >= 0) process.stderr.write('.');
  }
  process.stderr.write('\n');
  return out;
}

function compare(widget: number[], baseline: number[]): Comparison {
  const w = summarize(widget);
  const b = summarize(baseline);
  return { widget: w, baseline: b, ratio: ratio(w.median, b.median) };
}

function mark(report: PageReport, name: string): number {
  const value = report.marks[name];
  if (typeof value !== 'number') throw new Error(`the page reported no "${name}" mark`);
  return value;
}

function firstRequest(report: PageReport): { start: number; end: number } {
  const request = report.requests[0];
  if (!request) throw new Error('the page made no startChat request');
  return request;
}

type Run = { report: PageReport; heap?: HeapReport };
const heapOf = (run: Run): HeapReport => {
  if (!run.heap) throw new Error('no heap figures');
  return run.heap;
};

async function firstMessage(browser: Browser, pages: PageServer, profile: NetworkProfile, count: number) {
  log(`first bot message, ${profile.name}: ${count} runs of each page (+1 warm-up pair)`);
  const open = (name: string) => () => runPage(browser, pages.page(name, { id: FIRST_MESSAGE_FLOW }), { profile });
  const { widget, baseline, floor, preloaded } = await interleaved(count, 1, {
    widget: open('widget-first'),
    baseline: open('baseline-first'),
    floor: open('floor-first'),
    preloaded: open('widget-first-preload'),
  });
  const painted = compare(
    widget.map((r) => mark(r.report, 'firstMessage')),
    baseline.map((r) => mark(r.report, 'firstMessage')),
  );
  return {
    profile: profile.name,
    runs: count,
    paintedMs: painted,
    /** When the script tag had been fetched and run, first render included (the baseline has none). */
    scriptEvaluatedMs: summarize(widget.map((r) => mark(r.report, 'scriptEvaluated'))),
    requestStartMs: compare(
      widget.map((r) => firstRequest(r.report).start),
      baseline.map((r) => firstRequest(r.report).start),
    ),
    /**
     * The floor of any script tag: the baseline's few lines in a file of their own, loaded with
     * one `<script src>`. Not a target (the issue compares with the inline baseline): it shows
     * how much of the gap is the script file's own round trip, which no widget code can remove.
     */
    floor: {
      paintedMs: compare(
        widget.map((r) => mark(r.report, 'firstMessage')),
        floor.map((r) => mark(r.report, 'firstMessage')),
      ),
      requestStartMs: summarize(floor.map((r) => firstRequest(r.report).start)),
    },
    responseEndMs: compare(
      widget.map((r) => firstRequest(r.report).end),
      baseline.map((r) => firstRequest(r.report).end),
    ),
    /**
     * The same page with an optional second line, `<link rel="modulepreload">` of the widget's
     * code (see the README): that code then starts downloading with the page, not once the
     * script-tag file has run. Not a target: the contract is one `<script src>` line.
     */
    preloaded: {
      paintedMs: compare(
        preloaded.map((r) => mark(r.report, 'firstMessage')),
        baseline.map((r) => mark(r.report, 'firstMessage')),
      ),
      floorRatio: ratio(
        summarize(preloaded.map((r) => mark(r.report, 'firstMessage'))).median,
        summarize(floor.map((r) => mark(r.report, 'firstMessage'))).median,
      ),
      requestStartMs: summarize(preloaded.map((r) => firstRequest(r.report).start)),
    },
  };
}

async function longConversation(browser: Browser, pages: PageServer, count: number) {
  log(`${count} messages: ${longRuns} runs of each page (+1 warm-up pair)`);
  const open = (name: string) => () =>
    runPage(browser, pages.page(name, { id: longFlowId(count), count }), { heap: true });
  const { widget, baseline } = await interleaved(longRuns, 1, {
    widget: open('widget-long'),
    baseline: open('baseline-long'),
  });
  for (const run of [...widget, ...baseline]) {
    if (run.report.shown !== count) throw new Error(`${count} messages: the page showed ${run.report.shown}`);
  }
  const renderTime = (r: Run): number => mark(r.report, 'allMessages') - firstRequest(r.report).end;
  return {
    count,
    runs: longRuns,
    renderMs: compare(widget.map(renderTime), baseline.map(renderTime)),
    heapBytes: compare(
      widget.map((r) => heapOf(r).jsHeap),
      baseline.map((r) => heapOf(r).jsHeap),
    ),
    domNodes: compare(
      widget.map((r) => heapOf(r).nodes),
      baseline.map((r) => heapOf(r).nodes),
    ),
  };
}

/** What a stream page reports: from the question to the whole answer, its longest task, its main-thread time. */
function streamFigures(run: Awaited<ReturnType<typeof runPage>>) {
  return {
    streamMs: mark(run.report, 'streamEnd') - mark(run.report, 'streamStart'),
    longestTaskMs: mark(run.report, 'longestTask'),
    mainThreadMs: run.mainThreadMs ?? Number.NaN,
  };
}

/** A long streamed answer, one run of each page (each takes the answer's length at 100 pieces a second). */
async function streamed(browser: Browser, pages: PageServer) {
  log(`a ${STREAM_WORDS}-word streamed answer at 100 pieces a second: 1 run of each page`);
  const open = (name: string) => runPage(browser, pages.page(name, { id: STREAM_FLOW }), { mainThread: true });
  const w = streamFigures(await open('widget-stream'));
  const b = streamFigures(await open('baseline-stream'));
  return { words: STREAM_WORDS, widget: w, baseline: b, mainThreadRatio: ratio(w.mainThreadMs, b.mainThreadMs) };
}

/**
 * A 20 KB answer of each hard shape (prose, one code block, one long paragraph) whose pieces the
 * server sends all at once, as a buffering proxy or a connection catching up would: one run of
 * each page per shape. `pages` talk to the burst server.
 */
async function bursts(browser: Browser, pages: PageServer) {
  log('20 KB answers arriving in one burst (prose, one code block, one long paragraph): 1 run of each page');
  const out = [];
  for (const [shape, id] of Object.entries(BURST_FLOWS)) {
    const open = (name: string) => runPage(browser, pages.page(name, { id }), { mainThread: true });
    const w = streamFigures(await open('widget-stream'));
    const b = streamFigures(await open('baseline-stream'));
    out.push({ shape, widget: w, baseline: b, mainThreadRatio: ratio(w.mainThreadMs, b.mainThreadMs) });
  }
  return out;
}

async function grid(browser: Browser, pages: PageServer) {
  log(`${GRID_SIZE} widgets on one page: ${longRuns} runs of each page (+1 warm-up pair)`);
  const open = (name: string) => () =>
    runPage(browser, pages.page(name, { id: FIRST_MESSAGE_FLOW, count: GRID_SIZE }), { heap: true });
  const { widget, baseline } = await interleaved(longRuns, 1, {
    widget: open('widget-grid'),
    baseline: open('baseline-grid'),
  });
  for (const run of [...widget, ...baseline]) {
    if (run.report.requests.length !== GRID_SIZE) {
      throw new Error(`grid: ${run.report.requests.length} startChat requests instead of ${GRID_SIZE}`);
    }
  }
  return {
    widgets: GRID_SIZE,
    runs: longRuns,
    allFirstMessagesMs: compare(
      widget.map((r) => mark(r.report, 'allFirstMessages')),
      baseline.map((r) => mark(r.report, 'allFirstMessages')),
    ),
    heapBytes: compare(
      widget.map((r) => heapOf(r).jsHeap),
      baseline.map((r) => heapOf(r).jsHeap),
    ),
    domNodes: compare(
      widget.map((r) => heapOf(r).nodes),
      baseline.map((r) => heapOf(r).nodes),
    ),
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  if (!args['no-build']) {
    // In this order: each carries the hash of the one before.
    for (const mode of ['lazy', 'main', 'iife']) {
      log(`building the script-tag files: vite build --mode ${mode}`);
      const build = spawnSync('npx', ['vite', 'build', '--mode', mode, '--logLevel', 'warn'], { stdio: 'inherit' });
      if (build.status !== 0) throw new Error(`the ${mode} build failed`);
    }
  }
  if (!existsSync(SCRIPT_FILE) || !existsSync(MAIN_FILE))
    throw new Error(`${SCRIPT_FILE} is missing: run without --no-build`);
  const sizeModule = (await import(new URL('../../tools/size.mjs', import.meta.url).href)) as SizeModule;
  const size = sizeModule.measure(SCRIPT_FILE);
  const mainSize = sizeModule.measure(MAIN_FILE);
  const budget = sizeModule.BUDGET_GZIP;

  const api = await startApi(MESSAGE_COUNTS);
  closers.push(() => api.close());
  const pages = await startPageServer(api.url, 'dist');
  closers.push(() => pages.close());
  // Streamed answers whose pieces all go at once, on a server of their own (the pace is per server).
  const burstApi = await startApi([], { burst: true });
  closers.push(() => burstApi.close());
  const burstPages = await startPageServer(burstApi.url, 'dist');
  closers.push(() => burstPages.close());
  // Closed by `closeAll` (on signals too), after the pages and before the servers.
  const browser = await chromium.launch({ ...chromiumLaunchOptions, handleSIGINT: false, handleSIGTERM: false });
  closers.push(() => browser.close());
  const chromiumVersion = browser.version();
  const load = loadavg()[0] ?? 0;
  log(`page origin ${pages.url}, API origin ${api.url}, Chromium ${chromiumVersion}`);

  const first = await firstMessage(browser, pages, LOOPBACK, runs);
  const slow = await firstMessage(browser, pages, SLOW_4G, Math.max(5, Math.round(runs / 2)));
  const long = [];
  for (const count of MESSAGE_COUNTS) long.push(await longConversation(browser, pages, count));
  const many = await grid(browser, pages);
  const stream = await streamed(browser, pages);
  const burst = await bursts(browser, burstPages);
  await closeAll();

  const longTarget = long.find((l) => l.count === LONG_TARGET.count)!;
  const nodesPerMessage = longTarget.domNodes.widget.median / LONG_TARGET.count;
  const firstBytes = size.gzip + mainSize.gzip;
  const target = (name: string, value: number, limit: number, unit: Target['unit']): Target => ({
    name,
    value,
    limit,
    unit,
    pass: value <= limit,
  });
  const targets: Target[] = [
    target('script-tag file', size.gzip, SCRIPT_TAG_TARGET_GZIP, 'bytes gzip'),
    target(
      'bytes before the first message (script-tag file and widget code) within the CI budget',
      firstBytes,
      budget,
      'bytes gzip',
    ),
    target(
      `first bot message, loopback, within ${FIRST_MESSAGE_TARGET.loopback}x`,
      first.paintedMs.ratio,
      FIRST_MESSAGE_TARGET.loopback,
      'x',
    ),
    target(
      `first bot message, slow 4G, within ${FIRST_MESSAGE_TARGET.slow}x`,
      slow.paintedMs.ratio,
      FIRST_MESSAGE_TARGET.slow,
      'x',
    ),
    target(
      `startChat sent within ${START_SENT_TARGET_MS} ms of the baseline (loopback)`,
      first.requestStartMs.widget.median - first.requestStartMs.baseline.median,
      START_SENT_TARGET_MS,
      'ms',
    ),
    target(
      `${LONG_TARGET.count.toLocaleString('en-US')} messages within ${LONG_TARGET.ratio}x plain elements`,
      longTarget.renderMs.ratio,
      LONG_TARGET.ratio,
      'x',
    ),
    target('DOM nodes per text message', nodesPerMessage, LONG_TARGET.nodesPerMessage, 'nodes'),
    target(`${GRID_SIZE} widgets within ${GRID_TARGET}x`, many.allFirstMessagesMs.ratio, GRID_TARGET, 'x'),
    target(
      `JS heap, ${LONG_TARGET.count.toLocaleString('en-US')} messages, within ${HEAP_TARGET}x`,
      longTarget.heapBytes.ratio,
      HEAP_TARGET,
      'x',
    ),
    target(
      `streamed answer: no long task over ${STREAM_TARGET.longestTaskMs} ms`,
      stream.widget.longestTaskMs,
      STREAM_TARGET.longestTaskMs,
      'ms',
    ),
    target(
      `streamed answer: main-thread time within ${STREAM_TARGET.mainThreadRatio}x`,
      stream.mainThreadRatio,
      STREAM_TARGET.mainThreadRatio,
      'x',
    ),
    ...burst.map((b) =>
      target(
        `20 KB in one burst (${b.shape}): no long task over ${BURST_TARGET.longestTaskMs} ms`,
        b.widget.longestTaskMs,
        BURST_TARGET.longestTaskMs,
        'ms',
      ),
    ),
  ];

  const results = {
    date: new Date().toISOString(),
    environment: {
      node: process.version,
      chromium: chromiumVersion,
      cpus: cpus().length,
      loadAverage1m: Math.round(load * 100) / 100,
    },
    scriptTagFile: { ...size, budgetGzip: sizeModule.SCRIPT_BUDGET_GZIP },
    widgetCode: mainSize,
    beforeFirstMessageGzip: { value: firstBytes, budget },
    firstMessage: first,
    firstMessageSlow4G: slow,
    streamedAnswer: stream,
    burstAnswers: burst,
    longConversations: long,
    manyWidgets: many,
    targets,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(OUT_FILE, `${JSON.stringify(results, null, 2)}\n`);
  print(results);
  console.log(`\nWritten to ${OUT_FILE} (${results.seconds} s).`);
}

function print(r: {
  environment: { node: string; chromium: string; cpus: number; loadAverage1m: number };
  scriptTagFile: ReturnType<SizeModule['measure']> & { budgetGzip: number };
  widgetCode: ReturnType<SizeModule['measure']>;
  beforeFirstMessageGzip: { value: number; budget: number };
  firstMessage: Awaited<ReturnType<typeof firstMessage>>;
  firstMessageSlow4G: Awaited<ReturnType<typeof firstMessage>>;
  streamedAnswer: Awaited<ReturnType<typeof streamed>>;
  burstAnswers: Awaited<ReturnType<typeof bursts>>;
  longConversations: Awaited<ReturnType<typeof longConversation>>[];
  manyWidgets: Awaited<ReturnType<typeof grid>>;
  targets: Target[];
}): void {
  const env = r.environment;
  const size = r.scriptTagFile;
  const spread = (s: Summary, unit: (n: number) => string) =>
    `${unit(s.median)} [${s.min.toFixed(0)}–${s.max.toFixed(0)}]`;
  console.log(
    `\nflowbot-chat benchmark · Chromium ${env.chromium} (headless) · Node ${env.node} · ${env.cpus} CPUs · load ${env.loadAverage1m}`,
  );

  const main = r.widgetCode;
  console.log(`\nScript-tag files`);
  console.log(
    table([
      ['', 'raw', 'gzip', 'brotli', 'budget'],
      [size.file, bytes(size.raw), bytes(size.gzip), bytes(size.brotli), kb(size.budgetGzip)],
      [main.file, bytes(main.raw), bytes(main.gzip), bytes(main.brotli), ''],
      ['before the first message', '', bytes(r.beforeFirstMessageGzip.value), '', kb(r.beforeFirstMessageGzip.budget)],
    ]),
  );
  if (main.parts.length) {
    console.log(
      '  the widget code by package (each part minified and gzipped alone, so they add up to more than the whole):',
    );
    console.log(
      table([['package', 'raw', 'gzip'], ...main.parts.map((p) => [p.name, bytes(p.raw), bytes(p.gzip)])], '    '),
    );
  }

  console.log(`\nTimings: median [min–max] ms; ratio = widget ÷ baseline of the medians`);
  const rows: string[][] = [['', 'widget', 'baseline', 'ratio', 'runs']];
  for (const f of [r.firstMessage, r.firstMessageSlow4G]) {
    rows.push([
      `first bot message painted, from navigation (${f.profile})`,
      spread(f.paintedMs.widget, ms),
      spread(f.paintedMs.baseline, ms),
      times(f.paintedMs.ratio),
      String(f.runs),
    ]);
    rows.push([
      '  startChat request sent',
      ms(f.requestStartMs.widget.median),
      ms(f.requestStartMs.baseline.median),
      '',
      '',
    ]);
    rows.push([
      '  startChat response in',
      ms(f.responseEndMs.widget.median),
      ms(f.responseEndMs.baseline.median),
      '',
      '',
    ]);
    rows.push([
      '  floor: the baseline from one script file (widget ÷ floor)',
      '',
      spread(f.floor.paintedMs.baseline, ms),
      times(f.floor.paintedMs.ratio),
      '',
    ]);
    rows.push(['  floor: startChat request sent', '', ms(f.floor.requestStartMs.median), '', '']);
    rows.push([
      `  with the widget's code preloaded (ratio to the baseline; to the floor: ${times(f.preloaded.floorRatio)})`,
      spread(f.preloaded.paintedMs.widget, ms),
      '',
      times(f.preloaded.paintedMs.ratio),
      '',
    ]);
    rows.push(['  preloaded: startChat request sent', ms(f.preloaded.requestStartMs.median), '', '', '']);
  }
  for (const l of r.longConversations) {
    rows.push([
      `${l.count.toLocaleString('en-US')} messages painted, from response`,
      spread(l.renderMs.widget, ms),
      spread(l.renderMs.baseline, ms),
      times(l.renderMs.ratio),
      String(l.runs),
    ]);
  }
  const g = r.manyWidgets;
  rows.push([
    `${g.widgets} widgets: all first messages, from navigation`,
    spread(g.allFirstMessagesMs.widget, ms),
    spread(g.allFirstMessagesMs.baseline, ms),
    times(g.allFirstMessagesMs.ratio),
    String(g.runs),
  ]);
  const st = r.streamedAnswer;
  rows.push([
    `a ${st.words.toLocaleString('en-US')}-word answer streamed, 100 pieces/s`,
    ms(st.widget.streamMs),
    ms(st.baseline.streamMs),
    '',
    '1',
  ]);
  rows.push([
    '  main-thread time',
    ms(st.widget.mainThreadMs),
    ms(st.baseline.mainThreadMs),
    times(st.mainThreadRatio),
    '',
  ]);
  rows.push(['  longest task while it streams', ms(st.widget.longestTaskMs), ms(st.baseline.longestTaskMs), '', '']);
  for (const b of r.burstAnswers) {
    rows.push([`a 20 KB answer in one burst: ${b.shape}`, ms(b.widget.streamMs), ms(b.baseline.streamMs), '', '1']);
    rows.push([
      '  main-thread time',
      ms(b.widget.mainThreadMs),
      ms(b.baseline.mainThreadMs),
      times(b.mainThreadRatio),
      '',
    ]);
    rows.push(['  longest task', ms(b.widget.longestTaskMs), ms(b.baseline.longestTaskMs), '', '']);
  }
  console.log(table(rows));

  console.log('\nMemory once shown: JS heap after a full GC (median) · DOM nodes');
  const memory: string[][] = [['', 'widget', 'baseline', 'ratio', 'nodes widget', 'nodes baseline']];
  const memoryRow = (name: string, heap: Comparison, nodes: Comparison): string[] => [
    name,
    mb(heap.widget.median),
    mb(heap.baseline.median),
    times(heap.ratio),
    nodes.widget.median.toLocaleString('en-US'),
    nodes.baseline.median.toLocaleString('en-US'),
  ];
  for (const l of r.longConversations)
    memory.push(memoryRow(`${l.count.toLocaleString('en-US')} messages`, l.heapBytes, l.domNodes));
  memory.push(memoryRow(`${g.widgets} widgets`, g.heapBytes, g.domNodes));
  console.log(table(memory));

  console.log('\nTargets');
  for (const t of r.targets) {
    const value =
      t.unit === 'x'
        ? times(t.value)
        : t.unit === 'ms'
          ? `${t.value.toFixed(1)} ms (limit ${t.limit} ms)`
          : t.unit === 'nodes'
            ? `${t.value.toFixed(1)} (limit ${t.limit})`
            : `${bytes(t.value)} of ${bytes(t.limit)} gzip`;
    const over = t.pass ? '' : ` (${Math.round((t.value / t.limit - 1) * 100)}% over)`;
    console.log(`  ${t.pass ? 'PASS' : 'MISS'}  ${t.name}: ${value}${over}`);
  }
}

try {
  await main();
} catch (error) {
  if (!stopping) {
    // Playwright appends the whole browser log to its errors: the first lines say what went wrong.
    const message = error instanceof Error ? error.message.split('\n').slice(0, 4).join('\n') : String(error);
    console.error(`\nbenchmark failed: ${message}`);
    process.exitCode = 1;
  }
} finally {
  await closeAll();
}
