/**
 * Loads one benchmark page in a fresh browser context (empty cache, no CORS
 * preflight cache, nothing left from the previous run) and returns what the
 * page reported, with the JS heap after a full garbage collection if asked.
 */
import type { Browser } from 'playwright';

/** What a page reports through `window.__bench.finish()`. */
export interface PageReport {
  /** `performance.now()` marks (ms since navigation start). */
  marks: Record<string, number>;
  /** Each startChat request: when it started and when its response was fully in (ms since navigation start). */
  requests: { start: number; end: number }[];
  /** Bot messages (or plain elements) in the DOM at the end, where counted. */
  shown?: number;
}

/** Memory of a page once it is done, after a forced garbage collection. */
export interface HeapReport {
  /** Used JS heap, bytes (`Runtime.getHeapUsage`). */
  jsHeap: number;
  /** DOM nodes alive (`Memory.getDOMCounters`). */
  nodes: number;
}

/** How long a page may take before the run is abandoned. */
const PAGE_TIMEOUT_MS = 60_000;

export async function runPage(
  browser: Browser,
  url: string,
  options: { heap?: boolean } = {},
): Promise<{ report: PageReport; heap?: HeapReport }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const result = await withTimeout(
      page.evaluate(() => (window as unknown as { __bench: { done: Promise<PageReport & { error?: string }> } }).__bench.done),
      PAGE_TIMEOUT_MS,
      `${url} did not finish within ${PAGE_TIMEOUT_MS / 1000} s`,
    );
    if (result.error !== undefined) throw new Error(`${url}: ${result.error}`);
    if (problems.length) throw new Error(`${url}: ${problems.join('; ')}`);
    if (!options.heap) return { report: result };

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
