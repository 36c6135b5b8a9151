/**
 * The viewer goes away and comes back: the built script-tag file on a plain page (one origin), the
 * reference server on another origin, run by the test itself so it can stop listening (connections
 * refused) and listen again on the same port. The visitor is told the chat cannot be reached, with
 * no Retry; what was being sent goes by itself once the viewer answers again, exactly once (counted
 * on the server); a viewer that restarted and forgot the session ends the conversation as expired.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { test, expect, type Page } from '@playwright/test';
import { createReferenceApp } from '../../src/server/index.js';

const inner = (page: Page, part: string) => page.locator(`flowbot-chat [part~="${part}"]`);
const field = (page: Page) => inner(page, 'input');
const question = (page: Page, text: string) => inner(page, 'bot-message').filter({ hasText: text });
const THANKS = 'Thanks! Ticket opened about "Billing". We will write to ada@example.com.';
const UNREACHABLE = 'The chat cannot be reached. It goes on by itself once it can.';

/** A reference server that can stop and listen again on its port, keeping its sessions unless `fresh`. */
class Viewer {
  #reference = createReferenceApp({ rateLimit: false, faults: true });
  #server: Server | undefined;
  port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The answers it accepted, over every session. */
  get answers(): string[] {
    const { stats } = this.#reference.state;
    return stats.startedSessionIds.flatMap((id) => stats.answersOf(id));
  }

  get sessionsStarted(): number {
    return this.#reference.state.stats.sessionsStarted;
  }

  /** Listens (again); `fresh`: as a viewer that restarted, every session forgotten. */
  async start({ fresh = false } = {}): Promise<void> {
    if (fresh) this.#reference = createReferenceApp({ rateLimit: false, faults: true });
    const listener = getRequestListener(this.#reference.app.fetch);
    // A connection per request: the browser itself sends a request again, once, when a reused
    // connection closes without an answer, which would hide what the widget does with a lost response.
    const server = createServer((req, res) => {
      res.shouldKeepAlive = false;
      void listener(req, res);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.#reference.state.publicUrl = this.url;
    this.#server = server;
  }

  /** Stops listening and ends every open connection: the next requests are refused. */
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  /** The next continueChat is handled, then its connection closed before the response: a lost response. */
  loseNextResponse(): void {
    this.#reference.state.faults.next('drop-after', { match: '/continueChat' });
  }
}

let viewer: Viewer;

test.beforeEach(async () => {
  viewer = new Viewer();
  await viewer.start();
});
test.afterEach(async () => {
  await viewer.stop();
});

/** The page, on the viewer of this test. */
const open = (page: Page) => page.goto(`/outage.html?api=${encodeURIComponent(viewer.url)}`);

/** Up to the e-mail question, then the e-mail sent while the viewer is down: the visitor is told it cannot be reached. */
async function answerWhileDown(page: Page): Promise<void> {
  await open(page);
  await inner(page, 'choice').filter({ hasText: 'Billing' }).click();
  await expect(question(page, 'Leave your e-mail')).toBeVisible();
  await viewer.stop();
  await field(page).fill('ada@example.com');
  await field(page).press('Enter');
  await expect(inner(page, 'error')).toContainText(UNREACHABLE);
}

/** Every continueChat request the page starts, with its body. */
function watchContinues(page: Page): string[] {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/continueChat')) bodies.push(request.postData() ?? '');
  });
  return bodies;
}

test('an answer written while the viewer is down goes by itself, once, when it is back', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  const continues = watchContinues(page);
  await answerWhileDown(page);
  // Told so, with no Retry: the answer stays in its bubble ("Not sent") and in the field.
  await expect(inner(page, 'retry-button')).toHaveCount(0);
  await expect(inner(page, 'user-message').last().locator('..')).toContainText('Not sent');
  await expect(field(page)).toHaveValue('ada@example.com');
  // It keeps trying (1 s, then 2 s…) while the viewer is away: the same alert, never put in again
  // (a screen reader says it once, not at every try).
  await inner(page, 'error').evaluate((alert) => alert.setAttribute('data-first', ''));
  await page.waitForTimeout(2_500);
  await expect(inner(page, 'error')).toContainText(UNREACHABLE);
  await expect(inner(page, 'error')).toHaveAttribute('role', 'alert');
  await expect(inner(page, 'error')).toHaveAttribute('data-first', '');
  expect(viewer.answers).toEqual(['Billing']);

  await viewer.start();
  await expect(question(page, THANKS)).toBeVisible({ timeout: 15_000 });
  await expect(inner(page, 'error')).toHaveCount(0);
  await expect(inner(page, 'user-message').last().locator('..')).not.toContainText('Not sent');
  expect(viewer.answers).toEqual(['Billing', 'ada@example.com']);
  // The answer left the page once after the viewer came back (before it, the tries were refused).
  expect(continues.filter((body) => body.includes('ada@example.com')).length).toBeGreaterThanOrEqual(1);
  await page.waitForTimeout(1_500);
  expect(viewer.answers).toEqual(['Billing', 'ada@example.com']);
  expect(problems).toEqual([]);
});

