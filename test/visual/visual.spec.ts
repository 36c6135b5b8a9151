/**
 * What a visitor sees of `<flowbot-chat>`, compared with committed baselines pixel by pixel: each
 * message type, each input type, errors, a streamed answer and what a visitor does with it, the
 * bubble and the popup, a dark theme, forced colours, right-to-left and two phone widths. The built script-tag file on a plain page
 * (`pages/visual.html`) against the reference server; the demo flow's blocks are flows of their own
 * (`flows.ts`), so every state is one short conversation away.
 *
 * Every state is made to hold still before it is taken: fonts loaded, images decoded, media
 * metadata read, the transcript scrolled to where it stops, no typing indicator; nothing random or
 * timed is on screen. Requests that would leave the machine (YouTube, Vimeo) get a plain stand-in.
 *
 * The text is drawn in fonts the suite brings itself (DejaVu Sans and Sans Mono from an npm
 * package, loaded by the page with `@font-face`), never in the machine's: before every picture the
 * suite asks Chromium which fonts drew the text on screen, and fails if any was an installed one
 * (a glyph the suite's fonts lack, or a face that did not load). So the pictures come out the same
 * whatever fonts a Linux machine has; CI installs a font that would win `sans-serif` and
 * `monospace` to prove it on every run.
 *
 * Linux only: the baselines are drawn by Chromium on Linux, and macOS and Windows rasterise the
 * same font files differently, so there every test is skipped and the run prints one line saying
 * why and how to run the suite (on Linux: a Debian or Ubuntu container, or CI). Under `CI` a
 * run on another system fails instead of skipping.
 */
