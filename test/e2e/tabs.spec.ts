/**
 * persist="local" in several tabs: two pages of one browser context (one site's storage), the
 * built script-tag file on one origin, the reference server on another. Every tab shows the one
 * conversation, live; the server sees each turn answered once.
 */
import { test, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { resetSite } from '../support/site-hooks.js';

interface Stats {
  sessionsStarted: number;
  continueCount: number;
  streamsServed: number;
  sessions: { id: string; answers: string[]; bodies: unknown[] }[];
}

/** A row of the transcript as it appeared in a page, and when (ms since the epoch). */
interface Row {
  text: string;
  user: boolean;
  streaming: boolean;
  at: number;
}

const stats = async (request: APIRequestContext): Promise<Stats> => (await request.get('/__api/stats')).json();

const bot = (page: Page) => page.locator('flowbot-chat [part~="bot-message"]');
const user = (page: Page) => page.locator('flowbot-chat [part~="user-message"]');
const field = (page: Page) => page.locator('flowbot-chat .composer [part~="input"]');
const choice = (page: Page, label: string) => page.locator('flowbot-chat [part~="choice"]').filter({ hasText: label });
const typing = (page: Page) => page.locator('flowbot-chat [part~="typing"]');

/** What a tab made of the viewer: its calls, and the page's errors. */
interface Tab {
  page: Page;
  calls: string[];
  problems: string[];
  rows: () => Promise<Row[]>;
}

/**
 * Records, in every page of the context, each message row as it appears in the widget (through a
 * MutationObserver, so the time is the time it was added to the page), and each write of the
 * conversation's record, with its time.
 */
async function recordRows(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { rows: Row[]; writes: { at: number; value: string }[] };
    w.rows = [];
    w.writes = [];
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key.startsWith('flowbot-chat:')) w.writes.push({ at: Date.now(), value });
      setItem.call(this, key, value);
    };
    const seen = new WeakSet<Element>();
    const scan = (root: ShadowRoot) => {
      for (const el of root.querySelectorAll('[part~="user-message"], [part~="bot-message"]')) {
        if (seen.has(el)) continue;
        seen.add(el);
        w.rows.push({
          text: (el.textContent ?? '').replace(/\s+/g, ' ').trim(),
          user: el.matches('[part~="user-message"]'),
          streaming: el.classList.contains('streaming'),
          at: Date.now(),
        });
      }
    };
    const watch = () => {
      const root = document.querySelector('flowbot-chat')?.shadowRoot;
      if (!root) {
        setTimeout(watch, 5);
        return;
      }
      new MutationObserver(() => scan(root)).observe(root, { subtree: true, childList: true, characterData: true });
      scan(root);
    };
    watch();
  });
}

async function openTab(context: BrowserContext, path: string): Promise<Tab> {
  const page = await context.newPage();
  const calls: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    const match = /\/(startChat|continueChat|streamMessage)$/.exec(new URL(request.url()).pathname);
    if (match) calls.push(match[1]!);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) problems.push(msg.text());
  });
  await page.goto(path);
  const rows = () => page.evaluate(() => (window as unknown as { rows: Row[] }).rows);
  return { page, calls, problems, rows };
}

/** When `tab` first wrote the record with `text` in it. */
async function written(tab: Tab, text: string): Promise<number> {
  const writes = await tab.page.evaluate(
    () => (window as unknown as { writes: { at: number; value: string }[] }).writes,
  );
  const write = writes.find((w) => w.value.includes(text));
  expect(write, `a write of "${text}" in ${tab.page.url()}`).toBeDefined();
  return write!.at;
}

/** When the first row with `text` appeared in `tab` (the visitor's bubble when `user`). */
async function appeared(tab: Tab, text: string, isUser: boolean): Promise<number> {
  const row = (await tab.rows()).find((r) => r.text.startsWith(text) && r.user === isUser);
  expect(row, `"${text}" in ${tab.page.url()}`).toBeDefined();
  return row!.at;
}

/**
 * Lets a test keep a page from hearing the other tabs for a while (as if their news were late):
 * a `storage` listener added before the widget's, which stops the event while `window.deaf` is on.
 */
async function allowDeafness(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    addEventListener(
      'storage',
      (event) => {
        if ((window as unknown as { deaf?: boolean }).deaf) event.stopImmediatePropagation();
      },
      true,
    );
  });
}

const setDeaf = (page: Page, deaf: boolean) =>
  page.evaluate((on) => ((window as unknown as { deaf?: boolean }).deaf = on), deaf);

test.beforeEach(resetSite);

