/**
 * What a visitor sees, by geometry, in every engine: a conversation longer than the panel, played
 * by a scripted viewer (`engines-layout.js`), at a phone's width and a desktop's. After every step
 * the newest message lies inside the transcript's visible box and above the composer; the audio
 * player and the picture choices are neither collapsed nor cropped; an error with Retry is in
 * view; a visitor who scrolled up to read is not moved by new messages. A wide answer (a table,
 * a long code line) in each host page layout at 320 and 390 px scrolls in its own box and never
 * widens the page. The assistant's reply after "Did that answer your question?" stays in view in a
 * block, a grid and a flex row at 320 px, and in a block at 390 px. Also: Space selects a
 * rating, the script-tag file loaded twice under Trusted Types is harmless, and widget code changed
 * on its server is not run.
 */
import type { EnginePage } from './launch.js';
import { ScenarioError, type Scenario } from './scenarios.js';
import type { Box } from '../support/box.js';

/** The widget's geometry and state, read in the page (self-contained). */
interface Geometry {
  viewport: [number, number];
  /** The transcript's scrollTop, scrollHeight and clientHeight. */
  scroll: [number, number, number];
  bot: number;
  user: number;
  ready: boolean;
  input: string;
  log: Box;
  composer: Box | null;
  /** The newest message bubble, or the error notice when it is the last thing shown. */
  newest: Box | null;
  error: Box | null;
  audio: Box | null;
  pictures: { img: Box; button: Box; group: Box; natural: [number, number]; fit: string }[];
  reading: Box | null;
  unseen: boolean;
  problems: string[];
}

function measure(readingIndex: number): Geometry {
  // The page itself, or the conversation page inside the sizing frame (see `layoutAt`).
  const win = (document.querySelector('iframe')?.contentWindow ?? window) as Window & typeof globalThis;
  const problems = (win as unknown as { __problems?: unknown[] }).__problems;
  const root = win.document.querySelector('flowbot-chat')?.shadowRoot;
  // The widget's code may still be on its way (the script-tag file fetches it): nothing shown yet.
  if (!root?.querySelector('[part~="messages"]')) {
    const none: Box = { top: 0, bottom: 0, left: 0, right: 0, width: 0, height: 0 };
    return {
      viewport: [win.innerWidth, win.innerHeight],
      scroll: [0, 0, 0],
      bot: 0,
      user: 0,
      ready: false,
      input: '',
      log: none,
      composer: null,
      newest: null,
      error: null,
      audio: null,
      pictures: [],
      reading: null,
      unseen: false,
      // A page still loading (the sizing frame's own before its conversation page) has no recorder yet.
      problems: Array.isArray(problems) ? problems.map(String) : [],
    };
  }
  const rect = (el: Element | null | undefined): Box | null => {
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
  };
  const all = (selector: string) => Array.from(root.querySelectorAll(selector));
  const messages = all('[part~="message"]');
  const error = root.querySelector('[part~="error"]');
  const control = root.querySelector('[part~="composer"] :is(input, textarea, button)');
  const input = control ? (control.closest('form, .choice-input, .cards')?.className ?? control.tagName) : '';
  const log = root.querySelector<HTMLElement>('[part~="messages"]')!;
  return {
    viewport: [win.innerWidth, win.innerHeight],
    scroll: [log.scrollTop, log.scrollHeight, log.clientHeight],
    bot: all('[part~="bot-message"]').length,
    user: all('[part~="user-message"]').length,
    // Ready once the widget has taken over from the first turn the script tag drew: until then both
    // panels are in the root, the widget's own not yet shown (`first-turn/take-over.ts`).
    ready:
      !!control &&
      !root.querySelector('[part~="typing"], .composer .bone, [aria-busy="true"]') &&
      all('[part~="panel"]').length === 1,
    input,
    log: rect(root.querySelector('[part~="messages"]'))!,
    composer: rect(root.querySelector('[part~="composer"]')),
    newest: rect(error ?? messages[messages.length - 1]),
    error: rect(error),
    audio: rect(root.querySelector('audio')),
    pictures: all('[part~="picture-choice"] img').map((img) => ({
      img: rect(img)!,
      button: rect(img.closest('button'))!,
      group: rect(img.closest('.pictures'))!,
      natural: [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight],
      fit: win.getComputedStyle(img).objectFit,
    })),
    reading: rect(all('[part~="bot-message"]')[readingIndex]),
    unseen: !!root.querySelector('[part~="new-messages"]'),
    problems: Array.isArray(problems) ? problems.map(String) : ['no problem recorder'],
  };
}

