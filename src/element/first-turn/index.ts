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
 * Built as nodes, styled by constructed sheets: nothing here is HTML or a `style` attribute, so a
 * strict Content-Security-Policy and Trusted Types hold.
 */
import { langOf } from '../../i18n/lang.js';
import { readFlowbotTheme } from '../../protocol/flowbot.js';
import { isObject } from '../../protocol/json.js';
import { messageContentStyles } from '../../render/message.styles.js';
import { progressAvatarsStyles } from '../../render/progress-avatars.styles.js';
import { sessionCss, type SessionView } from '../../render/session-look.js';
import { readEarlyStart } from '../../script-tag/handover.js';
import { widgetThemeCss } from '../../theme/widget-theme.js';
import { flowbotChatStyles } from '../flowbot-chat.styles.js';
import { drawsFirstTurn } from '../on-demand/first-turn-rule.js';
import { drawPanel } from './draw.js';
import { takeOver, type Pending } from './take-over.js';
import { peekTurn, type FirstTurn } from './turn.js';

/**
 * While this panel is drawn, the widget's own is not (Lit renders it before this one, which stays in
 * its place in the flow, so its pixels are the widget's own once that one takes its place).
 */
const OVER = '.panel:not([data-first-turn]){display:none}';

/** How long the start's answer may take before the widget's code is fetched all the same. */
const SLOW_START_MS = 1_000;

/** Warned once already: the widget warns of an invalid colour itself. */
const quiet = { has: () => true, add: () => undefined } as unknown as Set<string>;

/**
 * One of `el`'s options, as the widget will read it: the property the page set before the widget's
 * code was there (`Flowbot.init`, a framework), else the attribute (JSON for the Widget resource,
 * which the script tag parsed already); `null` when neither is set.
 */
function option(el: Element, name: string, attribute: string): unknown {
  if (name in el) return (el as unknown as Record<string, unknown>)[name];
  const value = el.getAttribute(attribute);
  return name === 'widget' && value ? (JSON.parse(value) as unknown) : value;
}

/**
 * Whether the first render of `el` is the one this file draws: English, light, no notice or consent,
 * no voice.
 */
function drawable(el: Element, widget: unknown): boolean {
  return drawsFirstTurn(
    langOf(el),
    option(el, 'colorScheme', 'color-scheme'),
    option(el, 'notice', 'notice'),
    option(el, 'consent', 'consent'),
    isObject(widget) ? widget.voiceActive : undefined,
  );
}

/** Draws `turn` in `el`'s shadow root; the widget's code (`fetchWidget`) once it is painted. */
function draw(el: Element, widget: unknown, turn: FirstTurn, fetchWidget: () => void): void {
  const root = el.shadowRoot!;
  const theme = new CSSStyleSheet();
  theme.replaceSync(widgetThemeCss(widget, readFlowbotTheme(turn.flowbot), quiet) + sessionCss(turn as SessionView));
  const over = new CSSStyleSheet();
  over.replaceSync(OVER);
  const sheets = [
    ...[...flowbotChatStyles, messageContentStyles, progressAvatarsStyles].map((styles) => styles.styleSheet!),
    theme,
    over,
  ];
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...sheets];
  const noMenu = option(el, 'noMenu', 'no-menu');
  const panel = drawPanel(turn, { widget, menu: noMenu == null || noMenu === false, lang: langOf(el) });
  root.append(panel);

  const pending: Pending = { sent: false, chosen: -1 };
  panel.addEventListener('submit', (event) => {
    event.preventDefault();
    pending.sent = !!panel.querySelector('input')?.value.trim();
  });
  panel.addEventListener('click', (event) => {
    const choice = (event.target as Element).closest('[part~="choice"]');
    if (choice) pending.chosen = [...panel.querySelectorAll('[part~="choice"]')].indexOf(choice);
  });
  // Once this turn is on screen: the widget's code, which then takes over.
  requestAnimationFrame(() => setTimeout(fetchWidget));
  void customElements.whenDefined('flowbot-chat').then(() => takeOver(el, panel, sheets, pending));
}

/**
 * Draws `el`'s first turn from its early start's answer if the widget would draw it the same, and
 * asks for the widget's code (`fetchWidget`) once it is painted, at the visitor's first sign of
 * intent, or at once when there is nothing to draw.
 */
export function drawFirstTurn(el: Element, fetchWidget: () => void): void {
  let widget: unknown;
  try {
    widget = option(el, 'widget', 'widget');
  } catch {
    // JSON the widget will refuse, and say so.
  }
  let drawIt = (turn: FirstTurn | undefined): void => void turn;
  const turn = new Promise<FirstTurn | undefined>((resolve) => (drawIt = resolve));
  const reading =
    widget !== undefined &&
    drawable(el, widget) &&
    readEarlyStart(el, async (response) => {
      const [again, read] = await peekTurn(response);
      drawIt(read);
      return again;
    });
  if (!reading) return fetchWidget();
  for (const type of ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'])
    el.addEventListener(type, fetchWidget, { passive: true });
  // A start slow to answer: the widget's code comes meanwhile (its loading state, its time limit,
  // what it does for an element the page removed); the turn is still drawn here if it answers first.
  setTimeout(fetchWidget, SLOW_START_MS);
  turn
    .then((read) => {
      // The widget's code came first (the visitor reached for it), or the element left the page:
      // the widget draws its turn itself.
      if (!read || customElements.get('flowbot-chat') || !el.shadowRoot || !el.isConnected) return fetchWidget();
      draw(el, widget, read, fetchWidget);
    })
    .catch(fetchWidget);
}
