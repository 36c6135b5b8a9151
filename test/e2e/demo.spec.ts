/**
 * The demo page as `npm start` serves it (demo/start.ts: the reference server and the demo pages,
 * here on free loopback ports): its "dark" switch gives the widget docs/theming.md's dark theme, with
 * no light background picture behind it, and its "right to left" switch mirrors the widget. Takes
 * the demo's pictures at 1280 and 390 px, light, dark and right to left.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect, type Locator, type Page } from '@playwright/test';
import { freePort } from '../support/free-port.js';
import { customProperties, readmeBlock } from '../support/readme-snippets.js';
import { expectDarkTheme, rgb, styleOf } from './computed-style.js';
import { flowbotEvents } from '../../src/element/events.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const darkTheme = readmeBlock(readFileSync(`${root}docs/theming.md`, 'utf8'), 'dark-theme', 'docs/theming.md');
const shots = 'test-results/screenshots';
/** The languages the widget ships, as src/i18n/lookup.ts lists them (a module Vite's build reads, not Node). */
const supportedLanguages = [
  ...(
    /supportedLanguages[^=]*= \[([^\]]*)\]/.exec(readFileSync(`${root}src/i18n/lookup.ts`, 'utf8'))?.[1] ?? ''
  ).matchAll(/'([\w-]+)'/g),
].map((m) => m[1]!);

let demo: ChildProcess | undefined;
let demoUrl = '';
/** What `npm start` printed until its pages were served, each piece with when it came (ms from the start). */
const startOutput: { at: number; text: string }[] = [];

// Starting the demo builds the script-tag files first.
test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  // The hook's own time: the build (twelve files, one of them the formulas' converter) takes more
  // than a test's default 30 s on a busy machine.
  test.setTimeout(120_000);
  const [apiPort, demoPort] = [await freePort(), await freePort()];
  demo = spawn(process.execPath, ['--import', 'tsx', 'demo/start.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      FLOWBOT_API_PORT: String(apiPort),
      FLOWBOT_DEMO_PORT: String(demoPort),
      FLOWBOT_STREAM_PACE_MS: '0',
    },
  });
  const started = performance.now();
  demoUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    demo!.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      startOutput.push({ at: performance.now() - started, text: chunk.toString() });
      const match = /Demo page\s+(http:\/\/\S+?)\/?\s/.exec(out);
      if (match) resolve(match[1]!);
    });
    demo!.once('exit', (code) => reject(new Error(`the demo exited (${code}) before it was ready:\n${out}`)));
  });
});

test.afterAll(() => {
  demo?.kill('SIGTERM');
});

/** The demo page at `width`, its widget showing the tour's first question. */
async function openDemo(page: Page, width: number): Promise<{ widget: Locator; problems: string[] }> {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (msg) => msg.type() === 'error' && problems.push(msg.text()));
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  await page.goto(`${demoUrl}/`);
  const widget = page.locator('#stage flowbot-chat');
  await expect(widget.locator('[part~="choice"]').first()).toBeVisible();
  return { widget, problems };
}

/** Takes the quick tour's first step: a visitor answer, then a text field waiting. */
async function answerOnce(widget: Locator): Promise<void> {
  await widget.locator('[part~="choice"]', { hasText: 'Quick tour' }).click();
  await expect(widget.locator('[part~="user-message"]')).toHaveText(['Quick tour']);
  await expect(widget.locator('[part~="composer"] [part~="input"]')).toBeVisible();
}

/** Waits until the widget has stopped typing, so a picture shows what a visitor reads. */
async function settled(widget: Locator): Promise<void> {
  await expect(widget.locator('[part~="typing"]')).toHaveCount(0);
}