test('a start while the viewer is down says so and starts by itself when it is back', async ({ page }) => {
  await viewer.stop();
  await open(page);
  await expect(inner(page, 'error')).toContainText(UNREACHABLE);
  await expect(inner(page, 'retry-button')).toHaveCount(0);
  await viewer.start();
  await expect(inner(page, 'choice').filter({ hasText: 'Billing' })).toBeVisible({ timeout: 15_000 });
  await expect(inner(page, 'error')).toHaveCount(0);
  expect(viewer.sessionsStarted).toBe(1);
});

test('back online, the answer goes at once', async ({ page }) => {
  await answerWhileDown(page);
  // Let the tries grow apart (1 s, 2 s, 4 s): the next one is seconds away.
  await page.waitForTimeout(3_500);
  await viewer.start();
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(question(page, THANKS)).toBeVisible({ timeout: 2_000 });
  expect(viewer.answers).toEqual(['Billing', 'ada@example.com']);
});

test('an answer whose response was lost on its way back is not given to the bot twice', async ({ page }) => {
  const continues = watchContinues(page);
  await open(page);
  await expect(inner(page, 'choice').filter({ hasText: 'Billing' })).toBeVisible();
  // The viewer takes "Billing", then the connection closes before its response.
  viewer.loseNextResponse();
  await inner(page, 'choice').filter({ hasText: 'Billing' }).click();
  // The widget asks where the conversation stands, learns the viewer has the answer, and goes on.
  await expect(field(page)).toBeVisible({ timeout: 10_000 });
  await expect(inner(page, 'error')).toHaveCount(0);
  await page.waitForTimeout(1_500);
  expect(viewer.answers).toEqual(['Billing']);
  expect(continues.filter((body) => body.includes('Billing'))).toHaveLength(1);
  // The conversation goes on as usual.
  await field(page).fill('ada@example.com');
  await field(page).press('Enter');
  await expect(question(page, THANKS)).toBeVisible();
  expect(viewer.answers).toEqual(['Billing', 'ada@example.com']);
});

test('a viewer that restarted and forgot the session: the conversation ends as expired, the answer not sent', async ({
  page,
}) => {
  await answerWhileDown(page);
  await viewer.start({ fresh: true });
  await expect(inner(page, 'expired')).toContainText('This conversation has expired.', { timeout: 15_000 });
  await expect(inner(page, 'error')).toHaveCount(0);
  expect(viewer.answers).toEqual([]);
  // Start again: a new conversation, the words carried into its first text field (never sent by themselves).
  await inner(page, 'start-again-button').click();
  await expect(inner(page, 'choice').filter({ hasText: 'Billing' })).toBeVisible();
  expect(viewer.sessionsStarted).toBe(1);
});
