/**
 * The end-to-end conversation, written once and run in every engine: the built script-tag file on
 * a plain page, the reference server on another origin, a visitor who uses only the keyboard.
 * Everything is read from the widget's shadow DOM by script, as a snapshot, so the same
 * assertions hold whatever drives the browser.
 */
import type { EnginePage } from './launch.js';

/** Where the pages and the API are served. */
export interface Site {
  /** Origin of the pages and the script-tag file, e.g. `http://127.0.0.1:4710`. */
  pageOrigin: string;
  /** Origin of the reference server. */
  apiOrigin: string;
}

/** One scenario: throws, with what the visitor would have seen, when the widget misbehaves. */
export interface Scenario {
  /** Short name shown in the pass/fail line. */
  name: string;
  /** Resolves, when it passes, with an optional note for the pass line (figures measured). */
  run(page: EnginePage, site: Site): Promise<string | void>;
}

/** What the visitor sees of one `<flowbot-chat>` (and what went wrong on the page). */
export interface WidgetSnapshot {
  /** The host has the `open` attribute. */
  open: boolean;
  /** Text of each visible bot message, whitespace collapsed. */
  bot: string[];
  /** Text of each visible user message. */
  user: string[];
  /** Labels of the visible choice buttons. */
  choices: string[];
  /** A visible text field (`part~="input"`, not the choice search). */
  textInput: boolean;
  launcherVisible: boolean;
  panelVisible: boolean;
  /** A visible panel drawn by the script tag's first-turn files, before the widget's code (`data-first-turn`). */
  firstTurn: boolean;
  /** Label of a visible restart button, if any. */
  restart: string | null;
  /** Label of a visible retry button, if any. */
  retry: string | null;
  /** Text of each visible error (`part~="error"`). */
  errors: string[];
  /** Text of each streamed answer still growing (`.streaming`), shown or not. */
  streaming: string[];
  /** Names listed by a file input (`part~="file"`). */
  files: string[];
  /** The focused element through shadow roots: its `part` and text (or field value). */
  focus: { part: string | null; text: string; insideWidget: boolean };
  /** Requests to `startChat` the page made, by URL. */
  startChats: string[];
  /** `document.hasFocus()`: the window has system focus, as a visitor's window does. */
  pageFocused: boolean;
  /** Errors, rejections and `console.error` calls on the page. */
  problems: string[];
}

/** Runs in the page: must stay self-contained. */
function snapshot(selector: string): WidgetSnapshot {
  const host = document.querySelector(selector);
  const root = host?.shadowRoot ?? null;
  const textOf = (el: Element): string => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  const shown = (el: Element | null | undefined): boolean => {
    if (!el) return false;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
  };
  const parts = (part: string): Element[] =>
    root ? Array.from(root.querySelectorAll(`[part~="${part}"]`)).filter((el) => shown(el)) : [];
  let active: Element | null = document.activeElement;
  let insideWidget = false;
  while (active?.shadowRoot?.activeElement) {
    if (active === host) insideWidget = true;
    active = active.shadowRoot.activeElement;
  }
  const restartButton = parts('restart-button')[0];
  const retryButton = parts('retry-button')[0];
  const problems = (window as unknown as { __problems?: unknown[] }).__problems;
  return {
    open: Boolean(host?.hasAttribute('open')),
    // An agent's answer: its text, not the tools, thinking and sources drawn around it.
    bot: parts('bot-message').map((b) => textOf(b.querySelector('.fb-answer > .fb-content') ?? b)),
    user: parts('user-message').map(textOf),
    choices: parts('choice').map(textOf),
    textInput: parts('input').some((el) => !el.matches('[part~="search"]')),
    launcherVisible: shown(root?.querySelector('[part~="launcher"]')),
    panelVisible: shown(root?.querySelector('[part~="panel"]')),
    firstTurn: shown(root?.querySelector('[data-first-turn]')),
    restart: restartButton ? textOf(restartButton) : null,
    retry: retryButton ? textOf(retryButton) : null,
    errors: parts('error').map(textOf),
    // The growing answer's text (an agent's tools and thinking are drawn above it).
    streaming: root
      ? Array.from(root.querySelectorAll('.streaming')).map((b) => textOf(b.querySelector('.fb-content') ?? b))
      : [],
    files: parts('file').map(textOf),
    focus: {
      part: active?.getAttribute('part') ?? null,
      text:
        active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement
          ? active.value
          : active
            ? textOf(active)
            : '',
      insideWidget,
    },
    startChats: performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.includes('/startChat')),
    pageFocused: document.hasFocus(),
    problems: Array.isArray(problems) ? problems.map(String) : ['the page has no problem recorder'],
  };
}

/** At most `n` characters of `text`, with the length when cut. */
const clip = (text: string, n = 120): string =>
  text.length > n ? `${text.slice(0, n)}… (${text.length} chars)` : text;

