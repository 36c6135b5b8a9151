/**
 * A closed bubble's preview, drawn before the widget's code (`src/element/invitation/early-preview.ts`,
 * fetched by the launcher's file): the widget's code comes when the visitor reaches for the launcher
 * or the card, the card stays where it is, pixel for pixel, when the widget's invitation takes it
 * over, and each way out of it (its close button, Escape, a click that opens the chat) works before the
 * code as it does after, remembered for the visit and told to the page once.
 */
import { test, expect, type Page } from '@playwright/test';
import { resetSite } from '../support/site-hooks.js';

const shots = 'test-results/screenshots';
const card = (page: Page) => page.locator('flowbot-chat [part~="preview"]');
const launcher = (page: Page) => page.locator('flowbot-chat [part~="launcher"]');
const defined = (page: Page) => page.evaluate(() => !!customElements.get('flowbot-chat'));
const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { previewEvents: Array<[string, unknown]> }).previewEvents);
const LINE = 'Questions about an order? Ask here.';

/** The page's requests for the widget's files, by file name. */
function requested(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    const name = /flowbot-chat\.[\w-]+\.js$/.exec(request.url())?.[0];
    if (name) files.push(name);
  });
  return files;
}

/** The console's errors and the page's uncaught ones. */
function problems(page: Page): string[] {
  const seen: string[] = [];
  page.on('pageerror', (error) => seen.push(error.message));
  page.on('console', (message) => message.type() === 'error' && seen.push(message.text()));
  return seen;
}

/** Until the widget's invitation drew its card and this one left (the same task). */
async function handedOver(page: Page): Promise<void> {
  await page.waitForFunction(() => customElements.get('flowbot-chat'));
  await expect.poll(() => requestedInvite(page)).toBe(true);
  await page.waitForFunction(
    () =>
      !(document.querySelector('flowbot-chat') as unknown as Record<symbol, unknown>)[
        Symbol.for('flowbot-chat/preview-on-screen')
      ],
  );
}
const requestedInvite = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('flowbot-chat.invite.js')));

test.beforeEach(resetSite);

