/**
 * What each kind of page downloads of the widget, one list and one way of measuring it for CI
 * (`test/e2e/downloads.spec.ts`) and the bench (`test/bench/run.ts --only downloads`): the pages of
 * the e2e site (`test/e2e/site-pages.ts`), as `test/e2e/serve.ts` serves them beside the reference
 * server, each loaded in a fresh browser context whose `baseURL` is that page server. A page type
 * says how to load the page, the widget's files it fetches before its first bot message is shown
 * and after, and a budget for each; `measureDownloads` runs it and reads which of them the page
 * asked for before that message and after, with their gzip sizes from the build (level 9, as
 * `tools/size.mjs` measures).
 *
 * Each budget is the bytes reached plus `tools/size.mjs`'s `HEADROOM` (64 B), rounded up to the next
 * 10 B: the hashes a file carries of the files it loads are random bytes, and where they fall in
 * gzip's window moves a file by up to 32 B from build to build with no change of code. Twice that is
 * noise; more is growth, and fails. The bytes before the first message are held to `tools/size.mjs`'s
 * `BUDGET_GZIP` instead, the cap the product keeps.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { BUDGET_GZIP, FIRST_TURN_BUDGET_GZIP, HEADROOM } from '../../tools/size.mjs';

const dist = new URL('../../dist/', import.meta.url);
/** A built file's gzip bytes, read when asked (the build may have changed since the last page). */
const gzipBytes = (name: string) => gzipSync(readFileSync(new URL(name, dist)), { level: 9 }).length;
const FIRST = ['flowbot-chat.iife.js', 'flowbot-chat.main.js'];
/** The files before the first message of an inline widget whose first turn the script tag draws (issue 45). */
const FIRST_TURN = ['flowbot-chat.iife.js', 'flowbot-chat.first.js'];
/** The widget's code, fetched once that first turn is painted. */
const MAIN = 'flowbot-chat.main.js';

/** The bytes before the first message of a page that fetches the first two files alone. */
const FIRST_BUDGET: number = BUDGET_GZIP;
/** The bytes before the first message of a page whose first turn the script tag draws. */
const FIRST_TURN_BUDGET: number = FIRST_TURN_BUDGET_GZIP;
/** The widget's code, as reached. */
const MAIN_BYTES = 34_101;
/** The rich messages' file (markdown, media, the voice...), as reached. */
const RICH_BYTES = 13_196;
/** A streamed answer and an agent's parts: fetched with the rich messages' file (issue 45, point 4). */
const STREAM = 'flowbot-chat.stream.js';
const STREAM_BYTES = 8_132;
/** The send file, as reached. */
const SEND_BYTES = 1_090;
/** A closed bubble's launcher, as reached: with the tap's open panel (issue 45's cold tap), 4,630 B (4,350 B before). */
const LAUNCHER_BYTES = 4_630;
/**
 * The script-tag file, as reached: 2,813 B once it fetches a closed bubble's launcher after the page's
 * first paint is reported, not a frame after it ran (2,769 B before; 2,785 B with the cold tap).
 */
const SCRIPT_TAG_BYTES = 2_813;
/** A closed bubble's preview, as reached: 3,944 B with the widget's own `css` tag (4,264 B with Lit's). */
const PREVIEW_BYTES = 3_944;
/** A tapped bubble's panel on its first turn before the widget's code, fetched at the first sign of intent. */
const OPEN = 'flowbot-chat.open.js';
const OPEN_BYTES = 11_861;
/** The budget for bytes `reached` (the gzip sizes of the files, as measured): with `HEADROOM`, to 10 B. */
const reached = (bytes: number): number => Math.ceil((bytes + HEADROOM) / 10) * 10;

/** A kind of page: how to load it, what it does, the files it fetches, and its budgets. */
export interface PageType {
  name: string;
  /** The widget's files it fetches before its first bot message is shown (each once, in any order). */
  before: string[];
  /** The widget's files it fetches once that message is shown (each once, in any order). */
  after: string[];
  /** Files fetched as soon as another arrives, in a race with the first message: counted where they fall. */
  either?: string[];
  /** The gzip bytes of the files before the first message, and of those after it. */
  budget: { before: number; after: number };
  /** The performance issue's target for the same bytes, where it sets one (the bench reads it). */
  target?: number;
  /** Loads the page and does what it does; `reset` forgets the files fetched so far (a reload). */
  run: (page: Page, reset: () => void) => Promise<void>;
}

