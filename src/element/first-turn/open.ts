/**
 * The first turn's second entry: a bubble tapped before the widget's code was there
 * (`flowbot-chat.open.js`, fetched by the launcher's file, `script-tag/launcher.ts`, at the visitor's
 * first sign of intent, before the widget's code; checked against its hash; an ordinary chunk of
 * `flowbot-chat/light`). Its panel drawn open on the first turn, as the widget opens it, when the
 * widget would draw that turn the same (in English, light, no notice, consent or voice: the inline
 * first turn's rules, `panel.ts`). The panel's header holds its close button; on a phone the panel
 * covers the page, a modal dialog; the answer field takes focus, as the widget's does after a tap.
 * The launcher's file then opens and closes it until the widget takes over, with what was typed,
 * the focus, an Enter or a pick (`take-over.ts`).
 *
 * Built as nodes: nothing here is HTML or a `style` attribute, so a strict Content-Security-Policy
 * and Trusted Types hold.
 */
import { enFirst } from '../../i18n/en.js';
import { svgIcon } from '../../script-tag/icon.js';
import { CLOSE_PATH } from '../../theme/icon-paths.js';
import { NARROW } from '../controllers/bubble-focus.js';
import { FIRST_CONTROL } from '../controllers/input-focus.js';
import { header } from './draw.js';
import { draw, readTurn } from './panel.js';
import type { FirstTurn } from './turn.js';

/** Gives focus to the input's first control, as the widget does when its panel opens after a tap. */
const focusInput = (panel: Element): void =>
  panel.querySelector<HTMLElement>(FIRST_CONTROL)?.focus({ preventScroll: true });

/**
 * Draws `el`'s panel open with its first turn (see the module's comment); `close` is what its close
 * button and Escape do. Resolves with what shows or hides it, or nothing when the widget draws it.
 */
export const drawOpenBubble = (el: Element, close: () => void): Promise<((open: boolean) => void) | undefined> =>
  new Promise((resolve) => {
    const none = (): void => resolve(undefined);
    if (!readTurn(el, (widget, turn) => resolve(open(el, widget, turn, close)), none)) none();
  });

/** Draws the open panel of `turn` in `el`; returns what shows or hides it. */
function open(el: Element, widget: unknown, turn: FirstTurn, close: () => void): (open: boolean) => void {
  // The mode the widget reflects, which its styles read (`Flowbot.init` set the property alone).
  el.setAttribute('mode', 'bubble');
  const panel = draw(el, widget, turn, () => undefined);
  panel.setAttribute('role', 'dialog');
  // A bubble's panel always has a header: it holds the close button (and names the panel).
  let top = panel.querySelector('header');
  if (!top) {
    panel.firstElementChild!.prepend((top = header({ widget, menu: true, lang: '' })!));
    panel.removeAttribute('aria-label');
    panel.setAttribute('aria-labelledby', 'title');
  }
  // On a phone the panel covers the page: a modal dialog, as the widget's (`controllers/bubble-focus.ts`).
  if (matchMedia(NARROW).matches) panel.setAttribute('aria-modal', 'true');
  const button = document.createElement('button');
  button.setAttribute('part', 'close-button');
  button.className = 'icon-button';
  button.type = 'button';
  button.setAttribute('aria-label', enFirst.closeChat);
  button.append(svgIcon(CLOSE_PATH));
  button.addEventListener('click', close);
  top.append(button);
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  });
  focusInput(panel);
  return (open) => {
    panel.hidden = !open;
    if (open) focusInput(panel);
  };
}
