/**
 * The script-tag file, small on purpose: it exposes `window.Flowbot.init`,
 * sends the first `startChat` of every widget that starts at once, and
 * loads the widget's code (`flowbot-chat.main.js`, beside it) in parallel,
 * so the first request does not wait for the code (see `handover.ts`). A
 * page whose widgets are all closed bubbles or popups with nothing to show
 * gets the code when the visitor reaches for one: until then this file draws
 * the bubble's launcher itself (see `launcher.ts`). That
 * code runs only if it is the build's, byte for byte (see `load-script.ts`).
 * Loading the file twice is harmless: the first copy's `Flowbot` stays and
 * the widget's code is fetched once. It may load with `async` (it never
 * holds up the page's parsing): widgets parsed before or after it start
 * alike, and `Flowbot.init` calls the page queued meanwhile run when it
 * arrives.
 */
import { isObject } from '../protocol/json.js';
import { hasEarlyStart, queueCalls, startEarly } from './handover.js';
import { LOAD_BESIDE, loadBeside, type LoadBeside } from './load-script.js';
import type * as Launcher from './launcher.js';
import { showUnavailable } from './unavailable.js';
import { version } from './version.js';

// The element's types, through the tag map it declares: this file sits below the element and
// carries none of its code.
type FlowbotChat = HTMLElementTagNameMap['flowbot-chat'];
type FlowbotChatMode = FlowbotChat['mode'];
type FlowbotWidget = NonNullable<FlowbotChat['widget']>;
type PersistMode = FlowbotChat['persist'];

/** Options of `Flowbot.init`. */
export interface FlowbotInitOptions {
  /** The public id of the flow-bot. */
  publicId: string;
  /** The viewer base URL. Default: the page's origin. */
  apiHost?: string;
  /** `standard` (inline), `bubble` or `popup`. Default `standard`. */
  mode?: FlowbotChatMode;
  /** The Widget resource, or part of it. */
  widget?: FlowbotWidget;
  /** Variables sent with `startChat`. */
  prefilledVariables?: Record<string, unknown>;
  /** UI language (the `lang` attribute). Default: the page's. */
  lang?: string;
  /** Open the bubble or popup at once. */
  open?: boolean;
  /** Remember the conversation across reloads: `none` (default), `session` or `local`. */
  persist?: PersistMode;
  /** Bubble: the preview message beside the launcher (default: the widget's `aiFirstMessage`); `false`: none. */
  preview?: string | false;
  /** Seconds before the preview appears. Default `3`; `0`: at once. */
  previewDelay?: number;
  /** Open the bubble or popup by itself after this many seconds (once per visit). Default: never. */
  autoOpen?: number;
  /** `autoOpen` also on narrow screens (at most 480 px). Default `false`. */
  autoOpenNarrow?: boolean;
  /** A quiet chime for messages that arrive while the panel is closed. Default `false`. */
  notifySound?: boolean;
  /** Keeps this widget's remembered conversation apart from another widget's of the same bot. Default: the element's `id`, else none. */
  persistKey?: string;
  /** Ask the viewer for whole AI answers instead of streamed ones (for viewers that cannot stream). Default `false`. */
  disableStreaming?: boolean;
  /** Which answers offer thumbs up and down: `streamed` (default), `all` or `none`. */
  feedback?: FlowbotChat['feedback'];
  /** Leave out the Copy button under the answers. Default `false`. */
  noCopy?: boolean;
  /** Leave out the conversation's menu (Download, Print). Default `false`. */
  noMenu?: boolean;
  /** `light` (default), `dark`, or `auto`: dark while the visitor's system prefers it, following it live. */
  colorScheme?: FlowbotChat['colorScheme'];
  /** A notice above the conversation (links written `[text](https://…)`). */
  notice?: string;
  /** `required`: nothing is sent to the viewer until the visitor accepts the notice. */
  consent?: FlowbotChat['consent'];
  /** Where to append the element: an element or a selector. Default `document.body`. */
  target?: Element | string;
}

