/**
 * Streamed AI answers end to end: the built script-tag file on a plain page, the reference
 * server's `assistant` flow on another origin, over real HTTP. The server counts what it
 * received, so "nothing lost, nothing sent twice" is checked on the server.
 */
import { test, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { resetSite } from '../support/site-hooks.js';

interface Session {
  id: string;
  bodies: Array<{ message?: unknown } | undefined>;
  logs: Array<{ context?: string; status: string }>;
}
interface Stats {
  streamsServed: number;
  sessions: Session[];
}

async function stats(request: APIRequestContext): Promise<Stats> {
  const response = await request.get('/__api/stats');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Stats;
}

async function fault(request: APIRequestContext, body: { spec: string; match?: string; times?: number }) {
  const response = await request.post('/__api/faults', { data: body });
  expect(response.ok(), await response.text()).toBe(true);
}

const bot = (page: Page): Locator => page.locator('flowbot-chat [part~="bot-message"]');
const field = (page: Page): Locator => page.locator('flowbot-chat [part~="input"]');
const helped = (page: Page): Locator => bot(page).filter({ hasText: 'Did that answer your question?' });

async function ask(page: Page, question: string): Promise<void> {
  await page.goto('/assistant.html');
  await expect(field(page)).toBeVisible();
  // Record every length the growing answer had, as a visitor would have seen it.
  await page.evaluate(() => {
    const lengths: number[] = [];
    (window as unknown as { streamLengths: number[] }).streamLengths = lengths;
    const root = document.querySelector('flowbot-chat')!.shadowRoot!;
    new MutationObserver(() => {
      const growing = root.querySelector('.streaming');
      if (growing) lengths.push((growing.textContent ?? '').trim().length);
    }).observe(root, { subtree: true, childList: true, characterData: true });
  });
  await field(page).fill(question);
  await field(page).press('Enter');
}

/** The bodies the server accepted in the only session since the last reset. */
async function bodies(request: APIRequestContext): Promise<Session> {
  const { sessions } = await stats(request);
  expect(sessions).toHaveLength(1);
  return sessions[0]!;
}

test.beforeEach(resetSite);

test.describe('streamed answers', () => {
  test('grow in a bot bubble, go back once as the reply, and the flow goes on', async ({ page, request }) => {
    await ask(page, 'How do refunds work?');
    await expect(helped(page)).toBeVisible();
    const answer = bot(page)
      .filter({ hasText: /refund/i })
      .last();
    await expect(answer.locator('strong').first()).toBeVisible();
    const finalText = (await answer.textContent())!.trim();
    const lengths = await page.evaluate(() => (window as unknown as { streamLengths: number[] }).streamLengths);
    // Part of the answer was on screen before the rest.
    expect(lengths.some((n) => n > 0 && n < finalText.length * 0.8)).toBe(true);

    const session = await bodies(request);
    expect(session.bodies).toHaveLength(2);
    const reply = session.bodies[1]!.message as { type: string; text: string };
    expect(reply.type).toBe('text');
    expect(reply.text).toMatch(/refund/i);
    expect((await stats(request)).streamsServed).toBe(1);
    // Not shown as a visitor bubble; one flowbot-message for the whole answer.
    await expect(page.locator('flowbot-chat [part~="user-message"]')).toHaveCount(1);
    const messages = await page.evaluate(
      () => (window as unknown as { flowbotMessages: Array<{ content?: { markdown?: string } }> }).flowbotMessages,
    );
    expect(messages.filter((m) => m.content?.markdown === reply.text)).toHaveLength(1);
  });

  test('a connection dropped half-way keeps what was shown; retry streams again and replies once', async ({
    page,
    request,
  }) => {
    await fault(request, { spec: 'stream-cut=5', match: '/streamMessage' });
    await ask(page, 'Tell me about certificates');
    const retry = page.locator('flowbot-chat [part~="retry-button"]');
    await expect(retry).toBeVisible();
    // What had arrived stays on screen.
    await expect(page.locator('flowbot-chat .streaming')).toHaveCount(1);
    await expect(page.locator('flowbot-chat .streaming')).not.toBeEmpty();
    expect((await bodies(request)).bodies).toHaveLength(1);
    await expect.poll(async () => (await bodies(request)).logs.map((log) => log.context)).toContain('stream');

    await retry.click();
    await expect(helped(page)).toBeVisible();
    await expect(bot(page).filter({ hasText: /issued/i })).toHaveCount(1);
    await expect(page.locator('flowbot-chat .streaming')).toHaveCount(0);
    const session = await bodies(request);
    expect(session.bodies).toHaveLength(2);
    expect((session.bodies[1]!.message as { text: string }).text).toMatch(/certificate/i);
  });

  test('an error part ends the answer with a retry; nothing is sent until it succeeds', async ({ page, request }) => {
    await fault(request, { spec: 'stream-error=3', match: '/streamMessage' });
    await ask(page, 'Is there a mobile app?');
    await expect(page.locator('flowbot-chat [part~="error"]')).toBeVisible();
    expect((await bodies(request)).bodies).toHaveLength(1);
    await page.locator('flowbot-chat [part~="retry-button"]').click();
    await expect(helped(page)).toBeVisible();
    expect((await bodies(request)).bodies).toHaveLength(2);
  });

  test('a 503 before the first piece is retried once by itself', async ({ page, request }) => {
    await fault(request, { spec: 'status=503', match: '/streamMessage' });
    await ask(page, 'When are the live classes?');
    await expect(helped(page)).toBeVisible({ timeout: 10_000 });
    await expect(page.locator('flowbot-chat [part~="error"]')).toHaveCount(0);
    expect((await bodies(request)).bodies).toHaveLength(2);
  });

  test('a stalled answer can be stopped: what was shown is the reply', async ({ page, request }) => {
    await fault(request, { spec: 'stream-stall=4', match: '/streamMessage' });
    await ask(page, 'How long is a course?');
    const stop = page.locator('flowbot-chat [part~="stop-button"]');
    await expect(stop).toBeVisible();
    // The answer's text (the agent's tool calls come first, above it).
    await expect(page.locator('flowbot-chat .streaming .fb-content')).not.toBeEmpty();
    // Read and stop in one task: pieces may still arrive until the stall, and the reply is what
    // was shown when the visitor stopped, not when the test first looked.
    const shown = await page.evaluate(() => {
      const root = document.querySelector('flowbot-chat')!.shadowRoot!;
      const text = root.querySelector('.streaming .fb-content')!.textContent!.trim();
      root.querySelector<HTMLButtonElement>('[part~="stop-button"]')!.click();
      return text;
    });
    await expect(helped(page)).toBeVisible();
    const session = await bodies(request);
    expect(session.bodies).toHaveLength(2);
    const text = (session.bodies[1]!.message as { text: string }).text;
    expect(text.length).toBeGreaterThan(0);
    expect(shown.replace(/\s+/g, ' ')).toContain(text.replace(/[*_`]/g, '').trim().slice(0, 10));
  });
});
