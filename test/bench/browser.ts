/**
 * Loads one benchmark page in a fresh browser context (empty cache, no CORS
 * preflight cache, nothing left from the previous run) and returns what the
 * page reported, with the JS heap after a full garbage collection if asked;
 * on a slowed-down CPU, and typing an answer sent with Enter, if asked.
 */
import type { Browser, CDPSession } from 'playwright';

/** What a page reports through `window.__bench.finish()`. */
export interface PageReport {
  /** `performance.now()` marks (ms since navigation start). */
  marks: Record<string, number>;
  /** Each startChat request: when it started and when its response was fully in (ms since navigation start). */
  requests: { start: number; end: number }[];
  /** Bot messages (or plain elements) in the DOM at the end, where counted. */
  shown?: number;
  /** The answer pages (`interaction.js`): what moved in the layout shifts counted. */
  shifted?: string[];
}

/**
 * The page's `window.__bench` (`pages/measure.js`; `ready` and `settled` on the answer pages,
 * `pages/interaction.js`). Functions run in the page name it themselves: they cannot share code here.
 */
interface PageBench {
  done: Promise<PageReport & { error?: string }>;
  ready: Promise<undefined>;
  settled(): Promise<void>;
}
type BenchWindow = { __bench: PageBench };

/** An answer typed into a page once it is ready, then sent with Enter (see `pages/interaction.js`). */
export interface Answer {
  /** Playwright selector of the answer field (its CSS engine pierces open shadow roots). */
  readonly field: string;
  readonly text: string;
  /**
   * When the Enter goes: this many ms after the field shows (typed at once, as a visitor starts
   * typing), whatever the page is doing then; without it, once the page has settled after typing.
   */
  readonly enterAfterFieldMs?: number;
}

/** Memory of a page once it is done, after a forced garbage collection. */
export interface HeapReport {
  /** Used JS heap, bytes (`Runtime.getHeapUsage`). */
  jsHeap: number;
  /** DOM nodes alive (`Memory.getDOMCounters`). */
  nodes: number;
}

/** How long a page may take before the run is abandoned. */
const PAGE_TIMEOUT_MS = 120_000;

/** A network profile, applied with DevTools' network emulation. */
export interface NetworkProfile {
  readonly name: string;
  /** Added round-trip latency, ms. */
  readonly latencyMs: number;
  /** Bytes per second down and up; `-1`: no limit. */
  readonly downBytesPerSecond: number;
  readonly upBytesPerSecond: number;
}

/** Loopback as it is. */
export const LOOPBACK: NetworkProfile = {
  name: 'loopback',
  latencyMs: 0,
  downBytesPerSecond: -1,
  upBytesPerSecond: -1,
};
/** A slow 4G phone: 150 ms round trips, 1.6 Mbps down, 750 kbps up. */
export const SLOW_4G: NetworkProfile = {
  name: 'slow 4G',
  latencyMs: 150,
  downBytesPerSecond: 1_600_000 / 8,
  upBytesPerSecond: 750_000 / 8,
};

/** Gives the page of `session` the network of `profile` (DevTools' network throttling). */
export async function emulateNetwork(session: CDPSession, profile: NetworkProfile): Promise<void> {
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: profile.downBytesPerSecond,
    uploadThroughput: profile.upBytesPerSecond,
  });
}

export async function runPage(
  browser: Browser,
  url: string,
  options: {
    heap?: boolean;
    profile?: NetworkProfile;
    mainThread?: boolean;
    /** CPU slowdown factor for the page's whole life (DevTools' CPU throttling), e.g. 4. */
    cpuSlowdown?: number;
    answer?: Answer;
  } = {},
): Promise<{ report: PageReport; heap?: HeapReport; mainThreadMs?: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const profile = options.profile;
    const session =
      (profile && profile !== LOOPBACK) || options.mainThread || options.cpuSlowdown
        ? await context.newCDPSession(page)
        : undefined;
    if (session && options.cpuSlowdown) {
      await session.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
    }
    if (session && profile && profile !== LOOPBACK) await emulateNetwork(session, profile);
    if (session && options.mainThread) await session.send('Performance.enable');
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const deadline = Date.now() + PAGE_TIMEOUT_MS;
    const late = `${url} did not finish within ${PAGE_TIMEOUT_MS / 1000} s`;
    if (options.answer) {
      // The page is ready once its first bot message is painted (or done early, having failed).
      const early = await withTimeout(
        page.evaluate(() => {
          const bench = (window as unknown as BenchWindow).__bench;
          return Promise.race([bench.ready, bench.done]);
        }),
        deadline - Date.now(),
        late,
      );
      if (early?.error !== undefined) throw new Error(`${url}: ${early.error}`);
      const { field, text, enterAfterFieldMs } = options.answer;
      if (enterAfterFieldMs === undefined) {
        await page.locator(field).fill(text, { timeout: deadline - Date.now() });
        await page.evaluate(() => (window as unknown as BenchWindow).__bench.settled());
      } else {
        await page.locator(field).waitFor({ state: 'visible', timeout: deadline - Date.now() });
        const shown = Date.now();
        await page.locator(field).fill(text, { timeout: deadline - Date.now() });
        await page.waitForTimeout(Math.max(0, shown + enterAfterFieldMs - Date.now()));
      }
      await page.keyboard.press('Enter');
    }
    const result = await withTimeout(
      page.evaluate(() => (window as unknown as BenchWindow).__bench.done),
      deadline - Date.now(),
      late,
    );
    if (result.error !== undefined) throw new Error(`${url}: ${result.error}`);
    if (problems.length) throw new Error(`${url}: ${problems.join('; ')}`);
    let mainThreadMs: number | undefined;
    if (session && options.mainThread) {
      const { metrics } = await session.send('Performance.getMetrics');
      mainThreadMs = (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
    }
    if (!options.heap) return { report: result, ...(mainThreadMs === undefined ? {} : { mainThreadMs }) };

    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    const { nodes } = await cdp.send('Memory.getDOMCounters');
    await cdp.detach();
    return { report: result, heap: { jsHeap: usedSize, nodes } };
  } finally {
    await context.close();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
