/**
 * The bubble's preview, drawn before the widget's code is there (`flowbot-chat.preview.js`, fetched
 * by the closed bubble's launcher, `script-tag/launcher.ts`, for a bubble with a preview to show,
 * checked against its hash; an ordinary chunk of `flowbot-chat/light`): so a preview nobody answers
 * never fetches the widget's code. The same card as the invitation's (`../invitation/invite.ts`), in
 * the same styles (`render/invite.styles.ts`, with the element's own properties and font,
 * `hostStyles`), after the same delay, remembered the same way for the visit.
 * Built as nodes, styled by constructed sheets: a strict Content-Security-Policy and Trusted Types hold.
 *
 * Pointing at its text or focusing it is reaching for the launcher (the widget's code comes); clicking it
 * is the launcher's tap; its close button or Escape dismisses it for the rest of the visit. It fires
 * `flowbot-preview-show` and `flowbot-preview-dismiss` as the widget does, once each. When the
 * widget's code is there, its invitation draws the card in the same place, in the same task as this
 * one leaves (focus, if it was in the card, goes to the same control of the widget's).
 */
import { PREVIEW_ON_SCREEN, previewText } from '../../conversation/preview-text.js';
import { readJson, recordKey, storageOf, visitOf, writeJson } from '../../conversation/visit-storage.js';
import { inviteStyles } from '../../render/invite.styles.js';
import type { PreviewOf } from '../../script-tag/launcher.js';
import { hostStyles } from '../flowbot-chat.styles.js';
import { svgIcon } from '../../script-tag/icon.js';

/** The invitation's icons (`../invitation/invite.ts`): the bot's speech bubble (no avatar), the close button's cross. */
const BOT_PATH = 'M20 11.5a7.5 7.5 0 0 1-10.9 6.7L4.5 19.5l1.3-4.3A7.5 7.5 0 1 1 20 11.5Z';
const CLOSE_PATH = 'M7 7l10 10M17 7 7 17';

/** An element with its class (and more, `set`). */
function make<K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  return node;
}

/** A property the page set before the widget's code (`Flowbot.init`, a framework), else its attribute. */
const option = (el: Element, name: string, attribute: string): unknown =>
  name in el ? (el as Element & Record<string, unknown>)[name] : el.getAttribute(attribute);

/**
 * Draws `el`'s preview (a closed bubble whose launcher the launcher's file drew, in its shadow root)
 * after its delay, unless the visit dismissed it or opened the panel, or the widget's code came first.
 */