import { test, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { knowledgeAnswer, shippedFlows, streamPieces } from '../../src/server/index.js';
import { NOT_LINUX } from './playwright.config.js';

test.skip(NOT_LINUX !== undefined, NOT_LINUX);

interface Setup {
  flow?: string;
  mode?: 'bubble' | 'popup';
  open?: boolean;
  dir?: 'rtl';
  theme?: 'dark';
  scheme?: 'dark' | 'auto';
  persist?: 'session';
  off?: boolean;
  preview?: boolean;
  name?: string;
  lang?: string;
}

const widget = (page: Page): Locator => page.locator('flowbot-chat');
const part = (page: Page, name: string): Locator => page.locator(`flowbot-chat [part~="${name}"]`);
const bot = (page: Page, text: string | RegExp): Locator => part(page, 'bot-message').filter({ hasText: text });

/**
 * Queues a fault for this page's conversation alone (its session id is in the path), so tests
 * running side by side on the one server never take each other's faults.
 */
async function fault(page: Page, request: APIRequestContext, spec: string, operation: string): Promise<void> {
  const session = await (
    await page.waitForFunction(() => (window as { visualSession?: string }).visualSession)
  ).jsonValue();
  const response = await request.post('/__api/faults', { data: { spec, match: `/${session}/${operation}`, times: 3 } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Opens the page with a widget set up as `setup` says; the only network is loopback. */
async function visit(page: Page, setup: Setup = {}, waitUntil: 'load' | 'domcontentloaded' = 'load'): Promise<void> {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Stand-in</title><style>body { margin: 0; background: #334155 }</style>',
    }),
  );
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(setup)) {
    if (value !== undefined && value !== false) query.set(key, value === true ? '1' : String(value));
  }
  await page.goto(`/visual/visual.html?${query}`, { waitUntil });
}

/**
 * Waits until what is on screen can no longer change by itself: fonts, every image of the page
 * and the widget decoded, media that knows its length, no loading skeleton or typing dots, and
 * the transcript's scroll position the same over a few frames.
 */
async function settle(page: Page): Promise<void> {
  await expect(part(page, 'typing')).toHaveCount(0);
  await expect(page.locator('flowbot-chat .skeleton')).toHaveCount(0);
  await page.waitForFunction(() => {
    const roots: Array<Document | ShadowRoot> = [document];
    for (const el of document.querySelectorAll('flowbot-chat')) if (el.shadowRoot) roots.push(el.shadowRoot);
    return roots.every((root) => {
      const images = [...root.querySelectorAll('img')].every((img) => img.complete && img.naturalWidth > 0);
      const media = [...root.querySelectorAll<HTMLMediaElement>('video, audio')].every(
        (m) => m.readyState >= 1 && Number.isFinite(m.duration),
      );
      return images && media;
    });
  });
  await page.evaluate(async () => {
    await (window as { visualFonts?: Promise<unknown> }).visualFonts;
    await document.fonts.ready;
    const images = [...document.querySelectorAll('flowbot-chat')].flatMap((el) => [
      ...(el.shadowRoot?.querySelectorAll('img') ?? []),
    ]);
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const positions = () =>
      [...document.querySelectorAll('flowbot-chat')]
        .map((el) => el.shadowRoot?.querySelector('[part~="messages"]')?.scrollTop ?? 0)
        .join();
    let last = '';
    for (let still = 0; still < 3;) {
      await frame();
      const now = positions();
      still = now === last ? still + 1 : 0;
      last = now;
    }
  });
}

/** A font that drew some of the text on screen, as Chromium reports it, and where (up to three elements). */
interface UsedFont {
  familyName: string;
  postScriptName?: string;
  isCustomFont: boolean;
  glyphCount: number;
  where?: string[];
}

/**
 * Whether an element is clipped away whole: it or a box around it (across shadow roots) is at most
 * 1 × 1 px and clips what it holds, as the visually-hidden pattern does. Its text draws no pixel.
 * Runs in the page.
 */
function clippedAway(this: Element): boolean {
  const clipped = (el: Element | undefined): boolean => {
    if (!el) return false;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (box.width <= 1 && box.height <= 1 && (style.overflow !== 'visible' || style.clipPath !== 'none')) return true;
    return clipped(el.parentElement ?? (el.getRootNode() as ShadowRoot).host);
  };
  return clipped(this);
}

/**
 * The fonts that drew the text on screen, in the page and every shadow root (the widget's and the
 * browser's own, such as a date field's or a video's controls), pseudo-elements included, as
 * Chromium's DevTools protocol reports them: `isCustomFont` is true for a web font, false for an
 * installed one. Text clipped away whole (a visually hidden file input's own button) is left out:
 * it draws nothing.
 */
async function fontsOnScreen(page: Page): Promise<UsedFont[]> {
  interface DomNode {
    nodeId: number;
    nodeType: number;
    nodeName: string;
    attributes?: string[];
    pseudoType?: string;
    shadowRootType?: string;
    children?: DomNode[];
    shadowRoots?: DomNode[];
    pseudoElements?: DomNode[];
  }
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('DOM.enable');
    await session.send('CSS.enable');
    const { root } = (await session.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
    const elements: Array<{ nodeId: number; path: string }> = [];
    const walk = (node: DomNode, path: string): void => {
      let here = path;
      if (node.nodeType === 1) {
        const attrs = node.attributes ?? [];
        const attr = (name: string) => attrs[attrs.indexOf(name) + 1];
        const part = attrs.includes('part') ? `[part="${attr('part')}"]` : '';
        const cls = attrs.includes('class') ? `.${attr('class')!.trim().split(/\s+/).join('.')}` : '';
        const pseudo = node.pseudoType ? `::${node.pseudoType}` : '';
        here = `${path} ${node.nodeName.toLowerCase()}${part}${cls}${pseudo}`.trim();
        elements.push({ nodeId: node.nodeId, path: here });
      } else if (node.shadowRootType) here = `${path} #${node.shadowRootType}-shadow`;
      for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? []), ...(node.pseudoElements ?? [])])
        walk(child, here.split(' ').slice(-4).join(' '));
    };
    walk(root, '');
    const unseen = async (nodeId: number): Promise<boolean> => {
      const { object } = (await session.send('DOM.resolveNode', { nodeId }).catch(() => ({ object: {} }))) as {
        object: { objectId?: string };
      };
      if (!object.objectId) return false;
      const { result } = (await session.send('Runtime.callFunctionOn', {
        objectId: object.objectId,
        functionDeclaration: clippedAway.toString(),
        returnByValue: true,
      })) as { result: { value?: unknown } };
      return result.value === true;
    };
    // Asked all at once (one round trip each would take seconds on a long transcript); a node gone
    // since the walk (the browser's own controls redraw themselves) draws nothing.
    const answers = await Promise.all(
      elements.map(async ({ nodeId, path }) => {
        const { fonts } = (await session
          .send('CSS.getPlatformFontsForNode', { nodeId })
          .catch(() => ({ fonts: [] }))) as { fonts: UsedFont[] };
        const shown = !fonts.some((font) => !font.isCustomFont) || !(await unseen(nodeId));
        return { path, fonts: shown ? fonts : [] };
      }),
    );
    const used = new Map<string, UsedFont>();
    for (const { path, fonts } of answers) {
      for (const font of fonts) {
        const key = `${font.familyName}|${font.postScriptName ?? ''}|${font.isCustomFont}`;
        const seen = used.get(key);
        used.set(key, {
          ...font,
          glyphCount: (seen?.glyphCount ?? 0) + font.glyphCount,
          where: [...(seen?.where ?? []), path].slice(0, 3),
        });
      }
    }
    return [...used.values()];
  } finally {
    await session.detach();
  }
}