/** Answers the current input the way a visitor would, by the page's own DOM. */
function answer(kind: string, value: string): boolean {
  const win = document.querySelector('iframe')?.contentWindow ?? window;
  const root = win.document.querySelector('flowbot-chat')!.shadowRoot!;
  if (kind === 'choice' || kind === 'picture') {
    const buttons = Array.from(
      root.querySelectorAll<HTMLButtonElement>(`[part~="${kind === 'choice' ? 'choice' : 'picture-choice'}"]`),
    );
    const button = buttons.find((b) => (b.textContent ?? '').includes(value));
    button?.click();
    return !!button;
  }
  const field = root.querySelector<HTMLInputElement>('[part~="composer"] [part~="input"]');
  if (!field) return false;
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  root.querySelector<HTMLButtonElement>('[part~="send-button"]')!.click();
  return true;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves after the page (or the sizing frame) has run two animation frames. */
async function afterTwoFrames(page: EnginePage): Promise<void> {
  await page.evaluate(() => {
    const win = (document.querySelector('iframe')?.contentWindow ?? window) as Window & { __frames?: number };
    win.__frames = 0;
    win.requestAnimationFrame(() => win.requestAnimationFrame(() => (win.__frames = 2)));
  });
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const done = await page.evaluate(
      () =>
        ((document.querySelector('iframe')?.contentWindow ?? window) as Window & { __frames?: number }).__frames === 2,
    );
    if (done) return;
    await sleep(16);
  }
  throw new ScenarioError('the page ran no animation frame for 5 s');
}
const round = (b: Box | null) => (b ? `[${Math.round(b.top)}, ${Math.round(b.bottom)}]` : 'none');

async function waitFor(
  page: EnginePage,
  what: string,
  ok: (g: Geometry) => boolean,
  reading = 0,
  ms = 10_000,
): Promise<Geometry> {
  const deadline = Date.now() + ms;
  for (;;) {
    const g = await page.evaluate(measure, reading);
    if (g.problems.length)
      throw new ScenarioError(`errors on the page while waiting for ${what}: ${g.problems.join('; ')}`);
    if (ok(g)) {
      // Measure what is painted: after images and players settle, and after two rendering
      // updates, where the follow-the-bottom observer runs (a forced layout between two updates
      // shows a state no visitor ever sees).
      await sleep(150);
      await afterTwoFrames(page);
      return page.evaluate(measure, reading);
    }
    if (Date.now() > deadline) {
      throw new ScenarioError(
        `timed out waiting for ${what}: ${g.bot} bot and ${g.user} visitor messages, input "${g.input}", ready ${g.ready}`,
      );
    }
    await sleep(50);
  }
}

function inView(g: Geometry, step: string): void {
  const { newest, log, composer } = g;
  const where = `${step}: newest ${round(newest)}, transcript ${round(log)}, composer ${round(composer)}, scroll ${g.scroll.map(Math.round).join('/')}`;
  if (!newest) throw new ScenarioError(`${step}: no message shown`);
  if (newest.top < log.top - 1 || newest.bottom > log.bottom + 1) {
    throw new ScenarioError(`the newest message is not inside the transcript's visible box (${where})`);
  }
  if (composer && newest.bottom > composer.top + 1)
    throw new ScenarioError(`the newest message is under the composer (${where})`);
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new ScenarioError(message);
}

