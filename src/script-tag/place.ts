/**
 * How the widgets of a page are placed before the widget's code is there, for the two ways that
 * code comes: the script-tag file (`embed.ts`, each file fetched beside it and checked against its
 * hash) and the npm entry `flowbot-chat/light` (`light.ts`, each an `import()` the page's bundler
 * splits off). Each widget, as it appears in the page, gets what it shows first:
 *
 * - an inline widget, its place at once and its first start sent; in English and light, its first
 *   turn drawn by a small file (`element/first-turn/`) and the widget's code fetched after;
 * - a closed bubble or popup with nothing to show but its launcher and preview, those
 *   (`launcher.ts`), and the widget's code when the visitor reaches for it;
 * - any other, the widget's code at once.
 */
import { isObject } from '../protocol/json.js';
import { hasEarlyStart, startEarly } from './handover.js';
import type * as Launcher from './launcher.js';

/** What decides whether a widget starts at once, and its first request. */
export interface FirstStart {
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
 * Sends `el`'s first start now if it will start at once: `inline` or opened, nothing remembered, and
 * before the widget's code is there. A switched-off widget is left to the widget.
 */
function startIfAtOnce(el: Element, start: FirstStart, inline: boolean): void {
  if ((inline || start.open) && (start.persist ?? 'none') === 'none' && start.widget?.isActivated !== false)
    sendStart(el, start);
}

/**
 * Whether `el` shows nothing the widget's code must draw until the visitor reaches for it: a closed
 * bubble or popup with no timed opening or remembered conversation (the widget fetches its
 * invitation's code for those at once, see `element/on-demand/features.ts`), nor switched off. A
 * bubble's preview is drawn by the launcher's file (with its own, `element/invitation/early-preview.ts`).
 */
const waitsForIntent = (start: FirstStart): boolean =>
  (start.mode === 'bubble' || start.mode === 'popup') &&
  !start.open &&
  (start.persist ?? 'none') === 'none' &&
  start.autoOpen == null &&
  start.widget?.isActivated !== false;

/**
 * What a `<flowbot-chat>` in the page says of its first start, in its attributes. Throws for JSON
 * the widget will refuse (it starts, and says so, itself).
 */
export function startOf(el: Element): FirstStart {
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

/** The options that are JSON in an attribute, by property. */
const OBJECTS = { widget: 'widget', prefilledVariables: 'prefilled-variables' } as const;

/**
 * What `el` says of its first start to the light entry (`light.ts`): each option the page set as a property before the widget's
 * code (a framework, `el.widget = …`), else its attribute. Throws for JSON the widget will refuse.
 */
export function optionsOf(el: Element): FirstStart {
  const host = el as Element & Record<string, unknown>;
  // Its attributes, without those of the objects set as properties (the widget reads the property).
  const attributes = el.cloneNode() as Element;
  for (const [name, attribute] of Object.entries(OBJECTS))
    if (name in el) attributes.removeAttribute(attribute);
    else if (el.getAttribute(attribute) === '[object Object]')
      console.error(
        `flowbot-chat: ${attribute}="[object Object]": an object given to <flowbot-chat> before its code is there ` +
          `became text. Set it as a property instead (Vue: :${name}.prop="…"; React: in a ref, ` +
          `el.${name} = …; Svelte does this by itself), or write it as JSON.`,
      );
  const start = startOf(attributes) as Record<string, unknown>;
  for (const name of Object.keys(start)) if (name in el) start[name] = host[name];
  if (host.noPreview === true) start.preview = false;
  return start as FirstStart;
}

/** The inline widget's box, as the widget's own styles give it (see `flowbot-chat.styles.ts`). */
let box: CSSStyleSheet | undefined;

/**
 * Gives an inline `el` its height at once, so the page below it does not move when the widget's
 * code arrives: an open shadow root holding only the widget's `:host` box, which the widget renders
 * into (Lit takes a shadow root it finds) and whose styles then replace that box (`--flowbot-panel-height`,
 * at most the height of a lower box of the page around it).
 */
function reserve(el: Element): void {
  if (el.shadowRoot) return;
  if (!box)
    (box = new CSSStyleSheet()).replaceSync(
      ':host{display:block;height:var(--flowbot-panel-height,600px);max-height:100%}',
    );
  el.attachShadow({ mode: 'open' }).adoptedStyleSheets = [box];
}

/** The first turn's file (`element/first-turn/`): this file sits below the element and names its one export only. */
export interface FirstTurnFile {
  drawFirstTurn(el: Element, fetchWidget: () => void): void;
}

/**
 * Places the widgets in the page now, and those added later (by the parser, the page or its
 * framework, alone or within what is added), until the widget's code is asked for: from then on,
 * that code places them. `read` tells what an element says of its first start; `widget` fetches the
 * widget's code, `launcher` a closed bubble's launcher (`launcher.ts`), `first` an inline widget's
 * first turn (`element/first-turn/`). `orAtParse`: the widget's code is fetched all the same once
 * the page is parsed if it had no widget then. `preview`: a bubble's preview (`element/preview/`),
 * and `open`: a tapped bubble's panel (`element/first-turn/open.ts`), for the light entry (the launcher's file of the script tag fetches them beside itself). Returns what places one more widget (`Flowbot.init`'s).
 */
export function watchWidgets(
  read: (el: Element) => FirstStart,
  widget: () => void,
  launcher: () => Promise<typeof Launcher>,
  first: () => Promise<FirstTurnFile>,
  orAtParse?: boolean,
  preview?: () => Promise<Launcher.PreviewFile>,
  open?: () => Promise<Launcher.OpenFile>,
): (el: Element, start: FirstStart) => void {
  /** The elements placed here: started, drawn or left to the widget. */
  const placed = new WeakSet<Element>();
  let seen = false;
  let asked = false;
  const fetchWidget = (): void => {
    if (asked) return;
    asked = true;
    if (document.readyState !== 'loading') watch.disconnect();
    widget();
  };
  /**
   * Starts `el` (or reserves its place) and asks for the widget's code, unless it waits for the
   * visitor: its launcher's file then draws it and waits; the widget's code, if that file did not load.
   */
  const place = (el: Element, start: FirstStart): void => {
    if (placed.has(el) || customElements.get('flowbot-chat')) return;
    placed.add(el);
    seen = true;
    const inline = (start.mode ?? 'standard') === 'standard';
    if (inline) reserve(el);
    startIfAtOnce(el, start, inline);
    // An inline widget whose start went out, in English and light (the first turn's file draws no other,
    // `element/on-demand/first-turn-rule.ts`, whose language test, `i18n/english.ts`, this is, written
    // out: imported, the regular expression would cost the script-tag file 8 B):
    // its first turn is drawn by a small file, the widget's code fetched after.
    if (
      hasEarlyStart(el) &&
      inline &&
      !/dark|auto/.test(`${start.colorScheme}`) &&
      /^(en([-_]|$)|$)/i.test(el.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang)
    )
      return void first().then(({ drawFirstTurn }) => drawFirstTurn(el, fetchWidget), fetchWidget);
    if (!waitsForIntent(start)) return fetchWidget();
    // Once the page's first paint is reported (the frame that painted it is on screen), or 300 ms on
    // when the page paints nothing: what the page shows of its own comes first (a closed launcher
    // moves nothing; the page's calls meanwhile are queued, and taken as intent when it arrives).
    new Promise((painted) => {
      new PerformanceObserver(painted).observe({ type: 'paint', buffered: true });
      setTimeout(painted, 300);
    })
      .then(launcher)
      .then(
        ({ waitForIntent }) => waitForIntent(el, start, fetchWidget, () => sendStart(el, start), preview, open),
        fetchWidget,
      );
  };
  const placeAll = (els: Iterable<Element>): void => {
    for (const el of els)
      try {
        place(el, read(el));
      } catch {
        // JSON the widget will refuse: no early start, and the widget's code, which says so.
        fetchWidget();
      }
  };
  const added = (records: MutationRecord[]): void => {
    for (const record of records)
      for (const node of record.addedNodes as NodeListOf<Element>)
        // A widget, or widgets within what was added (text and comment nodes have neither).
        placeAll(node.localName === 'flowbot-chat' ? [node] : (node.querySelectorAll?.('flowbot-chat') ?? []));
  };
  const watch = new MutationObserver(added);
  watch.observe(document, { childList: true, subtree: true });
  placeAll(document.querySelectorAll('flowbot-chat'));
  const parsed = (): void => {
    // The parser's last additions may not have been reported yet (the page ends right after a
    // widget): taken before the watch stops, or they would be dropped with it.
    added(watch.takeRecords());
    // A page with no widget yet may be about to make one.
    if (!seen && orAtParse) fetchWidget();
    if (asked) watch.disconnect();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', parsed, { once: true });
  else parsed();
  return place;
}