/** Fails when any text on screen was drawn with an installed font rather than the suite's own. */
async function expectOwnFontsOnly(page: Page): Promise<void> {
  const installed = (await fontsOnScreen(page)).filter((font) => !font.isCustomFont);
  expect(installed, "text drawn with the machine's fonts rather than the suite's own").toEqual([]);
}

/** The inline widget, settled, compared with the baseline `<name>.png`. */
async function expectWidget(page: Page, name: string): Promise<void> {
  await settle(page);
  await expectOwnFontsOnly(page);
  await expect(widget(page)).toHaveScreenshot(`${name}.png`);
}

/** The whole viewport (the host page matters: a launcher, a panel over it), settled. */
async function expectPage(page: Page, name: string): Promise<void> {
  await settle(page);
  await expectOwnFontsOnly(page);
  await expect(page).toHaveScreenshot(`${name}.png`);
}

/** Types into the current field and presses Enter, as a visitor does. */
async function answer(page: Page, text: string): Promise<void> {
  const field = part(page, 'input').first();
  await field.fill(text);
  await field.press('Enter');
}

test.describe('fonts', () => {
  test("the page and the widget draw with the suite's own fonts, code in its monospace", async ({ page }) => {
    await visit(page, { flow: 'markdown' });
    await expect(page.locator('flowbot-chat pre')).toBeVisible();
    await settle(page);
    const faces = await page.evaluate(() =>
      [...document.fonts].map((face) => `${face.family} ${face.weight} ${face.style} ${face.status}`),
    );
    // Two families of four faces, the formulas' face, and the names Chromium's media controls ask for.
    expect(faces.sort()).toEqual([
      'Roboto normal normal loaded',
      'Roboto-Regular normal normal loaded',
      'Visual Math normal normal loaded',
      ...['Visual Mono', 'Visual Sans'].flatMap((family) =>
        ['400 italic', '400 normal', '700 italic', '700 normal'].map((face) => `${family} ${face} loaded`),
      ),
    ]);
    expect(
      await page.evaluate(() => [
        document.fonts.check('15px "Visual Sans"'),
        document.fonts.check('bold 13px "Visual Mono"'),
      ]),
    ).toEqual([true, true]);
    const font = async (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).fontFamily);
    expect(await font(page.locator('h1'))).toBe('"Visual Sans"');
    expect(await font(part(page, 'bot-message').first())).toBe('"Visual Sans"');
    expect(await font(page.locator('flowbot-chat pre').first())).toBe('"Visual Mono"');
    // What Chromium drew with: the two families of the suite, none installed.
    const used = await fontsOnScreen(page);
    expect(used.filter((f) => !f.isCustomFont)).toEqual([]);
    expect(new Set(used.map((f) => f.familyName))).toEqual(new Set(['DejaVu Sans', 'DejaVu Sans Mono']));
  });
});

