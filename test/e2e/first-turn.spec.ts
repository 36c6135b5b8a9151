/**
 * An inline widget's first turn, drawn by the script tag's first-turn file (`src/element/first-turn/`)
 * before the widget's code is there: the same DOM and pixels as the widget's, an answer field that
 * works at once, and nothing the visitor did lost when the widget takes over.
 */
import { test, expect, type Page } from '@playwright/test';

const bot = (page: Page) => page.locator('flowbot-chat [part~="bot-message"]');
const firstTurn = (page: Page) => page.locator('flowbot-chat [data-first-turn]');

/** Holds a file of the widget's (its code by default) back until the returned function is called. */
async function holdCode(page: Page, file = 'flowbot-chat.main.js'): Promise<() => void> {
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/${file}`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** How many pixels differ, by more than two levels in a channel, between two pictures of the same size (PNG), read by the page's canvas. */
const differingPixels = (page: Page, a: Buffer, b: Buffer) =>
  page.evaluate(
    async ([first, second]) => {
      const pixels = async (png: string) => {
        const image = new Image();
        image.src = `data:image/png;base64,${png}`;
        await image.decode();
        const canvas = new OffscreenCanvas(image.width, image.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, image.width, image.height).data;
      };
      const [x, y] = await Promise.all([pixels(first!), pixels(second!)]);
      if (x.length !== y.length) return Infinity;
      let count = 0;
      // A level or two in a channel is the antialiasing of the panel's rounded corners over its
      // background, rasterised again by the swap: not a pixel anyone can see.
      const near = (k: number): boolean => Math.abs(x[k]! - y[k]!) <= 2;
      for (let i = 0; i < x.length; i += 4) if (!near(i) || !near(i + 1) || !near(i + 2)) count++;
      return count;
    },
    [a.toString('base64'), b.toString('base64')],
  );

/** The widget's shadow DOM, without Lit's markers, the first turn's mark and the answers' additions. */
const shadowOf = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('flowbot-chat')!.shadowRoot!;
    const panel = [...root.querySelectorAll('[part~="panel"]')].find((p) => p.querySelector('[part~="bot-message"]'))!;
    const copy = panel.cloneNode(true) as Element;
    copy.removeAttribute('data-first-turn');
    copy.querySelectorAll('.menu-wrap, [part~="actions"]').forEach((node) => node.remove());
    copy.querySelectorAll('.row').forEach((row) => row.classList.remove('waits', 'lean'));
    [copy, ...copy.querySelectorAll('*')].forEach((node) => {
      const sorted = [...node.attributes].sort((a, b) => a.name.localeCompare(b.name));
      for (const a of sorted) node.removeAttribute(a.name);
      for (const a of sorted) if (a.name !== 'aria-description') node.setAttribute(a.name, a.value);
    });
    return copy.outerHTML.replace(/<!--[^>]*-->/g, '').replace(/>\s+</g, '><');
  });

test.describe('the first turn drawn by the script tag', () => {
  test.beforeEach(async ({ request }) => {
    expect((await request.post('/__api/reset')).ok()).toBe(true);
  });

  test('is drawn before the widget code, as the widget draws it, and swapped with the same pixels', async ({
    page,
  }) => {
    // Every frame: how many panels the widget shows (one, never both nor none once the first is
    // there), and every layout shift.
    await page.addInitScript(() => {
      const w = window as unknown as { panels: number[]; shifts: number[] };
      w.panels = [];
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
      const frame = (): void => {
        const root = document.querySelector('flowbot-chat')?.shadowRoot;
        const shown = [...(root?.querySelectorAll('.panel') ?? [])].filter(
          (panel) => getComputedStyle(panel).display !== 'none',
        );
        // From the first frame with a message in it.
        if (root?.querySelector('[part~="bot-message"]') || w.panels.length) w.panels.push(shown.length);
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    const release = await holdCode(page);
    // What the answers' file adds after the first message (the menu, the rows' actions) comes after the swap.
    const releaseAnswers = await holdCode(page, 'flowbot-chat.answers.js');
    await page.goto('/inline.html', { waitUntil: 'domcontentloaded' });
    await expect(bot(page)).toHaveCount(2);
    await expect(firstTurn(page)).toHaveCount(1);
    expect(await page.evaluate(() => !!customElements.get('flowbot-chat'))).toBe(false);
    // Asked for after what the page needs for its own first paint, as the widget's code is.
    await expect(page.locator('script[src$="/flowbot-chat.first.js"]')).toHaveAttribute('fetchpriority', 'low');
    const drawn = await shadowOf(page);
    const transcript = page.locator('flowbot-chat [part~="messages"]');
    const before = await page.locator('flowbot-chat').screenshot();
    // A slow phone's CPU while the widget takes over: frames are painted between its first render and
    // the one that shows the turn.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    release();
    await expect(firstTurn(page)).toHaveCount(0);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect(transcript).toHaveCount(1);
    const after = await page.locator('flowbot-chat').screenshot();
    // The same pixels, but for the antialiasing of the panel's rounded corner (a few pixels of its edge,
    // rasterised again by the swap).
    expect(await differingPixels(page, before, after), 'pixels changed by the swap').toBeLessThanOrEqual(8);
    expect(await shadowOf(page)).toBe(drawn);
    const { panels, shifts } = await page.evaluate(() => {
      const w = window as unknown as { panels: number[]; shifts: number[] };
      return { panels: w.panels, shifts: w.shifts };
    });
    expect(panels.length).toBeGreaterThan(5);
    expect(new Set(panels), 'panels shown, frame by frame').toEqual(new Set([1]));
    expect(shifts).toEqual([]);
    releaseAnswers();
    // The widget's own choices work.
    await page.locator('flowbot-chat [part~="choice"]').filter({ hasText: 'Billing' }).click();
    await expect(page.locator('flowbot-chat [part~="user-message"]')).toHaveText('Billing');
  });

  test('keeps what the visitor types before the code lands, the focus, and sends on an Enter given meanwhile', async ({
    page,
  }) => {
    const release = await holdCode(page);
    await page.goto('/assistant.html', { waitUntil: 'domcontentloaded' });
    const field = page.locator('flowbot-chat [part~="input"]');
    await expect(field).toHaveAttribute('placeholder', 'Ask a question...');
    await field.click();
    await field.pressSequentially('How do refunds work?');
    await field.press('Enter');
    expect(await page.evaluate(() => !!customElements.get('flowbot-chat'))).toBe(false);
    release();
    await expect(firstTurn(page)).toHaveCount(0);
    await expect(page.locator('flowbot-chat [part~="user-message"]')).toHaveText('How do refunds work?');
  });

  test('keeps a typed answer and its caret when the code lands while the visitor types', async ({ page }) => {
    const release = await holdCode(page);
    const releaseAnswers = await holdCode(page, 'flowbot-chat.answers.js');
    await page.goto('/assistant.html', { waitUntil: 'domcontentloaded' });
    const field = page.locator('flowbot-chat [part~="input"]');
    await expect(field).toBeVisible();
    // The text field and its send button, as the widget draws them.
    const drawn = await shadowOf(page);
    await field.click();
    await field.pressSequentially('refunds');
    await field.press('ArrowLeft');
    release();
    await expect(firstTurn(page)).toHaveCount(0);
    await expect(field).toHaveValue('refunds');
    await expect(field).toBeFocused();
    expect(await shadowOf(page)).toBe(drawn);
    releaseAnswers();
    await page.keyboard.type('!');
    await expect(field).toHaveValue('refund!s');
  });

  test("draws the header's icon, title and subtitle and the progress bar as the widget does: the same DOM and pixels after the swap", async ({
    page,
  }) => {
    const release = await holdCode(page);
    const releaseAnswers = await holdCode(page, 'flowbot-chat.answers.js');
    // The demo bot (a progress bar, rich text with emphasis and links) under a Widget resource with a header icon.
    await page.goto('/first-turn-look.html', { waitUntil: 'domcontentloaded' });
    await expect(firstTurn(page)).toHaveCount(1);
    await expect(bot(page)).toHaveCount(3);
    for (const part of ['header-icon', 'title', 'subtitle', 'progress'])
      await expect(page.locator(`flowbot-chat [part~="${part}"]`), part).toBeVisible();
    await expect(page.locator('flowbot-chat [part~="header-icon"]')).toHaveJSProperty('complete', true);
    expect(await page.evaluate(() => !!customElements.get('flowbot-chat'))).toBe(false);
    const drawn = await shadowOf(page);
    const before = await page.locator('flowbot-chat').screenshot();
    release();
    await expect(firstTurn(page)).toHaveCount(0);
    await expect(page.locator('flowbot-chat [part~="messages"]')).toHaveCount(1);
    expect(await shadowOf(page)).toBe(drawn);
    const after = await page.locator('flowbot-chat').screenshot();
    expect(await differingPixels(page, before, after), 'pixels changed by the swap').toBeLessThanOrEqual(8);
    releaseAnswers();
  });

  test('a choice picked before the code lands is the answer', async ({ page }) => {
    const release = await holdCode(page);
    await page.goto('/inline.html', { waitUntil: 'domcontentloaded' });
    await page.locator('flowbot-chat [part~="choice"]').filter({ hasText: 'Billing' }).click();
    release();
    await expect(page.locator('flowbot-chat [part~="user-message"]')).toHaveText('Billing');
  });

  test('a tampered first-turn file leaves the widget to draw the turn itself', async ({ page }) => {
    await page.route('**/flowbot-chat.first.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'document.title = "tampered";' }),
    );
    await page.goto('/inline.html', { waitUntil: 'domcontentloaded' });
    await expect(bot(page)).toHaveCount(2);
    expect(await page.title()).not.toBe('tampered');
    await expect(page.locator('flowbot-chat [part~="choice"]')).toHaveCount(3);
  });
});

test.describe("a tapped bubble's panel drawn by the script tag", () => {
  test.beforeEach(async ({ request }) => {
    expect((await request.post('/__api/reset')).ok()).toBe(true);
  });

  const launcher = (page: Page) => page.locator('flowbot-chat [part~="launcher"]');
  const field = (page: Page) => page.locator('flowbot-chat [part~="input"]');
  const defined = (page: Page) => page.evaluate(() => !!customElements.get('flowbot-chat'));

  /** The looks the tapped panel is checked in: a desktop, phones, forced colours, right to left. */
  const looks = [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
    { name: 'small phone', width: 320, height: 640 },
    { name: 'forced colours', width: 1280, height: 800, forced: true },
    { name: 'right to left', width: 390, height: 844, rtl: true },
  ];
  for (const look of looks)
    test(`a cold tap opens the panel on its first turn before the widget's code, as the widget opens it, and the widget takes over with the same pixels (${look.name})`, async ({
      page,
    }) => {
      const viewport = { width: look.width, height: look.height };
      await page.setViewportSize(viewport);
      let starts = 0;
      page.on('request', (request) => void (request.url().includes('/startChat') && starts++));
      const release = await holdCode(page);
      const releaseAnswers = await holdCode(page, 'flowbot-chat.answers.js');
      if (look.forced) await page.emulateMedia({ forcedColors: 'active' });
      await page.goto('/bubble-assistant.html');
      if (look.rtl) await page.evaluate(() => (document.documentElement.dir = 'rtl'));
      // No hover before it: a touch screen's tap.
      await launcher(page).dispatchEvent('click');
      await expect(firstTurn(page)).toBeVisible();
      await expect(bot(page).first()).toBeVisible();
      expect(await defined(page)).toBe(false);
      // Asked for with the tap, at once: the visitor is waiting for it.
      await expect(page.locator('script[src$="/flowbot-chat.open.js"]')).not.toHaveAttribute('fetchpriority', 'low');
      // The launcher says the panel is open, as the widget's does; the answer field has focus, as after
      // the widget's own opening.
      await expect(launcher(page)).toHaveAttribute('aria-expanded', 'true');
      await expect(launcher(page)).toHaveAccessibleName('Close chat');
      await expect(field(page)).toBeFocused();
      // The panel is the page's floating dialog, within the screen.
      const panel = page.locator('flowbot-chat [part~="panel"]');
      await expect(panel).toHaveAttribute('role', 'dialog');
      const box = (await panel.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      await expect(page.locator('flowbot-chat [part~="close-button"]')).toHaveAccessibleName('Close chat');
      const drawn = await shadowOf(page);
      const before = await page.screenshot();
      const slug = look.name.replaceAll(' ', '-');
      await page.screenshot({ path: `test-results/screenshots/open-bubble-${slug}-script-tag.png` });
      await field(page).pressSequentially('refunds');
      // A letter selected (as by a drag: the arrow keys' way depends on the direction).
      await field(page).evaluate((input: HTMLInputElement) => input.setSelectionRange(5, 6));
      release();
      await expect(firstTurn(page)).toHaveCount(0);
      expect(await defined(page)).toBe(true);
      // What was typed, the caret and the focus went over to the widget's field.
      await expect(field(page)).toHaveValue('refunds');
      await expect(field(page)).toBeFocused();
      expect(
        await field(page).evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd]),
      ).toEqual([5, 6]);
      await expect(launcher(page)).toHaveAttribute('aria-expanded', 'true');
      expect(await shadowOf(page)).toBe(drawn);
      await field(page).fill('');
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const after = await page.screenshot();
      await page.screenshot({ path: `test-results/screenshots/open-bubble-${slug}-widget.png` });
      // The same pixels but for the field's caret, blinking (a column of a few pixels), and the antialiasing
      // of the panel's rounded corners, rasterised again by the swap.
      expect(await differingPixels(page, before, after), 'pixels changed by the swap').toBeLessThanOrEqual(40);
      expect(starts).toBe(1);
      releaseAnswers();
      // The conversation goes on in the widget.
      await field(page).fill('How do refunds work?');
      await field(page).press('Enter');
      await expect(page.locator('flowbot-chat [part~="user-message"]')).toHaveText('How do refunds work?');
    });

  test('closed and opened again before the code lands, by its close button, Escape and the launcher: the widget takes over as the visitor left it', async ({
    page,
  }) => {
    const release = await holdCode(page);
    await page.goto('/bubble-assistant.html');
    await launcher(page).click();
    await expect(firstTurn(page)).toBeVisible();
    await field(page).fill('kept');
    // The close button: the panel closes, focus goes back to the launcher.
    await page.locator('flowbot-chat [part~="close-button"]').click();
    await expect(firstTurn(page)).toBeHidden();
    await expect(launcher(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(launcher(page)).toHaveAccessibleName('Open chat');
    await expect(launcher(page)).toBeFocused();
    // The launcher opens it again, with what was typed.
    await page.keyboard.press('Enter');
    await expect(firstTurn(page)).toBeVisible();
    await expect(field(page)).toHaveValue('kept');
    await expect(field(page)).toBeFocused();
    // Escape closes it.
    await page.keyboard.press('Escape');
    await expect(firstTurn(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();
    expect(await defined(page)).toBe(false);
    release();
    // The widget takes over closed, the typed answer kept for when it opens.
    await expect(firstTurn(page)).toHaveCount(0);
    await expect(launcher(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('flowbot-chat [part~="panel"]')).toBeHidden();
    await launcher(page).click();
    await expect(bot(page).first()).toBeVisible();
    await expect(field(page)).toHaveValue('kept');
  });
});
