/**
 * The element's look as one constructed sheet (no `style` attributes, so a
 * strict Content-Security-Policy holds): the Widget resource over the bot's
 * theme, and what each response changes (the progress, the background).
 */
import { readFlowbotTheme } from '../protocol/flowbot.js';
import { sessionCss, type SessionView } from '../render/progress-avatars.js';
import { ChangingSheet } from '../theme/sheets.js';
import { widgetThemeCss } from '../theme/widget-theme.js';

export class ThemeSheet {
  readonly #sheet = new ChangingSheet();
  #css = '';
  #key: unknown[] = [];
  /** An invalid value is warned about once, not again with each new bot theme. */
  readonly #warned = new Set<string>();

  /** Sets `root`'s sheet for `widget` and `session`, when either changed. */
  apply(root: Node, widget: unknown, session: SessionView): void {
    const key = [widget, session.flowbot, session.dynamicTheme, session.progress];
    if (key.every((value, i) => value === this.#key[i])) return;
    // Colour parsing and contrast fixing only when the widget or the bot's theme changed,
    // not on every progress step.
    if (widget !== this.#key[0] || session.flowbot !== this.#key[1])
      this.#css = widgetThemeCss(widget, readFlowbotTheme(session.flowbot), this.#warned);
    this.#key = key;
    this.#sheet.set(root, this.#css + sessionCss(session));
  }
}