/** What a page type fetched: the widget's files in the order asked for, and their gzip bytes. */
export interface Downloads {
  files: string[];
  /** Those asked for before the first bot message was shown, and those once it was. */
  filesBefore: string[];
  filesAfter: string[];
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

/** Answers `value` in `field` with Enter, waits until `shown` holds, then 4 s (what the answer fetches, or a little after). */
async function answerThenWait(page: Page, field: Locator, value: string, shown: () => Promise<void>): Promise<void> {
  await field.fill(value);
  await field.press('Enter');
  await shown();
  await page.waitForTimeout(4_000);
}

/**
 * Each page type: how to load it, what it does, the files it fetches before its first message and
 * after, and their budgets (gzip bytes: each file's size reached, from `tools/size.mjs`).
 */
export const PAGE_TYPES: readonly PageType[] = [
  {
    name: 'a closed bubble, nothing to show until opened, never reached for (4 s)',
    // The script tag's launcher draws it; the widget's code waits for the visitor.
    before: ['flowbot-chat.iife.js', 'flowbot-chat.launcher.js'],
    after: [],
    // The script-tag file and the launcher's. Raised by 100 B (6,880 → 6,980), within issue 45's target:
    // the script tag finds widgets within what is added and fetches the launcher after the first paint
    // (+44 B), the launcher takes the page's calls made before it and keeps `open` (+57 B). Raised by
    // 190 B (6,980 → 7,170), within that target: the launcher fetches the preview's file for a bubble
    // with a preview (+231 B), and the preview's file through the light entry's placing (-28 B net in
    // the script-tag file, which no longer tells such a bubble apart). Raised by 300 B (7,170 → 7,470),
    // within that target: the launcher opens the tapped panel drawn by the open file (+280 B). Raised by
    // 40 B (7,470 → 7,510), within that target: the script-tag file fetches the launcher once the page's
    // first paint is reported (Lighthouse counted the launcher in the page's paints): 2,785 → 2,813 B
    // (this row read it as 2,769 B, from before the cold tap).
    budget: { before: reached(SCRIPT_TAG_BYTES + LAUNCHER_BYTES), after: 0 },
    // Issue 45's target for a closed bubble until someone reaches for it.
    target: 8_192,
    run: fourSecondsAfter('/bubble-quiet.html', (page) => page.locator('flowbot-chat [part~="launcher"]')),
  },
  {
    name: 'a closed bubble whose launcher had focus, not opened (4 s)',
    // No message is shown: all of it is before the first. Focus on the launcher fetched the file a tap
    // opens the panel with, then the widget's code, and the invitation's with it once the widget's
    // launcher took the focus over (as any focus does).
    before: [...FIRST, 'flowbot-chat.launcher.js', OPEN, 'flowbot-chat.invite.js'],
    after: [],
    // The launcher's file, the open panel's and the invitation's besides the first files.
    budget: { before: FIRST_BUDGET + reached(LAUNCHER_BYTES + OPEN_BYTES + 4_877), after: 0 },
    run: async (page) => {
      await page.goto('/bubble-quiet.html');
      // Focus, not a pointer passing: a pointer still over the launcher when the widget takes over would
      // fetch the invitation too, or not, by a race.
      await page.locator('flowbot-chat [part~="launcher"]').focus();
      await page.waitForFunction(() => customElements.get('flowbot-chat'));
      await page.waitForTimeout(4_000);
    },
  },
  {
    name: 'a closed bubble with a preview, never reached for (4 s)',
    // The script tag's launcher draws it, and the preview's file its card; the widget's code waits for the visitor.
    before: ['flowbot-chat.iife.js', 'flowbot-chat.launcher.js', 'flowbot-chat.preview.js'],
    after: [],
    // The script-tag file, the launcher's and the preview's (a bubble with a preview opens as before: no open file).
    budget: { before: reached(SCRIPT_TAG_BYTES + LAUNCHER_BYTES + PREVIEW_BYTES), after: 0 },
    // Issue 45's target for a closed bubble with a preview message.
    target: 12_288,
    run: fourSecondsAfter('/invite.html?delay=0', (page) => page.locator('flowbot-chat [part~="preview"]')),
  },
  {
    name: 'a closed bubble tapped at once, its first turn drawn before the widget code (4 s after it)',
    // The tap's first sign of intent fetched the open file, the widget's code once that arrived: that
    // code and the start's answer race (the code is asked for before the panel is drawn, or after).
    // Then what every widget fetches after its first message, and the invitation's with the widget's launcher.
    before: ['flowbot-chat.iife.js', 'flowbot-chat.launcher.js', OPEN],
    after: ['flowbot-chat.invite.js', 'flowbot-chat.answers.js', 'flowbot-chat.send.js'],
    either: [MAIN],
    // The script-tag file, the launcher's and the open file's before; the widget's code on either side.
    budget: {
      before: reached(SCRIPT_TAG_BYTES + LAUNCHER_BYTES + OPEN_BYTES + MAIN_BYTES),
      after: reached(MAIN_BYTES + 4_877 + 9_938 + SEND_BYTES),
    },
    run: async (page) => {
      await page.goto('/bubble-quiet.html');
      // No pointer over it first: a touch screen's tap.
      await page.locator('flowbot-chat [part~="launcher"]').dispatchEvent('click');
      await expect(bot(page).first()).toBeVisible();
      await page.waitForTimeout(4_000);
    },
  },
  {
    name: 'an inline text conversation answered (a choice, then the e-mail field), 4 s after its end',
    // The rarer controls' file comes with the e-mail field.
    before: FIRST_TURN,
    after: [MAIN, 'flowbot-chat.answers.js', 'flowbot-chat.send.js', 'flowbot-chat.controls.js'],
    // The answers' file, the send file and the controls'.
    budget: { before: FIRST_TURN_BUDGET, after: reached(MAIN_BYTES + 9_936 + 1_068 + 10_189) },
    run: async (page) => {
      await page.goto('/inline.html');
      await page.locator('flowbot-chat [part~="choice"]').filter({ hasText: 'Billing' }).click();
      await answerThenWait(page, page.locator('flowbot-chat input[type="email"]'), 'ada@example.com', () =>
        expect(bot(page).last()).toContainText('We will write to ada@example.com'),
      );
    },
  },
  {
    name: 'an inline markdown answer, not streamed (a wide table, then code), 4 s after its first message',
    // Markdown alone: the rich messages' file, not the streams' (issue 45, point 4). A first message with a
    // table is the widget's to draw: its code and the rich messages' file come before it.
    before: [...FIRST_TURN, MAIN, 'flowbot-chat.rich.js'],
    after: ['flowbot-chat.answers.js', 'flowbot-chat.send.js', 'flowbot-chat.highlight.js'],
    budget: {
      // The first files' budget (the script tag's and the widget's code), the first turn's file and the rich messages'.
      before: FIRST_BUDGET + reached(11_842 + RICH_BYTES),
      after: reached(9_937 + SEND_BYTES + 4_257),
    },
    run: fourSecondsAfter('/host-layouts.html?layout=block', (page) => page.locator('flowbot-chat table')),
  },
  {
    name: 'an inline AI answer with markdown, streamed (4 s after it)',
    before: FIRST_TURN,
    after: [MAIN, 'flowbot-chat.answers.js', 'flowbot-chat.send.js', 'flowbot-chat.rich.js', STREAM],
    // The answers' file, the send file, the rich messages' and the streams' (issue 45, point 4: fetched together).
    budget: { before: FIRST_TURN_BUDGET, after: reached(MAIN_BYTES + 9_937 + SEND_BYTES + RICH_BYTES + STREAM_BYTES) },
    run: async (page) => {
      await page.goto('/assistant.html');
      await expect(bot(page).first()).toBeVisible();
      await answerThenWait(page, page.locator('flowbot-chat [part~="input"]'), 'Compare the plans', () =>
        expect(page.locator('flowbot-chat table')).toBeVisible(),
      );
    },
  },
  {
    name: 'an inline AI answer with a formula, streamed (4 s after it)',
    before: FIRST_TURN,
    after: [
      MAIN,
      'flowbot-chat.answers.js',
      'flowbot-chat.send.js',
      'flowbot-chat.rich.js',
      STREAM,
      'flowbot-chat.math.js',
    ],
    // The answers' file, the rich messages' and the streams' files and the math file it fetches for the formula.
    budget: {
      before: FIRST_TURN_BUDGET,
      after: reached(MAIN_BYTES + 9_937 + SEND_BYTES + RICH_BYTES + STREAM_BYTES + 59_534),
    },
    run: async (page) => {
      await page.goto('/assistant.html');
      await expect(bot(page).first()).toBeVisible();
      await answerThenWait(page, page.locator('flowbot-chat [part~="input"]'), 'How is the final grade computed?', () =>
        expect(page.locator('flowbot-chat math[display="block"]')).toBeVisible(),
      );
    },
  },
  {
    name: 'an inline AI answer with code in three languages, streamed (4 s after it)',
    before: FIRST_TURN,
    after: [
      MAIN,
      'flowbot-chat.answers.js',
      'flowbot-chat.send.js',
      'flowbot-chat.rich.js',
      STREAM,
      'flowbot-chat.highlight.js',
    ],
    // The answers' file, the rich messages' and the streams' files and the highlight file it fetches for the code's colours.
    budget: {
      before: FIRST_TURN_BUDGET,
      after: reached(MAIN_BYTES + 9_937 + SEND_BYTES + RICH_BYTES + STREAM_BYTES + 4_257),
    },
    run: async (page) => {
      await page.goto('/assistant.html');
      await expect(bot(page).first()).toBeVisible();
      await answerThenWait(page, page.locator('flowbot-chat [part~="input"]'), 'How do I use the API?', () =>
        expect(page.locator('flowbot-chat .fb-code .hl-s').last()).toBeVisible(),
      );
    },
  },
  {
    name: 'persist="local", a reload that restores, 4 s after',
    // The storage code alone: a plain conversation restored needs nothing of the on-demand part.
    // The storage code shows what it restores: before the first message.
    before: [...FIRST, 'flowbot-chat.persist.js'],
    after: ['flowbot-chat.answers.js', 'flowbot-chat.send.js'],
    // The storage code; the answers' file and the send file.
    budget: { before: FIRST_BUDGET + reached(5_943), after: reached(9_936 + 1_068) },
    run: async (page, reset) => {
      await page.goto('/persist.html');
      await expect(bot(page).first()).toBeVisible();
      const stored = () =>
        page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('flowbot-chat:')).length);
      await expect.poll(stored).toBe(1);
      // The first page's answers' file and send file too (each comes in idle time after the first
      // message, in its own idle callback): a request that page sent after the count was cleared would
      // be counted against the reload.
      const idleFilesFetched = () =>
        page.evaluate(() =>
          ['/flowbot-chat.answers.js', '/flowbot-chat.send.js'].every((file) =>
            performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(file)),
          ),
        );
      await expect.poll(idleFilesFetched).toBe(true);
      reset();
      await page.reload();
      await expect(bot(page).first()).toBeVisible();
      await page.waitForTimeout(4_000);
    },
  },
  {
    name: 'persist="local", the visitor opens the menu\'s Conversations',
    // The storage code first (a widget with persist asks for it at once); the answers' file and the
    // send file after the first message, then, with the menu, the export's and the list's files.
    before: [...FIRST, 'flowbot-chat.persist.js'],
    after: ['flowbot-chat.answers.js', 'flowbot-chat.send.js', 'flowbot-chat.export.js', 'flowbot-chat.history.js'],
    budget: { before: FIRST_BUDGET + reached(5_943), after: reached(9_936 + 1_068 + 1_888 + 3_648) },
    run: async (page) => {
      await page.goto('/persist.html');
      await expect(bot(page).first()).toBeVisible();
      await page.locator('flowbot-chat [part~="menu-button"]').click();
      await page.locator('flowbot-chat .menu-item', { hasText: 'Conversations' }).click();
      await expect(page.locator('flowbot-chat [part~="history"]')).toBeVisible();
    },
  },
  {
    name: 'an inline widget with color-scheme="dark", 4 s after its first message',
    // The dark palette is asked for as the widget first updates, before the first message is drawn.
    before: [...FIRST, 'flowbot-chat.dark.js'],
    after: ['flowbot-chat.answers.js', 'flowbot-chat.send.js'],
    // The dark palette; the answers' file and the send file.
    budget: { before: FIRST_BUDGET + reached(3_572), after: reached(9_936 + 1_068) },
    run: fourSecondsAfter('/dark.html'),
  },
  {
    name: 'a page in a language the widget does not ship (sv), 4 s after its first message',
    before: FIRST,
    after: ['flowbot-chat.answers.js', 'flowbot-chat.send.js'],
    budget: { before: FIRST_BUDGET, after: reached(9_936 + 1_068) },
    // The files of an inline text conversation until its first answer: the performance issue's target for them.
    target: 45_056,
    run: fourSecondsAfter('/sv.html'),
  },
  {
    name: 'a Portuguese page, 4 s after its first message',
    // Its words are a file of their own, found through the languages' hashes: not the on-demand part.
    // The languages' hashes are asked for as the widget renders; its words once they are in, before the
    // first message or after it (on a busy machine the start's answer may come after them).
    before: [...FIRST, 'flowbot-chat.languages.js'],
    after: ['flowbot-chat.answers.js', 'flowbot-chat.send.js'],
    either: ['flowbot-chat.lang-pt-br.js'],
    // The languages' hashes and perhaps the Portuguese words; the answers' file, the send file and perhaps those words.
    budget: { before: FIRST_BUDGET + reached(593 + 2_160), after: reached(2_160 + 9_936 + 1_068) },
    run: fourSecondsAfter('/pt-br-inline.html'),
  },
];

