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
 *                    the widget with its code preloaded (an optional `<link rel="modulepreload">`);
 *                    as many runs of each answer page (the widget, the floor's chat box), for
 *                    each of the two answers (a greeting; the interface's sample first turn)
 *   --long-runs <n>  runs of each page for the long conversations and the grid (default 5)
 *   --only <list>    run only these sections, comma-separated (default: all): first, slow-4g,
 *                    downloads (what each kind of page downloads of the widget, before its first
 *                    message and after, against each page type's CI budget, and the interface's sample
 *                    first turn against issue 45's target), tap (a closed bubble the
 *                    script tag drew: a cold tap on slow 4G, against a tap after the launcher had focus
 *                    3 s), long, grid, stream,
 *                    burst, interaction; the sizes are always measured
 *   --no-build       measure dist/flowbot-chat.iife.js as it is instead of building it first
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright';
import { chromiumLaunchOptions } from '../support/browser-launch.js';
import { measureDownloads, PAGE_TYPES, type PageType } from '../support/page-downloads.js';
import {
  emulateNetwork,
  LOOPBACK,
  runPage,
  SLOW_4G,
  type HeapReport,
  type NetworkProfile,
  type PageReport,
} from './browser.js';
import { BURST_FLOWS, FIRST_MESSAGE_FLOW, longFlowId, SAMPLE_FLOW, STREAM_FLOW, STREAM_WORDS } from './flows.js';
import { bytes, kb, mb, ms, table, times } from './report.js';
import { startApi, startE2eServer, startPageServer, type E2eServer, type PageServer } from './servers.js';
import { ratio, summarize, type Summary } from './stats.js';
import { buildScriptTag } from '../../tools/script-tag-build.js';

const SCRIPT_FILE = 'dist/flowbot-chat.iife.js';
const MAIN_FILE = 'dist/flowbot-chat.main.js';
const OUT_FILE = 'bench-results/bench.json';
const MESSAGE_COUNTS = [300, 1000] as const;
const GRID_SIZE = 20;
const FIRST_MESSAGE_TARGET = { loopback: 1.25, slow: 1.2 } as const;
const START_SENT_TARGET_MS = 10;
/**
 * Issue 45's target for the bytes an inline page loads before its first message (stretch 30,720 B):
 * the script-tag file and the first turn's, which draws that message before the widget's code.
 */
const FIRST_BYTES_TARGET_GZIP = 33_674;
const FIRST_TURN_FILE = 'dist/flowbot-chat.first.js';
const LONG_TARGET = { count: 1000, ratio: 2, nodesPerMessage: 8 } as const;
const GRID_TARGET = 1.3;
const HEAP_TARGET = 2;
const STREAM_TARGET = { longestTaskMs: 50, mainThreadRatio: 2 } as const;
const BURST_TARGET = { longestTaskMs: 100 } as const;
/** The answer pages run on a CPU this many times slower (DevTools' CPU throttling), as a mid-range phone. */
const CPU_SLOWDOWN = 4;
/** The Enter's INP and its bubble's frame: within one frame of the floor's, measured in the same run. */
const ANSWER_TARGET = { overFloorMs: 16.7, layoutShift: 0, longestLoadTaskMs: 50 } as const;
/** What the answer pages' visitor types. */
const ANSWER_TEXT = 'Ada';
/** The widget's answer field, through its shadow root. */
const WIDGET_ANSWER_FIELD = 'flowbot-chat [part~="input"]';
/**
 * The answer pages (issue 45's two): the greeting, its Enter once the page has settled after the
 * typing; the interface document's sample first turn, its Enter 1.5 s after the field shows,
 * whatever the widget is doing then (its code, the rich messages' file, the image arriving).
 */
const ANSWER_PAGES = [
  { flow: FIRST_MESSAGE_FLOW, label: 'a one-message greeting, the Enter once the page has settled' },
  {
    flow: SAMPLE_FLOW,
    label: "the interface's sample first turn (rich text, markdown, an image), the Enter 1.5 s after the field shows",
    enterAfterFieldMs: 1_500,
  },
] as const;
type AnswerPage = (typeof ANSWER_PAGES)[number];

/** What `--only` can pick; the default run is all of them, in this order. */
const SECTIONS = ['first', 'slow-4g', 'downloads', 'tap', 'long', 'grid', 'stream', 'burst', 'interaction'] as const;
type Section = (typeof SECTIONS)[number];

/** What tools/size.mjs exports (a plain JS module shared with CI). */
interface SizeModule {
  BUDGET_GZIP: number;
  FIRST_TURN_BUDGET_GZIP: number;
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
  unit: 'x' | 'bytes gzip' | 'ms' | 'nodes' | 'score';
  pass: boolean;
}

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    'long-runs': { type: 'string', default: '5' },
    only: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
  },
});
const runs = Math.max(7, Number.parseInt(args.runs, 10) || 15);
const longRuns = Math.max(1, Number.parseInt(args['long-runs'], 10) || 5);
const only = args.only?.split(',').map((name) => name.trim());
const unknown = only?.filter((name) => !(SECTIONS as readonly string[]).includes(name)) ?? [];
if (unknown.length) {
  console.error(`--only takes a comma-separated list of: ${SECTIONS.join(', ')} (not "${unknown.join(', ')}")`);
  process.exit(2);
}
const wanted = (section: Section): boolean => !only || only.includes(section);

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
/** Each run's `name` mark. */
const marks = (runs: readonly Run[], name: string): number[] => runs.map((r) => mark(r.report, name));
/** When each run's startChat request started, or ended. */
const requestTimes = (runs: readonly Run[], side: 'start' | 'end'): number[] =>
  runs.map((r) => firstRequest(r.report)[side]);