function layoutAt(width: number, height: number): Scenario {
  return {
    name: `layout at ${width} px: the newest message in view, media whole, the reader left alone`,
    async run(page, site) {
      await page.setViewport(width, height);
      await page.goto(`${site.pageOrigin}/engines-layout.html`);
      let g = await waitFor(page, 'the first three messages and a text field', (g) => g.bot >= 3 && g.ready);
      if (Math.abs(g.viewport[0] - width) > 2) {
        // A window that cannot be that narrow (WebKitGTK's MiniBrowser stops at about 450 px):
        // the same page in a frame of exactly that size, which is its viewport.
        await page.goto(`${site.pageOrigin}/engines-frame.html?width=${width}&height=${height}`);
        g = await waitFor(page, 'the first three messages and a text field, in a frame', (g) => g.bot >= 3 && g.ready);
      }
      check(
        Math.abs(g.viewport[0] - width) <= 2,
        `the viewport is ${g.viewport.join(' × ')} px, not ${width} px wide: the driver could not size it`,
      );
      inView(g, 'start');

      const steps: [kind: string, value: string, bots: number, label: string][] = [
        ['text', 'hello there', 6, 'e-mail'],
        ['text', 'ada@example.com', 9, 'six-item choice'],
        ['choice', 'Orange', 12, 'number'],
        ['text', '42', 16, 'audio and picture choice'],
      ];
      for (const [kind, value, bots, label] of steps) {
        check(await page.evaluate(answer, kind, value), `could not answer "${value}" before the ${label} step`);
        g = await waitFor(page, `the ${label} step`, (g) => g.bot >= bots && g.ready);
        inView(g, `after "${value}" (${label})`);
      }

      // The player is a usable player; every picture is whole and inside its button and the grid.
      check(!!g.audio, 'no audio player');
      const audio = g.audio!;
      check(
        audio.width >= Math.min(240, g.log.width * 0.6) && audio.height >= 20,
        `the audio player is collapsed: ${Math.round(audio.width)} × ${Math.round(audio.height)} px in a ${Math.round(g.log.width)} px transcript`,
      );
      check(g.pictures.length === 3, `expected three pictures, saw ${g.pictures.length}`);
      for (const [i, p] of g.pictures.entries()) {
        const inside = (a: Box, b: Box) =>
          a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
        check(
          p.img.width > 40 && p.img.height > 24,
          `picture ${i + 1} is collapsed: ${Math.round(p.img.width)} × ${Math.round(p.img.height)}`,
        );
        check(inside(p.img, p.button), `picture ${i + 1} spills out of its button`);
        check(
          p.button.left >= p.group.left - 1 && p.button.right <= p.group.right + 1,
          `picture ${i + 1} is cut by the grid`,
        );
        const [nw, nh] = p.natural;
        const same = nw > 0 && nh > 0 && Math.abs(nw / nh - p.img.width / p.img.height) < 0.02;
        check(
          p.fit === 'contain' || same,
          `picture ${i + 1} is cropped (object-fit ${p.fit}, ${nw} × ${nh} shown at ${Math.round(p.img.width)} × ${Math.round(p.img.height)})`,
        );
      }

      check(await page.evaluate(answer, 'picture', 'fox'), 'could not pick the fox');
      g = await waitFor(page, 'the last text step', (g) => g.bot >= 19 && g.ready);
      inView(g, 'after the picture');

      // A failed send: the error and its Retry are the newest thing, in view above the composer.
      check(await page.evaluate(answer, 'text', 'this one fails'), 'could not send the failing answer');
      g = await waitFor(page, 'the error with Retry', (g) => g.error !== null);
      inView(g, 'the error');
      check(
        await page.evaluate(() => {
          const retry = (document.querySelector('iframe')?.contentDocument ?? document)
            .querySelector('flowbot-chat')!
            .shadowRoot!.querySelector<HTMLButtonElement>('[part~="retry-button"]');
          retry?.click();
          return !!retry;
        }),
        'no Retry button',
      );
      g = await waitFor(page, 'the rating after the retry', (g) => g.bot >= 22 && g.ready && g.error === null);
      inView(g, 'after the retry');

      // Space selects the focused rating, as in any radio group.
      await page.evaluate(() => {
        (document.querySelector('iframe')?.contentDocument ?? document)
          .querySelector('flowbot-chat')!
          .shadowRoot!.querySelector<HTMLInputElement>('[part~="rating-option"] input')!
          .focus();
      });
      await page.press('Space');
      await sleep(100);
      const rated = await page.evaluate(() =>
        Array.from(
          (document.querySelector('iframe')?.contentDocument ?? document)
            .querySelector('flowbot-chat')!
            .shadowRoot!.querySelectorAll<HTMLInputElement>('[part~="rating-option"] input'),
        ).findIndex((r) => r.checked),
      );
      check(rated === 0, `Space on the first rating option selected option ${rated + 1} (0: none)`);

      // The visitor scrolls up to read; the page answers for them: what they read stays put.
      await page.evaluate(() => {
        const doc = document.querySelector('iframe')?.contentDocument ?? document;
        const log = doc.querySelector('flowbot-chat')!.shadowRoot!.querySelector<HTMLElement>('[part~="messages"]')!;
        log.scrollTop = 0;
        log.dispatchEvent(new Event('scroll'));
      });
      await sleep(200);
      const before = (await page.evaluate(measure, 1)).reading!;
      check(
        await page.evaluate(() =>
          (
            (document.querySelector('iframe')?.contentDocument ?? document).querySelector(
              'flowbot-chat',
            ) as unknown as { send(text: string): boolean }
          ).send('3'),
        ),
        'the page could not send the rating',
      );
      g = await waitFor(page, 'the messages after the rating', (g) => g.bot >= 25 && g.ready, 1);
      check(
        Math.abs(g.reading!.top - before.top) <= 1,
        `the message being read moved from ${Math.round(before.top)} to ${Math.round(g.reading!.top)} px`,
      );
      check(g.unseen, 'no "new messages" button while newer messages wait below');
    },
  };
}

