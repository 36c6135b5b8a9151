/**
 * A session the viewer forgot (its idle expiry, a restart): the built script-tag file on a plain
 * page, the reference server on another origin, told to forget the session through the test hook.
 * The conversation must end as expired, with its transcript, the visitor's words and one way out.
 */
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';

const inner = (page: Page, part: string) => page.locator(`flowbot-chat [part~="${part}"]`);
const field = (page: Page) => inner(page, 'input');

/** Counts the viewer calls the page makes, and keeps the widget's events of every load. */
async function watch(page: Page) {
  const calls = { start: 0, continue: 0, stream: 0 };
  page.on('request', (request) => {
    if (request.url().includes('/startChat')) calls.start++;
    if (request.url().includes('/continueChat')) calls.continue++;
    if (request.url().includes('/streamMessage')) calls.stream++;
  });
  await page.addInitScript(() => {
    const w = window as unknown as { seen: unknown[] };
    w.seen = [];
    for (const type of ['flowbot-start', 'flowbot-error'])
      document.addEventListener(type, (event) => w.seen.push({ type, ...(event as CustomEvent).detail }));
  });
  return calls;
}

const seen = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { seen: Array<Record<string, unknown>> }).seen.map(({ error: _, ...rest }) => rest),
  );

async function forget(request: APIRequestContext): Promise<void> {
  const response = await request.post('/__api/forget', { data: {} });
  expect(response.ok()).toBe(true);
}

async function expectExpired(page: Page): Promise<void> {
  await expect(inner(page, 'expired')).toContainText('This conversation has expired.');
  await expect(inner(page, 'start-again-button')).toHaveText('Start again');
  await expect(inner(page, 'divider')).toBeVisible();
  // Read-only: no field, no Retry; the transcript stays above.
  await expect(field(page)).toHaveCount(0);
  await expect(inner(page, 'retry-button')).toHaveCount(0);
  await expect(inner(page, 'user-message').filter({ hasText: 'Billing' })).toBeVisible();
  await expect(inner(page, 'bot-message').filter({ hasText: 'Leave your e-mail' })).toBeVisible();
}

test.beforeEach(async ({ request }) => {
  await request.post('/__api/reset');
});

for (const persist of [false, true]) {
  test(`a forgotten session ends as expired, and Start again carries the words on (persist: ${persist})`, async ({
    page,
    request,
  }) => {
    const calls = await watch(page);
    await page.goto(persist ? '/persist.html' : '/inline.html');
    await inner(page, 'choice').filter({ hasText: 'Billing' }).click();
    await expect(inner(page, 'bot-message').filter({ hasText: 'Leave your e-mail' })).toBeVisible();
    const [first] = await seen(page);
    await forget(request);
    if (persist) {
      await page.reload();
      await expect(inner(page, 'user-message')).toHaveText(['Billing']);
    }
    await field(page).fill('ada@example.com');
    await field(page).press('Enter');
    await expectExpired(page);
    expect(calls.continue).toBe(2);
    const events = await seen(page);
    expect(events.filter((e) => e.type === 'flowbot-error')).toEqual([
      { type: 'flowbot-error', action: 'send', code: 'session-expired' },
    ]);
    // No request goes again to the dead session, by itself or after a while.
    await page.waitForTimeout(1500);
    expect(calls.continue).toBe(2);
    if (persist) {
      // A reload knows it at once: the same notice, no request.
      await page.reload();
      await expectExpired(page);
      await page.waitForTimeout(500);
      expect(calls.continue).toBe(2);
      expect(calls.start).toBe(1);
    }
    await inner(page, 'start-again-button').click();
    await expect(inner(page, 'choice').first()).toBeVisible();
    expect(calls.start).toBe(2);
    const start = (await seen(page)).filter((e) => e.type === 'flowbot-start').at(-1);
    expect(start).toMatchObject({ restored: false, expiredSessionId: first!.sessionId });
    // The typed words wait in the new conversation's first text field; nothing was sent by itself.
    await inner(page, 'choice').filter({ hasText: 'Billing' }).click();
    await expect(field(page)).toHaveValue('ada@example.com');
    expect(calls.continue).toBe(3);
    await field(page).press('Enter');
    await expect(inner(page, 'bot-message').last()).toContainText('ada@example.com');
  });
}

test('the expired notice is an alert, said once, and its Start again a plain button beside it', async ({
  page,
  request,
}) => {
  await page.goto('/inline.html');
  await inner(page, 'choice').filter({ hasText: 'Billing' }).click();
  await expect(inner(page, 'bot-message').filter({ hasText: 'Leave your e-mail' })).toBeVisible();
  const widget = page.locator('flowbot-chat');
  await expect(widget.getByRole('alert')).toHaveCount(0);
  await forget(request);
  await field(page).fill('ada@example.com');
  await field(page).press('Enter');
  await expectExpired(page);
  // What a screen reader announces at once: the notice's words, alone (not the button's).
  const alert = widget.getByRole('alert');
  await expect(alert).toHaveCount(1);
  await expect(alert).toHaveText('This conversation has expired.');
  await expect(inner(page, 'expired')).toMatchAriaSnapshot(`
    - alert: This conversation has expired.
    - button "Start again"
  `);
  // Said once: the alert is not drawn again as the widget renders on (a new alert would be said again).
  await alert.evaluate((node) => ((node as HTMLElement & { said?: boolean }).said = true));
  await inner(page, 'start-again-button').focus();
  await widget.evaluate((el) => (el as HTMLElementTagNameMap['flowbot-chat']).requestUpdate());
  await page.setViewportSize({ width: 390, height: 700 });
  await page.waitForTimeout(300);
  await expect(alert).toHaveCount(1);
  expect(await alert.evaluate((node) => (node as HTMLElement & { said?: boolean }).said)).toBe(true);
});

test('a viewer that answers 404 forever costs one request per visitor action', async ({ page, request }) => {
  const calls = await watch(page);
  await page.goto('/inline.html');
  await request.post('/__api/faults', { data: { spec: 'status=404', match: '/continueChat', times: 50 } });
  await inner(page, 'choice').filter({ hasText: 'Billing' }).click();
  await expect(inner(page, 'expired')).toBeVisible();
  await page.waitForTimeout(1500);
  expect(calls.continue).toBe(1);
  await inner(page, 'start-again-button').click();
  await inner(page, 'choice').filter({ hasText: 'Billing' }).click();
  await expect(inner(page, 'expired')).toBeVisible();
  await page.waitForTimeout(1000);
  expect(calls).toMatchObject({ start: 2, continue: 2 });
});

test('a streamed answer cut half-way stays, marked as interrupted; Try again streams it anew', async ({
  page,
  request,
}) => {
  const calls = await watch(page);
  await request.post('/__api/faults', { data: { spec: 'stream-cut=5', match: '/streamMessage' } });
  await page.goto('/assistant.html');
  await field(page).fill('Tell me about certificates');
  await field(page).press('Enter');
  const again = inner(page, 'retry-button');
  await expect(again).toHaveText('Try again');
  await expect(page.locator('flowbot-chat .interrupted')).toContainText('The answer was interrupted.');
  await expect(page.locator('flowbot-chat .interrupted .streaming')).not.toBeEmpty();
  // The partial answer is never sent back as the reply.
  expect(calls.continue).toBe(1);
  await again.click();
  await expect(inner(page, 'bot-message').filter({ hasText: 'Did that answer your question?' })).toBeVisible();
  await expect(page.locator('flowbot-chat .interrupted')).toHaveCount(0);
  expect(calls).toMatchObject({ stream: 2, continue: 2 });
});