export function drawPreview(el: Element, { widget, avatar, preview, pt, reach }: PreviewOf): void {
  const root = el.shadowRoot;
  if (!root || customElements.get('flowbot-chat')) return;
  const host = el as Element & Record<string | symbol, unknown>;
  const text = previewText(`${preview ?? ''}`, widget as { aiFirstMessage?: unknown } | undefined);
  const key = recordKey('visit', {
    publicId: `${option(el, 'publicId', 'public-id') ?? ''}`,
    apiHost: `${option(el, 'apiHost', 'api-host') ?? ''}`,
    persistKey: `${option(el, 'persistKey', 'persist-key') ?? ''}`,
    id: el.id,
  });
  const visit = visitOf(readJson(storageOf('session'), key));
  if (!text || visit.dismissed || visit.opened) return;
  // Seconds, as the widget reads them (`seconds(3)`): anything but a number of them is 3.
  const given = option(el, 'previewDelay', 'preview-delay');
  const seconds = given === null || `${given}`.trim() === '' ? NaN : Number(given);
  const delay = Number.isFinite(seconds) && seconds >= 0 ? seconds : 3;

  // The live region is there before it speaks, or it would not be heard.
  const said = make('span', 'visually-hidden');
  said.setAttribute('role', 'status');
  const sheets = [hostStyles.styleSheet!, inviteStyles.styleSheet!];
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...sheets];
  root.append(said);

  const card = make('div', 'preview');
  card.setAttribute('part', 'preview');
  const open = make('button', 'preview-open');
  open.type = 'button';
  let face: HTMLElement;
  if (avatar) {
    face = make('img', 'preview-avatar');
    (face as HTMLImageElement).src = avatar;
    (face as HTMLImageElement).alt = '';
  } else {
    face = make('span', 'preview-avatar preview-bot');
    face.append(svgIcon(BOT_PATH));
  }
  const words = make('span', 'preview-text');
  const hidden = make('span', 'visually-hidden');
  hidden.textContent = `${pt ? 'Abrir chat' : 'Open chat'}: `;
  words.append(hidden, text);
  open.append(face, words);
  const close = make('button', 'preview-close');
  close.type = 'button';
  close.setAttribute('part', 'preview-close');
  close.setAttribute('aria-label', pt ? 'Dispensar' : 'Dismiss');
  close.append(svgIcon(CLOSE_PATH));
  card.append(open, close);

  const fire = (type: string, detail: object): boolean =>
    el.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }));
  const remember = (change: object): void =>
    writeJson(storageOf('session'), key, { ...visitOf(readJson(storageOf('session'), key)), ...change });
  const launcher = (): HTMLElement | null => root.querySelector('[part~="launcher"]');

  /**
   * The card leaves: for `reason`, told and remembered (`open`: the panel opened), or handed over to
   * the widget's, whose control of the same class takes focus if one of the card's had it.
   */
  const leave = (reason?: 'close' | 'escape' | 'open'): void => {
    if (!said.isConnected) return;
    const focused = root.activeElement;
    const inCard = !!focused && card.contains(focused);
    card.remove();
    said.remove();
    delete host[PREVIEW_ON_SCREEN];
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((sheet) => !sheets.includes(sheet));
    document.removeEventListener('keydown', escape);
    el.removeEventListener('flowbot-open', opened);
    watch.disconnect();
    clearTimeout(timer);
    // The widget's own control of the same class; after a dismissal, the launcher, for the keyboard
    // (a click that dismissed the card is no sign of intent: its focus just goes).
    if (inCard && !(reason && !focused.matches(':focus-visible')))
      (reason ? launcher() : root.querySelector<HTMLElement>(`.preview .${focused.className}`))?.focus();
    if (reason) {
      remember(reason === 'open' ? { opened: true } : { dismissed: true });
      fire('flowbot-preview-dismiss', { reason });
    }
  };
  const escape = (event: KeyboardEvent): void => {
    // Escape anywhere dismisses the preview, which came uninvited; a page's own use of Escape wins.
    if (event.key === 'Escape' && card.isConnected && !event.defaultPrevented) leave('escape');
  };
  const opened = (): void => leave(card.isConnected ? 'open' : undefined);
  card.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      leave('escape');
    }
  });
  // Pointing at or touching its text (not its close button), or the keyboard's focus in it (a click's on
  // its close button is not intent).
  for (const type of ['pointerover', 'touchstart']) open.addEventListener(type, reach, { passive: true });
  card.addEventListener('focusin', (event) => (event.target as Element).matches(':focus-visible') && reach());
  // The launcher's tap: the widget's code and the conversation come, and the panel opens on them.
  open.addEventListener('click', () => launcher()?.click());
  close.addEventListener('click', () => leave('close'));
  document.addEventListener('keydown', escape);
  el.addEventListener('flowbot-open', opened);
  // The widget's own card, in the same place: this one leaves in the same task, and that one is
  // there already (its way in, a fade and a slide, is over: it was seen coming in).
  const watch = new MutationObserver(() => {
    const theirs = [...root.querySelectorAll('.preview')].find((node) => node !== card);
    if (!theirs) return;
    for (const animation of theirs.getAnimations()) animation.finish();
    leave();
  });
  watch.observe(root, { childList: true });

  const show = (): void => {
    // Opened meanwhile (the page's `show()`, a tap): no preview; the widget's invitation keeps the record.
    if (host.open === true) return leave();
    root.insertBefore(card, said);
    host[PREVIEW_ON_SCREEN] = true;
    said.textContent = text;
    fire('flowbot-preview-show', { text });
  };
  const timer = setTimeout(show, delay * 1000);
  // The widget's code came before the delay ran out: its invitation shows the preview, on its own delay.
  void customElements.whenDefined('flowbot-chat').then(() => card.isConnected || leave());
}
