/**
 * A closed bubble's launcher, drawn by the script-tag file (`src/script-tag/launcher.ts`): the
 * widget's code comes when the visitor reaches for it, and nothing of what they did is lost, nothing
 * on the screen moves when the widget takes over.
 */
import { test, expect, type Page } from '@playwright/test';

const shots = 'test-results/screenshots';
const launcher = (page: Page) => page.locator('flowbot-chat [part~="launcher"]');
const bot = (page: Page) => page.locator('flowbot-chat [part~="bot-message"]');
const defined = (page: Page) => page.evaluate(() => !!customElements.get('flowbot-chat'));

/** Counts the page's start requests. */
function countStarts(page: Page): () => number {
  let starts = 0;
  page.on('request', (request) => {
    if (request.url().includes('/startChat')) starts++;
  });
  return () => starts;
}

/** Holds the widget's code back `ms`, as a slow network would. */
async function slowCode(page: Page, ms: number): Promise<void> {
  await page.route('**/flowbot-chat.main.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** Waits until the widget drew itself and the script tag's launcher left (the same task). */
async function takenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => customElements.get('flowbot-chat'));
  await page
    .locator('flowbot-chat')
    .evaluate((el) => (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(launcher(page)).toHaveCount(1);
}

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__api/reset')).ok()).toBe(true);
});