test.describe('messages', () => {
  test('rich text, lists, image, video, audio and embed', async ({ page }) => {
    // Seven pictures, each settled and taken until two agree: a loaded machine needs more than 30 s.
    test.setTimeout(60_000);
    await visit(page, { flow: 'demo-at-showcase-text' });
    // The media block ends with a one-second wait; then the name question comes.
    await expect(bot(page, "what's your name?")).toBeVisible();
    await settle(page);
    // Once for the seven pictures: scrolling changes no font.
    await expectOwnFontsOnly(page);
    const row = (bubble: Locator): Locator => bubble.locator('xpath=..');
    const shots: Array<[string, Locator]> = [
      ['message-rich-text', row(bot(page, 'Plain, bold'))],
      ['message-rich-lists', row(bot(page, 'A bullet'))],
      ['message-image', row(part(page, 'bot-message').and(page.locator('[data-type="image"]')))],
      ['message-video-provider', row(part(page, 'bot-message').and(page.locator('[data-type="video"]')).first())],
      ['message-video-file', row(part(page, 'bot-message').and(page.locator('[data-type="video"]')).last())],
      ['message-audio', row(part(page, 'bot-message').and(page.locator('[data-type="audio"]')))],
      ['message-embed', row(part(page, 'bot-message').and(page.locator('[data-type="embed"]')))],
    ];
    for (const [name, target] of shots) {
      await target.scrollIntoViewIfNeeded();
      // Lazy frames load once they are near the view.
      for (const frame of page.frames().slice(1)) await frame.waitForLoadState('load');
      await settle(page);
      await expect.soft(target).toHaveScreenshot(`${name}.png`);
    }
  });

  test('markdown with a list and code', async ({ page }) => {
    await visit(page, { flow: 'markdown' });
    await expect(page.locator('flowbot-chat code').first()).toBeVisible();
    await expectWidget(page, 'message-markdown');
  });

  test('markdown with a heading, a quote, a task list and a table', async ({ page }) => {
    await visit(page, { flow: 'markdown-gfm' });
    await expect(page.locator('flowbot-chat table')).toBeVisible();
    await expectWidget(page, 'message-gfm');
  });

  test('markdown with inline and displayed formulas (MathML), a 390 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 740 });
    await visit(page, { flow: 'markdown-math' });
    await expect(page.locator('flowbot-chat math[display="block"]')).toHaveCount(2);
    await expectWidget(page, 'message-math');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`fenced code in three languages, coloured, ${scheme}, a 390 px phone`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 740 });
      await visit(page, scheme === 'dark' ? { flow: 'markdown-code', scheme } : { flow: 'markdown-code' });
      // Coloured: the highlighter's file has come and drawn its spans in every block.
      await expect(page.locator('flowbot-chat pre code:has(span[class^="hl-"])')).toHaveCount(3);
      if (scheme === 'dark')
        await expect
          .poll(() => part(page, 'panel').evaluate((el) => getComputedStyle(el).backgroundColor))
          .not.toBe('rgb(255, 255, 255)');
      await expectWidget(page, `message-code-${scheme}`);
    });
  }

  for (const scheme of ['light', 'dark'] as const) {
    test(`the earlier conversations' list over the panel, ${scheme}, a 390 px phone`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 740 });
      await visit(
        page,
        scheme === 'dark' ? { flow: 'support', persist: 'session', scheme } : { flow: 'support', persist: 'session' },
      );
      const list = part(page, 'history');
      const openList = async () => {
        await part(page, 'menu-button').click();
        await page.locator('flowbot-chat .menu-item', { hasText: 'Conversations' }).click();
        await expect(list).toBeVisible();
      };
      for (const topic of ['Billing', "I can't log in"]) {
        await part(page, 'choice').filter({ hasText: topic }).click();
        await expect(bot(page, 'Leave your e-mail')).toBeVisible();
        await openList();
        await list.locator('.history-new').click();
        await expect(list).toHaveCount(0);
        await expect(part(page, 'user-message')).toHaveCount(0);
      }
      await openList();
      await expect(page.locator('flowbot-chat .history-title')).toHaveText(["I can't log in", 'Billing']);
      await settle(page);
      await expectOwnFontsOnly(page);
      // The dates are today's: covered, so the picture is the same on any day.
      await expect(widget(page)).toHaveScreenshot(`history-${scheme}-390.png`, {
        mask: [page.locator('flowbot-chat .history-date')],
      });
    });
  }

  test('an error notice with Retry, the answer kept', async ({ page, request }) => {
    await visit(page, { flow: 'demo-at-ask-name' });
    await fault(page, request, 'status=500', 'continueChat');
    await answer(page, 'Ada');
    await expect(part(page, 'retry-button')).toBeVisible();
    await expectWidget(page, 'error-retry');
  });

  test('the unavailable notice', async ({ page }) => {
    await visit(page, { off: true });
    await expect(part(page, 'unavailable')).toBeVisible();
    await expectWidget(page, 'unavailable');
  });
});

