/**
 * What each kind of page downloads of the widget, in a real browser against the reference server:
 * the widget's files each page fetched before its first bot message, after it, and in all (4 s
 * after load or after its last step), with their gzip sizes from the build (`tools/size.mjs`
 * measures the same way). Each page type fetches exactly the files listed, and the total stays
 * within its budget: a change that makes a kind of visitor download more fails here.
 * The table is printed (`npx playwright test -c test/e2e/playwright.config.ts downloads`).
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../../dist/', import.meta.url);
const gzipBytes = (name: string) => gzipSync(readFileSync(new URL(name, dist)), { level: 9 }).length;
const FIRST = ['flowbot-chat.iife.js', 'flowbot-chat.main.js'];

/**
 * The widget's files a page fetches, in order, each with when it was asked for; `firstAt` reads
 * when the page's first bot message was shown (its `flowbot-message`, in the page's clock).
 */
async function watchFiles(page: Page): Promise<{
  files: { name: string; at: () => number }[];
  firstAt: () => Promise<number>;
  reset: () => void;
}> {
  const files: { name: string; at: () => number }[] = [];
  await page.addInitScript(() => {
    const w = window as unknown as { firstAt?: number };
    document.addEventListener('flowbot-message', () => (w.firstAt ??= Date.now()), true);
  });
  page.on('request', (request) => {
    const name = /\/(flowbot-chat\.[\w-]+\.js)$/.exec(new URL(request.url()).pathname)?.[1];
    // When the browser sent it (wall clock, as the page's `Date.now()`), not when the test heard of it.
    if (name) files.push({ name, at: () => request.timing().startTime });
  });
  return {
    files,
    firstAt: () => page.evaluate(() => (window as unknown as { firstAt?: number }).firstAt ?? Infinity),
    reset: () => void files.splice(0),
  };
}

const bot = (page: Page) => page.locator('flowbot-chat [part~="bot-message"]');

/** Loads `path`, shows `shown` and waits 4 s (what a page fetches by itself, or a little after). */
const fourSecondsAfter =
  (path: string, shown: (page: Page) => Locator = (page) => bot(page).first()) =>
  async (page: Page): Promise<void> => {
    await page.goto(path);
    await expect(shown(page)).toBeVisible();
    await page.waitForTimeout(4_000);
  };

interface Row {
  page: string;
  before: number;
  after: number;
  files: string[];
}
const rows: Row[] = [];

/** Each page type: how to load it, what it does, the files it fetches, and its budget (gzip bytes). */
const PAGE_TYPES: {
  name: string;
  files: string[];
  budget: number;
  run: (page: Page, reset: () => void) => Promise<void>;
}[] = [
  {
    name: 'a closed bubble, nothing to show until opened, never opened (4 s)',
    files: FIRST,
    budget: 35_950,
    run: fourSecondsAfter('/bubble-quiet.html', (page) => page.locator('flowbot-chat [part~="launcher"]')),
  },
  {
    name: 'a closed bubble with a preview, never opened (4 s)',
    files: [...FIRST, 'flowbot-chat.invite.js'],
    budget: 40_650,
    run: fourSecondsAfter('/invite.html?delay=0', (page) => page.locator('flowbot-chat [part~="preview"]')),
  },
  {
    name: 'an inline text conversation, 4 s after its first message',
    files: [...FIRST, 'flowbot-chat.answers.js'],
    budget: 47_320,
    run: fourSecondsAfter('/inline.html'),
  },
  {
    name: 'an inline AI answer with markdown, streamed (4 s after it)',
    files: [...FIRST, 'flowbot-chat.answers.js', 'flowbot-chat.lazy.js'],
    budget: 67_600,
    run: async (page) => {
      await page.goto('/assistant.html');
      await expect(bot(page).first()).toBeVisible();
      const field = page.locator('flowbot-chat [part~="input"]');
      await field.fill('Compare the plans');
      await field.press('Enter');
      await expect(page.locator('flowbot-chat table')).toBeVisible();
      await page.waitForTimeout(4_000);
    },
  },
  {
    name: 'persist="local", a reload that restores, 4 s after',
    // The storage code alone: a plain conversation restored needs nothing of the on-demand part.
    files: [...FIRST, 'flowbot-chat.persist.js', 'flowbot-chat.answers.js'],
    budget: 53_920,
    run: async (page, reset) => {
      await page.goto('/persist.html');
      await expect(bot(page).first()).toBeVisible();
      const stored = () =>
        page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('flowbot-chat:')).length);
      await expect.poll(stored).toBe(1);
      reset();
      await page.reload();
      await expect(bot(page).first()).toBeVisible();
      await page.waitForTimeout(4_000);
    },
  },
  {
    name: 'a page in a language the widget does not ship (sv), 4 s after its first message',
    files: [...FIRST, 'flowbot-chat.answers.js'],
    budget: 47_320,
    run: fourSecondsAfter('/sv.html'),
  },
  {
    name: 'a Portuguese page, 4 s after its first message',
    // Its words are a file of their own, found through the languages' hashes: not the on-demand part.
    files: [...FIRST, 'flowbot-chat.languages.js', 'flowbot-chat.lang-pt-br.js', 'flowbot-chat.answers.js'],
    budget: 49_850,
    run: fourSecondsAfter('/pt-br-inline.html'),
  },
];

test.describe('what each kind of page downloads', () => {
  test.beforeEach(async ({ request }) => {
    expect((await request.post('/__api/reset')).ok()).toBe(true);
  });

  for (const type of PAGE_TYPES) {
    test(type.name, async ({ page }) => {
      const { files, firstAt, reset } = await watchFiles(page);
      await type.run(page, reset);
      const first = await firstAt();
      const names = files.map((file) => file.name);
      expect([...names].sort(), 'the files it fetched').toEqual([...type.files].sort());
      // Each once: a file fetched twice would be paid twice.
      expect(new Set(names).size).toBe(names.length);
      const sum = (list: typeof files) => list.reduce((total, file) => total + gzipBytes(file.name), 0);
      const row = {
        page: type.name,
        before: sum(files.filter((file) => file.at() < first)),
        after: sum(files.filter((file) => file.at() >= first)),
        files: names,
      };
      rows.push(row);
      expect(row.before + row.after, 'its gzip bytes in all').toBeLessThanOrEqual(type.budget);
    });
  }

  test.afterAll(() => {
    if (!rows.length) return;
    console.log('\n| page | before the first message | after it | in all | files |\n|---|---|---|---|---|');
    for (const row of rows)
      console.log(
        `| ${row.page} | ${row.before} B | ${row.after} B | ${row.before + row.after} B | ${row.files.join(', ')} |`,
      );
  });
});
