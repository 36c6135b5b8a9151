/**
 * An answer written while the browser is offline never leaves it: it stays "not sent", is kept
 * with the conversation (`persist`), and goes exactly once when the browser is back online, even
 * after a reload. An answer whose response was lost (it may have reached the viewer) keeps the
 * manual Retry. The built script-tag file on one origin, the reference server on another.
 */
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';

const inner = (page: Page, part: string) => page.locator(`flowbot-chat [part~="${part}"]`);
const field = (page: Page) => inner(page, 'input');
const question = (page: Page, text: string) => inner(page, 'bot-message').filter({ hasText: text });
const THANKS = 'Thanks! Ticket opened about "Billing". We will write to ada@example.com.';

/** Counts the answers that leave the page (a request started, whatever became of it). */
function countSends(page: Page): { continue: number } {
  const calls = { continue: 0 };
  page.on('request', (request) => {
    if (request.url().includes('/continueChat')) calls.continue++;
  });
  return calls;
}

async function accepted(request: APIRequestContext): Promise<string[]> {
  const { sessions } = (await (await request.get('/__api/stats')).json()) as { sessions: { answers: string[] }[] };
  return sessions.flatMap((session) => session.answers);
}

/**
 * The page believes it is offline while the network is there (so the reload can load the page
 * and the widget's files): `navigator.onLine` says false and "online" events do not reach the
 * page until `goOnline`. Set for every load of the tab through sessionStorage.
 */
async function pretendOffline(page: Page): Promise<void> {
  const install = (): void => {
    if (sessionStorage.getItem('pretend-offline') !== '1') return;
    Object.defineProperty(navigator, 'onLine', {
      configurable: true,
      get: () => sessionStorage.getItem('pretend-offline') !== '1',
    });
    window.addEventListener(
      'online',
      (event) => sessionStorage.getItem('pretend-offline') === '1' && event.stopImmediatePropagation(),
      true,
    );
  };
  await page.addInitScript(install);
  await page.evaluate((source) => {
    sessionStorage.setItem('pretend-offline', '1');
    new Function(`(${source})()`)();
  }, install.toString());
}

async function goOnline(page: Page): Promise<void> {
  await page.evaluate(() => {
    sessionStorage.removeItem('pretend-offline');
    window.dispatchEvent(new Event('online'));
  });
}

test.beforeEach(async ({ request }) => {
  await request.post('/__api/reset');
});

test('an answer written offline survives a reload and goes once, when the browser is back online', async ({
  page,
  context,
  request,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  const calls = countSends(page);
  await page.goto('/persist.html');
  await inner(page, 'choice').filter({ hasText: 'Billing' }).click();
  await expect(question(page, 'Leave your e-mail')).toBeVisible();
  expect(calls.continue).toBe(1);

  // Really offline: the answer stays on the page, not sent, and no request leaves.
  await context.setOffline(true);
  await field(page).fill('ada@example.com');
  await field(page).press('Enter');
  await expect(inner(page, 'error')).toContainText('You are offline');
  await expect(inner(page, 'user-message').last()).toHaveText('ada@example.com');
  await expect(inner(page, 'user-message').last().locator('..')).toContainText('Not sent');
  expect(calls.continue).toBe(1);

  // Reloaded while (the page believes) still offline: the answer comes back, still not sent.
  await pretendOffline(page);
  await context.setOffline(false);
  await page.reload();
  await expect(inner(page, 'user-message')).toHaveText(['Billing', 'ada@example.com']);
  await expect(inner(page, 'user-message').last().locator('..')).toContainText('Not sent');
  await expect(inner(page, 'error')).toContainText('You are offline');
  await expect(field(page)).toHaveValue('ada@example.com');
  await page.waitForTimeout(500);
  expect(calls.continue).toBe(1);
  expect(await accepted(request)).toEqual(['Billing']);

  // Back online: it goes by itself, once.
  await goOnline(page);
  await expect(question(page, THANKS)).toBeVisible();
  await expect(inner(page, 'error')).toHaveCount(0);
  expect(calls.continue).toBe(2);
  expect(await accepted(request)).toEqual(['Billing', 'ada@example.com']);

  // Another "online", and another reload, send nothing again.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.reload();
  await expect(question(page, THANKS)).toBeVisible();
  await page.waitForTimeout(500);
  expect(calls.continue).toBe(2);
  await expect(inner(page, 'user-message')).toHaveText(['Billing', 'ada@example.com']);
  expect(problems).toEqual([]);
});

test('an answer written offline is sent on the reload itself when the browser is online by then', async ({
  page,
  context,
  request,
}) => {
  const calls = countSends(page);
  await page.goto('/persist.html');
  await inner(page, 'choice').filter({ hasText: 'Billing' }).click();
  await expect(question(page, 'Leave your e-mail')).toBeVisible();
  await context.setOffline(true);
  await field(page).fill('ada@example.com');
  await field(page).press('Enter');
  await expect(inner(page, 'error')).toContainText('You are offline');
  // Online again, and the page reloaded before it heard so.
  await pretendOffline(page);
  await context.setOffline(false);
  await page.evaluate(() => sessionStorage.removeItem('pretend-offline'));
  await page.reload();
  await expect(question(page, THANKS)).toBeVisible();
  expect(calls.continue).toBe(2);
  expect(await accepted(request)).toEqual(['Billing', 'ada@example.com']);
});

test('an answer whose response never came keeps its manual Retry: going online sends nothing by itself', async ({
  page,
  request,
}) => {
  const calls = countSends(page);
  await page.clock.install();
  await page.goto('/persist.html');
  await inner(page, 'choice').filter({ hasText: 'Billing' }).click();
  await expect(question(page, 'Leave your e-mail')).toBeVisible();
  // The request left and no response comes (it may have reached the viewer): the widget gives up
  // after its 15 s timeout. A resend by itself could give the bot the answer twice.
  await request.post('/__api/faults', { data: { spec: 'hang', match: '/continueChat', times: 1 } });
  const hung = page.waitForRequest((r) => r.url().includes('/continueChat'));
  await field(page).fill('ada@example.com');
  await field(page).press('Enter');
  await hung;
  await expect
    .poll(async () => ((await (await request.get('/__api/stats')).json()) as { faultsPending: number }).faultsPending)
    .toBe(0);
  await page.clock.fastForward(16_000);
  await expect(inner(page, 'retry-button')).toBeVisible();
  expect(calls.continue).toBe(2);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.clock.fastForward(2_000);
  await page.waitForTimeout(300);
  expect(calls.continue).toBe(2);
  await expect(inner(page, 'retry-button')).toBeVisible();
  // The visitor decides: Retry sends it.
  await inner(page, 'retry-button').click();
  await expect(question(page, THANKS)).toBeVisible();
  expect(calls.continue).toBe(3);
});