function describe(s: WidgetSnapshot): string {
  return JSON.stringify({
    bot:
      s.bot.length > 12
        ? [`(${s.bot.length - 12} more)`, ...s.bot.slice(-12).map((t) => clip(t))]
        : s.bot.map((t) => clip(t)),
    user: s.user,
    choices: s.choices,
    textInput: s.textInput,
    launcher: s.launcherVisible,
    panel: s.panelVisible,
    ...(s.firstTurn ? { firstTurn: true } : {}),
    open: s.open,
    restart: s.restart,
    ...(s.retry !== null ? { retry: s.retry } : {}),
    ...(s.errors.length ? { errors: s.errors } : {}),
    ...(s.streaming.length ? { streaming: s.streaming.map((t) => clip(t, 60)) } : {}),
    ...(s.files.length ? { files: s.files } : {}),
    focus: { ...s.focus, text: s.focus.text.slice(0, 60) },
    startChats: s.startChats.length,
    pageFocused: s.pageFocused,
    problems: s.problems,
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A scenario step failed: says what was expected and what the widget showed instead. */
export class ScenarioError extends Error {
  override name = 'ScenarioError';
}

function check(condition: boolean, expected: string, s: WidgetSnapshot): void {
  if (!condition) throw new ScenarioError(`expected ${expected}; the widget showed ${describe(s)}`);
}

const look = (page: EnginePage) => page.evaluate(snapshot, 'flowbot-chat');

/** Polls the snapshot until `ok` holds (and nothing went wrong on the page), or fails after `ms`. */
async function waitFor(
  page: EnginePage,
  expected: string,
  ok: (s: WidgetSnapshot) => boolean,
  ms = 10_000,
): Promise<WidgetSnapshot> {
  const deadline = Date.now() + ms;
  for (;;) {
    const s = await look(page);
    // Any error on the page fails, a ResizeObserver loop's too (following the newest message no longer loops).
    check(s.problems.length === 0, 'no errors on the page', s);
    if (ok(s)) return s;
    if (Date.now() > deadline) {
      throw new ScenarioError(`timed out after ${ms} ms waiting for ${expected}; the widget showed ${describe(s)}`);
    }
    await sleep(50);
  }
}

/**
 * Presses Tab until the focused element matches, like a keyboard user (who presses nothing when
 * focus is already there). Stays within one pass through the page: what happens after the last
 * element differs between engines and drivers (headless Firefox has no toolbar to pass through).
 */
async function tabTo(page: EnginePage, expected: string, ok: (s: WidgetSnapshot) => boolean, max = 25): Promise<void> {
  let s = await look(page);
  for (let i = 0; i < max && !ok(s); i++) {
    await page.press('Tab');
    s = await look(page);
  }
  if (!ok(s)) {
    const focus = JSON.stringify(s.focus);
    throw new ScenarioError(`${max} presses of Tab never reached ${expected}; focus ended on ${focus}`);
  }
}

const greeting = "Hi! I'm the Acme support bot.";
const question = 'What do you need help with?';
const askEmail = 'Leave your e-mail and we will follow up.';
const focusedPart = (s: WidgetSnapshot, part: string) =>
  s.focus.insideWidget && (s.focus.part ?? '').split(/\s+/).includes(part);
const fieldFocused = (s: WidgetSnapshot) => focusedPart(s, 'input');
const billingFocused = (s: WidgetSnapshot) => focusedPart(s, 'choice') && s.focus.text === 'Billing';
const noFocusWarning = "the page to have system focus, as a visitor's has (keys act differently without it)";

/** The inline widget, answered with the keyboard only, an e-mail the server refuses first. */
export const inlineByKeyboard: Scenario = {
  name: 'inline conversation by keyboard',
  async run(page, site) {
    await page.goto(`${site.pageOrigin}/engines-inline.html`);
    let s = await waitFor(
      page,
      'the greeting, the question and three choices',
      (s) => s.bot.includes(greeting) && s.bot.includes(question) && s.choices.length === 3,
    );
    check(s.pageFocused, noFocusWarning, s);
    check(
      JSON.stringify(s.choices) === JSON.stringify(['Billing', "I can't log in", 'Something else']),
      "the choices Billing, I can't log in, Something else",
      s,
    );
    check(
      s.startChats.length === 1 && s.startChats[0]!.startsWith(`${site.apiOrigin}/`),
      `one startChat, sent to the API's origin ${site.apiOrigin}`,
      s,
    );

    await tabTo(page, 'the "Billing" choice', billingFocused);
    await page.press('Enter');
    s = await waitFor(
      page,
      'the answer "Billing" and the e-mail question',
      (s) => s.user.at(-1) === 'Billing' && s.bot.at(-1) === askEmail && s.textInput,
    );
    check(s.choices.length === 0, 'the choices gone once answered', s);
    // The e-mail field takes focus by itself once the visitor has interacted.
    await waitFor(page, 'focus in the e-mail field', fieldFocused);

    // An address to the browser's own check, refused by the server (no dot in the domain).
    await page.type('ada@example');
    await page.press('Enter');
    s = await waitFor(page, 'a retry message containing "try again"', (s) => /try again/i.test(s.bot.at(-1) ?? ''));
    check(s.textInput, 'the e-mail field shown again', s);
    check(!s.bot.some((t) => t.includes('Ticket opened')), 'no ticket for an invalid e-mail', s);
    await waitFor(page, 'focus back in the e-mail field', (s) => fieldFocused(s) && s.focus.text === '');

    await page.type('ada@example.com');
    await page.press('Enter');
    s = await waitFor(
      page,
      'the closing message and a Restart button',
      (s) => (s.bot.at(-1) ?? '').includes('We will write to ada@example.com') && s.restart !== null,
    );
    const closing = 'Thanks! Ticket opened about "Billing". We will write to ada@example.com.';
    check(s.bot.at(-1) === closing, 'the full closing message', s);
    check(/restart/i.test(s.restart ?? ''), 'a button labelled Restart', s);
    check(s.user[0] === 'Billing' && s.user.at(-1) === 'ada@example.com', "the visitor's answers in the transcript", s);
    check(!s.textInput && s.choices.length === 0, 'no input left once the flow has ended', s);
    check(s.startChats.length === 1, 'exactly one startChat', s);

    // The transcript walked by keyboard: its one Tab stop, then the arrows, Home, End and Escape.
    await page.evaluate(() =>
      document.querySelector('flowbot-chat')!.shadowRoot!.querySelector<HTMLElement>('[part~="messages"]')!.focus(),
    );
    await page.press('ArrowUp');
    await waitFor(page, 'the newest message walked to', (s) => s.focus.text.includes('We will write to'));
    await page.press('ArrowUp');
    await waitFor(page, "the visitor's e-mail walked to", (s) => s.focus.text.includes('ada@example.com'));
    await page.press('Home');
    await waitFor(page, 'the greeting walked to', (s) => s.focus.text.includes(greeting));
    await page.press('ArrowDown');
    await waitFor(page, 'the question walked to', (s) => s.focus.text.includes(question));
    await page.press('End');
    await waitFor(page, 'the newest message again', (s) => s.focus.text.includes('We will write to'));
    const said = await page.evaluate(() =>
      document.querySelector('flowbot-chat')!.shadowRoot!.activeElement?.getAttribute('aria-label'),
    );
    check(/^Bot, /.test(said ?? ''), `the message walked to says who said it and when (${said})`, s);
    await page.press('Escape');
    await waitFor(page, 'Escape goes to the composer (its Restart button)', (s) => focusedPart(s, 'restart-button'));
  },
};

/** Runs in the page: the expired notice and its action, `notice|action`, or '' while there is none. */
function expiredNotice(): string {
  const root = document.querySelector('flowbot-chat')?.shadowRoot;
  const notice = root?.querySelector('[part~="expired"]');
  const action = root?.querySelector('[part~="start-again-button"]');
  const words = (node: Element) => (node.textContent ?? '').replace(/\s+/g, ' ').trim();
  return notice && action ? `${words(notice)}|${words(action)}` : '';
}

/** The session forgotten by the server mid-conversation: expired, read-only, Start again carries the words on. */
export const expiredSession: Scenario = {
  name: 'expired session: notice, Start again',
  async run(page, site) {
    await resetServer(site);
    await page.goto(`${site.pageOrigin}/engines-inline.html`);
    await waitFor(page, 'three choices', (s) => s.choices.length === 3);
    await tabTo(page, 'the "Billing" choice', billingFocused);
    await page.press('Enter');
    await waitFor(page, 'focus in the e-mail field', (s) => s.bot.at(-1) === askEmail && fieldFocused(s));
    await testHook(site, '/__api/forget', {});
    await page.type('ada@example.com');
    await page.press('Enter');
    const deadline = Date.now() + 10_000;
    let notice = await page.evaluate(expiredNotice);
    while (!notice && Date.now() < deadline) {
      await sleep(50);
      notice = await page.evaluate(expiredNotice);
    }
    let s = await look(page);
    check(
      notice === 'This conversation has expired. Start again|Start again',
      'the expired notice with Start again',
      s,
    );
    check(!s.textInput && s.retry === null, 'no field and no Retry: read-only', s);
    check(s.user[0] === 'Billing' && s.bot.includes(askEmail), 'the transcript kept above the notice', s);
    const before = ((await serverStats(site)).sessions[0]?.answers ?? []).length;
    await sleep(500);
    checkServer(
      ((await serverStats(site)).sessions[0]?.answers ?? []).length === before,
      'nothing more sent to the forgotten session',
      await serverStats(site),
    );

    await tabTo(page, 'the Start again button', (s) => focusedPart(s, 'start-again-button'));
    await page.press('Enter');
    s = await waitFor(page, 'a new conversation with its choices', (s) => s.choices.length === 3 && !s.user.length);
    check(s.startChats.length === 2, 'a second startChat', s);
    await tabTo(page, 'the "Billing" choice', billingFocused);
    await page.press('Enter');
    await waitFor(
      page,
      'the typed address waiting in the new e-mail field',
      (s) => fieldFocused(s) && s.focus.text === 'ada@example.com',
    );
    return 'expired notice shown, words carried to the new conversation';
  },
};

/** Bubble mode: nothing starts until the launcher opens the panel; Escape closes it. */
export const bubbleByKeyboard: Scenario = {
  name: 'bubble: launcher opens, Escape closes',
  async run(page, site) {
    await page.goto(`${site.pageOrigin}/engines-bubble.html`);
    await waitFor(page, 'the launcher', (s) => s.launcherVisible);
    // Give an eager widget time to (wrongly) start before looking.
    await sleep(500);
    let s = await waitFor(page, 'the launcher', (s) => s.launcherVisible);
    check(s.pageFocused, noFocusWarning, s);
    check(!s.panelVisible && !s.open, 'the panel closed at first', s);
    check(s.startChats.length === 0 && s.bot.length === 0, 'no conversation before the visitor opens the chat', s);

    await tabTo(page, 'the launcher', (s) => focusedPart(s, 'launcher'));
    await page.press('Enter');
    s = await waitFor(page, 'the open panel with the greeting', (s) => {
      return s.panelVisible && s.open && s.bot.includes(greeting);
    });
    check(
      s.startChats.length === 1 && s.startChats[0]!.startsWith(`${site.apiOrigin}/`),
      `one startChat, sent to the API's origin ${site.apiOrigin}`,
      s,
    );

    await waitFor(page, 'the choices', (s) => s.choices.includes('Billing'));
    await tabTo(page, 'the "Billing" choice', billingFocused);
    await page.press('Enter');
    await waitFor(page, 'the e-mail question, focus in its field', (s) => s.bot.at(-1) === askEmail && fieldFocused(s));

    await page.press('Escape');
    s = await waitFor(page, 'the panel closed', (s) => !s.panelVisible && !s.open);
    check(s.launcherVisible, 'the launcher still there', s);
    await waitFor(page, 'focus back on the launcher', (s) => focusedPart(s, 'launcher'));
    check(s.startChats.length === 1, 'still exactly one startChat', s);
  },
};

/**
 * A closed bubble drawn by the script tag, its widget code slow to come (the e2e server holds it 2 s):
 * Enter on the launcher opens the panel on its first turn before that code, focus on its first
 * choice; Escape closes it and gives focus back to the launcher; Enter opens it again; the widget takes
 * over, open, with the focus, and the conversation goes on.
 */
export const bubbleColdTap: Scenario = {
  name: 'bubble: a cold tap opens the panel on its first turn before the widget code',
  async run(page, site) {
    await page.goto(`${site.pageOrigin}/engines-bubble-cold.html`);
    await waitFor(page, 'the launcher', (s) => s.launcherVisible);
    await tabTo(page, 'the launcher', (s) => focusedPart(s, 'launcher'));
    await page.press('Enter');
    await waitFor(
      page,
      'the panel the script tag drew, with the greeting and the choices, focus on the first choice',
      (s) => s.firstTurn && s.bot.includes(greeting) && s.choices.includes('Billing') && focusedPart(s, 'choice'),
    );
    // A request's timing entry can come a task after its answer was read (Chromium): wait for it.
    let s = await waitFor(page, "the start's timing entry", (s) => s.startChats.length > 0);
    check(s.startChats.length === 1, 'one startChat, sent with the tap', s);
    await page.press('Escape');
    await waitFor(
      page,
      'the panel closed, focus back on the launcher',
      (s) => !s.panelVisible && focusedPart(s, 'launcher'),
    );
    await page.press('Enter');
    await waitFor(page, 'the panel open again', (s) => s.panelVisible && s.bot.includes(greeting));
    s = await waitFor(
      page,
      "the widget's own panel, open, focus on a choice",
      (s) => !s.firstTurn && s.open && s.panelVisible && focusedPart(s, 'choice'),
    );
    check(s.startChats.length === 1, 'still exactly one startChat', s);
    await tabTo(page, 'the "Billing" choice', billingFocused);
    await page.press('Enter');
    await waitFor(page, 'the e-mail question, focus in its field', (s) => s.bot.at(-1) === askEmail && fieldFocused(s));
    return 'drawn before the widget code, closed and opened again, taken over open';
  },
};

// ---------------------------------------------------------------------------------------------
// The reference server's own view, through the page server's test hooks (from this process).

/** One session as the page server's `/__api/stats` reports it. */
interface ServerSession {
  id: string;
  answers: string[];
  bodies: Array<{ message?: unknown } | null | undefined>;
}

/** What the reference server accepted since the last reset. */
interface ServerStats {
  sessionsStarted: number;
  continueCount: number;
  streamsServed: number;
  sessions: ServerSession[];
}

async function testHook(site: Site, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${site.pageOrigin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(5_000),
  });
  const text = await response.text();
  if (!response.ok) throw new ScenarioError(`${path} answered ${response.status}: ${clip(text, 300)}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** Forgets queued faults and what the server counted: each scenario starts from nothing. */
const resetServer = (site: Site) => testHook(site, '/__api/reset', {});
const serverStats = async (site: Site) => (await testHook(site, '/__api/stats')) as ServerStats;

/** The only session since the reset: one page, one conversation. */
async function onlySession(site: Site): Promise<{ stats: ServerStats; session: ServerSession }> {
  const stats = await serverStats(site);
  if (stats.sessions.length !== 1) {
    throw new ScenarioError(
      `expected exactly one session on the server, found ${stats.sessions.length}: ${clip(JSON.stringify(stats), 600)}`,
    );
  }
  return { stats, session: stats.sessions[0]! };
}

/** Fails, showing what the server holds, unless `condition`. */
function checkServer(condition: boolean, expected: string, stats: ServerStats): void {
  if (!condition)
    throw new ScenarioError(`expected ${expected}; the server holds ${clip(JSON.stringify(stats), 1_200)}`);
}

/** Polls `probe` (run in the page) until `ok` holds, or fails after `ms` with the last value. */
async function waitInPage<A extends unknown[], R>(
  page: EnginePage,
  expected: string,
  ok: (value: R) => boolean,
  ms: number,
  probe: (...args: A) => R,
  ...args: A
): Promise<R> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await page.evaluate(probe, ...args);
    if (ok(value)) return value;
    if (Date.now() > deadline) {
      throw new ScenarioError(
        `timed out after ${ms} ms waiting for ${expected}; the page reported ${clip(JSON.stringify(value), 600)}`,
      );
    }
    await sleep(50);
  }
}

// ---------------------------------------------------------------------------------------------
// Streamed answers: the reference server's `assistant` flow.

const assistantAsks = 'What would you like to know?';
const helpedQuestion = 'Did that answer your question?';

/**
 * Runs in the page: records, on every change of the shadow DOM, the text length (white space
 * collapsed, as the snapshot reads it) of the answer still growing: its text alone, not the thinking,
 * tool lines and sources drawn around it in the same bubble, nor a code block's bar (measured with
 * them, a 253-character answer once recorded [289, 535, 553, 572]). True when newly installed.
 */
function recordStreamLengths(): boolean {
  const w = window as unknown as { streamLengths?: number[] };
  if (w.streamLengths) return false;
  const lengths: number[] = [];
  w.streamLengths = lengths;
  const root = document.querySelector('flowbot-chat')!.shadowRoot!;
  new MutationObserver(() => {
    const growing = root.querySelector('.streaming .fb-content');
    if (!growing) return;
    const text = [...growing.children]
      .map((block) => (block.matches('.fb-code') ? (block.querySelector('pre') ?? block) : block).textContent ?? '')
      .join(' ');
    lengths.push(text.replace(/\s+/g, ' ').trim().length);
  }).observe(root, { subtree: true, childList: true, characterData: true });
  return true;
}

/** Runs in the page: the recorded lengths and the `flowbot-message` events seen. */
function streamRecord(): { lengths: number[]; markdowns: Array<string | null> } {
  const w = window as unknown as {
    streamLengths?: number[];
    flowbotMessages?: Array<{ content?: { markdown?: unknown } }>;
  };
  return {
    lengths: w.streamLengths ?? [],
    markdowns: (w.flowbotMessages ?? []).map((m) =>
      typeof m.content?.markdown === 'string' ? m.content.markdown : null,
    ),
  };
}

/** Opens the assistant, starts recording the growing answer, and asks `question` by keyboard. */
async function askAssistant(page: EnginePage, site: Site, question: string): Promise<void> {
  await page.goto(`${site.pageOrigin}/engines-assistant.html`);
  const s = await waitFor(
    page,
    'the question and its text field',
    (s) => s.bot.some((t) => t.startsWith(assistantAsks)) && s.textInput,
  );
  check(s.pageFocused, noFocusWarning, s);
  if (!(await page.evaluate(recordStreamLengths))) throw new ScenarioError('the stream recorder was already installed');
  await tabTo(page, 'the question field', fieldFocused);
  await page.type(question);
  await page.press('Enter');
}

/** A streamed reply as the server got it: `{ message: { type: 'text', text } }`. */
function streamedReply(session: ServerSession, stats: ServerStats): string {
  const message = session.bodies[1]?.message as { type?: unknown; text?: unknown } | undefined;
  checkServer(
    message !== undefined &&
      message.type === 'text' &&
      typeof message.text === 'string' &&
      Object.keys(message).length === 2,
    "the second continue body to be { message: { type: 'text', text } }",
    stats,
  );
  return message!.text as string;
}

/**
 * Text compared without markdown's bold markers and without white space: a paragraph break of
 * the markdown is no character of the bubble's text.
 */
const bare = (text: string): string => text.replace(/\*\*/g, '').replace(/\s+/g, '');

/** A streamed answer grows on screen, goes back to the server once as the reply, and the flow goes on. */
export const streamedAnswer: Scenario = {
  name: 'streamed answer grows, replies once',
  async run(page, site) {
    await resetServer(site);
    const question = 'How do refunds work?';
    await askAssistant(page, site, question);
    let s = await waitFor(
      page,
      `the whole answer, then "${helpedQuestion}"`,
      (s) => s.bot.includes(helpedQuestion),
      15_000,
    );
    const at = s.bot.indexOf(helpedQuestion);
    const answer = s.bot[at - 1] ?? '';
    check(/refund/i.test(answer) && answer.includes('14 days'), 'the refunds answer just before the next question', s);
    check(s.streaming.length === 0, 'no answer still growing once the flow went on', s);
    check(
      JSON.stringify(s.user) === JSON.stringify([question]),
      'the question as the only visitor bubble (the reply is not one)',
      s,
    );

    const { lengths, markdowns } = await page.evaluate(streamRecord);
    const partial = lengths.filter((n) => n > 0 && n < answer.length * 0.8);
    if (!partial.length) {
      throw new ScenarioError(
        `expected part of the answer on screen before the whole (a length > 0 and < 80% of ${answer.length}); recorded lengths ${JSON.stringify(lengths.slice(0, 50))}`,
      );
    }

    const { stats, session } = await onlySession(site);
    checkServer(session.bodies.length === 2, 'two continue bodies: the question and the streamed reply', stats);
    checkServer(session.answers[0] === question, `the question "${question}" as the first answer`, stats);
    const reply = streamedReply(session, stats);
    check(
      bare(reply) === bare(answer),
      `the answer shown to be the reply the server got, ${JSON.stringify(clip(reply, 300))}`,
      s,
    );
    checkServer(stats.streamsServed === 1, 'one stream served', stats);
    const announced = markdowns.filter((m) => m === reply).length;
    if (announced !== 1)
      throw new ScenarioError(`expected one flowbot-message carrying the whole answer, saw ${announced}`);

    // Nothing more happens by itself: no late second reply, no visitor bubble.
    await sleep(300);
    s = await waitFor(page, 'the next question still shown', (s) => s.bot.at(-1) === helpedQuestion);
    check(s.user.length === 1, 'still one visitor bubble', s);
    const later = await serverStats(site);
    checkServer(later.sessions[0]?.bodies.length === 2, 'still two continue bodies', later);
    return `${new Set(lengths).size} lengths seen while growing, first partial ${partial[0]} of ${answer.length} chars`;
  },
};

/** A connection dropped mid-answer: what arrived stays, Retry streams again, one reply in the end. */
export const streamCutRetry: Scenario = {
  name: 'streamed answer cut, Retry',
  async run(page, site) {
    await resetServer(site);
    await testHook(site, '/__api/faults', { spec: 'stream-cut=5', match: '/streamMessage' });
    const question = 'Tell me about certificates';
    await askAssistant(page, site, question);
    let s = await waitFor(
      page,
      'an error with a Retry button',
      (s) => s.retry !== null || s.bot.includes(helpedQuestion),
      15_000,
    );
    if (s.retry === null) {
      const { stats } = await onlySession(site);
      throw new ScenarioError(
        `the cut answer was taken as the whole answer: no error or Retry, the flow went on; the widget showed ${describe(s)}; the server holds ${clip(JSON.stringify(stats), 600)}`,
      );
    }
    check(/retry|try again/i.test(s.retry ?? ''), 'a button labelled Retry', s);
    check(s.errors.length > 0, 'a visible error', s);
    check(s.streaming.length === 1 && s.streaming[0]!.length > 0, 'the part of the answer that arrived still shown', s);
    const shown = s.streaming[0]!;
    check(!s.bot.includes(helpedQuestion), 'the flow waiting: no next question yet', s);
    let { stats, session } = await onlySession(site);
    checkServer(session.bodies.length === 1, 'only the question sent: no reply for a cut answer', stats);

    // It stays while the visitor reads the error.
    await sleep(300);
    s = await look(page);
    check(s.streaming.length === 1 && s.streaming[0] === shown, `the partial answer "${shown}" unchanged`, s);

    await tabTo(page, 'the Retry button', (s) => focusedPart(s, 'retry-button'));
    await page.press('Enter');
    s = await waitFor(
      page,
      `the whole answer, then "${helpedQuestion}"`,
      (s) => s.bot.includes(helpedQuestion),
      15_000,
    );
    const answers = s.bot.filter((t) => /issued/i.test(t));
    check(answers.length === 1, 'the certificates answer shown once', s);
    check(answers[0]!.startsWith(shown), `the answer to begin with what was shown before, "${shown}"`, s);
    check(
      s.streaming.length === 0 && s.errors.length === 0 && s.retry === null,
      'no error, Retry or growing answer left',
      s,
    );
    check(JSON.stringify(s.user) === JSON.stringify([question]), 'the question as the only visitor bubble', s);

    ({ stats, session } = await onlySession(site));
    checkServer(session.bodies.length === 2, 'two continue bodies: the question and one reply', stats);
    checkServer(/certificate/i.test(streamedReply(session, stats)), 'the reply to be the certificates answer', stats);
    checkServer(stats.streamsServed === 2, 'two streams served: the cut one and the retry', stats);
    return `partial "${clip(shown, 40)}" kept, then ${answers[0]!.length} chars`;
  },
};

// ---------------------------------------------------------------------------------------------
// Upload: the `one-file` flow of the page server (one file input, then a goodbye).

/** Runs in the page: the widget shows its file input. */
function fileInputReady(): boolean {
  return Boolean(
    document.querySelector('flowbot-chat')?.shadowRoot?.querySelector('[part~="file-drop"] input[type="file"]'),
  );
}

/**
 * Runs in the page: gives the widget's file input a file of `size` bytes (every byte value, in
 * a pattern, so any mangling shows), as the picker would: WebDriver cannot reach a file input
 * inside a shadow root the same way in every engine. Returns what went wrong, or ''.
 */
function pickFile(name: string, type: string, size: number): string {
  const root = document.querySelector('flowbot-chat')?.shadowRoot;
  const input = root?.querySelector<HTMLInputElement>('[part~="file-drop"] input[type="file"]');
  if (!input) return 'no file input in the shadow root';
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
  (window as unknown as { pickedBytes: Uint8Array }).pickedBytes = bytes;
  const data = new DataTransfer();
  data.items.add(new File([bytes], name, { type }));
  input.files = data.files;
  if (input.files?.length !== 1) return `the input took ${input.files?.length ?? 0} files`;
  input.dispatchEvent(new Event('change', { bubbles: true }));
  return '';
}

/** Runs in the page: starts fetching `url`; `fetchedBack` then tells how it compares with the pick. */
function fetchBack(url: string): void {
  const w = window as unknown as {
    fetched?: { done: boolean; error?: string; same?: boolean; size?: number; status?: number };
  };
  w.fetched = { done: false };
  const picked = (window as unknown as { pickedBytes: Uint8Array }).pickedBytes;
  fetch(url).then(
    async (response) => {
      const got = new Uint8Array(await response.arrayBuffer());
      const same = got.length === picked.length && got.every((b, i) => b === picked[i]);
      w.fetched = { done: true, same, size: got.length, status: response.status };
    },
    (error: unknown) => {
      w.fetched = { done: true, error: String(error) };
    },
  );
}

function fetchedBack(): { done: boolean; error?: string; same?: boolean; size?: number; status?: number } {
  return (window as unknown as { fetched?: { done: boolean } }).fetched ?? { done: false };
}

/** A file picked, uploaded and sent as the answer; the server gives the same bytes back. */
export const uploadFile: Scenario = {
  name: 'upload: file picked, sent, fetched back',
  async run(page, site) {
    await resetServer(site);
    await page.goto(`${site.pageOrigin}/engines-upload.html`);
    let s = await waitFor(page, 'the request for a file', (s) => s.bot.includes('Please attach one file.'));
    check(s.pageFocused, noFocusWarning, s);
    const name = 'report ü 1.bin';
    const size = 70_000;
    await waitInPage(page, 'the file input in the shadow root', (ready) => ready, 10_000, fileInputReady);
    const problem = await page.evaluate(pickFile, name, 'application/octet-stream', size);
    if (problem) throw new ScenarioError(`could not pick a file: ${problem}`);
    s = await waitFor(page, `"${name}" listed`, (s) => s.files.some((f) => f.includes(name)));
    check(s.files.length === 1, 'one file listed', s);

    await tabTo(page, 'the send button', (s) => focusedPart(s, 'send-button'));
    await page.press('Enter');
    s = await waitFor(page, 'the closing message', (s) => s.bot.at(-1) === 'Thanks, your file arrived.', 15_000);
    check(s.user.length === 1 && s.user[0]!.includes(name), `the file's name as the visitor's answer`, s);
    check(s.errors.length === 0, 'no error', s);

    const { stats, session } = await onlySession(site);
    checkServer(session.bodies.length === 1, 'one continue body: the file', stats);
    const message = session.bodies[0]?.message as
      { type?: unknown; text?: unknown; attachedFileUrls?: unknown } | undefined;
    const urls = message?.attachedFileUrls;
    checkServer(
      Array.isArray(urls) &&
        urls.length === 1 &&
        typeof urls[0] === 'string' &&
        urls[0].startsWith(`${site.apiOrigin}/api/v3/files/`),
      `the answer to carry attachedFileUrls: one URL of the server's files`,
      stats,
    );
    const url = (urls as string[])[0]!;
    checkServer(message?.type === 'text' && message.text === url, 'the answer text to be the file URL', stats);

    await page.evaluate(fetchBack, url);
    const back = await waitInPage(page, 'the file fetched back', (r) => r.done, 10_000, fetchedBack);
    if (back.error || back.status !== 200 || !back.same) {
      throw new ScenarioError(`expected the same ${size} bytes back from ${url}; got ${JSON.stringify(back)}`);
    }
    return `${size} bytes back intact`;
  },
};

// ---------------------------------------------------------------------------------------------
// A hostile viewer in the page, and how late a 16 ms timer fires while its response renders.

/** The budget of one task: the page must answer within 200 ms whatever a server sends. */
const TASK_BUDGET_MS = 200;
/**
 * Slack for a busy machine, on top of the budget. A tick's lateness is the blocking task plus
 * the operating system's delay in running the page again, and here the browser, its driver,
 * Xvfb and both servers share two cores: ticks with nothing to do were seen up to ~70 ms late.
 * A page that really freezes is late by seconds: uncapped, such a response takes that long.
 */
const BUSY_MACHINE_SLACK_MS = 100;
/**
 * The worst lateness allowed. As in the Chromium long-task test: 200 ms, or twice the time the
 * engine needs just to decode and parse the body when that exceeds 100 ms (no widget that reads
 * the body avoids it; a body the widget refuses unread is never parsed, and has no such floor);
 * plus the slack above.
 */
const latenessLimit = (parseFloorMs: number): number =>
  Math.max(TASK_BUDGET_MS, 2 * parseFloorMs) + BUSY_MACHINE_SLACK_MS;
/**
 * Timing on a shared machine: a neighbour can stretch one attempt; a freezing page fails all.
 * (WebKit's 16,000-message scenario measured 240–510 ms in every attempt while the thousand rows
 * and their actions were drawn in one task each; a hundred rows and fifty rows' actions at a
 * time, 70–210 ms.)
 */
const TIMING_ATTEMPTS = 3;

interface HostileState {
  ready: boolean;
  /** The case's body is over 2 MB: the widget refuses it. */
  refused: boolean;
  /** Bytes of an endless body the widget read. */
  pulled: number;
  /** The message of the widget's last `flowbot-error`. */
  lastError: string;
  /** The widget has its shadow root (the script-tag file may start the chat before it upgrades). */
  rooted: boolean;
  startChats: number;
  bodyBytes: number;
  parseMs: number;
  phase: string;
  ticks: number;
  idleWorst: number;
  worst: number;
  lateOver50: number;
  worstAt: number;
  textMs: number;
  longestParseMs: number;
  commitAt: number;
  frameAt: number;
  visibility: string;
}

function hostileState(): HostileState {
  const h = (window as unknown as { __hostile?: Record<string, unknown> }).__hostile;
  if (!h) {
    return {
      ready: false,
      refused: false,
      pulled: 0,
      lastError: '',
      rooted: false,
      startChats: 0,
      bodyBytes: 0,
      parseMs: 0,
      phase: 'none',
      ticks: 0,
      idleWorst: 0,
      worst: 0,
      lateOver50: 0,
      worstAt: 0,
      textMs: 0,
      longestParseMs: 0,
      commitAt: 0,
      frameAt: 0,
      visibility: document.visibilityState,
    };
  }
  return {
    ready: true,
    refused: h.refused as boolean,
    pulled: h.pulled as number,
    lastError: h.lastError as string,
    rooted: Boolean(document.querySelector('flowbot-chat')?.shadowRoot),
    startChats: (h.requests as string[]).filter((url) => url.includes('/startChat')).length,
    bodyBytes: h.bodyBytes as number,
    parseMs: h.parseMs as number,
    phase: h.phase as string,
    ticks: h.ticks as number,
    idleWorst: h.idleWorst as number,
    worst: h.worst as number,
    lateOver50: h.lateOver50 as number,
    worstAt: h.worstAt as number,
    textMs: h.textMs as number,
    longestParseMs: h.longestParseMs as number,
    commitAt: h.commitAt as number,
    frameAt: h.frameAt as number,
    visibility: h.visibility as string,
  };
}

const hostileGo = (): void => (window as unknown as { __hostile: { go(): void } }).__hostile.go();
const hostileStop = (): void => (window as unknown as { __hostile: { stop(): void } }).__hostile.stop();

/**
 * Runs in the page: must stay self-contained. Whether the hostile response is all shown (or
 * refused: a Retry), without layout.
 */
function hostileProgress(shortened: string): { input: boolean; shortened: boolean; retry: boolean; problems: number } {
  const root = document.querySelector('flowbot-chat')?.shadowRoot;
  const bubbles = root ? root.querySelectorAll('[part~="bot-message"]') : [];
  const last = bubbles[bubbles.length - 1];
  return {
    input: Boolean(root?.querySelector('[part~="input"]')),
    shortened: Boolean(last?.textContent?.includes(shortened)),
    retry: Boolean(root?.querySelector('[part~="retry-button"]')),
    problems: ((window as unknown as { __problems?: unknown[] }).__problems ?? []).length,
  };
}

type HostileCase = 'leaf' | 'messages' | 'huge' | 'endless' | 'gzip-bomb';

function hostileScenario(kind: HostileCase, name: string, shownOk: (s: WidgetSnapshot) => string): Scenario {
  /** One page load: the response handed over, rendered, measured. Returns the figures and the limit. */
  const attempt = async (page: EnginePage, site: Site) => {
    await page.goto(`${site.pageOrigin}/engines-hostile.html?case=${kind}`);
    await waitInPage(
      page,
      'the widget upgraded and calling the stubbed startChat',
      (h) => h.rooted && h.startChats === 1,
      15_000,
      hostileState,
    );
    let s = await look(page);
    check(s.problems.length === 0, 'no errors on the page', s);
    check(s.bot.length === 0, 'nothing shown before the response', s);
    await page.evaluate(hostileGo);
    // While the clock runs, the wait reads no geometry: measuring a thousand bubbles (as the full
    // snapshot does) would stop the page itself, and that time is the test's, not the widget's.
    const refused = kind === 'huge' || kind === 'endless' || kind === 'gzip-bomb';
    await waitInPage(
      page,
      refused ? 'the response refused: an error and its Retry' : 'the response shown, shortened, and the text field',
      (p) => p.problems > 0 || (refused ? p.retry : p.input && p.shortened),
      30_000,
      hostileProgress,
      SHORTENED,
    );
    await page.evaluate(hostileStop);
    const h = await waitInPage(page, 'the lateness clock to stop', (h) => h.phase === 'done', 10_000, hostileState);
    s = await look(page);
    check(s.problems.length === 0, 'no errors on the page', s);
    const shown = s.bot.join('\n').length;
    check(shown < 110_000, `what is shown to stay bounded (${shown} characters)`, s);
    const wrong = shownOk(s);
    if (wrong) check(false, wrong, s);
    if (h.pulled > 3 * 1024 * 1024) check(false, `no more of the body read than 2 MB (read ${h.pulled} bytes)`, s);
    if (refused && !h.lastError.includes('with a body over 2097152 bytes'))
      check(false, `an error that names the 2 MB limit (got "${h.lastError.slice(0, 300)}")`, s);
    const ms = (n: number) => `${n.toFixed(0)} ms`;
    const limit = latenessLimit(h.parseMs);
    const figures =
      `worst lateness ${ms(h.worst)} of ${ms(limit)} allowed (${ms(h.worstAt)} after the hand-over; ${h.ticks} ticks, ` +
      `${h.lateOver50} over 50 ms; idle ${ms(h.idleWorst)}); ` +
      (refused
        ? `refused${h.pulled ? ` after reading ${(h.pulled / 1e6).toFixed(1)} MB` : ''}, JSON.parse ${ms(h.longestParseMs)}`
        : `${(h.bodyBytes / 1e6).toFixed(1)} MB body: decode+parse alone ${ms(h.parseMs)}, JSON.parse ` +
          `${ms(h.longestParseMs)}; first message in the DOM at ${ms(h.commitAt)}, next frame at ${ms(h.frameAt)}`);
    if (h.visibility !== 'visible')
      throw new ScenarioError(`the page was ${h.visibility}: its timers are throttled, nothing measured (${figures})`);
    if (h.ticks < 5) throw new ScenarioError(`too few timer ticks to measure anything (${figures})`);
    return { ok: h.worst < limit, figures };
  };

  return {
    name,
    async run(page, site) {
      const tries: string[] = [];
      for (let i = 1; i <= TIMING_ATTEMPTS; i++) {
        const result = await attempt(page, site);
        tries.push(`#${i} ${result.figures}`);
        if (result.ok) return `${tries.length > 1 ? `${tries.length} attempts: ` : ''}${tries.join('\n      ')}`;
      }
      throw new ScenarioError(
        `expected every 16 ms tick on time within the limit (${TASK_BUDGET_MS} ms, or twice the parse alone, + ` +
          `${BUSY_MACHINE_SLACK_MS} ms for a busy machine) in one of ${TIMING_ATTEMPTS} attempts:\n${tries.join('\n')}`,
      );
    },
  };
}

const SHORTENED = '… (shortened)';

/** One text leaf of 1,990,000 unbroken characters: cut to the widget's limit, the page keeps answering. */
export const hostileLeaf = hostileScenario('leaf', 'hostile: 1.9 MB unbroken text leaf', (s) => {
  const long = s.bot.find((t) => t.startsWith('WWWW'));
  if (!long) return 'the long word shown (cut)';
  return long.length <= 20_000 + SHORTENED.length + 2 && long.endsWith(SHORTENED)
    ? ''
    : 'the word cut to 20,000 characters and a "… (shortened)" note';
});

/** 16,000 messages in one response: the first thousand shown, then a note. */
export const hostileMessages = hostileScenario('messages', 'hostile: 16,000 messages', (s) => {
  if (s.bot[0] !== 'Message 0') return 'the first message first';
  return s.bot.length <= 1001 && s.bot.at(-1) === SHORTENED
    ? ''
    : 'at most 1,000 messages and a last "… (shortened)" note';
});

/** A response over 2 MB: refused before it is parsed, nothing shown, an error with a Retry. */
const refusedOk = (s: WidgetSnapshot): string =>
  s.bot.length === 0 && s.retry !== null && s.errors.length === 1 ? '' : 'no message, one error and its Retry';

/** 12 MB of valid JSON (100,000 messages and padding): refused unread beyond 2 MB. */
export const hostileHuge = hostileScenario('huge', 'hostile: 12 MB of JSON refused', refusedOk);

/** A body that never ends: read no further than 2 MB, then refused. */
export const hostileEndless = hostileScenario('endless', 'hostile: endless body refused', refusedOk);

/** The reference server's gzip bomb (1 GB inflated from ~1 MB): inflated no further than 2 MB, refused. */
export const hostileGzipBomb = hostileScenario('gzip-bomb', 'hostile: gzip bomb refused', refusedOk);

/** What the visitor sees of the bubble's invitation, and where the host page's own elements are. */
interface InviteSnapshot {
  /** Milliseconds since the page started loading. */
  now: number;
  open: boolean;
  panelVisible: boolean;
  /** Text of the visible preview card, or null. */
  preview: string | null;
  /** Text and accessible name of the visible badge, or null. */
  badge: string | null;
  badgeLabel: string | null;
  unreadCount: number;
  bot: string[];
  choices: string[];
  /** The focused element's part, when focus is inside the widget. */
  focusPart: string | null;
  /** The boxes of the host page's own elements, as a string to compare. */
  hostBoxes: string;
  problems: string[];
}

/** Runs in the page: must stay self-contained. */
function inviteSnapshot(selector: string): InviteSnapshot {
  const host = document.querySelector(selector) as (HTMLElement & { unreadCount?: number }) | null;
  const root = host?.shadowRoot ?? null;
  const textOf = (el: Element): string => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  const shown = (el: Element | null | undefined): el is Element => {
    if (!el) return false;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  };
  const visible = (part: string): Element[] =>
    root ? Array.from(root.querySelectorAll(`[part~="${part}"]`)).filter((el) => shown(el)) : [];
  const preview = visible('preview')[0];
  const badge = visible('badge')[0];
  let active: Element | null = document.activeElement;
  let inside = false;
  while (active?.shadowRoot?.activeElement) {
    if (active === host) inside = true;
    active = active.shadowRoot.activeElement;
  }
  const problems = (window as unknown as { __problems?: unknown[] }).__problems;
  return {
    now: performance.now(),
    open: Boolean(host?.hasAttribute('open')),
    panelVisible: shown(root?.querySelector('[part~="panel"]')),
    preview: preview ? textOf(preview) : null,
    badge: badge ? textOf(badge) : null,
    badgeLabel: badge ? badge.getAttribute('aria-label') : null,
    unreadCount: host?.unreadCount ?? -1,
    bot: visible('bot-message').map((b) => textOf(b.querySelector('.fb-answer > .fb-content') ?? b)),
    choices: visible('choice').map(textOf),
    focusPart: inside ? (active?.getAttribute('part') ?? active?.className ?? '') : null,
    hostBoxes: Array.from(document.querySelectorAll('main, main > *'))
      .map((el) => {
        const box = el.getBoundingClientRect();
        return `${el.tagName}#${el.id}:${box.x},${box.y},${box.width},${box.height}`;
      })
      .join(' '),
    problems: Array.isArray(problems) ? problems.map(String) : ['the page has no problem recorder'],
  };
}

const inviteLook = (page: EnginePage) => page.evaluate(inviteSnapshot, 'flowbot-chat');

function inviteCheck(condition: boolean, expected: string, s: InviteSnapshot): void {
  if (!condition)
    throw new ScenarioError(
      `expected ${expected}; the widget showed ${JSON.stringify({ ...s, hostBoxes: undefined })}`,
    );
}

async function inviteWait(
  page: EnginePage,
  expected: string,
  ok: (s: InviteSnapshot) => boolean,
  ms = 10_000,
): Promise<InviteSnapshot> {
  const deadline = Date.now() + ms;
  for (;;) {
    const s = await inviteLook(page);
    inviteCheck(s.problems.length === 0, 'no errors on the page', s);
    if (ok(s)) return s;
    if (Date.now() > deadline) {
      throw new ScenarioError(
        `timed out after ${ms} ms waiting for ${expected}; the widget showed ${JSON.stringify({ ...s, hostBoxes: undefined })}`,
      );
    }
    await sleep(50);
  }
}

/** Presses Tab until focus is on `part` inside the widget (or a class name, for the preview's card button). */
async function inviteTabTo(page: EnginePage, target: string, max = 15): Promise<void> {
  let s = await inviteLook(page);
  for (let i = 0; i < max && !(s.focusPart ?? '').split(/\s+/).includes(target); i++) {
    await page.press('Tab');
    s = await inviteLook(page);
  }
  inviteCheck((s.focusPart ?? '').split(/\s+/).includes(target), `Tab to reach "${target}"`, s);
}

const previewText = 'Hi! Need help with an order? I can look it up for you.';

/**
 * The preview appears after its delay (never before, never taking focus), opens the panel from the
 * keyboard; messages that arrive while the visitor has closed the panel count on the badge, which
 * clears on opening. The host page's elements never move.
 */
export const bubbleInvitation: Scenario = {
  name: 'bubble: preview opens the panel, badge counts unread',
  async run(page, site) {
    await page.goto(`${site.pageOrigin}/invite.html?delay=1.5`);
    const first = await inviteLook(page);
    inviteCheck(first.preview === null || first.now >= 1500, 'no preview before its delay', first);
    const boxes = first.hostBoxes;
    let s = await inviteWait(page, 'the preview', (s) => s.preview !== null);
    inviteCheck(s.now >= 1500, 'the preview only after its delay (1.5 s)', s);
    inviteCheck(s.preview!.includes(previewText), "the widget's first message in the preview", s);
    inviteCheck(s.focusPart === null, 'focus left where it was (the preview never takes it)', s);
    inviteCheck(!s.open && !s.panelVisible, 'the panel still closed', s);
    inviteCheck(s.hostBoxes === boxes, 'the host page not moved by the preview', s);

    await inviteTabTo(page, 'preview-open');
    await page.press('Enter');
    s = await inviteWait(
      page,
      'the open panel with the greeting',
      (s) => s.open && s.panelVisible && s.choices.includes('Yes, please'),
    );
    inviteCheck(s.preview === null, 'the preview gone once the panel opened', s);

    await inviteTabTo(page, 'choice');
    await page.press('Enter');
    // The answered choice goes, and no input follows for a while (the bot waits two seconds):
    // focus stays in the widget, on the conversation, from where Escape closes the panel (the
    // close button is above it, in the header; Tab goes on past the conversation's one stop).
    s = await inviteWait(page, 'the first message of the answer', (s) => s.bot.some((t) => t.startsWith('One moment')));
    inviteCheck(s.choices.length === 0, 'the answered choice gone', s);
    await inviteWait(page, 'focus on the conversation', (s) => s.focusPart === 'messages', 1_000);
    // The panel closes while the bot is busy.
    await page.press('Escape');
    s = await inviteWait(page, 'the panel closed', (s) => !s.open && !s.panelVisible);
    inviteCheck(s.badge === null && s.unreadCount === 0, 'no badge yet (nothing arrived while closed)', s);
    s = await inviteWait(page, 'the badge counting two unread messages', (s) => s.badge === '2', 8_000);
    inviteCheck(s.badgeLabel === '2 unread messages' && s.unreadCount === 2, 'the badge named "2 unread messages"', s);
    inviteCheck(s.hostBoxes === boxes, 'the host page not moved by the badge', s);

    await inviteTabTo(page, 'launcher');
    await page.press('Enter');
    s = await inviteWait(
      page,
      'the panel open with the messages read',
      (s) => s.open && s.bot.includes('Anything else?'),
    );
    inviteCheck(s.badge === null && s.unreadCount === 0, 'the badge cleared on opening', s);
  },
};

/**
 * A dismissed preview stays dismissed on the next page of the visit; the timed opening opens the
 * panel, and after the visitor closed it, does not open it again on the next page.
 */
export const invitationAcrossPages: Scenario = {
  name: 'bubble: dismissal and timed opening across pages',
  async run(page, site) {
    await page.goto(`${site.pageOrigin}/invite.html?delay=0.5&id=one`);
    await inviteWait(page, 'the preview', (s) => s.preview !== null);
    // Escape from the page (focus is not in the widget) dismisses it.
    await page.press('Escape');
    await inviteWait(page, 'the preview dismissed', (s) => s.preview === null);
    let s;
    await page.goto(`${site.pageOrigin}/invite.html?delay=0.5&id=one&page=2`);
    await sleep(1500);
    s = await inviteWait(page, 'the next page loaded', (s) => s.now > 1000);
    inviteCheck(s.preview === null, 'no preview on the next page after a dismissal', s);

    await page.goto(`${site.pageOrigin}/invite.html?preview=off&auto=1&narrow=1&id=two`);
    s = await inviteWait(page, 'the panel opened by itself', (s) => s.open && s.panelVisible && s.choices.length > 0);
    inviteCheck(s.now >= 1000, 'the timed opening only after its second', s);
    await inviteTabTo(page, 'choice');
    await page.press('Escape');
    await inviteWait(page, 'the panel closed by the visitor', (s) => !s.open && !s.panelVisible);
    await page.goto(`${site.pageOrigin}/invite.html?preview=off&auto=1&narrow=1&id=two&page=2`);
    await sleep(2500);
    s = await inviteWait(page, 'the next page, later than the timed opening', (s) => s.now > 2000);
    inviteCheck(!s.open && !s.panelVisible, 'no timed opening after the visitor closed the panel', s);
  },
};

// ---------------------------------------------------------------------------------------------
// What a visitor does with an answer: copy it, download the conversation.

/** Runs in the page: the focused element in the widget, by what a screen reader names it. */
function focusedAction(): { label: string | null; answer: string } {
  const root = document.querySelector('flowbot-chat')!.shadowRoot!;
  const active = root.activeElement;
  const bubble = active?.closest('.row')?.querySelector('.bubble');
  // An agent's answer: its text, not the tools, thinking and sources drawn around it.
  const text = bubble?.querySelector('.fb-answer > .fb-content') ?? bubble;
  return { label: active?.getAttribute('aria-label') ?? null, answer: (text?.textContent ?? '').slice(0, 200) };
}

/** Runs in the page: focuses the conversation, as a visitor's click on it would. */
function focusConversation(): void {
  document.querySelector('flowbot-chat')!.shadowRoot!.querySelector<HTMLElement>('[part~="messages"]')!.focus();
}

/**
 * Runs in the page: records the downloads the widget starts (file name and content, read from the
 * link's blob) instead of handing them to the browser, whose download handling differs between
 * the drivers (a dialog, a folder, nothing observable).
 */
function recordDownloads(): void {
  const w = window as unknown as { downloads: { name: string; href: string; text: string | null }[] };
  w.downloads = [];
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    if (!this.download) return click.call(this);
    const entry = { name: this.download, href: this.href, text: null as string | null };
    w.downloads.push(entry);
    fetch(this.href)
      .then((r) => r.text())
      .then((text) => (entry.text = text));
  };
}

