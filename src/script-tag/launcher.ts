/**
 * A closed bubble's launcher, drawn before the widget's code is there (`flowbot-chat.launcher.js`,
 * fetched by the script-tag file for a page whose widgets are all closed bubbles or popups with
 * nothing to show, checked against its hash): so a bubble nobody reaches for never fetches the
 * widget's code. The same button as the widget's (`render/chrome.ts`, its styles in
 * `render/chrome.styles.ts` and `element/flowbot-chat.styles.ts`), in the Widget resource's colours
 * (`theme/`, the widget's own maths), in an open shadow root of the element, which the widget renders
 * into when its code arrives. Built as nodes, styled by a constructed sheet: nothing here is HTML or
 * a `style` attribute, so a strict Content-Security-Policy and Trusted Types hold.
 *
 * Reaching for it (pointing at it or near it, focus, a touch, a key), or the page's `show()`,
 * `toggle()`, `open`, asks for the widget's code and opens the connection to the viewer; a tap,
 * `show()`, `toggle()` or `open` also sends the first start, so the conversation and the code come
 * together, and a tap shows at once that it is coming. When the widget's first render is there, in
 * the same task (no frame shows both or neither), its own launcher takes focus if this one had it,
 * this one leaves, and the tap, if there was one, is the widget launcher's click.
 */
import { bestText, parseCssColor, readableOn, toCss, WHITE } from '../theme/color.js';
import { iconUrl } from '../theme/widget-theme.js';
import { CHAT_PATH, CHEVRON_PATH } from '../theme/icon-paths.js';
import { ENGLISH_TAG } from '../i18n/english.js';
import { QUEUED_METHODS, queueCalls, queuedOn } from './handover.js';
import { LOAD_BESIDE, type LoadBeside } from './load-script.js';
import { svgIcon } from './icon.js';

/**
 * The widget's rules that draw its closed launcher, word for word (a visual test compares the two
 * launchers pixel by pixel): the custom properties it reads, the bubble's place, its button.
 */
const CSS =
  ':host{--_primary:var(--flowbot-primary-color,var(--_w-primary,#1d4ed8));' +
  '--_on-primary:var(--flowbot-on-primary-color,var(--_w-on-primary,#ffffff));' +
  '--_focus:var(--flowbot-focus-color,var(--flowbot-primary-color,var(--_w-focus,#1d4ed8)));' +
  '--_launcher-size:var(--flowbot-launcher-size,56px);--_offset:var(--flowbot-offset,20px);' +
  'display:block;box-sizing:border-box;position:fixed;' +
  'inset-block-end:calc(var(--_offset) + env(safe-area-inset-bottom,0px));' +
  'inset-inline-end:calc(var(--_offset) + env(safe-area-inset-right,0px));' +
  'z-index:var(--flowbot-z-index,2147483000)}' +
  '*{box-sizing:inherit}' +
  ':focus-visible{outline:2px solid var(--_focus);outline-offset:2px}' +
  '.launcher{display:grid;place-items:center;width:var(--_launcher-size);height:var(--_launcher-size);padding:0;' +
  'border:0;outline:1px solid transparent;outline-offset:-1px;border-radius:50%;background:var(--_primary);' +
  'color:var(--_on-primary);box-shadow:0 6px 20px rgb(15 23 42/.25);overflow:hidden;font:inherit;cursor:pointer}' +
  'svg{width:28px;height:28px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}' +
  '.launcher-icon{width:100%;height:100%;object-fit:cover}' +
  '[aria-busy=true] svg{animation:flowbot-turn 1s linear infinite}' +
  '@keyframes flowbot-turn{to{rotate:1turn}}' +
  '@media (prefers-reduced-motion:reduce){[aria-busy=true] svg{animation:none}}';

/** The arc that turns while the conversation is on its way (the others: `theme/icon-paths.ts`). */
const COMING = 'M21 12a9 9 0 1 1-6.2-8.6';

/**
 * Draws a tapped bubble's panel open, with its first turn, before the widget's code is there
 * (`element/first-turn/`' `drawOpenBubble`): resolves with what shows or hides it, or nothing when
 * the widget draws that turn itself.
 */
export type OpenBubble = (el: Element, close: () => void) => Promise<((open: boolean) => void) | undefined>;

/**
 * The Widget resource's launcher colours, worked out as the widget does (`widgetThemeCss`: its
 * primary colour, the text on it made readable, the focus ring 3:1 on the panel); an invalid colour
 * is left out here, and warned of by the widget.
 */