/** What a wide answer does to the page around the widget (self-contained, read in the page or its sizing frame). */
function hostGeometry() {
  const win = (document.querySelector('iframe')?.contentWindow ?? window) as Window & typeof globalThis;
  const widget = win.document.querySelector('flowbot-chat');
  const root = widget?.shadowRoot;
  const bubbles = root ? Array.from(root.querySelectorAll('[part~="bot-message"]')) : [];
  const scrollers = root ? Array.from(root.querySelectorAll<HTMLElement>('.fb-table, .fb-code pre')) : [];
  const r = widget?.getBoundingClientRect();
  const problems = (win as unknown as { __problems?: unknown[] }).__problems;
  return {
    ready: bubbles.length >= 4 && (bubbles[3]?.textContent ?? '') === 'Ask away.' && scrollers.length === 2,
    innerWidth: win.innerWidth,
    scrollWidth: win.document.documentElement.scrollWidth,
    widget: r ? [r.left, r.right] : [0, 0],
    scrollers: scrollers.map((el) => {
      const box = el.getBoundingClientRect();
      return {
        client: el.clientWidth,
        scroll: el.scrollWidth,
        right: box.right,
        bubble: el.closest('.bubble')!.getBoundingClientRect().right,
      };
    }),
    // No recorder yet: the frame still holds its blank page (its load was checked by `ready`).
    problems: Array.isArray(problems) ? problems.map(String) : [],
  };
}

/** The host page layouts a widget is put in (see `host-layouts.js`). */
const HOST_LAYOUTS = ['block', 'grid', 'flex-row', 'flex-column', 'table-cell', 'inline-block'];

/**
 * A six-column table of long words and a 200-character code line (the reference server's `wide`
 * flow), the widget in each host layout at `width`: the page never scrolls sideways, the widget
 * stays in the viewport, the table and the code scroll in their own boxes inside their bubbles.
 */