/** Runs in the page: what copying showed (the status, or the field the text is selected in) and the downloads. */
function answerOutcome(): {
  status: string;
  fallback: { focused: boolean; selected: number; length: number; hint: string } | null;
  downloads: { name: string; href: string; text: string | null }[];
  exported: string | null;
} {
  const host = document.querySelector('flowbot-chat') as HTMLElement & { exportTranscript(): Promise<string> };
  const root = host.shadowRoot!;
  const field = root.querySelector<HTMLTextAreaElement>('.copy-fallback textarea');
  const w = window as unknown as {
    downloads?: { name: string; href: string; text: string | null }[];
    exported?: string | null;
  };
  if (w.exported === undefined) {
    w.exported = null;
    void host.exportTranscript().then((text) => (w.exported = text));
  }
  return {
    status: root.querySelector('[role="status"]')?.textContent ?? '',
    fallback: field
      ? {
          focused: root.activeElement === field,
          selected: (field.selectionEnd ?? 0) - (field.selectionStart ?? 0),
          length: field.value.length,
          hint: root.querySelector('.copy-hint')?.textContent ?? '',
        }
      : null,
    downloads: w.downloads ?? [],
    exported: w.exported,
  };
}

/**
 * A streamed answer copied by keyboard (through the clipboard, or, where the engine refuses it,
 * selected with the keys to press), and the conversation downloaded from the header's menu.
 */