function colours(widget: unknown): string {
  const { primaryColor, secondaryColor } = (widget ?? {}) as Record<string, unknown>;
  const fill = parseCssColor(primaryColor);
  if (!fill) return '';
  const text = parseCssColor(secondaryColor);
  return `:host{--_w-primary:${toCss(fill)};--_w-on-primary:${toCss(text ? readableOn(fill, text) : bestText(fill))};--_w-focus:${toCss(readableOn(WHITE, fill, 3))}}`;
}

/**
 * The widget's closed launcher button (`renderLauncher` in `render/chrome.ts`), named `label`: the
 * Widget resource's icon (`src`) in it, or else the widget's speech bubble.
 */
function launcherButton(label: string, src: string | undefined): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'launcher';
  button.setAttribute('part', 'launcher');
  button.setAttribute('aria-label', label);
  button.setAttribute('aria-expanded', 'false');
  if (src) {
    const img = document.createElement('img');
    img.className = 'launcher-icon';
    img.src = src;
    img.alt = '';
    button.append(img);
  } else button.append(svgIcon(CHAT_PATH));
  return button;
}

/**
 * Draws the widget's closed launcher in `el` (a `<flowbot-chat mode="bubble">` whose code is not
 * there yet). `reach` is called on each sign of intent, with `true` for the tap that opens; from that
 * tap the launcher shows that the conversation is coming, until the widget takes over or `opens`
 * draws the panel open with its first turn: the launcher then opens and closes that panel, as the
 * widget's does, until the widget takes over.
 */
function drawLauncher(
  el: Element,
  widget: unknown,
  pt: boolean,
  reach: (tap: boolean) => void,
  opens: OpenBubble | undefined,
): void {
  const root = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS + colours(widget));
  root.adoptedStyleSheets = [sheet];
  const button = launcherButton(
    pt ? 'Abrir chat' : 'Open chat',
    iconUrl((widget as { widgetIcon?: unknown } | undefined)?.widgetIcon),
  );
  root.append(button);
  const closed = [...button.childNodes];

  /** Open, or on its way to be: the widget's launcher is clicked when it takes over. */
  let tapped = false;
  /** Shows or hides the panel the first turn's file drew. */
  let shows: ((open: boolean) => void) | undefined;
  const toggle = (open: boolean): void => {
    tapped = open;
    shows!(open);
    button.removeAttribute('aria-busy');
    button.setAttribute('aria-expanded', `${open}`);
    button.setAttribute('aria-label', open ? 'Close chat' : 'Open chat');
    button.replaceChildren(...(open ? [svgIcon(CHEVRON_PATH)] : closed));
  };
  const near = (event: PointerEvent): void => {
    const box = button.getBoundingClientRect();
    // Within half a launcher of it: the pointer is on its way there.
    if (Math.hypot(event.clientX - (box.x + box.width / 2), event.clientY - (box.y + box.height / 2)) < box.width)
      intent();
  };
  const intent = (): void => {
    document.removeEventListener('pointermove', near);
    reach(false);
  };
  for (const type of ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'])
    button.addEventListener(type, intent, { passive: true });
  document.addEventListener('pointermove', near, { passive: true });
  button.addEventListener('click', () => {
    if (shows) return toggle(!tapped);
    if (tapped) return;
    tapped = true;
    intent();
    reach(true);
    // Within a frame of the tap: the conversation is on its way.
    button.setAttribute('aria-busy', 'true');
    button.replaceChildren(svgIcon(COMING));
    // Its first turn, if the first turn's file draws it, before the widget's code is there.
    void opens?.(el, () => {
      toggle(false);
      button.focus();
    }).then((show) => {
      if (!show || !button.isConnected) return;
      shows = show;
      button.setAttribute('aria-controls', 'panel');
      toggle(true);
    });
  });
  // Escape on the launcher closes the panel, as the widget's does.
  button.addEventListener('keydown', (event) => shows && tapped && event.key === 'Escape' && toggle(false));

  // A press on this launcher (a button or a key held down) ends in its click: the widget takes over
  // after it, or the click would land on neither launcher.
  let held = false;
  let waiting = false;
  const press = (): void => void (held = true);
  // The click comes with the release, in the same task.
  const release = (): void => void ((held = false), waiting && setTimeout(takeOver));
  button.addEventListener('pointerdown', press);
  button.addEventListener('keydown', press);
  const releases = ['pointerup', 'pointercancel', 'keyup'];
  for (const type of releases) document.addEventListener(type, release, true);
  const takeOver = (): void => {
    const launcher = [...root.querySelectorAll<HTMLElement>('[part~="launcher"]')].find((node) => node !== button);
    if (!launcher || !button.isConnected) return;
    for (const type of releases) document.removeEventListener(type, release, true);
    // Focus moved within one shadow root is not told to the element: it leaves first, so the widget
    // hears of it (and fetches its invitation's code, as on any focus).
    if (root.activeElement === button) {
      button.blur();
      launcher.focus();
    } else if (button.matches(':hover')) {
      // The pointer over this launcher is over the widget's: its invitation's code comes, as it would.
      launcher.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, composed: true }));
    }
    button.remove();
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet);
    if (tapped) launcher.click();
  };
  void customElements.whenDefined('flowbot-chat').then(() => {
    document.removeEventListener('pointermove', near);
    const widgetEl = el as Element & { updateComplete?: Promise<unknown> };
    // The notice of a widget whose code did not run took the root; an element not in the page yet
    // is drawn by the widget alone.
    if (!widgetEl.updateComplete || !button.isConnected) return;
    // The widget's styles replaced this sheet; this launcher stays as it is until the widget's is drawn.
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    void widgetEl.updateComplete.then(() => (held ? (waiting = true) : takeOver()));
  });
}