test.describe("a closed bubble's preview drawn by the script tag", () => {
  test('shows after its delay with no widget code, said once, told once; the widget takes it over unchanged', async ({
    page,
  }) => {
    const errors = problems(page);
    const files = requested(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/bubble-preview.html');
    await expect(card(page)).toBeVisible();
    await expect(card(page).locator('.preview-open')).toHaveAccessibleName(`Open chat: ${LINE}`);
    await expect(page.locator('flowbot-chat [part~="preview-close"]')).toHaveAccessibleName('Dismiss');
    await expect(page.locator('flowbot-chat [role="status"]')).toHaveText(LINE);
    await page.waitForTimeout(1_000);
    expect(await defined(page)).toBe(false);
    expect(files).toEqual(['flowbot-chat.iife.js', 'flowbot-chat.launcher.js', 'flowbot-chat.preview.js']);
    // Above the launcher, its end edge on the launcher's.
    const cardBox = (await card(page).boundingBox())!;
    const launcherBox = (await launcher(page).boundingBox())!;
    expect(cardBox.y + cardBox.height).toBeCloseTo(launcherBox.y - 12, 0);
    expect(cardBox.x + cardBox.width).toBeCloseTo(launcherBox.x + launcherBox.width, 0);
    const clip = { x: cardBox.x - 32, y: cardBox.y - 32, width: cardBox.width + 64, height: cardBox.height + 64 };
    const before = await page.screenshot({ clip, animations: 'disabled' });
    await page.screenshot({ path: `${shots}/preview-script-tag.png` });

    // The pointer on its way to the card: the widget's code, and its invitation, come.
    await card(page).hover();
    await page.mouse.move(0, 0);
    await handedOver(page);
    await expect(card(page)).toHaveCount(1);
    expect(await card(page).boundingBox()).toEqual(cardBox);
    const after = await page.screenshot({ clip, animations: 'disabled' });
    await page.screenshot({ path: `${shots}/preview-widget.png` });
    expect(after.equals(before), 'the card, pixel for pixel, before and after the swap').toBe(true);
    expect(await events(page)).toEqual([['flowbot-preview-show', { text: LINE }]]);

    // The widget's card works as its own: a click opens the chat, told once.
    await card(page).locator('.preview-open').click();
    await expect(page.locator('flowbot-chat [part~="bot-message"]').first()).toBeVisible();
    await expect(card(page)).toHaveCount(0);
    expect(await events(page)).toEqual([
      ['flowbot-preview-show', { text: LINE }],
      ['flowbot-preview-dismiss', { reason: 'open' }],
    ]);
    expect(errors).toEqual([]);
  });

  test('a cold click on the card opens the chat on its first message, with one start', async ({ page }) => {
    let starts = 0;
    page.on('request', (request) => void (request.url().includes('/startChat') && starts++));
    await page.goto('/bubble-preview.html');
    await expect(card(page)).toBeVisible();
    expect(await defined(page)).toBe(false);
    // The click lands before any sign of intent reached the widget (no hover first).
    await card(page).locator('.preview-open').dispatchEvent('click');
    await expect(launcher(page)).toHaveAttribute('aria-busy', 'true');
    await expect(page.locator('flowbot-chat [part~="bot-message"]').first()).toBeVisible();
    await expect(page.locator('flowbot-chat [part~="panel"]')).toBeVisible();
    await expect(card(page)).toHaveCount(0);
    expect(starts).toBe(1);
    expect(await events(page)).toEqual([
      ['flowbot-preview-show', { text: LINE }],
      ['flowbot-preview-dismiss', { reason: 'open' }],
    ]);
    // Remembered for the visit: closed again and reloaded, no preview.
    await page.reload();
    await expect(launcher(page)).toBeVisible();
    await page.waitForTimeout(1_000);
    await expect(card(page)).toHaveCount(0);
  });

  for (const way of ['close', 'escape'] as const) {
    test(`dismissed by ${way === 'close' ? 'its close button' : 'Escape'} before the code: gone for the visit, and the widget agrees`, async ({
      page,
    }) => {
      const files = requested(page);
      await page.goto('/bubble-preview.html');
      await expect(card(page)).toBeVisible();
      // A real click: the pointer on the close button, which takes the focus (no sign of intent either).
      if (way === 'close') await page.locator('flowbot-chat [part~="preview-close"]').click();
      else await page.keyboard.press('Escape');
      await expect(card(page)).toHaveCount(0);
      expect(await events(page)).toEqual([
        ['flowbot-preview-show', { text: LINE }],
        ['flowbot-preview-dismiss', { reason: way }],
      ]);
      expect(await defined(page)).toBe(false);
      expect(files).not.toContain('flowbot-chat.main.js');

      await page.reload();
      await expect(launcher(page)).toBeVisible();
      await page.waitForTimeout(1_000);
      await expect(card(page)).toHaveCount(0);
      // The widget, once reached for, reads the same record.
      await launcher(page).focus();
      await page.waitForFunction(() => customElements.get('flowbot-chat'));
      await expect.poll(() => requestedInvite(page)).toBe(true);
      await page.waitForTimeout(1_000);
      await expect(card(page)).toHaveCount(0);
      expect(await events(page)).toEqual([]);
    });
  }

  test("by keyboard: Tab reaches the card's controls; focus stays on the same one when the widget takes over", async ({
    page,
  }) => {
    await page.goto('/bubble-preview.html');
    await expect(card(page)).toBeVisible();
    await page.locator('#elsewhere').focus();
    // The launcher, then the card's open button (the widget's order).
    await page.keyboard.press('Tab');
    await expect(launcher(page)).toBeFocused();
    await page.keyboard.press('Tab');
    const open = card(page).locator('.preview-open');
    await expect(open).toBeFocused();
    await handedOver(page);
    await expect(open).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.locator('flowbot-chat [part~="preview-close"]')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card(page)).toHaveCount(0);
    await expect(launcher(page)).toBeFocused();
  });

  test("a page in a language the script tag's words do not cover: the widget draws the preview, its code at once", async ({
    page,
  }) => {
    await page.goto('/bubble-preview-de.html');
    await expect(card(page)).toBeVisible();
    await expect(page.locator('flowbot-chat [part~="preview-close"]')).toHaveAccessibleName('Ausblenden');
    expect(await defined(page)).toBe(true);
    await expect(launcher(page)).toHaveAccessibleName('Chat öffnen');
  });

  test('the screenshots: 390 and 320 px, forced colours, right to left', async ({ page }) => {
    for (const look of [
      { width: 390, slug: '390' },
      { width: 320, slug: '320' },
      { width: 1280, slug: 'forced-colours', forced: true },
      { width: 390, slug: 'rtl', rtl: true },
    ]) {
      await page.setViewportSize({ width: look.width, height: 700 });
      await page.emulateMedia({ forcedColors: look.forced ? 'active' : 'none' });
      await page.goto('/bubble-preview.html');
      if (look.rtl) await page.evaluate(() => (document.documentElement.dir = 'rtl'));
      await expect(card(page)).toBeVisible();
      expect(await defined(page)).toBe(false);
      const box = (await card(page).boundingBox())!;
      // Within the viewport, clear of its edges by the bubble's offset.
      expect(box.x).toBeGreaterThanOrEqual(19);
      expect(box.x + box.width).toBeLessThanOrEqual(look.width - 19);
      if (look.forced) {
        // Its edge shows in high contrast.
        const edge = await card(page).evaluate((el) => getComputedStyle(el).borderTopStyle);
        expect(edge).toBe('solid');
      }
      await page.screenshot({ path: `${shots}/preview-${look.slug}.png` });
    }
  });
});
