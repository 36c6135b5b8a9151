/**
 * AI answers that fit a phone, by geometry in Chromium: the built script-tag widget in each of a
 * host page's layouts (`/host-layouts.html` of site-pages.ts), showing the reference server's `wide` flow (a
 * six-column table of long words, a 200-character code line, two short answers). The page never
 * scrolls sideways and the widget stays inside the viewport; the table and the code scroll in
 * their own boxes. A printout has no buttons. On a desktop, two plain answers in a row sit close
 * together, and nothing moves when an answer's line of actions shows. The same layouts run in
 * Firefox and WebKit in `test/engines/layout.ts`.
 */
import { test, expect, type Page } from '@playwright/test';

const LAYOUTS = ['block', 'grid', 'flex-row', 'flex-column', 'table-cell', 'inline-block'] as const;

/** Opens the host page in `layout` and waits for the whole wide answer and the answers' actions. */
async function open(page: Page, layout: string): Promise<void> {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`/host-layouts.html?layout=${layout}`);
  const widget = page.locator('flowbot-chat');
  await expect(widget.locator('[part~="bot-message"]').last()).toHaveText('Ask away.', { timeout: 15_000 });
  await expect(widget.locator('.fb-table table')).toBeVisible();
  await expect(widget.locator('.fb-code pre')).toBeVisible();
  // The latest answer's line of actions (the others' are drawn once pointed at, focused or touched).
  await expect(widget.locator('.row.bot').last().locator('[part~="actions"]')).toHaveCount(1);
  expect(problems).toEqual([]);
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
}

/** The page's width, the widget's box, and each wide box with what it scrolls. */
function measure() {
  const box = (el: Element): Box => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width };
  };
  const widget = document.querySelector('flowbot-chat')!;
  const root = widget.shadowRoot!;
  const scrollers = [...root.querySelectorAll<HTMLElement>('.fb-table, .fb-code pre')].map((el) => ({
    box: box(el),
    bubble: box(el.closest('.bubble')!),
    client: el.clientWidth,
    scroll: el.scrollWidth,
  }));
  return {
    innerWidth,
    scrollWidth: document.documentElement.scrollWidth,
    widget: box(widget),
    scrollers,
  };
}

test.describe('a wide answer on a phone', () => {
  for (const width of [320, 390]) {
    for (const layout of LAYOUTS) {
      test(`stays inside a ${width} px viewport, the widget in ${layout} layout`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await open(page, layout);
        const g = await page.evaluate(measure);
        const where = JSON.stringify(g);
        // The page does not scroll sideways, and the widget is inside the viewport.
        expect(g.scrollWidth, where).toBeLessThanOrEqual(g.innerWidth);
        expect(g.widget.left, where).toBeGreaterThanOrEqual(0);
        expect(g.widget.right, where).toBeLessThanOrEqual(g.innerWidth);
        // Shrink-to-fit layouts (a table cell, an inline-block) still give it the width there is
        // (in a flex row, shared with the text beside it).
        expect(g.widget.width, where).toBeGreaterThan(g.innerWidth * (layout === 'flex-row' ? 0.6 : 0.8));
        // The table and the code scroll in their own boxes, which stay inside their bubbles.
        expect(g.scrollers, where).toHaveLength(2);
        for (const s of g.scrollers) {
          expect(s.scroll, where).toBeGreaterThan(s.client);
          expect(s.box.right, where).toBeLessThanOrEqual(s.bubble.right + 0.5);
          expect(s.bubble.right, where).toBeLessThanOrEqual(g.widget.right);
        }
      });
    }
  }
});

test('a printout shows no button of the transcript: neither the code block Copy nor the actions', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await open(page, 'block');
  const messages = page.locator('flowbot-chat [part~="messages"]');
  const boxes = () =>
    messages.evaluate((log) =>
      [...log.querySelectorAll('button')].map((b) => {
        const r = b.getBoundingClientRect();
        return `${b.className}: ${r.width}×${r.height}`;
      }),
    );
  // On screen, the code block's Copy and the latest answer's Copy take room (shown on hover); the
  // other answers' lines are drawn when printed (the browser's beforeprint), their buttons hidden.
  expect((await boxes()).filter((b) => !b.endsWith(' 0×0')).length).toBeGreaterThanOrEqual(2);
  await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
  await page.emulateMedia({ media: 'print' });
  const printed = await boxes();
  expect(printed.length).toBeGreaterThanOrEqual(5);
  expect(printed.filter((b) => !b.endsWith(' 0×0'))).toEqual([]);
  // The code is still printed, whole.
  await expect(messages.locator('.fb-code pre')).toBeVisible();
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  /** The top of each bot bubble, and the gap under each one to the next. */
  const bubbles = (page: Page) =>
    page.locator('flowbot-chat').evaluate((widget) => {
      const boxes = [...widget.shadowRoot!.querySelectorAll('[part~="bot-message"]')].map((b) =>
        b.getBoundingClientRect(),
      );
      return { tops: boxes.map((b) => b.top), gaps: boxes.slice(1).map((b, i) => b.top - boxes[i]!.bottom) };
    });

  test('two answers in a row sit close, and nothing moves when a line of actions shows', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await open(page, 'block');
    const before = await bubbles(page);
    // No empty band kept under an answer followed by another: the log's own 8 px between rows.
    for (const gap of before.gaps) expect(gap, JSON.stringify(before)).toBeLessThanOrEqual(12);

    const row = page.locator('flowbot-chat .row.bot', { hasText: 'Anything else?' });
    const actions = row.locator('[part~="actions"]');
    // Not drawn until a visitor can use it: its room is kept all the same.
    await expect(actions).toHaveCount(0);
    // Hovered, its line shows (over the gap, in front of the next answer), and no row moves.
    await row.locator('[part~="bot-message"]').hover();
    await expect(actions).toHaveCSS('opacity', '1');
    const copy = actions.locator('button');
    const hit = await copy.evaluate((b) => {
      const r = b.getBoundingClientRect();
      const at = b.getRootNode() as ShadowRoot;
      const top = at.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!top && b.contains(top);
    });
    expect(hit, 'the Copy button is on top, where it is drawn').toBe(true);
    expect((await bubbles(page)).tops).toEqual(before.tops);
    // By keyboard, the same.
    await page.mouse.move(1200, 780);
    await expect(actions).toHaveCSS('opacity', '0');
    await copy.focus();
    await expect(actions).toHaveCSS('opacity', '1');
    expect((await bubbles(page)).tops).toEqual(before.tops);
    // The last answer keeps the room its line takes: its line shows under it, over nothing.
    const last = page.locator('flowbot-chat .row.bot', { hasText: 'Ask away.' });
    const room = await last.evaluate((row) => {
      const bubble = row.querySelector('[part~="bot-message"]')!.getBoundingClientRect();
      const line = row.querySelector('[part~="actions"]')!.getBoundingClientRect();
      return { below: line.top - bubble.bottom, rowBottom: row.getBoundingClientRect().bottom - line.bottom };
    });
    expect(room.below).toBeGreaterThanOrEqual(0);
    expect(room.rowBottom).toBeGreaterThanOrEqual(0);
    // And the page saw no layout shift from the first frame.
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts.reduce((sum, v) => sum + v, 0)).toBe(0);
  });
});