/** A picture of the page from its top (ticking a box may have scrolled it). */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/${name}` });
}

test('npm start says it is building before its silent build, then where its pages are', () => {
  const output = startOutput.map((piece) => piece.text).join('');
  const building = startOutput.find((piece) => piece.text.includes('Building the script-tag files'));
  expect(building, output).toBeDefined();
  // Said at once, long before the build is done (about half a minute), and before the addresses.
  expect(building!.at).toBeLessThan(5_000);
  expect(output.indexOf('Building the script-tag files')).toBeLessThan(output.indexOf('Demo page'));
  expect(output).toMatch(/Built in [\d.]+ s\./);
  expect(output).toMatch(/Script-tag page\s+http:\/\/127\.0\.0\.1:\d+\/embed\.html/);
});

test("the Events panel lists every event of the element's table, each with its detail", async ({ page }) => {
  const { widget, problems } = await openDemo(page, 1280);
  const names = Object.values(flowbotEvents).map((event) => event.eventName);
  // Each event, as the element would fire it (bubbling, composed), reaches the panel by its name.
  await widget.evaluate((el, all) => {
    for (const name of all)
      el.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true, detail: { probe: name } }));
  }, names);
  const log = page.locator('#events li');
  for (const name of names) await expect(log.filter({ hasText: `${name} {"probe":"${name}"}` })).toHaveCount(1);
  expect(names).toEqual(expect.arrayContaining(['flowbot-feedback', 'flowbot-redirect', 'flowbot-unread']));
  expect(problems).toEqual([]);
});

for (const width of [1280, 390]) {
  test.describe(`the demo page at ${width} px`, () => {
    test("the dark switch gives the widget docs/theming.md's dark theme, with no light picture behind it", async ({
      page,
    }) => {
      const { widget, problems } = await openDemo(page, width);
      await answerOnce(widget);
      await settled(widget);
      // Light: the bot's light background picture is behind the transcript, on a light page.
      expect(await styleOf(widget, 'messages', 'background-image')).toContain('background.svg');
      expect(await styleOf(widget, 'panel', 'background-color')).toBe(rgb('#ffffff'));
      await shoot(page, `demo-switch-${width}-light.png`);

      await page.getByLabel('dark', { exact: true }).check();
      await expectDarkTheme(widget, darkTheme);
      // Every property of docs/theming.md's rule, as written there.
      const set = await widget.evaluate(
        (el, names) => names.map((name) => getComputedStyle(el).getPropertyValue(name).trim()),
        customProperties(darkTheme).map(([name]) => name),
      );
      expect(set).toEqual(customProperties(darkTheme).map(([, value]) => value));
      // The page around the widget is dark too.
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
        rgb('#020617'),
      );
      await shoot(page, `demo-switch-${width}-dark.png`);

      await page.getByLabel('dark', { exact: true }).uncheck();
      await expect.poll(() => styleOf(widget, 'messages', 'background-image')).toContain('background.svg');
      expect(await styleOf(widget, 'panel', 'background-color')).toBe(rgb('#ffffff'));
      expect(problems).toEqual([]);
    });

    test('the right-to-left switch mirrors the widget', async ({ page }) => {
      const { widget, problems } = await openDemo(page, width);
      await answerOnce(widget);
      await settled(widget);
      expect(await widget.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');

      await page.getByLabel('right to left').check();
      await expect(page.locator('#stage')).toHaveAttribute('dir', 'rtl');
      expect(await widget.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
      // Bot messages start at the right edge, the visitor's answers at the left.
      const panel = (await widget.locator('[part~="panel"]').boundingBox())!;
      const bot = (await widget.locator('[part~="bot-message"]').last().boundingBox())!;
      const answer = (await widget.locator('[part~="user-message"]').last().boundingBox())!;
      expect(panel.x + panel.width - (bot.x + bot.width)).toBeLessThan(80);
      expect(answer.x - panel.x).toBeLessThan(80);
      expect(answer.x + answer.width).toBeLessThan(bot.x + bot.width);
      await shoot(page, `demo-switch-${width}-rtl.png`);

      await page.getByLabel('right to left').uncheck();
      expect(await widget.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
      expect(problems).toEqual([]);
    });
  });
}

test.describe('the settings', () => {
  test('the language list offers every language the widget ships, each by its own name', async ({ page }) => {
    const { problems } = await openDemo(page, 1280);
    const options = page.locator('select[name="lang"] option');
    const values = await options.evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
    expect(values).toEqual(['', ...supportedLanguages]);
    await expect(options.filter({ hasText: 'العربية' })).toHaveCount(1);
    await expect(options.filter({ hasText: '日本語' })).toHaveCount(1);
    // Picked: the widget speaks it.
    await page.locator('select[name="lang"]').selectOption('fr');
    await expect(page.locator('#stage flowbot-chat[lang="fr"]')).toHaveCount(1);
    expect(problems).toEqual([]);
  });

  test("Remember keeps the conversation: after Restart, the menu's Conversations lists it", async ({ page }) => {
    const { widget, problems } = await openDemo(page, 1280);
    await page.locator('#flow').selectOption('support');
    await page.locator('select[name="persist"]').selectOption('session');
    await expect
      .poll(() => widget.evaluate((el) => (el as HTMLElementTagNameMap['flowbot-chat']).persist))
      .toBe('session');
    await widget.locator('[part~="choice"]', { hasText: 'Billing' }).click();
    await expect(widget.locator('[part~="bot-message"]', { hasText: 'Leave your e-mail' })).toBeVisible();
    await page.locator('#restart').click();
    await expect(widget.locator('[part~="user-message"]')).toHaveCount(0);
    await widget.locator('[part~="menu-button"]').click();
    await widget.locator('.menu-item', { hasText: 'Conversations' }).click();
    await expect(widget.locator('.history-title')).toHaveText(['Billing']);
    expect(problems).toEqual([]);
  });

  test("the first message is the picked bot's own: another bot does not start with it", async ({ page }) => {
    const { widget, problems } = await openDemo(page, 1280);
    const firstMessage = page.getByLabel(/First message/);
    const typed = await firstMessage.inputValue();
    expect(typed).not.toBe('');
    await expect(widget.locator('[part~="bot-message"]').first()).toHaveText(typed);
    const publicId = () => widget.evaluate((el) => (el as HTMLElementTagNameMap['flowbot-chat']).publicId);
    await page.locator('#flow').selectOption('support');
    await expect.poll(publicId).toBe('support');
    await expect(widget.locator('[part~="bot-message"]').first()).toContainText("Hi! I'm the Acme support bot.");
    await expect(widget.locator('[part~="bot-message"]', { hasText: typed })).toHaveCount(0);
    await expect(firstMessage).toHaveValue('');
    // Back to the demo bot: its own first message again.
    await page.locator('#flow').selectOption('demo');
    await expect.poll(publicId).toBe('demo');
    await expect(firstMessage).toHaveValue(typed);
    await expect(widget.locator('[part~="bot-message"]').first()).toHaveText(typed);
    expect(problems).toEqual([]);
  });

  test('at 320 px the page keeps the same margin on the right as on the left, and does not scroll sideways', async ({
    page,
  }) => {
    const { problems } = await openDemo(page, 320);
    const { scroll, margins } = await page.evaluate(() => {
      const boxes = [...document.querySelectorAll('.layout > *, .controls fieldset')].map((el) =>
        el.getBoundingClientRect(),
      );
      return {
        scroll: document.documentElement.scrollWidth,
        margins: boxes.map((b) => [Math.round(b.left), Math.round(window.innerWidth - b.right)]),
      };
    });
    expect(scroll).toBe(320);
    for (const [left, right] of margins) {
      expect(left).toBeGreaterThanOrEqual(12);
      expect(right).toBe(left);
    }
    await shoot(page, 'demo-320.png');
    expect(problems).toEqual([]);
  });
});