/** The viewers already asked to connect. */
const connecting = new Set<string>();

/** Opens the connection to `apiHost`'s viewer ahead of the first request. */
function preconnect(apiHost: string | null | undefined): void {
  try {
    const { origin } = new URL(apiHost || '/', location.href);
    if (origin === location.origin || connecting.has(origin)) return;
    connecting.add(origin);
    const link = document.createElement('link');
    link.rel = 'preconnect';
    link.href = origin;
    // As the requests go: with CORS, without credentials.
    link.crossOrigin = 'anonymous';
    document.head.append(link);
  } catch {
    // Not a URL: the widget says so.
  }
}

/** What the launcher's file knows of a bubble's preview, and does for it (`PreviewFile`). */
export interface PreviewOf {
  /** The Widget resource (its first message). */
  readonly widget: unknown;
  /** The card's avatar: the Widget resource's avatar, else its icon (as the widget takes their URLs). */
  readonly avatar: string | undefined;
  /** The `preview` option (absent: the Widget resource's first message). */
  readonly preview: unknown;
  /** Its words are Portuguese, else English (as the launcher's). */
  readonly pt: boolean;
  /** The visitor reached for the widget (pointed at the card, focused it). */
  readonly reach: () => void;
}

/** The preview's file (`element/preview/`): this file sits below the element and names its one export only. */
export interface PreviewFile {
  drawPreview(el: Element, what: PreviewOf): void;
}

/** What the script-tag file knows of a widget that waits for the visitor. */
export interface Waiting {
  readonly mode?: string | null | undefined;
  readonly apiHost?: string | null | undefined;
  readonly widget?: unknown;
  /** The bubble's preview; `false`: none. */
  readonly preview?: unknown;
}

/** The file that draws a tapped bubble's panel (`element/first-turn/open.ts`), which names its one export only. */
export interface OpenFile {
  drawOpenBubble: OpenBubble;
}

/**
 * A file of the script-tag build that this one loads (the preview's, the tapped bubble's): beside
 * this one, checked against the hash the build wrote here, with the script-tag file's loader.
 */
const beside = <T>(file: string, integrity: string | undefined, low?: boolean): Promise<T> =>
  (globalThis as { [LOAD_BESIDE]?: LoadBeside })[LOAD_BESIDE]!(file, integrity, low).then(
    (url) => import(/* @vite-ignore */ url) as Promise<T>,
  );

/**
 * Waits for the visitor to reach for `el` (a closed bubble or popup with nothing to show): then asks
 * for the widget's code (`fetchWidget`), and with a tap, `show()`, `toggle()` or `open`, sends its
 * first start (`start`). A bubble's launcher is drawn meanwhile (and its preview, by `previewFile`);
 * tapped, its panel with the first turn (by `openBubbleFile`, asked for before the widget's code).
 */