export const answerCopyDownload: Scenario = {
  name: 'answers: copy an answer, download the conversation',
  async run(page, site) {
    await resetServer(site);
    await askAssistant(page, site, 'How do refunds work?');
    await waitFor(page, `the answer, then "${helpedQuestion}"`, (s) => s.bot.includes(helpedQuestion), 15_000);
    await page.evaluate(recordDownloads);

    // Copy: from the conversation (one Tab stop), the arrows to the answer, Enter into it, Tab to its
    // Copy button, Enter.
    await page.evaluate(focusConversation);
    let at = await page.evaluate(focusedAction);
    const trail: string[] = [];
    for (let i = 0; i < 10 && !at.answer.includes('14 days'); i++) {
      await page.press('ArrowUp');
      at = await page.evaluate(focusedAction);
      trail.push(`${at.label ?? '?'} (${at.answer.slice(0, 12)})`);
    }
    await page.press('Enter');
    at = await page.evaluate(focusedAction);
    for (let i = 0; i < 40 && !(at.label === 'Copy answer' && at.answer.includes('14 days')); i++) {
      await page.press('Tab');
      at = await page.evaluate(focusedAction);
      trail.push(`${at.label ?? '?'} (${at.answer.slice(0, 12)})`);
    }
    if (!(at.label === 'Copy answer' && at.answer.includes('14 days')))
      throw new ScenarioError(`the keys never reached the answer's Copy button; focus went ${trail.join(' → ')}`);
    await page.press('Enter');
    const copied = await waitInPage(
      page,
      '"Copied", or the answer selected with the keys that copy it',
      (o) => o.status === 'Copied' || (!!o.fallback && /^Press (Ctrl\+C|⌘C) to copy$/.test(o.fallback.hint)),
      5_000,
      answerOutcome,
    );
    if (copied.fallback && !(copied.fallback.focused && copied.fallback.selected === copied.fallback.length))
      throw new ScenarioError(`the answer's text is not selected for the keys: ${JSON.stringify(copied.fallback)}`);
    const how = copied.status === 'Copied' ? 'the clipboard took it' : `fallback: ${copied.fallback!.hint}`;

    // Download: the header's menu, by keyboard once its button has focus.
    await page.evaluate(() =>
      document.querySelector('flowbot-chat')!.shadowRoot!.querySelector<HTMLElement>('[part~="menu-button"]')!.focus(),
    );
    await page.press('Enter');
    const item = await page.evaluate(focusedAction);
    if (
      item.label !== null ||
      !(await page.evaluate(() => document.querySelector('flowbot-chat')!.shadowRoot!.activeElement?.textContent))
    )
      throw new ScenarioError(`the menu did not take focus: ${JSON.stringify(item)}`);
    await page.press('Enter');
    const done = await waitInPage(
      page,
      'the downloaded file, and the export to compare it with',
      (o) => o.downloads.length === 1 && o.downloads[0]!.text !== null && o.exported !== null,
      5_000,
      answerOutcome,
    );
    const file = done.downloads[0]!;
    if (!/^conversation-\d{4}-\d{2}-\d{2}\.md$/.test(file.name) || !file.href.startsWith('blob:'))
      throw new ScenarioError(`expected a blob link to conversation-<date>.md, got ${file.name} at ${file.href}`);
    const text = file.text!;
    // With what the agent did: the tools it used and the answer's sources.
    const expected = [
      '# Conversation',
      '**You**',
      'How do refunds work?',
      'Used 2 tools:',
      '14 days',
      'Sources:',
      helpedQuestion,
    ];
    const missing = expected.filter((part) => !text.includes(part));
    if (missing.length || text !== done.exported)
      throw new ScenarioError(
        `the file lacks ${JSON.stringify(missing)} or differs from exportTranscript(): ${clip(text, 400)}`,
      );
    return `copy: ${how}; file ${file.name}, ${text.length} chars (read from its blob link)`;
  },
};

