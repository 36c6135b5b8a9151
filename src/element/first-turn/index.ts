/**
 * An inline widget's first turn, drawn before the widget's code is there (`flowbot-chat.first.js`,
 * fetched by the script-tag file for an inline widget whose start it sent, checked against its
 * hash): the early start's messages that the widget shows at once, and the input with them, in the
 * widget's own DOM and styles, in the Widget resource's and the bot's colours. Its answer field
 * takes what the visitor types (and an Enter, or a choice picked) until the widget's code, fetched
 * once this is painted or as soon as the visitor reaches for it, takes over in the same task as its
 * own first turn is drawn: what was typed, the focus and the pick go over to it. A turn this file
 * does not draw the same way as the widget (markdown, media, a delayed message, progress, another
 * language, a notice) is left to the widget, whose code is then fetched at once.
 *
 * Built as nodes (`panel.ts`): nothing here is HTML or a `style` attribute, so a strict
 * Content-Security-Policy and Trusted Types hold.
 */
import { draw, readTurn, widgetSheets } from './panel.js';

/** How long the start's answer may take before the widget's code is fetched all the same. */
const SLOW_START_MS = 1_000;

/**
 * Draws `el`'s first turn from its early start's answer if the widget would draw it the same, and
 * asks for the widget's code (`fetchWidget`) once it is painted, at the visitor's first sign of
 * intent, or at once when there is nothing to draw.
 */
export function drawFirstTurn(el: Element, fetchWidget: () => void): void {
  // Neither a long task on a phone's CPU: the turn is drawn in a task of its own once its answer has
  // been read (it may be there already), and the styles are parsed before, in the task that ran this
  // file, for a widget whose look this file draws.
  const drawIt = (widget: unknown, turn: Parameters<typeof draw>[2]): void =>
    void setTimeout(() =>
      customElements.get('flowbot-chat') || !el.isConnected ? fetchWidget() : draw(el, widget, turn, fetchWidget),
    );
  if (!readTurn(el, drawIt, fetchWidget)) return fetchWidget();
  widgetSheets();
  for (const type of ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'])
    el.addEventListener(type, fetchWidget, { passive: true });
  // A start slow to answer: the widget's code comes meanwhile (its loading state, its time limit,
  // what it does for an element the page removed); the turn is still drawn here if it answers first.
  setTimeout(fetchWidget, SLOW_START_MS);
}