/**
 * Runs `type` on `page` (fresh: nothing loaded yet) and returns the widget's files it asked for,
 * split at the moment its first bot message was shown (in a widget's shadow root, drawn by the first
 * turn's file or the widget, or its `flowbot-message`, or the `flowbot-start` of a restored
 * conversation, whichever comes first, in the page's clock).
 */
export async function measureDownloads(page: Page, type: PageType): Promise<Downloads> {
  const files: { name: string; at: () => number }[] = [];
  // A bot message in a widget's shadow root, looked for at each frame: the first turn's file draws one
  // before the widget's code is there (its events come with that code). A restored conversation's
  // messages are shown with its start, not each as a new message. A string, not a function: run by
  // the bench's TypeScript runner, a function's named inner functions would call that runner's helpers,
  // which the page does not have (the script would throw before it looks, and every file would count as before).
  await page.addInitScript(`(() => {
    const look = () => {
      if ([...document.querySelectorAll('flowbot-chat')].some((el) => el.shadowRoot?.querySelector('[part~="bot-message"]')))
        window.firstAt ??= Date.now();
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
    document.addEventListener('flowbot-message', () => (window.firstAt ??= Date.now()), true);
    document.addEventListener('flowbot-start', (event) => event.detail.restored && (window.firstAt ??= Date.now()), true);
  })()`);
  page.on('request', (request) => {
    const name = /\/(flowbot-chat\.[\w-]+\.js)$/.exec(new URL(request.url()).pathname)?.[1];
    // When the browser sent it (wall clock, as the page's `Date.now()`), not when the test heard of it.
    if (name) files.push({ name, at: () => request.timing().startTime });
  });
  await type.run(page, () => void files.splice(0));
  const first = await page.evaluate(() => (window as unknown as { firstAt?: number }).firstAt ?? Infinity);
  const sum = (list: typeof files) => list.reduce((total, file) => total + gzipBytes(file.name), 0);
  const before = files.filter((file) => file.at() < first);
  const after = files.filter((file) => file.at() >= first);
  return {
    files: files.map((file) => file.name),
    filesBefore: before.map((file) => file.name),
    filesAfter: after.map((file) => file.name),
    before: sum(before),
    after: sum(after),
  };
}
