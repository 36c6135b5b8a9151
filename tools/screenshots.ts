/**
 * `npm run screenshots`: pictures of the real widget, so the README's stay true. Starts the demo
 * (`demo/start.ts`: the reference server and the demo pages) on free loopback ports, plays the
 * demo flows in headless Chromium and writes:
 *
 * - `demo/screenshots/inline.png`, `bubble-phone.png`, `dark.png`, `answers.png`: the README's pictures;
 * - `test-results/screenshots/*.png`: the demo page and the plain page at 390 px and 1280 px, and
 *   close-ups of the media, picture choice and cards, to look at before a release (not committed).
 *
 * `npx tsx tools/screenshots.ts --readme-only` skips the review set; `--only <name>` takes one of the
 * README's pictures (`inline`, `bubble-phone`, `dark`, `answers`) and nothing else.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from 'playwright';
import { chromiumLaunchOptions } from '../test/support/browser-launch.js';
import { readmeBlock } from '../test/support/readme-snippets.js';
import { freePort } from '../test/support/free-port.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const readmeDir = `${root}demo/screenshots/`;
const reviewDir = `${root}test-results/screenshots/`;
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined;
const readmeOnly = process.argv.includes('--readme-only') || only !== undefined;
/** Whether the README picture `name` is taken this run. */
const wanted = (name: string): boolean => only === undefined || only === name;

const [apiPort, demoPort] = [await freePort(), await freePort()];
const demo = spawn(process.execPath, ['--import', 'tsx', 'demo/start.ts'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    ...process.env,
    FLOWBOT_API_PORT: String(apiPort),
    FLOWBOT_DEMO_PORT: String(demoPort),
    FLOWBOT_STREAM_PACE_MS: '0',
  },
});
const demoUrl = await new Promise<string>((resolve, reject) => {
  let out = '';
  demo.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const match = /Demo page\s+(http:\/\/\S+?)\/?\s/.exec(out);
    if (match) resolve(match[1]!);
  });
  demo.once('exit', (code) => reject(new Error(`the demo exited (${code}) before it was ready:\n${out}`)));
});

let browser: Browser | undefined;

/** The widget's shadow root through Playwright's piercing locators. */
const chat = (page: Page, selector = 'flowbot-chat'): Locator => page.locator(selector).first();