test.describe('inputs', () => {
  // The block each input waits in, and what shows it is drawn.
  const inputs: Array<[name: string, block: string, ready: string]> = [
    ['input-choice', 'welcome', '[part~="choice"]'],
    ['input-text', 'ask-name', '[part~="input"]'],
    ['input-text-attachments', 'ask-story', '[part~="attach-button"]'],
    ['input-number', 'ask-age', 'input[type="number"]'],
    ['input-email', 'ask-email', 'input[type="email"]'],
    ['input-url', 'ask-website', '[inputmode="url"]'],
    ['input-phone', 'ask-phone', 'input[type="tel"]'],
    ['input-date', 'ask-date', 'input[type="date"]'],
    ['input-date-range', 'ask-range', 'input[type="date"] >> nth=1'],
    ['input-time', 'ask-time', 'input[type="time"]'],
    ['input-searchable-choice', 'ask-country', '[part~="search"]'],
    ['input-picture-choice', 'ask-pet', '[part~="picture-choice"]'],
    ['input-rating-numbers', 'ask-nps', '[part~="rating-option"]'],
    ['input-rating-icons', 'ask-stars', '[part~="rating-option"]'],
    ['input-file', 'ask-file', '[part~="file-drop"]'],
    ['input-payment', 'ask-payment', '[part~="skip-button"]'],
    ['input-cards', 'ask-course', '[part~="card"]'],
  ];
  for (const [name, block, ready] of inputs) {
    test(name, async ({ page }) => {
      await visit(page, { flow: `demo-at-${block}`, name: 'Ada' });
      await expect(page.locator(`flowbot-chat ${ready}`).first()).toBeVisible();
      await expectWidget(page, name);
    });
  }

  test('input-multiple-choice, one picked', async ({ page }) => {
    await visit(page, { flow: 'demo-at-ask-topics' });
    await part(page, 'choice').filter({ hasText: 'Code' }).click();
    await expect(part(page, 'choice').filter({ hasText: 'Code' })).toHaveAttribute('aria-pressed', 'true');
    await expectWidget(page, 'input-multiple-choice');
  });

  test('a field error', async ({ page }) => {
    await visit(page, { flow: 'demo-at-ask-email' });
    await answer(page, 'not-an-email');
    await expect(part(page, 'field-error')).toBeVisible();
    await expectWidget(page, 'field-error');
  });
});

test.describe('streamed answers', () => {
  const question = 'How do certificates work?';
  const pieces = streamPieces(knowledgeAnswer(shippedFlows()['assistant']!.knowledge ?? [], question));
  const SHOWN = 12;

  test('mid-stream: part of the answer and the stop button', async ({ page, request }) => {
    await visit(page, { flow: 'assistant' });
    // The server sends twelve pieces, then holds the connection open: the answer stops growing there.
    await fault(page, request, `stream-stall=${SHOWN}`, 'streamMessage');
    await answer(page, question);
    await expect(part(page, 'stop-button')).toBeVisible();
    // The words on screen, without the markdown's marks and the white space between paragraphs.
    const words = (text: string | null | undefined): string => (text ?? '').replace(/\*\*|\s+/g, '');
    const shown = words(pieces.slice(0, SHOWN).join(''));
    await expect
      .poll(async () => words(await page.locator('flowbot-chat .streaming .fb-content').textContent()))
      .toBe(shown);
    await expectWidget(page, 'stream-mid');
  });

  test('complete: the whole answer, then the next question', async ({ page }) => {
    await visit(page, { flow: 'assistant' });
    await answer(page, question);
    await expect(bot(page, 'Did that answer your question?')).toBeVisible();
    await expect(page.locator('flowbot-chat .streaming')).toHaveCount(0);
    await expectWidget(page, 'stream-complete');
  });

  test('an agent at work: its tool calls listed, each done, before the answer starts', async ({ page, request }) => {
    await visit(page, { flow: 'assistant' });
    // Nothing of the answer's text: the stream holds after the tool steps.
    await fault(page, request, 'stream-stall=0', 'streamMessage');
    await answer(page, question);
    // The search, then a read of each of the two paragraphs it found.
    const tools = part(page, 'agent-tools').locator('.fb-tool');
    await expect(tools).toHaveCount(3);
    await expect(tools.and(page.locator('[data-state="done"]'))).toHaveCount(3);
    await expectWidget(page, 'agent-tools-done');
  });

  test('an agent at work: the search done, a read still running (still, as reduced motion asks)', async ({
    page,
    request,
  }) => {
    await visit(page, { flow: 'assistant' });
    // The stream holds after the second call, before its result.
    await fault(page, request, 'stream-stall-tool=2', 'streamMessage');
    await answer(page, question);
    const tools = part(page, 'agent-tools').locator('.fb-tool');
    await expect(tools).toHaveCount(2);
    await expect(tools.nth(1)).toHaveAttribute('data-state', 'running');
    await expectWidget(page, 'agent-tools-running');
    // High contrast: the ring in system colours.
    await page.emulateMedia({ forcedColors: 'active' });
    await expectWidget(page, 'agent-tools-running-forced');
  });

  test("an agent's answer: its thinking open, its tools folded, its source chips", async ({ page }) => {
    await visit(page, { flow: 'assistant' });
    await answer(page, question);
    await expect(bot(page, 'Did that answer your question?')).toBeVisible();
    await part(page, 'agent-thinking').locator('summary').click();
    await expect(part(page, 'agent-sources')).toBeVisible();
    await expectWidget(page, 'agent-answer');
  });

  test("Arabic, right to left: an agent's answer", async ({ page }) => {
    await visit(page, { flow: 'assistant', lang: 'ar', dir: 'rtl' });
    await expect(part(page, 'messages')).toHaveAttribute('aria-label', 'محادثة');
    await answer(page, question);
    await expect(bot(page, 'Did that answer your question?')).toBeVisible();
    await expect(part(page, 'agent-sources')).toBeVisible();
    await expectWidget(page, 'agent-arabic');
  });
});