/** `window.Flowbot`. */
export interface FlowbotGlobal {
  /** Creates a `<flowbot-chat>`, sets `options` on it and appends it (once the page is parsed, if need be). */
  init(options: FlowbotInitOptions): FlowbotChat;
  /** The version of the script. */
  readonly version: string;
}

declare global {
  interface Window {
    Flowbot?: FlowbotGlobal;
  }
}

/** What decides whether a widget starts at once, and its first request. */
interface FirstStart {
  publicId?: string | undefined;
  apiHost?: string | null | undefined;
  mode?: string | null | undefined;
  open?: boolean | undefined;
  persist?: string | null | undefined;
  widget?: { isActivated?: boolean | undefined } | undefined;
  prefilledVariables?: Record<string, unknown> | undefined;
  /** Asks for whole answers (`disable-streaming`). */
  disableStreaming?: boolean | undefined;
  /** The bubble's preview; `false`: none (`no-preview`). */
  preview?: string | false | null | undefined;
  /** Seconds before a timed opening (`auto-open`). */
  autoOpen?: unknown;
  /** `required`: nothing goes to the viewer before the visitor accepts (the widget asks). */
  consent?: string | null | undefined;
  /** `light`, `dark` or `auto` (`color-scheme`). */
  colorScheme?: string | null | undefined;
}

/** Sends `el`'s first start now, before the widget's code is there: never before consent it asks for. */
function sendStart(
  el: Element,
  { publicId, apiHost, prefilledVariables, disableStreaming, consent }: FirstStart,
): void {
  if (publicId && consent !== 'required' && !customElements.get('flowbot-chat'))
    startEarly(el, { publicId, apiHost: apiHost ?? '', prefilledVariables, streaming: !disableStreaming });
}

/**
 * Sends `el`'s first start now if it will start at once: inline or opened, nothing remembered, and
 * before the widget's code is there. A switched-off widget is left to the widget.
 */
function startIfAtOnce(el: Element, start: FirstStart): void {
  if (
    ((start.mode ?? 'standard') === 'standard' || start.open) &&
    (start.persist ?? 'none') === 'none' &&
    start.widget?.isActivated !== false
  )
    sendStart(el, start);
}

/**
 * Whether `el` shows nothing the widget's code must draw until the visitor reaches for it: a closed
 * bubble or popup with no preview, timed opening or remembered conversation (the widget fetches its
 * invitation's code for those at once, see `element/on-demand/features.ts`), nor switched off.
 */
const waitsForIntent = (start: FirstStart): boolean =>
  (start.mode === 'bubble' || start.mode === 'popup') &&
  !start.open &&
  (start.persist ?? 'none') === 'none' &&
  start.autoOpen == null &&
  start.widget?.isActivated !== false &&
  (start.preview === false ||
    !(`${start.preview ?? ''}`.trim() || (start.widget as { aiFirstMessage?: unknown } | undefined)?.aiFirstMessage));

/**
 * What a `<flowbot-chat>` in the page says of its first start, in its attributes. Throws for JSON
 * the widget will refuse (it starts, and says so, itself).
 */
function startOf(el: Element): FirstStart {
  const attr = (name: string) => el.getAttribute(name);
  const json = (name: string): Record<string, unknown> | undefined => {
    const value = attr(name);
    if (!value?.trim()) return undefined;
    const parsed: unknown = JSON.parse(value);
    if (!isObject(parsed)) throw TypeError(name);
    return parsed;
  };
  return {
    publicId: attr('public-id')?.trim(),
    apiHost: attr('api-host'),
    mode: attr('mode'),
    open: el.hasAttribute('open'),
    persist: attr('persist'),
    widget: json('widget'),
    prefilledVariables: json('prefilled-variables'),
    disableStreaming: el.hasAttribute('disable-streaming'),
    preview: el.hasAttribute('no-preview') ? false : attr('preview'),
    autoOpen: attr('auto-open'),
    consent: attr('consent'),
    colorScheme: attr('color-scheme'),
  };
}