const heapOf = (run: Run): HeapReport => {
  if (!run.heap) throw new Error('no heap figures');
  return run.heap;
};

/** The widgets' heap and DOM nodes beside the baseline's. */
const memoryBeside = (widget: Run[], baseline: Run[]) => ({
  heapBytes: compare(
    widget.map((r) => heapOf(r).jsHeap),
    baseline.map((r) => heapOf(r).jsHeap),
  ),
  domNodes: compare(
    widget.map((r) => heapOf(r).nodes),
    baseline.map((r) => heapOf(r).nodes),
  ),
});

async function firstMessage(browser: Browser, pages: PageServer, profile: NetworkProfile, count: number) {
  log(`first bot message, ${profile.name}: ${count} runs of each page (+1 warm-up pair)`);
  const open = (name: string) => () => runPage(browser, pages.page(name, { id: FIRST_MESSAGE_FLOW }), { profile });
  const { widget, baseline, floor, preloaded } = await interleaved(count, 1, {
    widget: open('widget-first'),
    baseline: open('baseline-first'),
    floor: open('floor-first'),
    preloaded: open('widget-first-preload'),
  });
  const painted = compare(marks(widget, 'firstMessage'), marks(baseline, 'firstMessage'));
  return {
    profile: profile.name,
    runs: count,
    paintedMs: painted,
    /** When the script tag had been fetched and run, first render included (the baseline has none). */
    scriptEvaluatedMs: summarize(marks(widget, 'scriptEvaluated')),
    requestStartMs: compare(requestTimes(widget, 'start'), requestTimes(baseline, 'start')),
    /**
     * The floor of any script tag: the baseline's few lines in a file of their own, loaded with
     * one `<script src>`. Not a target (the issue compares with the inline baseline): it shows
     * how much of the gap is the script file's own round trip, which no widget code can remove.
     */
    floor: {
      paintedMs: compare(marks(widget, 'firstMessage'), marks(floor, 'firstMessage')),
      requestStartMs: summarize(requestTimes(floor, 'start')),
    },
    responseEndMs: compare(requestTimes(widget, 'end'), requestTimes(baseline, 'end')),
    /**
     * The same page with an optional second line, `<link rel="modulepreload">` of the widget's
     * code (see the README): that code then starts downloading with the page, not once the
     * script-tag file has run. Not a target: the contract is one `<script src>` line.
     */
    preloaded: {
      paintedMs: compare(marks(preloaded, 'firstMessage'), marks(baseline, 'firstMessage')),
      floorRatio: ratio(
        summarize(marks(preloaded, 'firstMessage')).median,
        summarize(marks(floor, 'firstMessage')).median,
      ),
      requestStartMs: summarize(requestTimes(preloaded, 'start')),
    },
  };
}

/**
 * Issue 45's page whose first turn is the interface document's sample (rich text, a markdown message, an
 * image): what it downloads until 4 s after its first message, beside the issue's target. A bench page
 * (the bench's reference server has the flow), not one of CI's page types: a target, no CI budget.
 */
const SAMPLE_DOWNLOADS = {
  name: "an inline widget whose first turn is the interface's sample (rich text, markdown, an image), 4 s after its first message",
  target: 52_000,
};