test.describe('answers', () => {
  const question = 'How do certificates work?';

  /** The streamed answer, complete, at a fixed time of day (its timestamp shows the time). */
  async function answered(page: Page, setup: Setup = {}): Promise<Locator> {
    await page.clock.setFixedTime(new Date('2030-07-01T10:42:00'));
    await visit(page, { flow: 'assistant', ...setup });
    await answer(page, question);
    await expect(bot(page, 'Did that answer your question?')).toBeVisible();
    await expect(page.locator('flowbot-chat .streaming')).toHaveCount(0);
    // The streamed answer's actions: the only ones with thumbs (feedback="streamed").
    return part(page, 'actions').filter({ has: page.getByRole('button', { name: 'Bad answer' }) });
  }

  test("an answer's actions: time, copy, thumbs up and down (keyboard focus on Copy)", async ({ page }) => {
    const actions = await answered(page);
    await actions.getByRole('button', { name: 'Copy answer' }).focus();
    await expect(actions).toBeVisible();
    await expectWidget(page, 'answer-actions');
  });

  test('a thumbs down: the reasons and the comment field', async ({ page }) => {
    const actions = await answered(page);
    await actions.getByRole('button', { name: 'Bad answer' }).click();
    await expect(part(page, 'feedback-form')).toBeVisible();
    await part(page, 'feedback-form').scrollIntoViewIfNeeded();
    await expectWidget(page, 'answer-feedback');
  });

  test("the conversation's menu, open", async ({ page }) => {
    await answered(page);
    await part(page, 'menu-button').click();
    await expect(part(page, 'menu')).toBeVisible();
    await expectWidget(page, 'answer-menu');
  });

  test('forced colours: the actions and the menu keep their edges', async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    const actions = await answered(page);
    await actions.getByRole('button', { name: 'Copy answer' }).focus();
    await expectWidget(page, 'forced-colors-actions');
    await part(page, 'menu-button').click();
    await expect(part(page, 'menu')).toBeVisible();
    await expectWidget(page, 'forced-colors-menu');
  });

  test('dark theme: a code block and its copy button', async ({ page }) => {
    await visit(page, { theme: 'dark', flow: 'markdown' });
    await expect(page.locator('flowbot-chat pre')).toBeVisible();
    await expectWidget(page, 'theme-dark-code');
  });
});