function hostLayoutsAt(width: number): Scenario {
  return {
    name: `host layouts at ${width} px: a wide answer scrolls in its own box, never the page`,
    async run(page, site) {
      await page.setViewport(width, 760);
      let framed = false;
      const seen: string[] = [];
      const layouts = [...HOST_LAYOUTS];
      for (let i = 0; i < layouts.length; i++) {
        const layout = layouts[i]!;
        const path = `/host-layouts.html?layout=${layout}`;
        await page.goto(
          framed
            ? `${site.pageOrigin}/engines-frame.html?width=${width}&height=760&page=${encodeURIComponent(path)}`
            : `${site.pageOrigin}${path}`,
        );
        const deadline = Date.now() + 15_000;
        let g = await page.evaluate(hostGeometry);
        while (!g.ready || !g.innerWidth) {
          check(g.problems.length === 0, `${layout}: errors on the page: ${g.problems.join('; ')}`);
          check(Date.now() < deadline, `${layout}: the wide answer never showed`);
          await sleep(100);
          g = await page.evaluate(hostGeometry);
        }
        if (!framed && Math.abs(g.innerWidth - width) > 2) {
          // A window that cannot be that narrow (WebKitGTK's MiniBrowser): the same page in a frame of that size.
          framed = true;
          i--;
          continue;
        }
        await sleep(150);
        await afterTwoFrames(page);
        g = await page.evaluate(hostGeometry);
        const where = `${layout}: ${JSON.stringify({ ...g, problems: undefined })}`;
        check(Math.abs(g.innerWidth - width) <= 2, `the viewport is ${g.innerWidth} px wide, not ${width} (${where})`);
        check(g.scrollWidth <= g.innerWidth, `the page scrolls sideways (${where})`);
        check(g.widget[0]! >= 0 && g.widget[1]! <= g.innerWidth, `the widget leaves the viewport (${where})`);
        for (const s of g.scrollers) {
          check(s.scroll > s.client, `a wide box does not scroll (${where})`);
          check(s.right <= s.bubble + 0.5 && s.bubble <= g.widget[1]!, `a wide box spills out (${where})`);
        }
        seen.push(`${layout} ${Math.round(g.widget[1]! - g.widget[0]!)}`);
      }
      return `widget width: ${seen.join(', ')}${framed ? ' (in a frame)' : ''}`;
    },
  };
}

/**
 * The reference server's assistant (`?id=assistant`) asked a question in each of `layouts` at
 * `width`, its "Did that answer your question?" answered (one question, and the three layouts at one
 * width only: the engines' run has ten minutes for every scenario of the three engines): the reply comes as
 * the question above shrinks, and the browser's scroll anchoring must not leave it below the
 * transcript's edge (it did in Chromium: the follower took the anchoring's move for the visitor
 * scrolling up). Answered through the page's DOM, as `answer` does: the scroll is what is checked.
 */
function newestAfterAnswers(width: number, layouts: readonly string[]): Scenario {
  return {
    name: `the assistant at ${width} px: the reply in view after an answer, in ${layouts.join(', ')}`,
    async run(page, site) {
      await page.setViewport(width, 700);
      let framed = false;
      const seen: string[] = [];
      for (let i = 0; i < layouts.length; i++) {
        const layout = layouts[i]!;
        const path = `/host-layouts.html?layout=${layout}&id=assistant`;
        await page.goto(
          framed
            ? `${site.pageOrigin}/engines-frame.html?width=${width}&height=700&page=${encodeURIComponent(path)}`
            : `${site.pageOrigin}${path}`,
        );
        let g = await waitFor(page, `${layout}: the question and its field`, (g) => g.ready && g.bot >= 1);
        if (!framed && Math.abs(g.viewport[0] - width) > 2) {
          // A window that cannot be that narrow (WebKitGTK's MiniBrowser): the same page in a frame of that size.
          framed = true;
          i--;
          continue;
        }
        const question = 'How do the plans compare?';
        check(await page.evaluate(answer, 'text', question), `${layout}: no text field to ask in`);
        g = await waitFor(
          page,
          `${layout}: the answer, then its choices`,
          (g) => g.ready && /choice/.test(g.input),
          0,
          30_000,
        );
        const bots = g.bot;
        check(await page.evaluate(answer, 'choice', 'Yes'), `${layout}: no "Yes" choice`);
        g = await waitFor(page, `${layout}: the reply`, (g) => g.ready && g.bot > bots && /text-input/.test(g.input));
        inView(g, `${layout}, after "${question}"`);
        // And it stays there once the answer's line of actions and its sources settle.
        await sleep(1_000);
        inView(await page.evaluate(measure, 0), `${layout}, 1 s after "${question}"`);
        seen.push(`${layout} ${Math.round(g.newest!.bottom)}/${Math.round(g.log.bottom)}`);
      }
      return `newest bottom / transcript bottom: ${seen.join(', ')}${framed ? ' (in a frame)' : ''}`;
    },
  };
}