async function open(
  path: string,
  width: number,
  height: number,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<Page> {
  const context = await browser!.newContext({
    viewport: { width, height },
    deviceScaleFactor: width < 600 ? 2 : 1,
    colorScheme,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.goto(`${demoUrl}${path}`, { waitUntil: 'load' });
  return page;
}

/** Waits until the widget shows its input and has stopped typing and loading. */
async function settled(widget: Locator): Promise<void> {
  await widget.locator('[part~="composer"] :is(input, textarea, button)').first().waitFor();
  await widget.locator('[part~="typing"]').waitFor({ state: 'detached' });
  await widget.page().waitForTimeout(300);
}

async function choose(widget: Locator, label: string): Promise<void> {
  await widget.locator('[part~="composer"] button', { hasText: label }).first().click();
  await settled(widget);
}

async function type(widget: Locator, value: string): Promise<void> {
  const field = widget.locator('[part~="composer"] [part~="input"]').first();
  await field.fill(value);
  await field.press('Enter');
  await settled(widget);
}

async function shoot(target: Page | Locator, path: string): Promise<void> {
  await target.screenshot({ path, animations: 'disabled' });
  console.log(`  ${path.replace(root, '')}`);
}

try {
  browser = await chromium.launch(chromiumLaunchOptions);
  mkdirSync(readmeDir, { recursive: true });
  mkdirSync(reviewDir, { recursive: true });

  // README: the inline widget on a plain page, a few answers in.
  if (wanted('inline')) {
    const page = await open('/embed.html', 760, 760);
    const widget = chat(page, 'flowbot-chat[public-id="support"]');
    await settled(widget);
    await choose(widget, 'Billing');
    await shoot(widget, `${readmeDir}inline.png`);
    await page.context().close();
  }

  // README: the bubble open on a phone.
  if (wanted('bubble-phone')) {
    const page = await open('/embed.html', 390, 780);
    const bubble = chat(page, 'flowbot-chat[mode="bubble"]');
    await bubble.locator('[part~="launcher"]').click();
    await settled(bubble);
    await choose(bubble, 'Quick tour');
    await type(bubble, 'Ada');
    await shoot(page, `${readmeDir}bubble-phone.png`);
    await page.context().close();
  }

  // README: a dark theme, by the page's custom properties alone (the rule of docs/theming.md).
  if (wanted('dark')) {
    const page = await open('/embed.html', 760, 760, 'dark');
    // The rule as docs/theming.md gives it, so the picture shows what a site owner gets.
    const darkTheme = readmeBlock(readFileSync(`${root}docs/theming.md`, 'utf8'), 'dark-theme', 'docs/theming.md');
    await page.addStyleTag({ content: `body { background: #020617; color: #e2e8f0; }\n${darkTheme}` });
    const widget = chat(page, 'flowbot-chat[public-id="support"]');
    await settled(widget);
    await choose(widget, 'Billing');
    await shoot(widget, `${readmeDir}dark.png`);
    await page.context().close();
  }

  // README: what a visitor does with an answer: its actions, the reasons after a thumbs down, the menu.
  if (wanted('answers')) {
    const page = await open('/embed.html', 760, 820);
    await page.addStyleTag({ content: "flowbot-chat[public-id='assistant'] { height: 700px; }" });
    // The plain page's inline widget, talking to the streaming assistant instead (and no bubble).
    await page.evaluate(() => {
      document.querySelector('flowbot-chat[mode="bubble"]')?.remove();
      const el = document.querySelector('flowbot-chat[public-id="support"]')!;
      el.setAttribute('widget', '{"title":"Acme Academy","subTitle":"Ask anything","primaryColor":"#0f766e"}');
      el.setAttribute('public-id', 'assistant');
    });
    const widget = chat(page, 'flowbot-chat[public-id="assistant"]');
    await settled(widget);
    await type(widget, 'How do refunds work?');
    const answer = widget.locator('.row.bot', {
      has: page.locator('[part~="bot-message"]', { hasText: '14 days' }),
    });
    await answer.getByRole('button', { name: 'Bad answer' }).click();
    await answer.getByLabel('Not accurate').check();
    await answer.getByLabel('Tell us more (optional)').fill('The fee for late refunds is missing.');
    await widget.getByRole('button', { name: 'Conversation options' }).click();
    // The first item has focus; the pointer is out of the way (an element shot may scroll under it).
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await shoot(widget, `${readmeDir}answers.png`);
    await page.context().close();
  }

  if (!readmeOnly) {
    for (const [width, height] of [
      [390, 844],
      [1280, 900],
    ] as const) {
      // The demo page: the tour's media, then the inputs up to the cards.
      const page = await open('/', width, height);
      const widget = chat(page);
      await settled(widget);
      await shoot(page, `${reviewDir}demo-${width}.png`);
      await choose(widget, 'Every input');
      await shoot(page, `${reviewDir}demo-${width}-media.png`);
      for (const type of ['embed', 'video', 'audio']) {
        const bubble = widget.locator(`[part~="bot-message"][data-type="${type}"]`).last();
        await bubble.scrollIntoViewIfNeeded();
        await shoot(bubble, `${reviewDir}demo-${width}-${type}.png`);
      }
      await type(widget, 'Ada');
      await type(widget, 'Curious about the widget.');
      await type(widget, '42');
      await type(widget, 'ada@example.com');
      await type(widget, 'example.com');
      await type(widget, '+55 11 98765-4321');
      await type(widget, '2030-01-02');
      await shoot(page, `${reviewDir}demo-${width}-date.png`);
      const [from, to] = [widget.locator('[part~="input"]').nth(0), widget.locator('[part~="input"]').nth(1)];
      await from.fill('2030-07-01');
      await to.fill('2030-07-14');
      await to.press('Enter');
      await settled(widget);
      await type(widget, '2030-03-04T09:30');
      await type(widget, '18:45');
      await widget.locator('[part~="choice"]', { hasText: 'Code' }).click();
      await choose(widget, 'Done');
      await choose(widget, 'Brazil');
      await shoot(page, `${reviewDir}demo-${width}-pictures.png`);
      await choose(widget, 'Fox');
      await shoot(page, `${reviewDir}demo-${width}-rating.png`);
      await widget.locator('[part~="rating-option"]', { hasText: '9' }).click();
      await choose(widget, 'Send');
      await widget.locator('[part~="rating-option"]').nth(3).click();
      await choose(widget, 'Send');
      for (let i = 0; i < 2; i++) {
        await widget.locator('[part~="skip-button"]').click();
        await settled(widget);
      }
      await shoot(page, `${reviewDir}demo-${width}-cards.png`);
      await page.context().close();

      // The plain page: an inline widget and a bubble, the script-tag file alone.
      const plain = await open('/embed.html', width, height);
      await settled(chat(plain, 'flowbot-chat[public-id="support"]'));
      await shoot(plain, `${reviewDir}plain-${width}.png`);
      const bubble = chat(plain, 'flowbot-chat[mode="bubble"]');
      await bubble.locator('[part~="launcher"]').click();
      await settled(bubble);
      await shoot(plain, `${reviewDir}plain-${width}-bubble.png`);
      await plain.context().close();
    }
  }
} finally {
  await browser?.close();
  demo.kill('SIGTERM');
}
