/**
 * The widget in a page that adds and removes it (a single-page app): removing it mid-request
 * cancels the request quietly, and hundreds of mount/unmount cycles leave no listeners or memory
 * behind. Built script-tag file on one origin, reference server on another; memory is measured
 * through the Chrome DevTools Protocol.
 */
import { test, expect, type APIRequestContext, type CDPSession, type Page } from '@playwright/test';
import { resetSite } from '../support/site-hooks.js';
import { watchConsole } from '../support/page-checks.js';

async function fault(request: APIRequestContext, body: { spec: string; match?: string; times?: number }) {
  const response = await request.post('/__api/faults', { data: body });
  expect(response.ok(), await response.text()).toBe(true);
}

async function stats(request: APIRequestContext): Promise<{ sessionsStarted: number; continueCount: number }> {
  return (await (await request.get('/__api/stats')).json()) as { sessionsStarted: number; continueCount: number };
}

/** Collects `flowbot-error` events of the widget (listening on the element: once removed, nothing bubbles to the page). */
async function recordErrorEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { errorEvents: string[] };
    w.errorEvents = [];
    document.querySelector('flowbot-chat')!.addEventListener('flowbot-error', (event) => {
      w.errorEvents.push(String((event as CustomEvent<{ error: unknown }>).detail.error));
    });
  });
}

test.beforeEach(resetSite);

test.describe('script-tag widget added and removed by the page', () => {
  test('removing it while it starts cancels the request, with no error event and no console error', async ({
    page,
    request,
  }) => {
    const problems = watchConsole(page);
    await fault(request, { spec: 'hang', match: '/startChat' });
    const failed = page.waitForEvent('requestfailed', (r) => r.url().includes('/startChat'));
    const started = page.waitForRequest((r) => r.url().includes('/startChat') && r.method() === 'POST');
    await page.goto('/faults-long.html');
    await started;
    await recordErrorEvents(page);
    await page.evaluate(() => document.querySelector('flowbot-chat')!.remove());

    const request_ = await failed;
    expect(request_.failure()?.errorText).toMatch(/ERR_ABORTED|cancel/i);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { errorEvents: string[] }).errorEvents)).toEqual([]);
    expect((await stats(request)).sessionsStarted).toBe(0);
    expect(problems).toEqual([]);
  });

  test('removing it while an answer is on its way cancels the request, with no error event and no console error', async ({
    page,
    request,
  }) => {
    const problems = watchConsole(page);
    await page.goto('/faults-long.html');
    const field = page.locator('flowbot-chat [part~="input"]');
    await expect(page.locator('flowbot-chat [part~="bot-message"]').first()).toHaveText('Question 1 of 50');
    await recordErrorEvents(page);

    await fault(request, { spec: 'hang', match: '/continueChat' });
    const failed = page.waitForEvent('requestfailed', (r) => r.url().includes('/continueChat'));
    const sent = page.waitForRequest((r) => r.url().includes('/continueChat') && r.method() === 'POST');
    await field.fill('never mind');
    await field.press('Enter');
    await sent;
    await page.evaluate(() => document.querySelector('flowbot-chat')!.remove());

    expect((await failed).failure()?.errorText).toMatch(/ERR_ABORTED|cancel/i);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { errorEvents: string[] }).errorEvents)).toEqual([]);
    expect((await stats(request)).continueCount).toBe(0);
    expect(problems).toEqual([]);
  });

  test('200 mount/unmount cycles leave no listeners and no growing heap behind', async ({ page }) => {
    test.setTimeout(60_000);
    const problems = watchConsole(page);
    await page.goto('/faults-mount.html');
    await page.waitForFunction(() => customElements.get('flowbot-chat') !== undefined);
    const cdp = await page.context().newCDPSession(page);

    const baseline = await listenerCounts(cdp);
    await cycles(page, 0, 50);
    const at50 = await measure(cdp);
    await cycles(page, 50, 200);
    const at200 = await measure(cdp);
    const growth = at200.heap - at50.heap;
    console.log(
      `mount/unmount: heap ${(at50.heap / 1e6).toFixed(2)} MB at 50, ${(at200.heap / 1e6).toFixed(2)} MB at 200 ` +
        `(${growth >= 0 ? '+' : ''}${(growth / 1024).toFixed(0)} KB); DOM nodes ${at50.nodes} → ${at200.nodes}; ` +
        `JS listeners ${at50.jsEventListeners} → ${at200.jsEventListeners}; window/document listeners ${baseline.window}/${baseline.document} → ${at200.window}/${at200.document}`,
    );

    expect(await page.locator('flowbot-chat').count()).toBe(0);
    expect({ window: at200.window, document: at200.document }).toEqual(baseline);
    expect(at200.jsEventListeners).toBeLessThanOrEqual(at50.jsEventListeners);
    expect(at200.nodes - at50.nodes).toBeLessThan(50);
    expect(growth).toBeLessThan(2 * 1024 * 1024);
    expect(problems).toEqual([]);
  });
});

/**
 * Mount/unmount cycles `from` … `to - 1`, in standard, bubble and popup mode in turn. Most
 * widgets start a session and show the first question before they go; every fourth is removed
 * while its start is in flight; every fifth also answers once.
 */
async function cycles(page: Page, from: number, to: number): Promise<void> {
  await page.evaluate(
    async ([first, last]) => {
      const host = document.getElementById('host')!;
      const api = document.body.dataset.api!;
      const modes = ['standard', 'bubble', 'popup'] as const;
      const whenInput = (el: HTMLElement, count: number) =>
        new Promise<void>((resolve, reject) => {
          let seen = 0;
          const timer = setTimeout(() => reject(new Error('no input within 5 s')), 5000);
          el.addEventListener('flowbot-input', function onInput() {
            if (++seen < count) return;
            clearTimeout(timer);
            el.removeEventListener('flowbot-input', onInput);
            resolve();
          });
        });
      for (let i = first!; i < last!; i++) {
        const el = document.createElement('flowbot-chat');
        el.publicId = 'long';
        el.apiHost = api;
        el.mode = modes[i % 3]!;
        el.open = true;
        el.widget = { title: `Widget ${i}`, primaryColor: '#1d4ed8', secondaryColor: '#ffffff', aiFirstMessage: 'Hi!' };
        if (i % 4 === 3) {
          // Gone while its startChat is in flight.
          host.append(el);
          await el.updateComplete;
          el.remove();
          continue;
        }
        const firstInput = whenInput(el, 1);
        host.append(el);
        await firstInput;
        if (i % 5 === 0) {
          const next = whenInput(el, 1);
          el.send(`answer from widget ${i}`);
          await next;
        }
        el.remove();
      }
    },
    [from, to],
  );
}

interface Measure {
  heap: number;
  nodes: number;
  jsEventListeners: number;
  window: number;
  document: number;
}

async function listenerCounts(cdp: CDPSession): Promise<{ window: number; document: number }> {
  const count = async (expression: string) => {
    const { result } = await cdp.send('Runtime.evaluate', { expression });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    await cdp.send('Runtime.releaseObject', { objectId: result.objectId! });
    return listeners.length;
  };
  return { window: await count('window'), document: await count('document') };
}

/** Heap and DOM counters after garbage collection. */
async function measure(cdp: CDPSession): Promise<Measure> {
  // Let pending work (aborted requests, timers) settle before collecting.
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const counters = await cdp.send('Memory.getDOMCounters');
  return {
    heap: usedSize,
    nodes: counters.nodes,
    jsEventListeners: counters.jsEventListeners,
    ...(await listenerCounts(cdp)),
  };
}