/** The inline widget's box, as the widget's own styles give it (see `flowbot-chat.styles.ts`). */
let box: CSSStyleSheet | undefined;

/**
 * Gives an inline `el` its height at once, so the page below it does not move when the widget's
 * code arrives: an open shadow root holding only the widget's `:host` box, which the widget renders
 * into (Lit takes a shadow root it finds) and whose styles then replace that box (`--flowbot-panel-height`,
 * at most the height of a lower box of the page around it).
 */
function reserve(el: Element, mode: string | null | undefined): void {
  if ((mode ?? 'standard') !== 'standard' || el.shadowRoot) return;
  if (!box)
    (box = new CSSStyleSheet()).replaceSync(
      ':host{display:block;height:var(--flowbot-panel-height,600px);max-height:100%}',
    );
  el.attachShadow({ mode: 'open' }).adoptedStyleSheets = [box];
}

/** Asks for the widget's code, once (set once this file knows where it is). */
let fetchWidget = (): void => undefined;
/** The first turn's file (`element/first-turn/`): this file sits below the element and names its one export only. */
interface FirstTurnFile {
  drawFirstTurn(el: Element, fetchWidget: () => void): void;
}
/** Fetches the launcher's file, once (set with `fetchWidget`). */
let fetchLauncher = (): Promise<typeof Launcher> => Promise.reject(Error());
/** Fetches the first turn's file, once (set with `fetchWidget`). */
let fetchFirst = (): Promise<FirstTurnFile> => Promise.reject(Error());
/** The elements this file has started, drawn or left to the widget. */
const placed = new WeakSet<Element>();
/** Whether the page has a widget this file has seen. */
let seen = false;

/**
 * Starts `el` (or reserves its place) and asks for the widget's code, unless it waits for the
 * visitor: its launcher's file then draws it and waits (`launcher.ts`); the widget's code, if that
 * file did not load.
 */
function place(el: Element, start: FirstStart): void {
  if (placed.has(el) || customElements.get('flowbot-chat')) return;
  placed.add(el);
  seen = true;
  reserve(el, start.mode);
  startIfAtOnce(el, start);
  // An inline widget whose start went out, in English and light (the first turn's file draws no other,
  // `element/on-demand/first-turn-rule.ts`, whose language test this is):
  // its first turn is drawn by a small file, the widget's code fetched after.
  if (
    hasEarlyStart(el) &&
    (start.mode ?? 'standard') === 'standard' &&
    !/dark|auto/.test(`${start.colorScheme}`) &&
    /^(en([-_]|$)|$)/i.test(el.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang)
  )
    return void fetchFirst().then(({ drawFirstTurn }) => drawFirstTurn(el, fetchWidget), fetchWidget);
  if (!waitsForIntent(start)) return fetchWidget();
  fetchLauncher().then(
    ({ waitForIntent }) => waitForIntent(el, start, fetchWidget, () => sendStart(el, start)),
    fetchWidget,
  );
}

/** The options set as the element's properties of the same name. */
const PROPERTIES = [
  'publicId',
  'apiHost',
  'mode',
  'widget',
  'prefilledVariables',
  'lang',
  'open',
  'persist',
  'persistKey',
  'disableStreaming',
  'previewDelay',
  'autoOpen',
  'autoOpenNarrow',
  'notifySound',
  'feedback',
  'noCopy',
  'noMenu',
  'colorScheme',
  'notice',
  'consent',
] as const;