/**
 * What each kind of page downloads of the widget: the e2e suite's page types and budgets
 * (`test/support/page-downloads.ts`, which `test/e2e/downloads.spec.ts` checks in CI), one run of
 * each in a fresh browser context against that suite's servers, then the bench's sample page
 * (`SAMPLE_DOWNLOADS`). The bytes do not vary from run to run; where the first message falls between
 * the files can, by a file.
 */
async function downloads(browser: Browser, server: E2eServer, pages: PageServer) {
  log(`what each kind of page downloads: ${PAGE_TYPES.length + 1} page types, 1 run each (4 s after each)`);
  const sample: PageType = {
    ...SAMPLE_DOWNLOADS,
    before: [],
    after: [],
    budget: { before: 0, after: 0 },
    run: async (page) => {
      await page.goto(pages.page('widget-answer', { id: SAMPLE_FLOW }));
      await page.locator('flowbot-chat [part~="bot-message"]').first().waitFor();
      await page.waitForTimeout(4_000);
    },
  };
  const out = [];
  for (const type of [...PAGE_TYPES, sample]) {
    const context = await browser.newContext({ baseURL: server.url });
    try {
      const fetched = await measureDownloads(await context.newPage(), type);
      const ci = type !== sample;
      // What its CI check expects (each once), leaving out the files it may fetch or not (`either`).
      const sorted = (files: string[]) =>
        files
          .filter((file) => !type.either?.includes(file))
          .sort()
          .join(', ');
      out.push({
        page: type.name,
        ...fetched,
        total: fetched.before + fetched.after,
        // Its CI budgets before the first message and after it, together (none for the bench's own page).
        budget: ci ? type.budget.before + type.budget.after : undefined,
        target: type.target,
        /** The files its CI check expects (each once), where it fetched others. */
        ...(!ci || sorted(fetched.files) === sorted([...type.before, ...type.after])
          ? {}
          : { expected: [...type.before, ...type.after] }),
      });
    } finally {
      await context.close();
    }
    process.stderr.write('.');
  }
  process.stderr.write('\n');
  return out;
}

/** Issue 45's target: a cold tap's first message within this much of one whose launcher had focus 3 s. */
const TAP_TARGET = 1.5;

/**
 * A closed bubble drawn by the script tag (`/bubble-quiet.html` of the e2e site), on slow 4G: tap → the
 * first bot message painted (the first frame it is visible in, whichever file drew it), cold (the
 * pointer comes to the launcher and presses it: the open file, the widget's code and the start leave
 * with the tap) against warm (the launcher had focus for 3 s, so the code is there, then Enter).
 * Interleaved, `count` runs of each.
 */
async function tap(browser: Browser, server: E2eServer, count: number) {
  log(`a tap on a closed bubble, slow 4G: cold against the launcher focused 3 s before, ${count} runs of each`);
  const run = (warm: boolean) => async (): Promise<number> => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await emulateNetwork(await context.newCDPSession(page), SLOW_4G);
      // The tap: the press of the pointer, or of Enter (not when the test's driver began to move there);
      // then the first frame with a bot message on screen, whoever drew it (the script tag's file or the
      // widget). A string: a function's named inner functions would carry the TypeScript runner's helpers.
      await page.addInitScript(`for (const type of ['pointerdown', 'keydown'])
        addEventListener(type, (event) => (window.tapped ??= event.timeStamp), true);
      requestAnimationFrame(function frame() {
        const message = document.querySelector('flowbot-chat')?.shadowRoot?.querySelector('[part~="bot-message"]');
        if (message?.checkVisibility()) window.shown = performance.now();
        else requestAnimationFrame(frame);
      })`);
      await page.goto('/bubble-quiet.html');
      const launcher = page.locator('flowbot-chat [part~="launcher"]');
      await launcher.waitFor();
      await page.waitForTimeout(500);
      if (warm) {
        await launcher.focus();
        await page.waitForTimeout(3_000);
        await page.keyboard.press('Enter');
      } else await launcher.click();
      await page.waitForFunction(() => (window as { shown?: number }).shown !== undefined, undefined, {
        timeout: 30_000,
      });
      // The frame's callbacks run just before it is painted.
      return await page.evaluate(() => {
        const times = window as unknown as { shown: number; tapped: number };
        return times.shown - times.tapped;
      });
    } finally {
      await context.close();
    }
  };
  const out = await interleaved(count, 1, { cold: run(false), warm: run(true) });
  return { tapToFirstMessageMs: compare(out.cold, out.warm) };
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
    ...memoryBeside(widget, baseline),
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
    allFirstMessagesMs: compare(marks(widget, 'allFirstMessages'), marks(baseline, 'allFirstMessages')),
    ...memoryBeside(widget, baseline),
  };
}

