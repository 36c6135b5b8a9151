/**
 * The bubble's invitation in Chromium: the preview and the badge move nothing on the host page
 * (cumulative layout shift 0), the preview only fades when the visitor asks for reduced motion,
 * and the README's screenshots of the launcher with its preview and with its badge (desktop and a
 * 390 px phone). The built script-tag file on one origin, the reference server on another.
 */
import { test, expect, type Page } from '@playwright/test';
import { resetSite } from '../support/site-hooks.js';

// The README's screenshots are rewritten only when asked for (UPDATE_SCREENSHOTS=1).
const shots = process.env.UPDATE_SCREENSHOTS ? 'test/screenshots' : 'test-results/screenshots';
const widget = (page: Page) => page.locator('flowbot-chat');
const previewCard = (page: Page) => page.locator('flowbot-chat [part~="preview"]');
const badge = (page: Page) => page.locator('flowbot-chat [part~="badge"]');

/** Sums the page's layout shifts from the start, as CLS does (shifts right after input excluded). */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { cls: number; shifts: number };
    w.cls = 0;
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        w.shifts++;
        if (!entry.hadRecentInput) w.cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const cls = (page: Page) => page.evaluate(() => (window as unknown as { cls: number }).cls);

/** Closes the panel mid-conversation; the messages after the wait arrive while it is closed. */
async function leaveUnread(page: Page): Promise<void> {
  await page.locator('flowbot-chat [part~="launcher"]').click();
  await page.locator('flowbot-chat [part~="choice"]').filter({ hasText: 'Yes, please' }).click();
  await expect(page.locator('flowbot-chat [part~="bot-message"]').filter({ hasText: 'One moment' })).toBeVisible();
  await page.locator('flowbot-chat [part~="close-button"]').click();
  await expect(badge(page)).toHaveText('2', { timeout: 8_000 });
}

// Faults another spec queued on the shared server must not reach these conversations.
test.beforeEach(resetSite);

test.describe('the bubble invitation', () => {
  test('the preview and the badge shift nothing on the host page', async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await watchLayoutShifts(page);
    await page.goto('/invite.html?delay=1');
    const before = await page.locator('main').boundingBox();
    await expect(previewCard(page)).toBeVisible();
    await page.waitForTimeout(500);
    expect(await cls(page)).toBe(0);
    expect(await page.locator('main').boundingBox()).toEqual(before);
    await expect(widget(page)).not.toHaveAttribute('open');

    await page.locator('flowbot-chat [part~="preview"] button').first().click();
    await expect(previewCard(page)).toHaveCount(0);
    await page.locator('flowbot-chat [part~="choice"]').filter({ hasText: 'Yes, please' }).click();
    await expect(page.locator('flowbot-chat [part~="bot-message"]').filter({ hasText: 'One moment' })).toBeVisible();
    await page.locator('flowbot-chat [part~="close-button"]').click();
    await expect(badge(page)).toHaveText('2', { timeout: 8_000 });
    await expect(badge(page)).toHaveAttribute('aria-label', '2 unread messages');
    await page.waitForTimeout(500);
    expect(await cls(page)).toBe(0);
    expect(await page.locator('main').boundingBox()).toEqual(before);
    expect(problems).toEqual([]);
  });

  test('fades in without sliding when reduced motion is asked for', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/invite.html?delay=0');
    await expect(previewCard(page)).toBeVisible();
    expect(await previewCard(page).evaluate((el) => getComputedStyle(el).animationName)).toBe('flowbot-fade-in');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await previewCard(page).evaluate((el) => getComputedStyle(el).animationName)).toBe('flowbot-preview-in');
  });

  test('screenshots: the launcher with its preview and with its badge', async ({ page }) => {
    for (const [name, size] of [
      ['desktop', { width: 1280, height: 720 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(`/invite.html?delay=0&id=${name}`);
      await expect(previewCard(page)).toBeVisible();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${shots}/invite-preview-${name}.png` });
      await leaveUnread(page);
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${shots}/invite-badge-${name}.png` });
      await page.evaluate(() => sessionStorage.clear());
    }
  });
});

test.describe('a closed bubble with nothing to show', () => {
  /** Counts the page's requests for the invitation's file. */
  function onDemandRequests(page: Page): { count: number } {
    const seen = { count: 0 };
    page.on('request', (request) => {
      if (request.url().endsWith('/flowbot-chat.invite.js')) seen.count++;
    });
    return seen;
  }

  test("fetches the invitation's file only once the visitor comes near the launcher", async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const seen = onDemandRequests(page);
    await page.goto('/bubble-quiet.html');
    const launcher = page.locator('flowbot-chat [part~="launcher"]');
    await expect(launcher).toBeVisible();
    await page.locator('#elsewhere').hover();
    await page.waitForTimeout(1_000);
    expect(seen.count).toBe(0);

    await launcher.hover();
    await expect.poll(() => seen.count).toBe(1);
    await launcher.click();
    await expect(page.locator('flowbot-chat [part~="bot-message"]').first()).toBeVisible();
    // The panel works as before: Escape closes it.
    await page.keyboard.press('Escape');
    await expect(page.locator('flowbot-chat [part~="panel"]')).toBeHidden();
    expect(problems).toEqual([]);
  });

  test('by keyboard: focus on the launcher fetches it, Enter opens the panel', async ({ page }) => {
    const seen = onDemandRequests(page);
    await page.goto('/bubble-quiet.html');
    await page.locator('#elsewhere').focus();
    await page.waitForTimeout(500);
    expect(seen.count).toBe(0);
    await page.keyboard.press('Tab');
    await expect(page.locator('flowbot-chat [part~="launcher"]')).toBeFocused();
    await expect.poll(() => seen.count).toBe(1);
    await page.keyboard.press('Enter');
    await expect(page.locator('flowbot-chat [part~="bot-message"]').first()).toBeVisible();
  });

  test("a bubble with a preview shows it without the invitation's file, which comes on intent too (the control of the tests above)", async ({
    page,
  }) => {
    const seen = onDemandRequests(page);
    await page.goto('/invite.html?delay=0');
    // Drawn by the script tag's preview file (see preview.spec.ts).
    await expect(previewCard(page)).toBeVisible();
    await page.waitForTimeout(500);
    expect(seen.count).toBe(0);
    await page.locator('flowbot-chat [part~="launcher"]').hover();
    await expect.poll(() => seen.count).toBe(1);
    await expect(previewCard(page)).toHaveCount(1);
  });
});
