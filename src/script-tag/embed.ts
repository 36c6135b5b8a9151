/**
 * The script-tag file, small on purpose: it exposes `window.Flowbot.init`,
 * sends the first `startChat` of every widget that starts at once, and
 * fetches the widget's code (`flowbot-chat.main.js`, beside it) in parallel,
 * so the first request does not wait for the code (see `handover.ts`).
 * Loading the file twice is harmless: the first copy's `Flowbot` stays and
 * the widget's code is fetched once.
 */
import { isObject, parseJson } from '../protocol/json.js';
import { queueCalls, startEarly } from './handover.js';

// The element's types, through the tag map it declares: this file sits below the element and
// carries none of its code.
type FlowbotChat = HTMLElementTagNameMap['flowbot-chat'];
type FlowbotChatMode = FlowbotChat['mode'];
type FlowbotWidget = NonNullable<FlowbotChat['widget']>;
type PersistMode = FlowbotChat['persist'];

/**
 * The package version (kept equal to package.json's by a test), as `Flowbot.version`. Not exported:
 * a script-tag file whose entry exports nothing leaves no global on the page but `Flowbot`.
 */
const version = '0.1.0';

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

/** What a `<flowbot-chat>` in the page says of its first start, or undefined when it will not start at once. */
function startOf(el: Element): Parameters<typeof startEarly>[1] | undefined {
  const attr = (name: string) => el.getAttribute(name);
  const mode = attr('mode') ?? 'standard';
  const publicId = attr('public-id')?.trim();
  if (!publicId || (mode !== 'standard' && !el.hasAttribute('open')) || (attr('persist') ?? 'none') !== 'none')
    return undefined;
  const json = (name: string): Record<string, unknown> | undefined | null => {
    const value = attr(name);
    if (value === null || value.trim() === '') return undefined;
    const parsed = parseJson(value);
    return isObject(parsed) ? parsed : null;
  };
  const widget = json('widget');
  const prefilledVariables = json('prefilled-variables');
  // What the widget will read differently (a switched-off widget, bad JSON) is left to it.
  if (widget === null || widget?.isActivated === false || prefilledVariables === null) return undefined;
  return {
    publicId,
    apiHost: attr('api-host') ?? '',
    prefilledVariables,
    streaming: !el.hasAttribute('disable-streaming'),
  };
}

/** The options `init` sets on the element under their own name, when given. */
const COPIED = [
  'apiHost',
  'mode',
  'widget',
  'prefilledVariables',
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
] as const satisfies readonly (keyof FlowbotInitOptions & keyof FlowbotChat)[];

function init(options: FlowbotInitOptions): FlowbotChat {
  const el = document.createElement('flowbot-chat');
  el.publicId = options.publicId;
  for (const key of COPIED) {
    // Each key names a property of the same type on both sides; TypeScript cannot pair them in a loop.
    if (options[key] !== undefined) (el as unknown as Record<string, unknown>)[key] = options[key];
  }
  if (options.lang) el.lang = options.lang;
  if (options.preview === false) el.noPreview = true;
  else if (options.preview !== undefined) el.preview = options.preview;
  // Until the widget's code arrives, its actions are queued.
  if (!customElements.get('flowbot-chat')) queueCalls(el);
  const startsAtOnce = (options.mode ?? 'standard') === 'standard' || options.open;
  if (
    startsAtOnce &&
    (options.persist ?? 'none') === 'none' &&
    options.widget?.isActivated !== false &&
    !customElements.get('flowbot-chat')
  ) {
    startEarly(el, {
      publicId: options.publicId,
      apiHost: options.apiHost ?? '',
      prefilledVariables: options.prefilledVariables,
      streaming: !options.disableStreaming,
    });
  }

  const mount = (): void => {
    const { target } = options;
    let parent: Element | null = document.body;
    if (typeof target === 'string') {
      parent = document.querySelector(target);
      if (!parent) console.warn(`Flowbot.init: no element matches "${target}"; using <body>`);
    } else if (target) {
      parent = target;
    }
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

/** The widget's code beside this file; only known while this file runs. */
const base = typeof document === 'undefined' ? undefined : (document.currentScript as HTMLScriptElement | null)?.src;

if (typeof window !== 'undefined' && !window.Flowbot) {
  window.Flowbot = { init, version };
  // The widgets already in the page start now; those the parser adds later (the script came
  // first), as they arrive, until the widget's own code is there to start them.
  const startAll = (els: Iterable<Element>): void => {
    if (customElements.get('flowbot-chat')) return;
    for (const el of els) {
      const start = startOf(el);
      if (start) startEarly(el, start);
    }
  };
  startAll(document.querySelectorAll('flowbot-chat'));
  if (document.readyState === 'loading') {
    const watch = new MutationObserver((records) => {
      for (const record of records) {
        startAll(
          [...record.addedNodes].filter(
            (node): node is Element => node instanceof Element && node.localName === 'flowbot-chat',
          ),
        );
      }
    });
    watch.observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => watch.disconnect(), { once: true });
  }
  if (base) {
    import(/* @vite-ignore */ new URL('flowbot-chat.main.js', base).href).catch((error: unknown) =>
      console.error('flowbot-chat: could not load flowbot-chat.main.js beside the script', error),
    );
  } else {
    console.error('flowbot-chat: the script-tag file was not loaded by a <script src>');
  }
}
