/**
 * The script-tag file, small on purpose: it exposes `window.Flowbot.init`,
 * sends the first `startChat` of every widget that starts at once, and
 * loads the widget's code (`flowbot-chat.main.js`, beside it) in parallel,
 * so the first request does not wait for the code (see `handover.ts`). A
 * page whose widgets are all closed bubbles or popups with nothing to show
 * gets the code when the visitor reaches for one: until then this file draws
 * the bubble's launcher itself (see `launcher.ts`; what each widget gets: `place.ts`). That
 * code runs only if it is the build's, byte for byte (see `load-script.ts`).
 * Loading the file twice is harmless: the first copy's `Flowbot` stays and
 * the widget's code is fetched once. It may load with `async` (it never
 * holds up the page's parsing): widgets parsed before or after it start
 * alike, and `Flowbot.init` calls the page queued meanwhile run when it
 * arrives.
 */
import { queueCalls } from './handover.js';
import { LOAD_BESIDE, loadBeside, type LoadBeside } from './load-script.js';
import { startOf, watchWidgets, type FirstStart } from './place.js';
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

/** Places one more widget (`Flowbot.init`'s): set once this file knows where the others are. */
let place: ((el: Element, start: FirstStart) => void) | undefined;

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
  place?.(el, options);

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
  if (base) {
    const load = loadBeside(base);
    // The widget's code borrows the loader for its on-demand file.
    (globalThis as { [LOAD_BESIDE]?: LoadBeside })[LOAD_BESIDE] = load;
    const loaded: Record<string, Promise<never>> = {};
    const file = (name: string, hash: string | undefined, low?: boolean) =>
      (loaded[name] ??= load(name, hash, low).then((url) => import(/* @vite-ignore */ url) as Promise<never>));
    // The widgets already in the page start now; those the parser adds later (the script came
    // first), or the page later still, as they arrive, until the widget's own code is there to start
    // them. A page with no widget once parsed may be about to make one: its code comes as it always did.
    place = watchWidgets(
      startOf,
      // Code that is not the build's never runs: the widgets say they are unavailable instead.
      // At a low priority: what the page needs for its own first paint comes first.
      () => void load('flowbot-chat.main.js', import.meta.env.FLOWBOT_INTEGRITY.main, true).catch(showUnavailable),
      () => file('flowbot-chat.launcher.js', import.meta.env.FLOWBOT_INTEGRITY.launcher),
      () => file('flowbot-chat.first.js', import.meta.env.FLOWBOT_INTEGRITY.first, true),
      true,
    );
  } else {
    // Nothing can be fetched: the widgets are not started here either.
    console.error('flowbot-chat: load this file with a <script src>');
  }
  waiting?.q?.forEach((options) => init(options));
}
