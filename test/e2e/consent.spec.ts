/**
 * The notice before a conversation and the consent it may ask for (`notice`, `consent="required"`):
 * nothing reaches the viewer before Accept (the script tag's early start included), Decline is
 * reversible, an acceptance is remembered with `persist`, and the notice's links are safe.
 */
import { test, expect, type Page } from '@playwright/test';

const bot = (page: Page) => page.locator('flowbot-chat [part~="bot-message"]');
const notice = (page: Page) => page.locator('flowbot-chat [part~="notice"]');
const accept = (page: Page) => page.locator('flowbot-chat [part~="consent-accept"]');
const decline = (page: Page) => page.locator('flowbot-chat [part~="consent-decline"]');

/** Every request the page sends to the viewer (the reference server's API). */
function viewerCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/v\d+\//.test(new URL(request.url()).pathname)) calls.push(new URL(request.url()).pathname);
  });
  return calls;
}

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__api/reset')).ok()).toBe(true);
});

test('sends nothing to the viewer until the visitor accepts, by keyboard; then the conversation starts', async ({
  page,
}) => {
  const calls = viewerCalls(page);
  await page.goto('/consent.html');
  await expect(notice(page)).toContainText('You are chatting with an AI assistant.');
  await expect(accept(page)).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(calls).toEqual([]);
  await expect(bot(page)).toHaveCount(0);
  // Nothing to answer yet: no empty composer under the notice.
  const composer = page.locator('flowbot-chat [part~="composer"]');
  await expect(composer).toHaveCount(1);
  await expect(composer).toBeHidden();
  // The consent is a region named by its notice; Tab reaches Accept first.
  await expect(page.getByRole('region', { name: 'You are chatting with an AI assistant.' })).toBeVisible();
  await accept(page).focus();
  await page.keyboard.press('Enter');
  await expect(bot(page).first()).toContainText('Acme support bot');
  await expect(composer.first()).toBeVisible();
  expect(calls.filter((path) => path.includes('/startChat'))).toHaveLength(1);
  // The notice stays above the conversation, without its buttons.
  await expect(notice(page)).toBeVisible();
  await expect(accept(page)).toHaveCount(0);
});

test('Decline sends nothing and says so, and Accept stays for a change of mind', async ({ page }) => {
  const calls = viewerCalls(page);
  await page.goto('/consent.html');
  await decline(page).click();
  await expect(notice(page)).toContainText('You declined: nothing is sent. Accept to chat.');
  await expect(decline(page)).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(calls).toEqual([]);
  await accept(page).click();
  await expect(bot(page).first()).toContainText('Acme support bot');
});

test('an acceptance is remembered with persist: the next page starts at once', async ({ page }) => {
  await page.goto('/consent.html');
  await accept(page).click();
  await expect(bot(page).first()).toBeVisible();
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('flowbot-chat-consent:'))),
  ).toHaveLength(1);
  await page.reload();
  await expect(bot(page).first()).toBeVisible();
  await expect(accept(page)).toHaveCount(0);
});

test("the notice's links are safe: http(s) opens in a new tab, anything else stays text", async ({ page }) => {
  await page.goto('/consent.html');
  const links = notice(page).locator('a');
  await expect(links).toHaveCount(1);
  await expect(links).toHaveAttribute('href', 'https://example.com/privacy');
  await expect(links).toHaveAttribute('target', '_blank');
  await expect(links).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(notice(page)).toContainText('[nothing](javascript:alert(1))');
});

test('a notice alone does not hold the conversation back', async ({ page }) => {
  await page.goto('/notice.html');
  await expect(bot(page).first()).toContainText('Acme support bot');
  await expect(notice(page)).toHaveText('Answers come from an AI.');
  await expect(accept(page)).toHaveCount(0);
});

test('a consent written as a yes asks for nothing, and the console says to write "required"', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto('/consent-mistake.html');
  // As before: no notice, no Accept, the conversation starts at once.
  await expect(bot(page).first()).toContainText('Acme support bot');
  await expect(accept(page)).toHaveCount(0);
  await expect(notice(page)).toHaveCount(0);
  await expect
    .poll(() => warnings.filter((line) => line.includes('consent="yes"')))
    .toEqual([
      'flowbot-chat: consent="yes" asks for nothing: write consent="required" to send nothing before the visitor accepts.',
    ]);
});