export function waitForIntent(
  el: Element,
  what: Waiting,
  fetchWidget: () => void,
  start: () => void,
  previewFile?: () => Promise<PreviewFile>,
  openBubbleFile?: () => Promise<OpenFile>,
): void {
  if (customElements.get('flowbot-chat')) return;
  // A dark widget's launcher is in its dark palette's accent, which only the widget's code works out:
  // drawn here in the light one, it would change colour when the widget takes over.
  const scheme = (el as { colorScheme?: string }).colorScheme ?? el.getAttribute('color-scheme');
  if (scheme === 'dark' || (scheme === 'auto' && matchMedia('(prefers-color-scheme:dark)').matches))
    return fetchWidget();
  const lang = el.closest<HTMLElement>('[lang]')?.lang ?? '';
  // The launcher's and the preview's words, as the widget's: Portuguese for any `pt` tag, else English.
  const pt = /^pt([-_]|$)/i.test(lang);
  const widget = what.widget as { aiFirstMessage?: unknown; avatarIcon?: unknown; widgetIcon?: unknown } | undefined;
  const preview = (el as { noPreview?: unknown }).noPreview === true ? false : what.preview;
  // A bubble with something to show beside its launcher (what exactly, the preview's file works out).
  const previews = what.mode === 'bubble' && preview !== false && (`${preview ?? ''}`.trim() || widget?.aiFirstMessage);
  // A preview in another language than those is the widget's to draw, with its words: its code comes now.
  const english = ENGLISH_TAG.test(lang);
  if (previews && !pt && !english) return fetchWidget();
  // A bubble whose tap opens its panel on the first turn before the widget's code is there (in English,
  // the first turn's words, and with no preview beside the launcher, which the widget's opening sends
  // away): the file that draws it is what a tap waits for. Asked for at the first sign of intent, and the
  // widget's code once it is there, so the two do not share a slow network.
  let openFile: Promise<OpenFile | undefined> | undefined;
  const openFirst =
    what.mode === 'bubble' && english && !previews
      ? (): Promise<OpenFile | undefined> =>
          (openFile ??= (
            import.meta.env.FLOWBOT_SCRIPT_TAG
              ? beside<OpenFile>('flowbot-chat.open.js', import.meta.env.FLOWBOT_INTEGRITY.open)
              : openBubbleFile!()
          ).catch(
            // Not loaded, or not the build's: the widget opens the panel when it takes over.
            () => undefined,
          ))
      : undefined;
  let opening = false;
  const reach = (opens: boolean): void => {
    if (customElements.get('flowbot-chat')) return;
    if (openFirst) void openFirst().then(fetchWidget);
    else fetchWidget();
    preconnect(what.apiHost);
    if (opens && !opening) {
      opening = true;
      start();
    }
  };
  const host = el as Element & Record<string, unknown>;
  // What the page did before this file was there: calls queued, `open` set.
  const before = queuedOn(el);
  const wasOpen = host.open;
  if (!host[QUEUED_METHODS[0]]) queueCalls(el);
  let open = false;
  /**
   * A call of the page's, queued for the widget, is intent too (opening it sends the start), and
   * sets `open` as it will: the widget takes that property over as it upgrades, before it runs the
   * queued calls, which then agree with it.
   */
  const called = (name: string): void =>
    reach((open = name === 'show' || (name === 'toggle' ? !open : name !== 'hide' && open)));
  for (const name of QUEUED_METHODS) {
    const queued = host[name] as (...args: unknown[]) => unknown;
    host[name] = (...args: unknown[]) => (called(name), queued(...args));
  }
  Object.defineProperty(el, 'open', {
    configurable: true,
    get: () => open,
    set: (value: boolean) => (open = value) && reach(true),
  });
  new MutationObserver(() => el.hasAttribute('open') && reach(true)).observe(el, { attributeFilter: ['open'] });
  if (what.mode === 'bubble') {
    if (previews)
      (import.meta.env.FLOWBOT_SCRIPT_TAG
        ? // Wanted after its delay (3 s unless said): what the page needs first comes first.
          beside<PreviewFile>('flowbot-chat.preview.js', import.meta.env.FLOWBOT_INTEGRITY.preview, true)
        : previewFile!()
      ).then(
        ({ drawPreview }) =>
          drawPreview(el, {
            widget,
            avatar: iconUrl(widget?.avatarIcon) ?? iconUrl(widget?.widgetIcon),
            preview,
            pt,
            reach: () => reach(false),
          }),
        // A preview's file that did not load, or is not the build's: the widget draws the preview.
        fetchWidget,
      );
    drawLauncher(
      el,
      widget,
      pt,
      reach,
      openFirst && ((el, close) => openFirst().then((file) => file?.drawOpenBubble(el, close))),
    );
  }
  // What the page did before, as from now on: each call, and `open` set (as a `show()`).
  for (const [name] of before) called(name);
  if (wasOpen) called('show');
}