test.describe('a closed bubble drawn by the script tag', () => {
  test('fetches no widget code and starts nothing until the visitor reaches for it', async ({ page }) => {
    const starts = countStarts(page);
    // The page's first frame: its callbacks run just before the frame is painted.
    await page.addInitScript(() =>
      requestAnimationFrame(() => ((window as unknown as { firstFrame: number }).firstFrame = performance.now())),
    );
    await page.goto('/bubble-quiet.html');
    await expect(launcher(page)).toBeVisible();
    await expect(launcher(page)).toHaveAccessibleName('Open chat');
    // Its file is asked for once the page has painted: the page's own content comes first. (The
    // paint's own timestamp is when the frame reached the screen, which a busy machine reports late.)
    const [painted, asked] = await page.evaluate(() => [
      (window as unknown as { firstFrame: number }).firstFrame,
      performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/flowbot-chat.launcher.js'))!
        .startTime,
    ]);
    expect(asked).toBeGreaterThan(painted!);
    await expect(launcher(page)).toHaveAttribute('aria-expanded', 'false');
    await page.waitForTimeout(1_000);
    expect(await defined(page)).toBe(false);
    expect(starts()).toBe(0);
    // Pointing at it: the code comes; still nothing starts.
    await launcher(page).hover();
    await takenOver(page);
    expect(starts()).toBe(0);
  });

  test('a cold tap opens the chat with its first message: the tap is not lost, the wait shows at once', async ({
    page,
  }) => {
    const starts = countStarts(page);
    await slowCode(page, 800);
    await page.goto('/bubble-quiet.html');
    await expect(launcher(page)).toBeVisible();
    // The visitor's first move is the tap itself (no hover before it: a touch screen).
    await launcher(page).dispatchEvent('click');
    // The script tag says the conversation is coming while the code is on its way...
    await expect(launcher(page)).toHaveAttribute('aria-busy', 'true');
    expect(await defined(page)).toBe(false);
    // ...and the start went out with the tap, not after the code.
    expect(starts()).toBe(1);
    // The panel the visitor sees: the script tag's open file's, or the widget's once it took over (while
    // it takes over, the widget's own is there too, not shown).
    const panel = page.locator('flowbot-chat [part~="panel"]').filter({ visible: true });
    await expect(panel).toBeVisible();
    await expect(bot(page).first()).toBeVisible();
    await expect(launcher(page)).toHaveAttribute('aria-expanded', 'true');
    expect(starts()).toBe(1);
  });

  test('by keyboard: Tab reaches it, Enter opens it, and focus lands where it does with the code already there', async ({
    page,
  }) => {
    /** Tab from the button before the bubble, Enter, the first message: where focus is then. */
    const tabAndEnter = async (): Promise<string> => {
      // Once it is drawn (the script tag draws it after the page's first paint): a Tab before lands elsewhere.
      await expect(launcher(page)).toBeVisible();
      await page.locator('#elsewhere').focus();
      await page.keyboard.press('Tab');
      await expect(launcher(page)).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(bot(page).first()).toBeVisible();
      await page.waitForTimeout(300);
      return page.evaluate(() => {
        const host = document.activeElement;
        const inner = host?.shadowRoot?.activeElement;
        return `${host?.localName} ${inner?.localName ?? ''} ${inner?.getAttribute('part') ?? ''}`;
      });
    };
    await slowCode(page, 400);
    await page.goto('/bubble-quiet.html');
    const cold = await tabAndEnter();
    expect(cold.startsWith('flowbot-chat')).toBe(true);

    // The same with the code already there (the launcher pointed at first, the code waited for).
    await page.reload();
    await launcher(page).hover();
    await takenOver(page);
    await page.mouse.move(0, 0);
    expect(await tabAndEnter()).toBe(cold);
  });

  for (const when of ['before', 'after'] as const)
    test(`show(), toggle() or open, called ${when} the launcher is drawn, opens the chat`, async ({ page }) => {
      // The launcher's file held back: the page's calls can come before it is there.
      await page.route('**/flowbot-chat.launcher.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 600));
        await route.continue();
      });
      await page.goto('/bubble-quiet.html', { waitUntil: 'commit' });
      await page.waitForFunction(() => window.Flowbot?.version && document.readyState !== 'loading');
      if (when === 'after') await expect(launcher(page)).toBeVisible();
      await page.evaluate(() => {
        const apiHost = document.querySelector('flowbot-chat')!.getAttribute('api-host')!;
        const [shown, toggled, opened, shownAndHidden] = [0, 1, 2, 3].map((i) =>
          Object.assign(window.Flowbot!.init({ publicId: 'support', apiHost, mode: 'bubble' }), { id: `w${i}` }),
        );
        shown!.show();
        toggled!.toggle();
        opened!.open = true;
        shownAndHidden!.show();
        shownAndHidden!.hide();
      });
      await page.waitForFunction(() => customElements.get('flowbot-chat'));
      for (const [i, open] of [true, true, true, false].entries()) {
        const widget = page.locator(`#w${i}`);
        await expect(widget).toHaveJSProperty('open', open);
        if (open) await expect(widget.locator('[part~="bot-message"]').first()).toBeVisible();
      }
      // The page's own bubble, which nobody called, stays closed.
      await expect(page.locator('flowbot-chat:not([id])')).toHaveJSProperty('open', false);
    });

  test('a widget added later inside something else (a framework’s subtree) is started too', async ({ page }) => {
    await page.goto('/bubble-quiet.html');
    await expect(launcher(page)).toBeVisible();
    await page.waitForTimeout(500);
    expect(await defined(page)).toBe(false);
    // One insertion: the inline widget is a child of what is added, not what is added.
    await page.evaluate(() => {
      const section = document.createElement('section');
      section.append(Object.assign(document.createElement('flowbot-chat'), { id: 'added' }));
      section.firstElementChild!.setAttribute('public-id', 'support');
      // The page's viewer, as its bubble has it.
      section.firstElementChild!.setAttribute(
        'api-host',
        document.querySelector('flowbot-chat')!.getAttribute('api-host')!,
      );
      document.body.append(section);
    });
    await expect(page.locator('#added [part~="bot-message"]').first()).toBeVisible();
  });

  test("a dark bubble's launcher is the widget's own: its code is fetched at once, so its colour never changes", async ({
    page,
  }) => {
    const starts = countStarts(page);
    await page.goto('/bubble-quiet-dark.html');
    await page.waitForFunction(() => customElements.get('flowbot-chat'));
    await takenOver(page);
    // Still nothing starts until the visitor opens it.
    expect(starts()).toBe(0);
  });

  test('a changed widget code still says "This chat is unavailable" once the visitor reaches for it', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
    await page.goto('/bubble-tampered-main.html');
    await expect(launcher(page)).toBeVisible();
    await launcher(page).click();
    await expect
      .poll(() => page.locator('flowbot-chat').evaluate((el) => el.shadowRoot?.textContent ?? ''))
      .toBe('This chat is unavailable');
    expect(await page.evaluate(() => (globalThis as { __flowbotTampered?: string }).__flowbotTampered ?? null)).toBe(
      null,
    );
    expect(errors).toContain(
      'flowbot-chat: flowbot-chat.main.js not run: it failed its integrity check or did not load',
    );
  });

  /** Each look the launcher is checked in: a phone and a desktop, the site's colours, forced colours, right to left. */
  const looks = [
    { name: 'phone', width: 390, page: '/bubble-quiet.html' },
    { name: 'desktop', width: 1280, page: '/bubble-quiet.html' },
    { name: 'site colours', width: 1280, page: '/bubble.html' },
    { name: 'forced colours', width: 1280, page: '/bubble.html', forced: true },
    { name: 'right to left', width: 390, page: '/bubble.html', rtl: true },
  ];
  for (const look of looks) {
    test(`its pixels do not change when the widget takes over (${look.name})`, async ({ page }) => {
      await page.setViewportSize({ width: look.width, height: 844 });
      if (look.forced) await page.emulateMedia({ forcedColors: 'active' });
      await page.goto(look.page);
      if (look.rtl) await page.evaluate(() => (document.documentElement.dir = 'rtl'));
      await expect(launcher(page)).toBeVisible();
      expect(await defined(page)).toBe(false);
      const box = (await launcher(page).boundingBox())!;
      // The launcher and its shadow, wherever the page's direction puts it.
      const clip = { x: box.x - 32, y: box.y - 32, width: box.width + 64, height: box.height + 64 };
      const slug = look.name.replaceAll(' ', '-');
      const before = await page.screenshot({ clip });
      await page.screenshot({ path: `${shots}/launcher-${slug}-script-tag.png` });
      await launcher(page).hover();
      await page.mouse.move(0, 0);
      await takenOver(page);
      expect(await launcher(page).boundingBox()).toEqual(box);
      const after = await page.screenshot({ clip });
      await page.screenshot({ path: `${shots}/launcher-${slug}-widget.png` });
      expect(after.equals(before), 'the launcher, pixel for pixel, before and after the swap').toBe(true);
    });
  }
});