/**
 * The first-message page with the host's content below the widget, where the visitor then types an
 * answer and sends it with Enter, on a CPU slowed down `CPU_SLOWDOWN` times for the page's whole life,
 * beside the floor's chat box (a list and a text field whose Enter appends the visitor's bubble,
 * from one script file, as the widget's code is). Each run gives the load's longest task, the
 * layout shifts of load and answer, and the Enter's figures: how `pages/interaction.js` takes them
 * is said there. The layout shift and the longest load task are read against a limit, with no
 * ratio: the floor's are 0.
 */
async function answer(browser: Browser, pages: PageServer, count: number, kind: AnswerPage) {
  log(`an answer sent with Enter, ${CPU_SLOWDOWN}x CPU, ${kind.label}: ${count} runs of each page (+1 warm-up pair)`);
  const open = (name: string, field: string) => () =>
    runPage(browser, pages.page(name, { id: kind.flow }), {
      cpuSlowdown: CPU_SLOWDOWN,
      answer: {
        field,
        text: ANSWER_TEXT,
        ...('enterAfterFieldMs' in kind ? { enterAfterFieldMs: kind.enterAfterFieldMs } : {}),
      },
    });
  const { widget, floor } = await interleaved(count, 1, {
    widget: open('widget-answer', WIDGET_ANSWER_FIELD),
    floor: open('floor-answer', '#answer'),
  });
  const marks = (runs: Run[], name: string): number[] => runs.map((r) => mark(r.report, name));
  const figure = (name: string): Comparison => compare(marks(widget, name), marks(floor, name));
  const beside = (name: string, digits?: number) => ({
    widget: summarize(marks(widget, name), digits),
    baseline: summarize(marks(floor, name), digits),
  });
  return {
    page: kind.label,
    cpuSlowdown: CPU_SLOWDOWN,
    runs: count,
    /** The Enter's interaction latency (Event Timing); 8 where no event reached the 16 ms threshold. */
    enterInpMs: figure('enterInp'),
    /** From the Enter's keydown to the frame that paints the visitor's bubble. */
    enterToBubbleFrameMs: figure('enterToFrame'),
    /** From the Enter's keydown to the start of the frame after that one (its paint is done by then). */
    enterToNextFrameMs: figure('enterToNextFrame'),
    /** Sum of the document's layout-shift values, load and answer, without those within 500 ms of an input. */
    layoutShift: beside('layoutShift', 4),
    /** The same with the shifts that followed the Enter closely. */
    layoutShiftWithInput: beside('layoutShiftAll', 4),
    /** What moved in the widget page's counted shifts, over all its runs. */
    widgetShifted: [...new Set(widget.flatMap((r) => r.report.shifted ?? []))],
    /** The longest task from navigation start to the first bot message painted; 0: none over 50 ms. */
    longestLoadTaskMs: beside('longestLoadTask'),
    /** The same among the tasks that ran the widget's code (the floor's: its file's), not the page's own. */
    scriptLoadTaskMs: beside('scriptLoadTask'),
    /** The same from the first bot message to the Enter: the widget's code taking over a first turn. */
    scriptTaskToEnterMs: beside('scriptTaskToEnter'),
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  if (!args['no-build']) {
    // In the order their hashes need (tools/script-tag-build.ts).
    const failed = buildScriptTag({
      before: (mode) => log(`building the script-tag files: vite build --mode ${mode}`),
    });
    if (failed) throw new Error(`the ${failed} build failed`);
    // The files the page server serves, with their hashes (`dist/sri.json`).
    if (spawnSync('node', ['tools/sri.mjs'], { stdio: 'inherit' }).status !== 0)
      throw new Error('tools/sri.mjs failed');
  }
  if (!existsSync(SCRIPT_FILE) || !existsSync(MAIN_FILE))
    throw new Error(`${SCRIPT_FILE} is missing: run without --no-build`);
  const sizeModule = (await import(new URL('../../tools/size.mjs', import.meta.url).href)) as SizeModule;
  const size = sizeModule.measure(SCRIPT_FILE);
  const mainSize = sizeModule.measure(MAIN_FILE);
  const firstTurnSize = sizeModule.measure(FIRST_TURN_FILE);
  const budget = sizeModule.BUDGET_GZIP;

  const api = await startApi(MESSAGE_COUNTS);
  closers.push(() => api.close());
  const pages = await startPageServer(api.url, 'dist');
  closers.push(() => pages.close());
  // Streamed answers whose pieces all go at once, on a server of their own (the pace is per server).
  let burstPages: PageServer | undefined;
  if (wanted('burst')) {
    const burstApi = await startApi([], { burst: true });
    closers.push(() => burstApi.close());
    const server = await startPageServer(burstApi.url, 'dist');
    closers.push(() => server.close());
    burstPages = server;
  }
  const e2e = wanted('downloads') || wanted('tap') ? await startE2eServer() : undefined;
  if (e2e) closers.push(() => e2e.close());
  // Closed by `closeAll` (on signals too), after the pages and before the servers.
  const browser = await chromium.launch({ ...chromiumLaunchOptions, handleSIGINT: false, handleSIGTERM: false });
  closers.push(() => browser.close());
  const chromiumVersion = browser.version();
  const load = loadavg()[0] ?? 0;
  log(`page origin ${pages.url}, API origin ${api.url}, Chromium ${chromiumVersion}`);

  const first = wanted('first') ? await firstMessage(browser, pages, LOOPBACK, runs) : undefined;
  const slow = wanted('slow-4g')
    ? await firstMessage(browser, pages, SLOW_4G, Math.max(5, Math.round(runs / 2)))
    : undefined;
  const fetched = e2e && wanted('downloads') ? await downloads(browser, e2e, pages) : undefined;
  const tapped = e2e && wanted('tap') ? await tap(browser, e2e, Math.max(5, Math.round(runs / 3))) : undefined;
  let long: Awaited<ReturnType<typeof longConversation>>[] | undefined;
  if (wanted('long')) {
    long = [];
    for (const count of MESSAGE_COUNTS) long.push(await longConversation(browser, pages, count));
  }
  const many = wanted('grid') ? await grid(browser, pages) : undefined;
  const stream = wanted('stream') ? await streamed(browser, pages) : undefined;
  const burst = burstPages ? await bursts(browser, burstPages) : undefined;
  let answered: Awaited<ReturnType<typeof answer>>[] | undefined;
  if (wanted('interaction')) {
    answered = [];
    for (const kind of ANSWER_PAGES) answered.push(await answer(browser, pages, runs, kind));
  }
  await closeAll();

  const firstBytes = size.gzip + mainSize.gzip;
  const target = (name: string, value: number, limit: number, unit: Target['unit']): Target => ({
    name,
    value,
    limit,
    unit,
    pass: value <= limit,
  });
  const longTarget = long?.find((l) => l.count === LONG_TARGET.count);
  const targets: Target[] = [
    target('script-tag file within its CI budget', size.gzip, sizeModule.SCRIPT_BUDGET_GZIP, 'bytes gzip'),
    target(
      `bytes before the first message of an inline widget (script-tag file and first turn) within ${FIRST_BYTES_TARGET_GZIP.toLocaleString('en-US')} B`,
      size.gzip + firstTurnSize.gzip,
      FIRST_BYTES_TARGET_GZIP,
      'bytes gzip',
    ),
    target(
      'bytes before the first message (script-tag file and first turn) within the CI budget',
      size.gzip + firstTurnSize.gzip,
      sizeModule.FIRST_TURN_BUDGET_GZIP,
      'bytes gzip',
    ),
    target(
      'bytes before the first message of a widget whose first turn it draws itself (script-tag file and widget code) within the CI budget',
      firstBytes,
      budget,
      'bytes gzip',
    ),
    ...(first
      ? [
          target(
            `first bot message, loopback, within ${FIRST_MESSAGE_TARGET.loopback}x the script-file floor`,
            first.floor.paintedMs.ratio,
            FIRST_MESSAGE_TARGET.loopback,
            'x',
          ),
        ]
      : []),
    ...(slow
      ? [
          target(
            `first bot message, slow 4G, within ${FIRST_MESSAGE_TARGET.slow}x the script-file floor`,
            slow.floor.paintedMs.ratio,
            FIRST_MESSAGE_TARGET.slow,
            'x',
          ),
        ]
      : []),
    ...(first
      ? [
          target(
            `startChat sent within ${START_SENT_TARGET_MS} ms of the baseline (loopback)`,
            first.requestStartMs.widget.median - first.requestStartMs.baseline.median,
            START_SENT_TARGET_MS,
            'ms',
          ),
        ]
      : []),
    ...(fetched ?? []).flatMap((d) =>
      d.budget === undefined ? [] : [target(`${d.page}: within its CI budget`, d.total, d.budget, 'bytes gzip')],
    ),
    ...(tapped
      ? [
          target(
            `closed bubble, slow 4G: a cold tap's first message within ${TAP_TARGET}x a tap after 3 s of focus`,
            tapped.tapToFirstMessageMs.ratio,
            TAP_TARGET,
            'x',
          ),
        ]
      : []),
    ...(fetched ?? []).flatMap((d) =>
      d.target === undefined ? [] : [target(`${d.page}: within ${bytes(d.target)}`, d.total, d.target, 'bytes gzip')],
    ),
    ...(longTarget
      ? [
          target(
            `${LONG_TARGET.count.toLocaleString('en-US')} messages within ${LONG_TARGET.ratio}x plain elements`,
            longTarget.renderMs.ratio,
            LONG_TARGET.ratio,
            'x',
          ),
          target(
            'DOM nodes per text message',
            longTarget.domNodes.widget.median / LONG_TARGET.count,
            LONG_TARGET.nodesPerMessage,
            'nodes',
          ),
        ]
      : []),
    ...(many
      ? [target(`${GRID_SIZE} widgets within ${GRID_TARGET}x`, many.allFirstMessagesMs.ratio, GRID_TARGET, 'x')]
      : []),
    ...(longTarget
      ? [
          target(
            `JS heap, ${LONG_TARGET.count.toLocaleString('en-US')} messages, within ${HEAP_TARGET}x`,
            longTarget.heapBytes.ratio,
            HEAP_TARGET,
            'x',
          ),
        ]
      : []),
    ...(stream
      ? [
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
        ]
      : []),
    ...(burst ?? []).map((b) =>
      target(
        `20 KB in one burst (${b.shape}): no long task over ${BURST_TARGET.longestTaskMs} ms`,
        b.widget.longestTaskMs,
        BURST_TARGET.longestTaskMs,
        'ms',
      ),
    ),
    ...(answered ?? []).flatMap((a, index) => {
      // The page's label in each target but the first page's (the targets' names stay as they were).
      const on = index === 0 ? '' : `, ${a.page}`;
      return [
        target(
          `answer sent with Enter, ${CPU_SLOWDOWN}x CPU${on}: INP within one frame of the floor's (${ANSWER_TARGET.overFloorMs} ms over it)`,
          a.enterInpMs.widget.median - a.enterInpMs.baseline.median,
          ANSWER_TARGET.overFloorMs,
          'ms',
        ),
        target(
          `Enter → the visitor's bubble painted, ${CPU_SLOWDOWN}x CPU${on}, within one frame of the floor's (${ANSWER_TARGET.overFloorMs} ms over it)`,
          a.enterToBubbleFrameMs.widget.median - a.enterToBubbleFrameMs.baseline.median,
          ANSWER_TARGET.overFloorMs,
          'ms',
        ),
        // Worst run, not the median: a page that shifts in some runs shifts for some visitors.
        target(
          `host page layout shift, load + answer, ${CPU_SLOWDOWN}x CPU${on}: none in any run`,
          a.layoutShift.widget.max,
          ANSWER_TARGET.layoutShift,
          'score',
        ),
        // The page's own tasks (its parsing: the floor's page has them too) are not the widget's.
        target(
          `page load, ${CPU_SLOWDOWN}x CPU${on}: no task of the widget's code over ${ANSWER_TARGET.longestLoadTaskMs} ms before the first bot message`,
          a.scriptLoadTaskMs.widget.median,
          ANSWER_TARGET.longestLoadTaskMs,
          'ms',
        ),
      ];
    }),
  ];

  const results: Results = {
    date: new Date().toISOString(),
    environment: {
      node: process.version,
      chromium: chromiumVersion,
      cpus: cpus().length,
      loadAverage1m: Math.round(load * 100) / 100,
    },
    ...(only ? { only } : {}),
    scriptTagFile: { ...size, budgetGzip: sizeModule.SCRIPT_BUDGET_GZIP },
    widgetCode: mainSize,
    beforeFirstMessageGzip: { value: firstBytes, budget },
    ...(first ? { firstMessage: first } : {}),
    ...(slow ? { firstMessageSlow4G: slow } : {}),
    ...(fetched ? { downloads: fetched } : {}),
    ...(tapped ? { tapOnClosedBubble: tapped } : {}),
    ...(stream ? { streamedAnswer: stream } : {}),
    ...(burst ? { burstAnswers: burst } : {}),
    ...(long ? { longConversations: long } : {}),
    ...(many ? { manyWidgets: many } : {}),
    ...(answered ? { answerWithEnter: answered } : {}),
    targets,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(OUT_FILE, `${JSON.stringify(results, null, 2)}\n`);
  print(results);
  console.log(`\nWritten to ${OUT_FILE} (${results.seconds} s).`);
}

/** Everything a run found; the sections `--only` left out are absent. */
interface Results {
  date: string;
  environment: { node: string; chromium: string; cpus: number; loadAverage1m: number };
  only?: string[];
  scriptTagFile: ReturnType<SizeModule['measure']> & { budgetGzip: number };
  widgetCode: ReturnType<SizeModule['measure']>;
  beforeFirstMessageGzip: { value: number; budget: number };
  firstMessage?: Awaited<ReturnType<typeof firstMessage>>;
  firstMessageSlow4G?: Awaited<ReturnType<typeof firstMessage>>;
  downloads?: Awaited<ReturnType<typeof downloads>>;
  tapOnClosedBubble?: Awaited<ReturnType<typeof tap>>;
  streamedAnswer?: Awaited<ReturnType<typeof streamed>>;
  burstAnswers?: Awaited<ReturnType<typeof bursts>>;
  longConversations?: Awaited<ReturnType<typeof longConversation>>[];
  manyWidgets?: Awaited<ReturnType<typeof grid>>;
  answerWithEnter?: Awaited<ReturnType<typeof answer>>[];
  targets: Target[];
  seconds: number;
}

function print(r: Results): void {
  const env = r.environment;
  const size = r.scriptTagFile;
  const spread = (s: Summary, unit: (n: number) => string, digits = 0) =>
    `${unit(s.median)} [${s.min.toFixed(digits)}–${s.max.toFixed(digits)}]`;
  console.log(
    `\nflowbot-chat benchmark · Chromium ${env.chromium} (headless) · Node ${env.node} · ${env.cpus} CPUs · load ${env.loadAverage1m}`,
  );
  if (r.only) console.log(`only: ${r.only.join(', ')}`);

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

  if (r.downloads) {
    console.log(`\nWhat each kind of page downloads of the widget (gzip B; budget: the CI's, downloads.spec.ts)`);
    console.log(
      table([
        ['page', 'before the first message', 'after it', 'in all', 'budget'],
        ...r.downloads.map((d) => [
          d.page,
          bytes(d.before),
          bytes(d.after),
          bytes(d.total),
          d.budget === undefined ? 'none (bench)' : bytes(d.budget),
        ]),
      ]),
    );
    for (const d of r.downloads) {
      if (d.expected) console.log(`  ${d.page}: fetched ${d.files.join(', ')}; CI expects ${d.expected.join(', ')}`);
    }
  }

  if (r.tapOnClosedBubble) {
    const c = r.tapOnClosedBubble.tapToFirstMessageMs;
    console.log(`\nA tap on a closed bubble the script tag drew, slow 4G: tap → first bot message painted`);
    console.log(
      table([
        ['', 'cold tap', 'after 3 s of focus', 'ratio'],
        ['median [min–max]', spread(c.widget, ms), spread(c.baseline, ms), times(c.ratio)],
      ]),
    );
  }

  const rows: string[][] = [['', 'widget', 'baseline', 'ratio', 'runs']];
  /** A row of a comparison: each side's median and spread, their ratio, the runs. */
  const spreadRow = (label: string, c: Comparison, runs: number): string[] => [
    label,
    spread(c.widget, ms),
    spread(c.baseline, ms),
    times(c.ratio),
    String(runs),
  ];
  /** A row of a comparison's medians alone. */
  const medianRow = (label: string, c: Comparison): string[] => [
    label,
    ms(c.widget.median),
    ms(c.baseline.median),
    '',
    '',
  ];
  for (const f of [r.firstMessage, r.firstMessageSlow4G]) {
    if (!f) continue;
    rows.push(spreadRow(`first bot message painted, from navigation (${f.profile})`, f.paintedMs, f.runs));
    rows.push(medianRow('  startChat request sent', f.requestStartMs));
    rows.push(medianRow('  startChat response in', f.responseEndMs));
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
  for (const l of r.longConversations ?? []) {
    rows.push(spreadRow(`${l.count.toLocaleString('en-US')} messages painted, from response`, l.renderMs, l.runs));
  }
  const g = r.manyWidgets;
  if (g) {
    rows.push(spreadRow(`${g.widgets} widgets: all first messages, from navigation`, g.allFirstMessagesMs, g.runs));
  }
  /** A streamed answer's rows: how long it took, the main thread's time, and the longest task. */
  type Streamed = Awaited<ReturnType<typeof bursts>>[number];
  const streamRows = (label: string, longest: string, a: Pick<Streamed, 'widget' | 'baseline' | 'mainThreadRatio'>) =>
    rows.push(
      [label, ms(a.widget.streamMs), ms(a.baseline.streamMs), '', '1'],
      ['  main-thread time', ms(a.widget.mainThreadMs), ms(a.baseline.mainThreadMs), times(a.mainThreadRatio), ''],
      [longest, ms(a.widget.longestTaskMs), ms(a.baseline.longestTaskMs), '', ''],
    );
  const st = r.streamedAnswer;
  if (st) {
    streamRows(
      `a ${st.words.toLocaleString('en-US')}-word answer streamed, 100 pieces/s`,
      '  longest task while it streams',
      st,
    );
  }
  for (const b of r.burstAnswers ?? []) {
    streamRows(`a 20 KB answer in one burst: ${b.shape}`, '  longest task', b);
  }
  if (rows.length > 1) {
    console.log(`\nTimings: median [min–max] ms; ratio = widget ÷ baseline of the medians`);
    console.log(table(rows));
  }

  if (r.longConversations || g) {
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
    for (const l of r.longConversations ?? [])
      memory.push(memoryRow(`${l.count.toLocaleString('en-US')} messages`, l.heapBytes, l.domNodes));
    if (g) memory.push(memoryRow(`${g.widgets} widgets`, g.heapBytes, g.domNodes));
    console.log(table(memory));
  }

  for (const a of r.answerWithEnter ?? []) {
    console.log(
      `\nAn answer sent with Enter, ${a.cpuSlowdown}x CPU, ${a.page}: median [min–max]; ratio = widget ÷ floor of the medians` +
        '\n  (the floor: a list and a text field whose Enter appends a bubble, from one script file)',
    );
    const score = (n: number): string => n.toFixed(4);
    console.log(
      table([
        ['', 'widget', 'floor', 'ratio', 'runs'],
        [
          'INP of the Enter, Event Timing (8 ms: no event reached 16 ms)',
          spread(a.enterInpMs.widget, ms),
          spread(a.enterInpMs.baseline, ms),
          times(a.enterInpMs.ratio),
          String(a.runs),
        ],
        [
          "Enter → the frame that paints the visitor's bubble",
          spread(a.enterToBubbleFrameMs.widget, ms),
          spread(a.enterToBubbleFrameMs.baseline, ms),
          times(a.enterToBubbleFrameMs.ratio),
          '',
        ],
        [
          '  → the start of the frame after it',
          spread(a.enterToNextFrameMs.widget, ms),
          spread(a.enterToNextFrameMs.baseline, ms),
          times(a.enterToNextFrameMs.ratio),
          '',
        ],
        ...(
          [
            ['longest task before the first bot message (0: none over 50 ms)', a.longestLoadTaskMs],
            ["  of those that ran the widget's code (the floor's: its file's)", a.scriptLoadTaskMs],
            ["  the same, first bot message → Enter (the widget's code taking over)", a.scriptTaskToEnterMs],
          ] as const
        ).map(([label, task]) => [label, spread(task.widget, ms), spread(task.baseline, ms), '', '']),
        [
          'host page layout shift, load + answer',
          spread(a.layoutShift.widget, score, 4),
          spread(a.layoutShift.baseline, score, 4),
          '',
          '',
        ],
        [
          '  with the shifts within 500 ms of an input',
          spread(a.layoutShiftWithInput.widget, score, 4),
          spread(a.layoutShiftWithInput.baseline, score, 4),
          '',
          '',
        ],
      ]),
    );
    if (a.widgetShifted.length) console.log(`  moved in the widget page's shifts: ${a.widgetShifted.join(', ')}`);
  }

  console.log('\nTargets');
  for (const t of r.targets) {
    const value =
      t.unit === 'x'
        ? times(t.value)
        : t.unit === 'ms'
          ? `${t.value.toFixed(1)} ms (limit ${t.limit} ms)`
          : t.unit === 'nodes'
            ? `${t.value.toFixed(1)} (limit ${t.limit})`
            : t.unit === 'score'
              ? `${t.value.toFixed(4)} (limit ${t.limit})`
              : `${bytes(t.value)} of ${bytes(t.limit)} gzip`;
    const over = t.pass || t.limit === 0 ? '' : ` (${Math.round((t.value / t.limit - 1) * 100)}% over)`;
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