// ---------------------------------------------------------------------------------------------
// persist="local" in two tabs of one browser: the reference server's `long` flow.

/** Runs in the page: records when each message row appears and when the record is written. */
function recordTabs(): void {
  const w = window as unknown as {
    tabRows?: { text: string; at: number }[];
    tabWrites?: { at: number; value: string }[];
  };
  if (w.tabRows) return;
  const rows: { text: string; at: number }[] = [];
  const writes: { at: number; value: string }[] = [];
  w.tabRows = rows;
  w.tabWrites = writes;
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key: string, value: string) {
    if (key.startsWith('flowbot-chat:')) writes.push({ at: Date.now(), value });
    setItem.call(this, key, value);
  };
  const root = document.querySelector('flowbot-chat')!.shadowRoot!;
  const seen = new WeakSet<Element>();
  const scan = () => {
    for (const el of root.querySelectorAll('[part~="user-message"], [part~="bot-message"]')) {
      if (seen.has(el)) continue;
      seen.add(el);
      rows.push({ text: (el.textContent ?? '').replace(/\s+/g, ' ').trim(), at: Date.now() });
    }
  };
  new MutationObserver(scan).observe(root, { subtree: true, childList: true, characterData: true });
  scan();
}

/** Runs in the page: when the row `text` appeared, and when the record holding `written` was first written. */
function tabTimes(text: string, written: string): { row: number | null; write: number | null } {
  const w = window as unknown as {
    tabRows?: { text: string; at: number }[];
    tabWrites?: { at: number; value: string }[];
  };
  return {
    row: w.tabRows?.find((r) => r.text === text)?.at ?? null,
    write: w.tabWrites?.find((x) => x.value.includes(written))?.at ?? null,
  };
}