test.describe('persist="local" in two tabs', () => {
  test('an answer in one tab shows in the other at once, without a request of its own; either tab goes on', async ({
    context,
    request,
  }) => {
    await recordRows(context);
    const a = await openTab(context, '/tabs.html');
    await expect(choice(a.page, 'Billing')).toBeVisible();
    const b = await openTab(context, '/tabs.html');
    await expect(choice(b.page, 'Billing')).toBeVisible();
    expect(b.calls).toEqual([]);

    await choice(a.page, 'Billing').click();
    await expect(bot(a.page).last()).toHaveText('Leave your e-mail and we will follow up.');
    // The other tab shows the answer and the reply without a reload.
    await expect(user(b.page)).toHaveText(['Billing']);
    await expect(bot(b.page).last()).toHaveText('Leave your e-mail and we will follow up.');
    await expect(field(b.page)).toBeVisible();
    expect(b.calls).toEqual([]);
    // From the moment tab A wrote it down to the moment tab B had it on the page.
    const answerDelay = (await appeared(b, 'Billing', true)) - (await written(a, '"text":"Billing"'));
    const replyDelay = (await appeared(b, 'Leave your e-mail', false)) - (await written(a, 'Leave your e-mail'));
    console.log(`tab B showed the answer ${answerDelay} ms and the reply ${replyDelay} ms after tab A wrote them`);
    expect(answerDelay).toBeLessThan(1000);
    expect(replyDelay).toBeLessThan(1000);
    // Each row once: the other tab's transcript was appended to, never drawn again.
    expect((await b.rows()).map((r) => r.text)).toEqual([
      "Hi! I'm the Acme support bot.",
      'What do you need help with?',
      'Billing',
      'Invoices are in Settings > Billing. You can download each one as a PDF.',
      'Leave your e-mail and we will follow up.',
    ]);

    // The conversation goes on from the other tab, and the first follows.
    await field(b.page).fill('ada@example.com');
    await field(b.page).press('Enter');
    const closing = 'Thanks! Ticket opened about "Billing". We will write to ada@example.com.';
    await expect(bot(b.page).last()).toHaveText(closing);
    await expect(bot(a.page).last()).toHaveText(closing);
    await expect(user(a.page)).toHaveText(['Billing', 'ada@example.com']);
    expect(a.calls).toEqual(['startChat', 'continueChat']);
    expect(b.calls).toEqual(['continueChat']);
    const { sessionsStarted, sessions } = await stats(request);
    expect(sessionsStarted).toBe(1);
    expect(sessions[0]!.answers).toEqual(['Billing', 'ada@example.com']);
    expect([...a.problems, ...b.problems]).toEqual([]);
  });

  test('a tab that is behind never sends a stale answer: one continueChat per turn', async ({ context, request }) => {
    await allowDeafness(context);
    const a = await openTab(context, '/tabs.html?bot=long');
    await expect(bot(a.page).last()).toHaveText('Question 1 of 50');
    const b = await openTab(context, '/tabs.html?bot=long');
    await expect(field(b.page)).toBeVisible();

    // Tab B has not heard yet that the visitor answered in tab A.
    await setDeaf(b.page, true);
    await field(a.page).fill('Ada');
    await field(a.page).press('Enter');
    await expect(bot(a.page).last()).toHaveText('Question 2 of 50');
    await expect(bot(b.page).last()).toHaveText('Question 1 of 50');
    // The visitor answers the question tab B still shows.
    await field(b.page).fill('Grace');
    await field(b.page).press('Enter');
    // Tab B sends nothing: it catches up, says its answer was not sent, and keeps it in the field.
    await expect(bot(b.page).last()).toHaveText('Question 2 of 50');
    await expect(user(b.page)).toHaveText(['Ada', 'Grace']);
    await expect(b.page.locator('flowbot-chat .row.user.failed')).toContainText('Grace');
    await expect(b.page.locator('flowbot-chat .row.user.failed .note')).toHaveText('Not sent');
    await expect(field(b.page)).toHaveValue('Grace');
    expect(b.calls).toEqual([]);
    let { continueCount, sessions } = await stats(request);
    expect(continueCount).toBe(1);
    expect(sessions[0]!.answers).toEqual(['Ada']);

    // Sent again, it answers the question now shown, and tab A follows.
    await setDeaf(b.page, false);
    await field(b.page).press('Enter');
    await expect(bot(b.page).last()).toHaveText('Question 3 of 50');
    await expect(bot(a.page).last()).toHaveText('Question 3 of 50');
    await expect(user(a.page)).toHaveText(['Ada', 'Grace']);
    await expect(b.page.locator('flowbot-chat .row.user.failed')).toHaveCount(0);

    // Both tabs at the very same moment (no visitor is that quick): each turn is answered once,
    // and only from a tab that showed that turn's question when it sent.
    const shownWhenSent = new Map<string, string>();
    let asked = 3;
    for (let round = 1; round <= 8; round++) {
      const sent = await Promise.all(
        [a, b].map((tab) =>
          tab.page.evaluate(
            (answer) => {
              const el = document.querySelector('flowbot-chat') as HTMLElement & { send(text: string): boolean };
              const shown = [...el.shadowRoot!.querySelectorAll('[part~="bot-message"]')].at(-1)?.textContent ?? '';
              return { answer, shown: shown.trim(), accepted: el.send(answer) };
            },
            `${tab === a ? 'A' : 'B'} ${round}`,
          ),
        ),
      );
      for (const { answer, shown } of sent) shownWhenSent.set(answer, shown);
      expect(
        sent.some(({ accepted }) => accepted),
        `round ${round}: one tab takes the answer`,
      ).toBe(true);
      // Both tabs settle on a later question than the round began with, nothing in flight. (Waiting
      // for a later one, not just the same one in both, keeps the next round from starting while
      // this round's answer is still on its way, before its typing mark shows.)
      await expect
        .poll(async () => {
          const last = await Promise.all([a, b].map((tab) => bot(tab.page).last().textContent()));
          const busy = (await typing(a.page).count()) + (await typing(b.page).count());
          const shown = Number(/^Question (\d+) of 50$/.exec(last[0]?.trim() ?? '')?.[1] ?? 0);
          return busy === 0 && last[0] === last[1] && shown > asked ? shown : 0;
        })
        .toBeGreaterThan(asked);
      asked = Number(/\d+/.exec((await bot(a.page).last().textContent()) ?? '')![0]);
    }
    ({ continueCount, sessions } = await stats(request));
    const answers = sessions[0]!.answers;
    expect(continueCount).toBe(answers.length);
    // The server's n-th answer answered question n: the tab that sent it showed that question.
    answers.forEach((answer, i) => {
      if (shownWhenSent.has(answer)) expect(shownWhenSent.get(answer), answer).toBe(`Question ${i + 1} of 50`);
    });
    expect(answers.length).toBeGreaterThanOrEqual(2 + 8);
    console.log(`answers the server took: ${JSON.stringify(answers)}`);
    expect(
      await a.page.locator('flowbot-chat .row.user:not(.failed) [part~="user-message"]').allTextContents(),
    ).toEqual(answers);
    expect([...a.problems, ...b.problems]).toEqual([]);
  });

  test('while a call is in flight in one tab, the other shows it and does not send', async ({ context, request }) => {
    const a = await openTab(context, '/tabs.html?bot=long');
    await expect(bot(a.page).last()).toHaveText('Question 1 of 50');
    const b = await openTab(context, '/tabs.html?bot=long');
    await expect(field(b.page)).toBeVisible();
    await request.post('/__api/faults', { data: { spec: 'delay=1500', match: '/continueChat' } });

    await field(a.page).fill('Ada');
    await field(a.page).press('Enter');
    await expect(user(b.page)).toHaveText(['Ada']);
    await expect(typing(b.page)).toBeVisible();
    // A busy field takes no answer (it stays focusable).
    await expect(field(b.page)).toHaveAttribute('readonly', '');
    expect(
      await b.page
        .locator('flowbot-chat')
        .evaluate((el: HTMLElement & { send(t: string): boolean }) => el.send('Grace')),
    ).toBe(false);

    await expect(bot(b.page).last()).toHaveText('Question 2 of 50');
    await expect(typing(b.page)).toHaveCount(0);
    await expect(field(b.page)).not.toHaveAttribute('readonly');
    const { continueCount, sessions } = await stats(request);
    expect(continueCount).toBe(1);
    expect(sessions[0]!.answers).toEqual(['Ada']);
    expect(b.calls).toEqual([]);
  });

  test('a streamed answer streams in one tab and arrives whole in the other', async ({ context, request }) => {
    await recordRows(context);
    const a = await openTab(context, '/tabs.html?bot=assistant');
    await expect(field(a.page)).toBeVisible();
    const b = await openTab(context, '/tabs.html?bot=assistant');
    await expect(field(b.page)).toBeVisible();

    await field(a.page).fill('How do refunds work?');
    await field(a.page).press('Enter');
    await expect(user(b.page)).toHaveText(['How do refunds work?']);
    await expect(typing(b.page)).toBeVisible();
    const helped = 'Did that answer your question?';
    await expect(bot(a.page).last()).toHaveText(helped, { timeout: 15_000 });
    await expect(bot(b.page).last()).toHaveText(helped);
    const answerIn = async (tab: Tab) => (await bot(tab.page).allTextContents()).at(-2)!.replace(/\s+/g, ' ').trim();
    expect(await answerIn(b)).toBe(await answerIn(a));
    expect(await answerIn(b)).toContain('14 days');
    // It grew in tab A; tab B never had a growing bubble, only the whole answer.
    expect((await a.rows()).some((r) => r.streaming)).toBe(true);
    expect((await b.rows()).some((r) => r.streaming)).toBe(false);
    expect(b.calls).toEqual([]);
    // Announced once, in the tab that streamed it.
    const announced = (tab: Tab) =>
      tab.page.evaluate(() => (window as unknown as { flowbotMessages: unknown[] }).flowbotMessages.length);
    expect(await announced(b)).toBe(0);
    const { streamsServed, sessions } = await stats(request);
    expect(streamsServed).toBe(1);
    expect(sessions[0]!.bodies).toHaveLength(2);
  });

  test('a restart in one tab restarts the other', async ({ context, request }) => {
    const a = await openTab(context, '/tabs.html');
    await expect(choice(a.page, 'Billing')).toBeVisible();
    const b = await openTab(context, '/tabs.html');
    await choice(a.page, 'Billing').click();
    await field(a.page).fill('ada@example.com');
    await field(a.page).press('Enter');
    await expect(b.page.locator('flowbot-chat [part~="restart-button"]')).toBeVisible();

    await b.page.locator('flowbot-chat [part~="restart-button"]').click();
    await expect(choice(b.page, 'Billing')).toBeVisible();
    await expect(choice(a.page, 'Billing')).toBeVisible();
    await expect(user(a.page)).toHaveCount(0);
    await expect(a.page.locator('flowbot-chat [part~="restart-button"]')).toHaveCount(0);
    const { sessionsStarted } = await stats(request);
    expect(sessionsStarted).toBe(2);
    expect(a.calls).toEqual(['startChat', 'continueChat', 'continueChat']);
    expect(b.calls).toEqual(['startChat']);
  });

  test('a closed tab loses nothing; a reload restores the same', async ({ context, request }) => {
    const a = await openTab(context, '/tabs.html?bot=long');
    await expect(bot(a.page).last()).toHaveText('Question 1 of 50');
    const b = await openTab(context, '/tabs.html?bot=long');
    await field(a.page).fill('Ada');
    await field(a.page).press('Enter');
    await expect(bot(b.page).last()).toHaveText('Question 2 of 50');

    // Closed while its call is in flight: the server never takes that call; tab B takes over.
    await request.post('/__api/faults', { data: { spec: 'hang', match: '/continueChat' } });
    await field(a.page).fill('Grace');
    await field(a.page).press('Enter');
    await expect(user(b.page)).toHaveText(['Ada', 'Grace']);
    await a.page.close();
    await expect(bot(b.page).last()).toHaveText('Question 3 of 50', { timeout: 15_000 });
    // It asks first where the conversation stands (a continue without an answer), then sends it, once.
    expect(b.calls).toEqual(['continueChat', 'continueChat']);
    const { sessions } = await stats(request);
    expect(sessions[0]!.answers).toEqual(['Ada', 'Grace']);

    const before = { bot: await bot(b.page).allTextContents(), user: await user(b.page).allTextContents() };
    await b.page.reload();
    await expect(bot(b.page)).toHaveText(before.bot);
    await expect(user(b.page)).toHaveText(before.user);
    await expect(field(b.page)).toBeVisible();
    // The reload asks nothing more.
    expect(b.calls).toEqual(['continueChat', 'continueChat']);
  });

  test('the unread badge and a dismissed preview follow every tab', async ({ context }) => {
    const a = await openTab(context, '/invite.html?persist=local&delay=0.5&id=shop');
    const b = await openTab(context, '/invite.html?persist=local&delay=0.5&id=shop');
    const preview = (tab: Tab) => tab.page.locator('flowbot-chat [part~="preview"]');
    const badge = (tab: Tab) => tab.page.locator('flowbot-chat [part~="badge"]');
    await expect(preview(a)).toBeVisible();
    await expect(preview(b)).toBeVisible();
    await a.page.locator('flowbot-chat [part~="preview-close"]').click();
    await expect(preview(a)).toHaveCount(0);
    await expect(preview(b)).toHaveCount(0);

    // Messages that arrive while the panel is closed count in every tab.
    await a.page.locator('flowbot-chat [part~="launcher"]').click();
    await choice(a.page, 'Yes, please').click();
    await expect(bot(a.page).filter({ hasText: 'One moment' })).toBeVisible();
    await a.page.locator('flowbot-chat [part~="close-button"]').click();
    await expect(badge(a)).toHaveText('2', { timeout: 8_000 });
    await expect(badge(b)).toHaveText('2');
    expect(
      await b.page.locator('flowbot-chat').evaluate((el: HTMLElement & { unreadCount: number }) => el.unreadCount),
    ).toBe(2);
    // Read in one tab, read in all.
    await b.page.locator('flowbot-chat [part~="launcher"]').click();
    await expect(bot(b.page).last()).toHaveText('Anything else?');
    await expect(badge(b)).toHaveCount(0);
    await expect(badge(a)).toHaveCount(0);
    expect(b.calls).toEqual([]);
  });
});