test.describe('bubble and popup', () => {
  test.use({ viewport: { width: 800, height: 720 } });

  test('closed, with the preview beside the launcher', async ({ page }) => {
    await visit(page, { mode: 'bubble', preview: true });
    await expect(part(page, 'preview')).toBeVisible();
    await expectPage(page, 'bubble-preview');
  });

  test('closed, with the unread badge', async ({ page, request }) => {
    await visit(page, { mode: 'bubble', flow: 'demo-at-welcome' });
    await part(page, 'launcher').click();
    await expect(part(page, 'choice').first()).toBeVisible();
    // The answer's reply is held back until the panel is closed: it arrives unread.
    await fault(page, request, 'delay=600', 'continueChat');
    await part(page, 'choice').filter({ hasText: 'Quick tour' }).click();
    await part(page, 'close-button').click();
    await expect(part(page, 'badge')).toHaveText('1');
    await expectPage(page, 'bubble-badge');
  });

  test('open', async ({ page }) => {
    await visit(page, { mode: 'bubble', open: true, flow: 'demo-at-welcome' });
    await expect(part(page, 'choice').first()).toBeVisible();
    await expectPage(page, 'bubble-open');
  });

  test('popup', async ({ page }) => {
    await visit(page, { mode: 'popup', open: true, flow: 'demo-at-ask-topics' });
    await expect(part(page, 'choice').first()).toBeVisible();
    await expectPage(page, 'popup');
  });
});

test.describe('the first turn drawn by the script tag', () => {
  test.use({ viewport: { width: 390, height: 720 } });

  test("before the widget's code, and the widget's own once it takes over: the same pixels, a 390 px phone", async ({
    page,
  }) => {
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/flowbot-chat.main.js', async (route) => {
      await held;
      await route.continue();
    });
    // The page's load waits for the scripts it loads: not for the widget's code, held back.
    await visit(page, {}, 'domcontentloaded');
    const drawn = page.locator('flowbot-chat [data-first-turn]');
    await expect(drawn).toHaveCount(1);
    await expect(part(page, 'choice').first()).toBeVisible();
    await settle(page);
    await expectOwnFontsOnly(page);
    // The header's menu arrives with the answers' file, after the first message: left out of both.
    const shot = { stylePath: fileURLToPath(new URL('pages/first-turn-hide-menu.css', import.meta.url)) };
    await expect(widget(page)).toHaveScreenshot('first-turn-390.png', shot);
    expect(await page.evaluate(() => !!customElements.get('flowbot-chat'))).toBe(false);
    release();
    await expect(drawn).toHaveCount(0);
    // The widget's, whole: its answers' file there too (the menu).
    await expect(part(page, 'menu-button')).toHaveCount(1);
    await settle(page);
    await expect(widget(page)).toHaveScreenshot('first-turn-390.png', shot);
  });
});