/** The layout scenarios, at a phone's width and a desktop's, and the wide answer in each host layout. */
export const layoutScenarios: readonly Scenario[] = [
  layoutAt(390, 760),
  layoutAt(1280, 800),
  hostLayoutsAt(320),
  hostLayoutsAt(390),
  newestAfterAnswers(320, ['block', 'grid', 'flex-row']),
  newestAfterAnswers(390, ['block']),
];

/** The script-tag file pasted twice on a page that enforces Trusted Types. */
export const twiceUnderTrustedTypes: Scenario = {
  name: 'script-tag file loaded twice under Trusted Types',
  async run(page, site) {
    await page.goto(`${site.pageOrigin}/csp-twice.html`);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const seen = await page.evaluate(() => {
        const root = document.querySelector('flowbot-chat')?.shadowRoot;
        return {
          bot: root ? root.querySelectorAll('[part~="bot-message"]').length : 0,
          problems: ((window as unknown as { __problems?: unknown[] }).__problems ?? ['no problem recorder']).map(
            String,
          ),
          flowbot: typeof (window as unknown as { Flowbot?: { init?: unknown } }).Flowbot?.init,
        };
      });
      check(seen.problems.length === 0, `errors on the page: ${seen.problems.join('; ')}`);
      if (seen.bot >= 2) {
        check(seen.flowbot === 'function', 'no window.Flowbot.init');
        return;
      }
      if (Date.now() > deadline) throw new ScenarioError(`the widget never showed the greeting (${seen.bot} messages)`);
      await sleep(50);
    }
  },
};

/**
 * A CDN that serves the widget's code changed after the build (its first line sets a canary):
 * the script-tag file checks it against the hash the build wrote in, runs none of it, shows the
 * unavailable notice in the widget's place and says which file failed in the console.
 */
export const changedWidgetCode: Scenario = {
  name: 'script-tag: changed widget code is not run',
  async run(page, site) {
    await page.goto(`${site.pageOrigin}/engines-tampered-main.html`);
    const refused =
      'console.error: flowbot-chat: flowbot-chat.main.js not run: it failed its integrity check or did not load';
    const deadline = Date.now() + 10_000;
    for (;;) {
      const seen = await page.evaluate(() => {
        const host = document.querySelector('flowbot-chat')!;
        const box = host.getBoundingClientRect();
        return {
          notice: host.shadowRoot?.textContent ?? null,
          shown: box.width > 0 && box.height > 0,
          // The first turn's messages (its own file, unchanged, draws them before the widget's code) are not the widget's.
          bot: host.shadowRoot?.querySelectorAll('[part~="bot-message"]:not([data-first-turn] *)').length ?? 0,
          ran: (globalThis as { __flowbotTampered?: string }).__flowbotTampered ?? null,
          problems: ((window as unknown as { __problems?: unknown[] }).__problems ?? ['no problem recorder']).map(
            String,
          ),
        };
      });
      check(seen.ran === null, `the changed file ran (it set the canary to ${seen.ran})`);
      check(seen.bot === 0, `the changed widget drew ${seen.bot} messages`);
      check(
        seen.problems.every((p) => p === refused),
        `other errors on the page: ${seen.problems.join('; ')}`,
      );
      if (seen.notice === 'This chat is unavailable') {
        check(seen.shown, `the notice: ${JSON.stringify(seen)}`);
        check(seen.problems.length === 1, `the console line, once: ${seen.problems.join('; ')}`);
        return;
      }
      if (Date.now() > deadline) throw new ScenarioError(`no unavailable notice after 10 s: ${JSON.stringify(seen)}`);
      await sleep(50);
    }
  },
};
