/**
 * Earlier conversations over real HTTP (issue 46): the built script-tag files on one origin, the
 * reference server on another. The menu's Conversations lists what New conversation kept, opens it
 * and goes on with its session; a session the server forgot ends as expired; the site's tabs keep
 * the list in step; the list's file comes only once the menu opens. Pictures of the list at 1280,
 * 390 and 320 px, plain, dark, forced colours and right to left.
 */
import { test, expect, type Page } from '@playwright/test';

const shots = 'test-results/screenshots';
const bot = (page: Page) => page.locator('flowbot-chat [part~="bot-message"]');
const user = (page: Page) => page.locator('flowbot-chat [part~="user-message"]');
const list = (page: Page) => page.locator('flowbot-chat [part~="history"]');
const titles = (page: Page) => page.locator('flowbot-chat .history-title');

/** Opens the menu's Conversations (in the tab in front: a tab behind draws no frames to click in). */
async function openList(page: Page): Promise<void> {
  await page.bringToFront();
  await page.locator('flowbot-chat [part~="menu-button"]').click();
  await page.locator('flowbot-chat .menu-item', { hasText: 'Conversations' }).click();
  await expect(list(page)).toBeVisible();
}

/** Picks a topic of the support bot and waits for its e-mail question. */
async function pick(page: Page, topic: string): Promise<void> {
  await page.bringToFront();
  await page.locator('flowbot-chat [part~="choice"]').filter({ hasText: topic }).click();
  await expect(bot(page).filter({ hasText: 'Leave your e-mail' })).toBeVisible();
}

/** The list's New conversation: the greeting of a new session. */
async function newConversation(page: Page): Promise<void> {
  await openList(page);
  await list(page).locator('.history-new').click();
  await expect(list(page)).toHaveCount(0);
  await expect(user(page)).toHaveCount(0);
  await expect(page.locator('flowbot-chat [part~="choice"]').first()).toBeVisible();
}

const sessionsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { starts: { sessionId: string }[] }).starts.map((s) => s.sessionId));

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { starts: unknown[] };
    w.starts = [];
    document.addEventListener('flowbot-start', (event) => w.starts.push((event as CustomEvent).detail));
  });
});

test('New conversation keeps the one left; opening it goes on with its session; the list file comes with the menu', async ({
  page,
}) => {
  const files: string[] = [];
  const continued: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.endsWith('.js')) files.push(url.slice(url.lastIndexOf('/') + 1));
    if (url.includes('/continueChat')) continued.push(url);
  });
  await page.goto('/persist.html');
  await pick(page, 'Billing');
  const [first] = await sessionsOf(page);
  expect(files).not.toContain('flowbot-chat.history.js');

  await newConversation(page);
  expect(files.filter((f) => f === 'flowbot-chat.history.js')).toHaveLength(1);
  await openList(page);
  await expect(titles(page)).toHaveText(['Billing']);

  await list(page).locator('.history-open').click();
  await expect(user(page)).toHaveText(['Billing']);
  expect((await sessionsOf(page)).at(-1)).toBe(first);
  const field = page.locator('flowbot-chat [part~="input"]');
  await field.fill('ada@example.com');
  await field.press('Enter');
  await expect(bot(page).last()).toHaveText('Thanks! Ticket opened about "Billing". We will write to ada@example.com.');
  expect(continued.length).toBeGreaterThan(0);
  expect(continued.every((url) => url.includes(`/sessions/${first}/`))).toBe(true);

  // After a reload, the list is still there, and so is the conversation opened.
  await page.reload();
  await expect(bot(page).last()).toHaveText('Thanks! Ticket opened about "Billing". We will write to ada@example.com.');
  await openList(page);
  await expect(list(page).locator('.history-empty')).toBeVisible();
});

test('an earlier conversation whose session the server forgot: sending ends it as expired, read-only', async ({
  page,
}) => {
  await page.goto('/persist.html');
  await pick(page, "I can't log in");
  const [first] = await sessionsOf(page);
  await newConversation(page);
  const forgot = await page.request.post('/__api/forget', { data: { sessionId: first } });
  expect(forgot.ok()).toBe(true);

  await openList(page);
  await list(page).locator('.history-open').click();
  await expect(user(page)).toHaveText(["I can't log in"]);
  const field = page.locator('flowbot-chat [part~="input"]');
  await field.fill('ada@example.com');
  await field.press('Enter');
  await expect(page.locator('flowbot-chat [part~="start-again-button"]')).toBeVisible();
  await expect(page.locator('flowbot-chat')).toContainText('This conversation has expired.');
});

test("the site's tabs keep the list in step, and follow a conversation opened in another", async ({ context }) => {
  const one = await context.newPage();
  await one.goto('/persist.html');
  await pick(one, 'Billing');
  const two = await context.newPage();
  await two.goto('/persist.html');
  await expect(user(two)).toHaveText(['Billing']);
  await openList(two);
  await expect(list(two).locator('.history-empty')).toBeVisible();

  // The first tab starts anew: the second tab's open list shows the conversation it left.
  await newConversation(one);
  await expect(titles(two)).toHaveText(['Billing']);
  await pick(one, "I can't log in");
  await newConversation(one);
  await expect(titles(two)).toHaveText(["I can't log in", 'Billing']);
  // The second tab deletes one: the first tab's list, opened, has the other alone.
  await list(two).locator('.history-delete').first().click();
  await expect(titles(two)).toHaveText(['Billing']);
  await openList(one);
  await expect(titles(one)).toHaveText(['Billing']);
  await one.keyboard.press('Escape');
  await expect(list(one)).toHaveCount(0);
  // The second tab opens it: the first tab shows it too, and goes on with it.
  await list(two).locator('.history-open').click();
  await expect(user(two)).toHaveText(['Billing']);
  await expect(user(one)).toHaveText(['Billing']);
  await one.bringToFront();
  const field = one.locator('flowbot-chat [part~="input"]');
  await field.fill('ada@example.com');
  await field.press('Enter');
  await expect(bot(two).last()).toHaveText('Thanks! Ticket opened about "Billing". We will write to ada@example.com.');
});

for (const width of [1280, 390, 320])
  test(`pictures of the list at ${width} px: plain, dark, forced colours, right to left`, async ({ page }) => {
    await page.setViewportSize({ width, height: 760 });
    await page.goto('/persist.html');
    await pick(page, 'Billing');
    await newConversation(page);
    await pick(page, "I can't log in");
    await newConversation(page);
    await openList(page);
    await expect(titles(page)).toHaveText(["I can't log in", 'Billing']);
    const widget = page.locator('flowbot-chat');
    const looks: [string, () => Promise<void>][] = [
      ['plain', async () => undefined],
      ['dark', () => widget.evaluate((el) => el.setAttribute('color-scheme', 'dark'))],
      ['forced', () => page.emulateMedia({ forcedColors: 'active' })],
      [
        'rtl',
        async () => {
          await page.emulateMedia({ forcedColors: 'none' });
          await widget.evaluate((el) => el.removeAttribute('color-scheme'));
          await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
        },
      ],
    ];
    for (const [look, apply] of looks) {
      await apply();
      await page.waitForTimeout(150);
      // The list covers the panel, and nothing of it runs out of the page.
      const panel = (await page.locator('flowbot-chat [part~="panel"]').boundingBox())!;
      const box = (await list(page).boundingBox())!;
      expect(Math.abs(box.x - panel.x - 1)).toBeLessThan(1.5);
      expect(Math.abs(box.width - panel.width + 2)).toBeLessThan(1.5);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${shots}/history-${width}-${look}.png` });
    }
  });