test.describe("a tapped bubble's panel drawn by the script tag", () => {
  for (const size of [
    { width: 390, height: 720 },
    { width: 1280, height: 800 },
  ])
    test(`before the widget's code, and the widget's own once it takes over: the same pixels, ${size.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      let release = (): void => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/flowbot-chat.main.js', async (route) => {
        await held;
        await route.continue();
      });
      await visit(page, { mode: 'bubble' }, 'domcontentloaded');
      // A tap, with no pointer over the launcher before it (a touch screen).
      await part(page, 'launcher').dispatchEvent('click');
      const drawn = page.locator('flowbot-chat [data-first-turn]');
      await expect(drawn).toBeVisible();
      await expect(part(page, 'choice').first()).toBeVisible();
      await settle(page);
      await expectOwnFontsOnly(page);
      // The header's menu arrives with the answers' file, after the first message: left out of both.
      const shot = { stylePath: fileURLToPath(new URL('pages/first-turn-hide-menu.css', import.meta.url)) };
      await expect(page).toHaveScreenshot(`open-bubble-${size.width}.png`, shot);
      expect(await page.evaluate(() => !!customElements.get('flowbot-chat'))).toBe(false);
      release();
      await expect(drawn).toHaveCount(0);
      await expect(part(page, 'menu-button')).toHaveCount(1);
      await settle(page);
      await expect(page).toHaveScreenshot(`open-bubble-${size.width}.png`, shot);
    });
});

test.describe('themes and pages', () => {
  test('dark theme (custom properties only)', async ({ page }) => {
    await visit(page, { theme: 'dark', flow: 'demo-at-welcome' });
    await part(page, 'choice').filter({ hasText: 'Quick tour' }).click();
    await expect(part(page, 'input')).toBeVisible();
    await expectWidget(page, 'theme-dark');
  });

  /** The panel's background once the dark palette is in (or what it stays). */
  const panelColour = (page: Page) => part(page, 'panel').evaluate((el) => getComputedStyle(el).backgroundColor);

  test('color-scheme="dark": the Widget resource\'s indigo on a dark panel, a 390 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 740 });
    await visit(page, { scheme: 'dark', mode: 'bubble', open: true, flow: 'demo-at-welcome' });
    await part(page, 'choice').filter({ hasText: 'Quick tour' }).click();
    await expect(part(page, 'input')).toBeVisible();
    await expect.poll(() => panelColour(page)).not.toBe('rgb(255, 255, 255)');
    await expectPage(page, 'color-scheme-dark-phone-390');
  });

  test('color-scheme="auto": dark while the system prefers dark, light again when it does not, 390 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 740 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await visit(page, { scheme: 'auto', flow: 'demo-at-welcome' });
    await expect(part(page, 'choice').first()).toBeVisible();
    await expect.poll(() => panelColour(page)).not.toBe('rgb(255, 255, 255)');
    await expectWidget(page, 'color-scheme-auto-dark-390');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => panelColour(page)).toBe('rgb(255, 255, 255)');
    await expectWidget(page, 'color-scheme-auto-light-390');
  });

  test('forced colours: a long text field with attachments', async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    await visit(page, { flow: 'demo-at-ask-story', name: 'Ada' });
    await expect(part(page, 'attach-button')).toBeVisible();
    await expectWidget(page, 'forced-colors');
  });

  test('multiple choice: two picked, focus on a third and on a picked one (a ring outside, a line inside)', async ({
    page,
  }) => {
    await visit(page, { flow: 'demo-at-ask-topics' });
    const choices = part(page, 'choice');
    await choices.nth(0).click();
    await choices.nth(1).click();
    await expect(choices.nth(1)).toHaveAttribute('aria-pressed', 'true');
    // By keyboard, so the ring is the focus-visible one.
    await choices.nth(1).focus();
    await page.keyboard.press('Tab');
    await expect(choices.nth(2)).toBeFocused();
    await expectWidget(page, 'input-multiple-choice-focus');
    await page.keyboard.press('Shift+Tab');
    await expect(choices.nth(1)).toBeFocused();
    await expectWidget(page, 'input-multiple-choice-focus-picked');
    await page.emulateMedia({ forcedColors: 'active' });
    await expectWidget(page, 'forced-colors-multiple-choice-focus-picked');
  });

  test('forced colours: choices', async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    await visit(page, { flow: 'demo-at-welcome' });
    await expect(part(page, 'choice').first()).toBeVisible();
    await expectWidget(page, 'forced-colors-choices');
  });

  test('right to left', async ({ page }) => {
    await visit(page, { dir: 'rtl', flow: 'demo-at-ask-name' });
    await answer(page, 'Ada');
    await expect(part(page, 'attach-button')).toBeVisible();
    await expectWidget(page, 'rtl');
  });

  test('a 390 px phone: the bubble fills the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 740 });
    await visit(page, { mode: 'bubble', open: true, flow: 'demo-at-ask-course' });
    await expect(part(page, 'card').first()).toBeVisible();
    await expectPage(page, 'phone-390');
  });

  for (const width of [390, 320]) {
    test(`a ${width} px phone: a wide table and a long code line scroll in their own boxes`, async ({ page }) => {
      await page.setViewportSize({ width, height: 760 });
      await visit(page, { flow: 'wide' });
      await expect(bot(page, 'Ask away.')).toBeVisible();
      // The table and the code at the top of the transcript, as a visitor scrolling back sees them.
      await widget(page).evaluate((el) => {
        const messages = el.shadowRoot!.querySelector<HTMLElement>('[part~="messages"]')!;
        const table = el.shadowRoot!.querySelector<HTMLElement>('.fb-table')!;
        messages.scrollTop += table.getBoundingClientRect().top - messages.getBoundingClientRect().top - 40;
      });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectPage(page, `phone-${width}-wide-answer`);
    });
  }

  test('a 320 px phone: the inline widget', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 720 });
    await visit(page, { flow: 'demo-at-ask-nps' });
    await expect(part(page, 'rating-option').first()).toBeVisible();
    await expectWidget(page, 'phone-320');
  });
});
