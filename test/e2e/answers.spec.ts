/**
 * What a visitor does with an answer, end to end: the built script-tag file on a plain page, the
 * reference server's `assistant` flow on another origin. A streamed answer is copied (the real
 * clipboard), rated down with a reason (the page hears `flowbot-feedback`), and the conversation
 * downloaded (the file read back from disk).
 */
import { readFileSync } from 'node:fs';
import { test, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { resetSite } from '../support/site-hooks.js';

interface Session {
  id: string;
  bodies: Array<{ message?: { text?: string } } | undefined>;
}

async function onlySession(request: APIRequestContext): Promise<Session> {
  const response = await request.get('/__api/stats');
  const { sessions } = (await response.json()) as { sessions: Session[] };
  expect(sessions).toHaveLength(1);
  return sessions[0]!;
}

const widget = (page: Page): Locator => page.locator('flowbot-chat');
const rowWith = (page: Page, text: string): Locator =>
  widget(page).locator('.row.bot', { has: page.locator('[part~="bot-message"]', { hasText: text }) });

/** Opens the assistant, the page recording `flowbot-feedback`, and asks `question`. */
async function ask(page: Page, question: string): Promise<void> {
  await page.addInitScript(() => {
    const seen: unknown[] = [];
    (window as unknown as { feedback: unknown[] }).feedback = seen;
    document.addEventListener('flowbot-feedback', (event) => seen.push((event as CustomEvent).detail));
  });
  await page.goto('/assistant.html');
  const field = widget(page).locator('[part~="composer"] [part~="input"]');
  await field.fill(question);
  await field.press('Enter');
  await expect(widget(page).locator('[part~="bot-message"]').last()).toHaveText('Did that answer your question?', {
    timeout: 15_000,
  });
}

test.beforeEach(resetSite);

test('a streamed answer: copied, rated down with a reason the page hears, the conversation downloaded', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await ask(page, 'How do refunds work?');
  const answer = rowWith(page, '14 days');
  const { id: sessionId, bodies } = await onlySession(request);
  // What the server got back as the streamed answer: the markdown the visitor saw.
  const source = bodies[1]!.message!.text!;
  expect(source).toContain('**14 days**');

  // Copy: shown on hover, the answer's markdown on the clipboard, said politely.
  await answer.locator('[part~="bot-message"]').hover();
  const copy = answer.getByRole('button', { name: 'Copy answer' });
  await expect(copy).toBeVisible();
  await copy.click();
  await expect(widget(page).locator('[role="status"]')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(source);

  // Thumbs down, a reason, a comment: sent once, then thanks.
  await answer.getByRole('button', { name: 'Bad answer' }).click();
  await expect(answer.getByRole('button', { name: 'Bad answer' })).toHaveAttribute('aria-pressed', 'true');
  const form = answer.locator('[part~="feedback-form"]');
  await form.getByLabel('Not accurate').check();
  await form.getByLabel('Tell us more (optional)').fill('The fee is not mentioned.');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(answer.getByText('Thanks for your feedback')).toBeVisible();
  await expect(form).toHaveCount(0);
  const seen = await page.evaluate(() => (window as unknown as { feedback: unknown[] }).feedback);
  const messageId = (seen[0] as { messageId: string }).messageId;
  expect(messageId).toMatch(/^stream-/);
  expect(seen).toEqual([
    { messageId, sessionId, rating: 'down', text: source },
    {
      messageId,
      sessionId,
      rating: 'down',
      reason: 'inaccurate',
      comment: 'The fee is not mentioned.',
      text: source,
      changed: true,
    },
  ]);

  // Download: the conversation as Markdown, who said what and when.
  await widget(page).getByRole('button', { name: 'Conversation options' }).click();
  const saved = page.waitForEvent('download');
  await widget(page).getByRole('menuitem', { name: 'Download conversation' }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/^conversation-\d{4}-\d{2}-\d{2}\.md$/);
  const file = readFileSync((await download.path())!, 'utf8');
  expect(file).toMatch(
    /^# Conversation\n\n## \w+ \d{1,2}, \d{4}\n\n\*\*Bot\*\*, \d{1,2}:\d{2} [AP]M:\n\nHi! I'm the Acme Academy assistant\./,
  );
  expect(file).toMatch(/\*\*You\*\*, \d{1,2}:\d{2} [AP]M:\n\nHow do refunds work\?/);
  expect(file).toContain('**Refunds**: you can ask for a full refund within **14 days** of buying a course');
  expect(file).toContain('Write to refunds@acme.example with your order number');
  expect(file).toMatch(/\*\*Bot\*\*, \d{1,2}:\d{2} [AP]M:\n\nDid that answer your question\?\n$/);
  expect(file).toBe(
    await widget(page).evaluate((el) => (el as HTMLElementTagNameMap['flowbot-chat']).exportTranscript()),
  );
});

test('on a touch screen, the thumbs of every AI answer and the latest actions show without a hover', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL: baseURL!,
    hasTouch: true,
    isMobile: true,
    viewport: { width: 390, height: 800 },
  });
  const page = await context.newPage();
  await ask(page, 'How do refunds work?');
  expect(await page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);
  const latest = rowWith(page, 'Did that answer your question?').locator('[part~="actions"]');
  const streamed = rowWith(page, '14 days').locator('[part~="actions"]');
  const greeting = rowWith(page, 'Acme Academy assistant').locator('[part~="actions"]');
  await expect(latest).toHaveCSS('opacity', '1');
  // The streamed answer is no longer the latest (the bot's follow-up is), and its thumbs show all the same.
  await expect(streamed).toHaveCSS('opacity', '1');
  // A plain message's Copy waits for a tap on it: not even drawn before.
  await expect(greeting).toHaveCount(0);
  await rowWith(page, 'Acme Academy assistant').locator('[part~="bot-message"]').tap();
  await expect(greeting).toHaveCSS('opacity', '1');

  // The thumb is tapped straight away, with no guess first: the page hears it.
  const down = streamed.locator('[data-act="down"]');
  await down.scrollIntoViewIfNeeded();
  const box = (await down.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(24);
  expect(box.height).toBeGreaterThanOrEqual(24);
  await down.tap();
  await expect(down).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => page.evaluate(() => (window as unknown as { feedback: unknown[] }).feedback.length)).toBe(1);
  await context.close();
});