/** Runs in the page: the viewer calls the page made, and its visitor bubbles marked not sent. */
function tabCalls(): { continues: number; starts: number; notSent: string[] } {
  const names = performance.getEntriesByType('resource').map((entry) => entry.name);
  const root = document.querySelector('flowbot-chat')?.shadowRoot;
  return {
    continues: names.filter((name) => name.includes('/continueChat')).length,
    starts: names.filter((name) => name.includes('/startChat')).length,
    notSent: root
      ? [...root.querySelectorAll('.row.user.failed [part~="user-message"]')].map((el) => (el.textContent ?? '').trim())
      : [],
  };
}

/** Runs in the page: what the text field holds. */
function fieldValue(): string | null {
  const field = document
    .querySelector('flowbot-chat')
    ?.shadowRoot?.querySelector<HTMLInputElement>('.composer [part~="input"]');
  return field ? field.value : null;
}

const setDeaf = (page: EnginePage, deaf: boolean) =>
  page.evaluate((on: boolean) => {
    (window as unknown as { deaf: boolean }).deaf = on;
  }, deaf);

const longQuestion = (n: number) => `Question ${n} of 50`;

/** The visitor, in `page` (brought to the front), types `answer` in the text field and presses Enter. */
async function answerIn(page: EnginePage, answer: string): Promise<void> {
  await page.bringToFront();
  await tabTo(page, 'the text field', fieldFocused);
  await page.type(answer);
  await page.press('Enter');
}

