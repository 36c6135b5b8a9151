/**
 * What each kind of page downloads of the widget, one list and one way of measuring it for CI
 * (`test/e2e/downloads.spec.ts`) and the bench (`test/bench/run.ts --only downloads`): the pages of
 * test/e2e/pages, as `test/e2e/serve.ts` serves them beside the reference server, each loaded in a
 * fresh browser context whose `baseURL` is that page server. A page type says how to load the page,
 * the widget's files it fetches and its budget; `measureDownloads` runs it and reads which of them
 * the page asked for before its first bot message was shown and after, with their gzip sizes from
 * the build (level 9, as `tools/size.mjs` measures).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../../dist/', import.meta.url);
/** A built file's gzip bytes, read when asked (the build may have changed since the last page). */
const gzipBytes = (name: string) => gzipSync(readFileSync(new URL(name, dist)), { level: 9 }).length;
const FIRST = ['flowbot-chat.iife.js', 'flowbot-chat.main.js'];

/** A kind of page: how to load it, what it does, the files it fetches, and its budget. */
export interface PageType {
  name: string;
  /** The widget's files it fetches, each once, in any order. */
  files: string[];
  /** The gzip bytes of those files, before the first message and after it together. */
  budget: number;
  /** The performance issue's target for the same bytes, where it sets one (the bench reads it). */
  target?: number;
  /** Loads the page and does what it does; `reset` forgets the files fetched so far (a reload). */
  run: (page: Page, reset: () => void) => Promise<void>;
}

/** What a page type fetched: the widget's files in the order asked for, and their gzip bytes. */
export interface Downloads {
  files: string[];
  /** Of the files asked for before the first bot message was shown. */
  before: number;
  /** Of the files asked for once it was. */
  after: number;
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

/** Each page type: how to load it, what it does, the files it fetches, and its budget (gzip bytes). */
export const PAGE_TYPES: readonly PageType[] = [
  {
    name: 'a closed bubble, nothing to show until opened, never opened (4 s)',
    files: FIRST,
    budget: 35_850,
    target: 36_864,
    run: fourSecondsAfter('/bubble-quiet.html', (page) => page.locator('flowbot-chat [part~="launcher"]')),
  },
  {
    name: 'a closed bubble with a preview, never opened (4 s)',
    files: [...FIRST, 'flowbot-chat.invite.js'],
    budget: 40_510,
    run: fourSecondsAfter('/invite.html?delay=0', (page) => page.locator('flowbot-chat [part~="preview"]')),
  },
  {
    name: 'an inline text conversation, 4 s after its first message',
    files: [...FIRST, 'flowbot-chat.answers.js'],
    budget: 45_056,
    target: 45_056,
    run: fourSecondsAfter('/inline.html'),
  },
  {
    name: 'an inline AI answer with markdown, streamed (4 s after it)',
    files: [...FIRST, 'flowbot-chat.answers.js', 'flowbot-chat.lazy.js'],
    budget: 64_680,
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
    budget: 50_570,
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
    budget: 45_056,
    run: fourSecondsAfter('/sv.html'),
  },
  {
    name: 'a Portuguese page, 4 s after its first message',
    // Its words are a file of their own, found through the languages' hashes: not the on-demand part.
    files: [...FIRST, 'flowbot-chat.languages.js', 'flowbot-chat.lang-pt-br.js', 'flowbot-chat.answers.js'],
    budget: 47_650,
    run: fourSecondsAfter('/pt-br-inline.html'),
  },
];

/**
 * Runs `type` on `page` (fresh: nothing loaded yet) and returns the widget's files it asked for,
 * split at the moment its first bot message was shown (its `flowbot-message`, in the page's clock).
 */
export async function measureDownloads(page: Page, type: PageType): Promise<Downloads> {
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
  await type.run(page, () => void files.splice(0));
  const first = await page.evaluate(() => (window as unknown as { firstAt?: number }).firstAt ?? Infinity);
  const sum = (list: typeof files) => list.reduce((total, file) => total + gzipBytes(file.name), 0);
  return {
    files: files.map((file) => file.name),
    before: sum(files.filter((file) => file.at() < first)),
    after: sum(files.filter((file) => file.at() >= first)),
  };
}