function init(options: FlowbotInitOptions): FlowbotChat {
  const el = document.createElement('flowbot-chat');
  for (const name of PROPERTIES)
    if (options[name] !== undefined) (el as unknown as Record<string, unknown>)[name] = options[name];
  if (options.preview === false) el.noPreview = true;
  else if (options.preview !== undefined) el.preview = options.preview;
  // Until the widget's code arrives, its actions are queued.
  if (!customElements.get('flowbot-chat')) queueCalls(el);
  place(el, options);

  const mount = (): void => {
    const { target } = options;
    const parent = typeof target === 'string' ? document.querySelector(target) : target;
    if (target && !parent) console.warn(`Flowbot.init: no element matches "${target as string}"; using <body>`);
    (parent ?? document.body).append(el);
  };
  // A selector or <body> may not exist yet while the page is still being parsed.
  if (document.readyState === 'loading' && (typeof options.target === 'string' || !document.body)) {
    document.addEventListener('DOMContentLoaded', mount, { once: true });
  } else {
    mount();
  }
  return el;
}

/**
 * The page's stand-in for `Flowbot` while this file loads (it loads with `async`): the README's one
 * line, `window.Flowbot=window.Flowbot||{q:[],init:function(o){this.q.push(o)}}`. Its calls run
 * here, in order, once the file is there.
 */
interface Waiting {
  q?: FlowbotInitOptions[];
  version?: undefined;
}

if (typeof window !== 'undefined' && !window.Flowbot?.version) {
  const waiting = window.Flowbot as Waiting | undefined;
  window.Flowbot = { init, version };
  // Where this file is (the widget's code is beside it): only known while it runs.
  const base = (document.currentScript as HTMLScriptElement | null)?.src;
  let asked = false;
  let watch: MutationObserver | undefined;
  if (base) {
    const load = loadBeside(base);
    // The widget's code borrows the loader for its on-demand file.
    (globalThis as { [LOAD_BESIDE]?: LoadBeside })[LOAD_BESIDE] = load;
    const files: Record<string, Promise<never>> = {};
    const file = (name: string, hash: string | undefined) =>
      (files[name] ??= load(name, hash).then((url) => import(/* @vite-ignore */ url) as Promise<never>));
    fetchLauncher = () => file('flowbot-chat.launcher.js', import.meta.env.FLOWBOT_INTEGRITY.launcher);
    fetchFirst = () => file('flowbot-chat.first.js', import.meta.env.FLOWBOT_INTEGRITY.first);
    fetchWidget = () => {
      if (asked) return;
      asked = true;
      if (document.readyState !== 'loading') watch?.disconnect();
      // Code that is not the build's never runs: the widgets say they are unavailable instead.
      // At a low priority: what the page needs for its own first paint comes first.
      load('flowbot-chat.main.js', import.meta.env.FLOWBOT_INTEGRITY.main, true).catch(showUnavailable);
    };
  } else {
    console.error('flowbot-chat: load this file with a <script src>');
  }
  // The widgets already in the page start now; those the parser adds later (the script came
  // first), or the page later still, as they arrive, until the widget's own code is there to start them.
  const startAll = (els: Iterable<Element>): void => {
    for (const el of els)
      try {
        if (!placed.has(el)) place(el, startOf(el));
      } catch {
        // JSON the widget will refuse: no early start, and the widget's code, which says so.
        fetchWidget();
      }
  };
  const added = (records: MutationRecord[]): void => {
    for (const record of records) {
      // Only elements have a `localName` (text and comment nodes have none).
      startAll([...record.addedNodes].filter((node) => (node as Element).localName === 'flowbot-chat') as Element[]);
    }
  };
  (watch = new MutationObserver(added)).observe(document, { childList: true, subtree: true });
  startAll(document.querySelectorAll('flowbot-chat'));
  waiting?.q?.forEach((options) => init(options));
  const parsed = (): void => {
    // The parser's last additions may not have been reported yet (the page ends right after a
    // widget): taken before the watch stops, or they would be dropped with it.
    added(watch.takeRecords());
    // A page with no widget yet may be about to make one: its code comes as it always did.
    if (!seen) fetchWidget();
    if (asked) watch.disconnect();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', parsed, { once: true });
  else parsed();
}