/**
 * persist="local", two tabs of one browser: an answer in one shows in the other at once without
 * a request of its own (the delay measured from the write to the row on screen); the other goes
 * on; a tab that has not heard of the last answer sends nothing, shows its answer as not sent and
 * keeps it in the field; a restart in one tab restarts the other. The server sees each turn
 * answered once.
 */
export const twoTabs: Scenario = {
  name: 'two tabs: one conversation',
  async run(a, site) {
    await resetServer(site);
    await a.goto(`${site.pageOrigin}/engines-tabs.html?bot=long`);
    let s = await waitFor(
      a,
      'the first question and its field',
      (s) => s.bot.at(-1) === longQuestion(1) && s.textInput,
    );
    check(s.pageFocused, noFocusWarning, s);
    const b = await a.newPage();
    await b.goto(`${site.pageOrigin}/engines-tabs.html?bot=long`);
    s = await waitFor(b, 'the same question in the second tab', (s) => s.bot.at(-1) === longQuestion(1) && s.textInput);
    check(s.startChats.length === 0, 'the second tab to restore the conversation, no startChat of its own', s);
    await a.evaluate(recordTabs);
    await b.evaluate(recordTabs);

    // An answer in tab A shows in tab B, with the reply, without a reload or a request.
    await answerIn(a, 'Ada');
    s = await waitFor(
      b,
      "tab A's answer and the next question",
      (s) => s.user.at(-1) === 'Ada' && s.bot.at(-1) === longQuestion(2),
    );
    check((await b.evaluate(tabCalls)).continues === 0, 'no continueChat from tab B', s);
    const answerTimes = [await a.evaluate(tabTimes, 'Ada', '"text":"Ada"'), await b.evaluate(tabTimes, 'Ada', '')];
    const replyTimes = [
      await a.evaluate(tabTimes, '', longQuestion(2)),
      await b.evaluate(tabTimes, longQuestion(2), ''),
    ];
    const answerDelay = answerTimes[1]!.row! - answerTimes[0]!.write!;
    const replyDelay = replyTimes[1]!.row! - replyTimes[0]!.write!;
    if (!(answerDelay < 1000 && replyDelay < 1000))
      throw new ScenarioError(
        `expected tab B within a second of tab A's writes; it took ${answerDelay} and ${replyDelay} ms`,
      );

    // Tab B goes on; tab A follows.
    await answerIn(b, 'Grace');
    await waitFor(a, "tab B's answer in tab A", (s) => s.user.at(-1) === 'Grace' && s.bot.at(-1) === longQuestion(3));

    // Tab B has not heard of tab A's next answer when the visitor answers there too.
    await setDeaf(b, true);
    await answerIn(a, 'Alan');
    await waitFor(a, 'the fourth question in tab A', (s) => s.bot.at(-1) === longQuestion(4));
    s = await look(b);
    check(s.bot.at(-1) === longQuestion(3), 'tab B still on the third question (it has not heard)', s);
    await answerIn(b, 'Edsger');
    s = await waitFor(
      b,
      'tab B caught up, its answer not sent',
      (s) => s.bot.at(-1) === longQuestion(4) && s.user.includes('Alan'),
    );
    const calls = await b.evaluate(tabCalls);
    check(JSON.stringify(calls.notSent) === '["Edsger"]', 'the answer given in tab B marked "Not sent"', s);
    check(
      (await b.evaluate(fieldValue)) === 'Edsger',
      'the words kept in the field of the question that came instead',
      s,
    );
    let { stats, session } = await onlySession(site);
    checkServer(JSON.stringify(session.answers) === '["Ada","Grace","Alan"]', 'three answers, none stale', stats);

    // Sent again, it answers the question now shown.
    await setDeaf(b, false);
    await b.bringToFront();
    await tabTo(b, 'the text field', fieldFocused);
    await b.press('Enter');
    await waitFor(a, "tab B's answer in tab A", (s) => s.user.at(-1) === 'Edsger' && s.bot.at(-1) === longQuestion(5));
    ({ stats, session } = await onlySession(site));
    checkServer(
      JSON.stringify(session.answers) === '["Ada","Grace","Alan","Edsger"]' && stats.continueCount === 4,
      'four answers, one continueChat per turn',
      stats,
    );

    // A restart in tab B restarts tab A.
    await b.evaluate(() => (document.querySelector('flowbot-chat') as HTMLElement & { restart(): void }).restart());
    s = await waitFor(a, 'tab A restarted', (s) => s.user.length === 0 && s.bot.at(-1) === longQuestion(1));
    stats = await serverStats(site);
    checkServer(stats.sessionsStarted === 2, 'two sessions: the first and the restart', stats);
    check((await a.evaluate(tabCalls)).starts === 1, 'no startChat of its own in tab A for the restart', s);
    for (const tab of [a, b]) {
      const problems = (await look(tab)).problems;
      if (problems.length) throw new ScenarioError(`problems on the page: ${problems.join('; ')}`);
    }
    await b.close();
    return `tab B showed the answer ${answerDelay} ms and the reply ${replyDelay} ms after tab A wrote them`;
  },
};

/** Every scenario, in the order they run. */
export const scenarios: readonly Scenario[] = [
  inlineByKeyboard,
  bubbleByKeyboard,
  bubbleColdTap,
  streamedAnswer,
  streamCutRetry,
  expiredSession,
  uploadFile,
  hostileLeaf,
  hostileMessages,
  hostileHuge,
  hostileEndless,
  hostileGzipBomb,
  bubbleInvitation,
  invitationAcrossPages,
  answerCopyDownload,
  twoTabs,
];
