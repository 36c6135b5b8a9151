/**
 * The first turn's panel, drawn before the widget's code is there, for the two files that draw it:
 * an inline widget's (`./index.ts`) and a tapped bubble's (`./open.ts`). The early start's
 * messages that the widget shows at once, and the input with them, in the widget's own DOM and
 * styles, in the Widget resource's and the bot's colours; what the visitor types or picks goes over
 * to the widget when it takes over (`take-over.ts`). Built as nodes, styled by constructed sheets:
 * nothing here is HTML or a `style` attribute, so a strict Content-Security-Policy and Trusted Types hold.
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

/** The widget's own sheets (made once: the first call parses them). */
export const widgetSheets = (): CSSStyleSheet[] =>
  [...flowbotChatStyles, messageContentStyles, progressAvatarsStyles].map((styles) => styles.styleSheet!);

/**
 * Draws `turn` in `el`'s shadow root, and the widget's code (`fetchWidget`) once it is painted; the
 * widget takes over when its code is there.
 */
export function draw(el: Element, widget: unknown, turn: FirstTurn, fetchWidget: () => void): HTMLElement {
  const root = el.shadowRoot!;
  const theme = new CSSStyleSheet();
  theme.replaceSync(widgetThemeCss(widget, readFlowbotTheme(turn.flowbot), quiet) + sessionCss(turn as SessionView));
  const over = new CSSStyleSheet();
  over.replaceSync(OVER);
  const sheets = [...widgetSheets(), theme, over];
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
  return panel;
}

/**
 * Reads `el`'s first turn from its early start's answer, if the widget would draw it the same, and
 * then draws it (`drawIt`), or else (`otherwise`: the answer holds no turn drawn here, the widget's code
 * came first, `el` left the page) leaves it to the widget. False when there is no start to read or
 * `el` has another look: nothing is called then.
 */
export function readTurn(
  el: Element,
  drawIt: (widget: unknown, turn: FirstTurn) => void,
  otherwise: () => void,
): boolean {
  let widget: unknown;
  try {
    widget = option(el, 'widget', 'widget');
  } catch {
    // JSON the widget will refuse, and say so.
  }
  return (
    widget !== undefined &&
    drawable(el, widget) &&
    readEarlyStart(el, async (response) => {
      const [again, read] = await peekTurn(response);
      // Once the answer is handed on: a failure to draw is not the widget's start's (an inline
      // widget's code comes all the same, on its own timer; a bubble's came with the tap).
      queueMicrotask(() =>
        !read || customElements.get('flowbot-chat') || !el.shadowRoot || !el.isConnected
          ? otherwise()
          : drawIt(widget, read),
      );
      return again;
    })
  );
}
