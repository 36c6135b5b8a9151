/**
 * The script tag never holds up the host page: the README's line is `async`, pasted into the
 * `<head>`. The page is parsed and painted while the file is still on its way; widgets in the page
 * and `Flowbot.init` calls queued by the README's one-line stand-in start once it arrives, each
 * with one startChat. The built files on one origin, the reference server on another.
 */
import { test, expect } from '@playwright/test';

for (const height of [undefined, 420]) {
  test(`the async line in the head: the page is parsed and painted before the file arrives, and every widget starts${height ? ` (the README's rule at ${height} px)` : ''}`, async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    let starts = 0;
    page.on('request', (request) => {
      if (request.url().includes('/startChat')) starts++;
    });
    // The script-tag file is slow to come (a slow network, a far CDN).
    let arrivedAt = 0;
    await page.route('**/flowbot-chat.iife.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      arrivedAt = Date.now();
      await route.continue();
    });
    // The page holds the README's CSS rule that keeps the inline widget's room (see serve.ts).
    await page.addInitScript(() => {
      // The page's own nodes that moved (a shift inside the widget's shadow root names no node).
      const w = window as unknown as { moved: string[] };
      w.moved = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          for (const source of (entry as unknown as { sources: { node?: Node | null }[] }).sources)
            if (source.node) w.moved.push(source.node.nodeName);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const startedAt = Date.now();
    await page.goto(`/async-head.html${height ? `?height=${height}` : ''}`, { waitUntil: 'domcontentloaded' });
    const parsedBy = Date.now();
    // Parsed (and its text laid out) long before the file came.
    expect(parsedBy - startedAt).toBeLessThan(1000);
    await expect(page.locator('#first-paragraph')).toBeVisible();
    const belowAt = await page.locator('#below').evaluate((el) => el.getBoundingClientRect().top);
    expect(arrivedAt).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { Flowbot: { version?: string } }).Flowbot.version)).toBe(
      undefined,
    );

    // Once it is there: the widget of the page and the one queued with Flowbot.init both start.
    const inline = page.locator('#inline');
    await expect(inline.locator('[part~="choice"]').first()).toBeVisible();
    const queued = page.locator('#later flowbot-chat');
    await expect(queued).toHaveCount(1);
    await expect(queued.locator('[part~="input"]')).toBeVisible();
    expect(
      await page.evaluate(() => typeof (window as unknown as { Flowbot: { version?: string } }).Flowbot.version),
    ).toBe('string');
    expect(starts).toBe(2);
    // The text below the inline widget stayed where the first paint put it: no layout shift.
    expect(await page.locator('#below').evaluate((el) => el.getBoundingClientRect().top)).toBe(belowAt);
    expect(await page.evaluate(() => (window as unknown as { moved: string[] }).moved)).toEqual([]);
    // The README's rule still applies once the widget runs (the widget adds no `mode` of its own), at its height.
    expect(await inline.evaluate((el) => el.matches(':not([mode])'))).toBe(true);
    expect(await inline.evaluate((el) => el.getBoundingClientRect().height)).toBe(height ?? 600);
    expect(problems).toEqual([]);
  });
}

test('a page with nothing but the widget and the async line in its head starts it', async ({ page }) => {
  await page.goto('/widget-only.html');
  await expect(page.locator('flowbot-chat [part~="choice"]').first()).toBeVisible();
});
