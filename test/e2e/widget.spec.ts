/**
 * The built script-tag file on plain pages (one origin) against the reference server (another
 * origin), driven the way visitors use it.
 */
import { test, expect, type Page } from '@playwright/test';
import { expectWithinViewport, watchConsole } from '../support/page-checks.js';

const shots = 'test-results/screenshots';

/** Presses Tab until the focused element (through shadow roots) matches, like a keyboard user. */
async function tabTo(page: Page, description: string, matches: (el: Element) => boolean, max = 25) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate(`(${deepActiveMatches.toString()})(${matches.toString()})`);
    if (found) return;
  }
  throw new Error(`Tab never reached ${description}`);
}
function deepActiveMatches(test: (el: Element) => boolean): boolean {
  let el: Element | null = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return !!el && test(el);
}

const bot = (page: Page, scope = 'flowbot-chat') => page.locator(`${scope} [part~="bot-message"]`);
const user = (page: Page, scope = 'flowbot-chat') => page.locator(`${scope} [part~="user-message"]`);

test.describe('script-tag widget', () => {
  test('holds a whole conversation by keyboard, with the API on another origin', async ({ page }) => {
    const problems = watchConsole(page);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto('/inline.html');
    await expect(bot(page).first()).toContainText('Acme support bot');
    expect(requests.some((u) => u.includes('/startChat') && !u.startsWith(new URL(page.url()).origin))).toBe(true);

    await tabTo(page, 'the "Billing" choice', (el) => el.textContent?.trim() === 'Billing');
    await page.keyboard.press('Enter');
    await expect(user(page).last()).toHaveText('Billing');
    await expect(bot(page).filter({ hasText: 'Leave your e-mail' })).toBeVisible();

    // The e-mail field (loaded on demand) takes focus once the visitor has interacted.
    await expect(page.locator('flowbot-chat input[type="email"]')).toBeFocused();
    // Not an address: the field says so and nothing is sent.
    await page.keyboard.type('not-an-email');
    await page.keyboard.press('Enter');
    await expect(page.locator('flowbot-chat [part~="input"]')).toHaveAttribute('aria-invalid', 'true');
    await expect(user(page)).toHaveCount(1);
    // An address to the browser, but the server wants a dot in the domain: it re-asks.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('ada@example');
    await page.keyboard.press('Enter');
    await expect(bot(page).last()).toContainText(/try again/i);
    await page.keyboard.type('ada@example.com');
    await page.keyboard.press('Enter');
    await expect(bot(page).last()).toContainText('We will write to ada@example.com');
    await expect(page.locator('flowbot-chat').getByRole('button', { name: /restart/i })).toBeVisible();
    await page.screenshot({ path: `${shots}/inline-desktop.png`, fullPage: true });
    expect(problems).toEqual([]);
  });

  test('sends the first startChat before the widget code has finished loading, and takes its answer', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    const order: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/startChat') && r.method() === 'POST') order.push('startChat sent');
      if (r.url().endsWith('/flowbot-chat.main.js')) order.push('widget code requested');
    });
    page.on('requestfinished', (r) => {
      if (r.url().endsWith('/flowbot-chat.main.js')) order.push('widget code loaded');
    });
    await page.goto('/inline.html');
    await expect(bot(page).first()).toBeVisible();
    // Its first turn is drawn by the first turn's file: the widget's code is there once it took over.
    await expect(page.locator('flowbot-chat [data-first-turn]')).toHaveCount(0);
    await page.waitForFunction(() => customElements.get('flowbot-chat'));
    // Network order, not timing: the start leaves before the widget's code has even been asked for.
    expect(order.indexOf('startChat sent')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('startChat sent')).toBeLessThan(order.indexOf('widget code requested'));
    expect(order.indexOf('startChat sent')).toBeLessThan(order.indexOf('widget code loaded'));
    // The widget used that answer: one start, one session.
    expect(order.filter((event) => event === 'startChat sent')).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  test("asks for the widget's code at a low priority, after what the page needs to paint, and the start at a high one", async ({
    page,
  }) => {
    // The priority the browser gave each request (Chromium's own, as its DevTools show it).
    const cdp = await page.context().newCDPSession(page);
    const priorities = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', ({ request }) => {
      const name = /\/(flowbot-chat\.\w+\.js|startChat)$/.exec(request.url)?.[1];
      if (name && request.method !== 'OPTIONS') priorities.set(name, request.initialPriority);
    });
    await cdp.send('Network.enable');
    await page.goto('/inline.html');
    await expect(bot(page).first()).toBeVisible();
    expect(priorities.get('flowbot-chat.main.js')).toBe('Low');
    expect(priorities.get('startChat')).toBe('High');
  });

  test("takes the widget's code from the optional modulepreload line: fetched once, used at once", async ({ page }) => {
    const problems = watchConsole(page);
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/flowbot-chat.main.js')) fetched.push(r.url());
    });
    await page.goto('/preload.html');
    await expect(bot(page).first()).toBeVisible();
    // One download: the script-tag file's import took the preloaded module (another URL or
    // credentials mode would have fetched it again).
    expect(fetched).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  test("the page below an inline widget never moves: the script tag keeps the widget's height until its code arrives", async ({
    page,
  }) => {
    const problems = watchConsole(page);
    // Every frame from the first: where the page's text below the widget is, and every layout shift.
    await page.addInitScript(() => {
      const w = window as unknown as { tops: number[]; shifts: number[] };
      w.tops = [];
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
      const frame = () => {
        const below = document.getElementById('below');
        if (below) w.tops.push(below.getBoundingClientRect().top);
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    // The widget's element is the page's last: the parser ends right after it. Its first
    // startChat still leaves at once, long before the widget's code has arrived.
    const order: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/startChat') && r.method() === 'POST') order.push('startChat');
    });
    page.on('requestfinished', (r) => {
      if (r.url().endsWith('/flowbot-chat.main.js')) order.push('code loaded');
    });
    // The widget's code arrives late (a slow network): the page is drawn long before it.
    await page.route('**/flowbot-chat.main.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto('/reserve.html');
    await expect(bot(page).first()).toBeVisible();
    // The first turn is drawn by the script tag's first-turn file: until the widget's code has taken over.
    await page.waitForFunction(() => customElements.get('flowbot-chat'));
    await expect(page.locator('flowbot-chat [data-first-turn]')).toHaveCount(0);
    const { tops, shifts, height } = await page.evaluate(() => ({
      ...(window as unknown as { tops: number[]; shifts: number[] }),
      height: document.querySelector('flowbot-chat')!.getBoundingClientRect().height,
    }));
    // Drawn in many frames before the code came, always in the same place, below the widget's full
    // height; and nothing moved in the widget either (its header, the rows when their actions came).
    expect(tops.length).toBeGreaterThan(10);
    expect(new Set(tops).size, `the text below was at ${[...new Set(tops)].join(', ')}`).toBe(1);
    expect(height).toBe(600);
    expect(tops[0]).toBeGreaterThan(600);
    expect(shifts).toEqual([]);
    expect(order).toEqual(['startChat', 'code loaded']);
    expect(problems).toEqual([]);
  });

  test('works when the script tag comes first, even loaded twice', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/script-first.html');
    // The shown title: while the widget takes over from the script tag's first turn, its own panel is
    // there too, hidden beneath it.
    await expect(page.locator('flowbot-chat [part~="title"]:visible')).toHaveText('Script first');
    await expect(bot(page).first()).toBeVisible();
    expect(
      await page.evaluate(() => typeof (window as unknown as { Flowbot?: { init?: unknown } }).Flowbot?.init),
    ).toBe('function');
    expect(problems).toEqual([]);
  });

  test('bubble mode fits a 390 px phone and closes with Escape', async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width: 390, height: 844 });
    let starts = 0;
    page.on('request', (r) => {
      if (r.url().includes('/startChat')) starts++;
    });
    await page.goto('/bubble.html');
    const launcher = page.locator('flowbot-chat [part~="launcher"]');
    await expect(launcher).toBeVisible();
    expect(starts).toBe(0); // nothing starts before the visitor opens it
    await page.screenshot({ path: `${shots}/bubble-phone-closed.png` });

    await launcher.focus();
    await page.keyboard.press('Enter');
    await expect(bot(page).first()).toBeVisible();
    // The panel may open on its first turn before the widget's code (the script tag's open file): what
    // follows is the widget's own, once it has taken over.
    await expect(page.locator('flowbot-chat [data-first-turn]')).toHaveCount(0);
    const panel = page.locator('flowbot-chat [part~="panel"]');
    await expect(panel).toBeVisible();
    expect(starts).toBe(1);
    await expectWithinViewport(page, panel);
    // Covering the screen, it is modal: the page behind holds still.
    await expect(panel).toHaveAttribute('aria-modal', 'true');
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');

    await page.locator('flowbot-chat [part~="choice"]').first().click();
    const input = page.locator('flowbot-chat [part~="input"]').first();
    await expect(input).toBeVisible();
    const fontSize = await input.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(16);
    await page.screenshot({ path: `${shots}/bubble-phone-open.png` });

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { chat: HTMLElement }).chat.hasAttribute('open'))).toBe(
      false,
    );
    await expect(launcher).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
    expect(problems).toEqual([]);
  });

  test('runs under a strict Content-Security-Policy with Trusted Types', async ({ page }) => {
    const violations: string[] = [];
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { __violations: string[] }).__violations ??= [];
        (window as unknown as { __violations: string[] }).__violations.push(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    const problems = watchConsole(page);
    await page.goto('/csp-strict.html');
    await expect(bot(page).first()).toContainText('Acme support bot');
    await page.locator('flowbot-chat [part~="choice"]').filter({ hasText: 'Billing' }).click();
    await expect(bot(page).filter({ hasText: 'Leave your e-mail' })).toBeVisible();
    // The e-mail control comes from the file loaded on demand: it loads under this policy too.
    await expect(page.locator('flowbot-chat input[type="email"]')).toBeVisible();
    // The widget's colours reach the header through constructed stylesheets, not inline styles.
    const header = page.locator('flowbot-chat [part~="header"]:visible');
    await expect(header).toHaveCSS('background-color', 'rgb(185, 28, 28)');
    violations.push(
      ...(await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])),
    );
    await page.screenshot({ path: `${shots}/csp-strict.png`, fullPage: true });
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('plays provider videos that may go fullscreen, with no console warning about it', async ({ page }) => {
    const problems = watchConsole(page);
    const messages: string[] = [];
    page.on('console', (msg) => messages.push(msg.text()));
    // The players themselves are not needed (nor the network): only their frames are.
    await page.route(/^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
    await page.goto('/inline.html');
    await expect(bot(page).first()).toContainText('Acme support bot');
    // The demo bot shows every message type, the videos of YouTube and Vimeo among them.
    await page.evaluate(() => {
      document.querySelector('flowbot-chat')!.setAttribute('public-id', 'demo');
    });
    await page.locator('flowbot-chat [part~="choice"]').filter({ hasText: 'Every input' }).click();
    const players = page.locator('flowbot-chat [part~="bot-message"] iframe[src^="https://"]');
    await expect(players).toHaveCount(2);
    for (const player of await players.all()) {
      await player.scrollIntoViewIfNeeded();
      expect((await player.getAttribute('allow'))!.split(/;\s*/)).toContain('fullscreen');
    }
    await expect(page.locator('flowbot-chat [part~="input"]').first()).toBeVisible();
    expect(messages.filter((text) => /allowfullscreen/i.test(text))).toEqual([]);
    expect(problems).toEqual([]);
  });

  test("draws a control of the on-demand part with that part's own words", async ({ page }) => {
    // The first file carries only the English words it draws itself; the file input's arrive with it.
    const problems = watchConsole(page);
    await page.goto('/engines-upload.html');
    await expect(bot(page)).toHaveText(['Please attach one file.']);
    const drop = page.locator('flowbot-chat [part~="file-drop"]');
    await expect(drop).toBeVisible();
    await expect(drop).toHaveText('Choose or drop files');
    await expect(page.locator('flowbot-chat [part~="panel"]')).not.toContainText('undefined');
    expect(problems).toEqual([]);
  });

  test('two widgets on one page are independent', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/two.html');
    await expect(bot(page, '#first').first()).toContainText('Acme support bot');
    await expect(bot(page, '#second').first()).toBeVisible();
    // Counted once its first response is all shown (it types its second message for a while).
    await expect(page.locator('#second [part~="input"]')).toBeVisible();
    const secondBefore = await bot(page, '#second').count();
    await page.locator('#first [part~="choice"]').filter({ hasText: 'Billing' }).click();
    await expect(user(page, '#first')).toHaveText(['Billing']);
    await expect(user(page, '#second')).toHaveCount(0);
    expect(await bot(page, '#second').count()).toBe(secondBefore);
    await expect(page.locator('#first [part~="header"]:visible')).toHaveCSS('background-color', 'rgb(29, 78, 216)');
    await expect(page.locator('#second [part~="header"]:visible')).toHaveCSS('background-color', 'rgb(21, 128, 61)');
    await page.screenshot({ path: `${shots}/two-widgets.png`, fullPage: true });
    expect(problems).toEqual([]);
  });
});
