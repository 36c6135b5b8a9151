/**
 * The element's look as one constructed sheet (no `style` attributes, so a
 * strict Content-Security-Policy holds): the Widget resource over the bot's
 * theme, light or dark (`color-scheme`), and what each response changes (the
 * progress, the background).
 */
import { readFlowbotTheme } from '../protocol/flowbot.js';
import { sessionCss, type SessionView } from '../render/progress-avatars.js';
import { ChangingSheet } from '../theme/sheets.js';
import { widgetThemeCss } from '../theme/widget-theme.js';
import type { DarkModePart } from './dark-mode/index.js';
import { darkFile } from './on-demand/loader.js';

/** What the sheet reads of the element for its colour scheme. */
interface SchemeHost {
  readonly colorScheme?: string;
  requestUpdate(): void;
}

export class ThemeSheet {
  readonly #sheet = new ChangingSheet();
  #css = '';
  #key: unknown[] = [];
  /** An invalid value is warned about once, not again with each new bot theme. */
  readonly #warned = new Set<string>();
  /** The visitor's system preference, followed while `color-scheme` is `auto`. */
  #prefersDark: MediaQueryList | undefined;

  /** Sets `root`'s sheet for `widget` and `session`, when either changed. */
  apply(root: Node, widget: unknown, session: SessionView): void {
    const palette = this.#palette((root as ShadowRoot).host as unknown as SchemeHost);
    const key = [widget, session.flowbot, session.dynamicTheme, session.progress, palette];
    if (key.every((value, i) => value === this.#key[i])) return;
    // Colour parsing and contrast fixing only when the widget, the bot's theme or the scheme changed,
    // not on every progress step.
    if (widget !== this.#key[0] || session.flowbot !== this.#key[1] || palette !== this.#key[4])
      this.#css = (palette ?? widgetThemeCss)(widget, readFlowbotTheme(session.flowbot), this.#warned);
    this.#key = key;
    this.#sheet.set(root, this.#css + sessionCss(session));
  }

  /**
   * The dark palette while the widget is dark (`color-scheme="dark"`, or `auto` while the visitor's
   * system prefers dark, a change of which updates the element), once its file is there: the light
   * one stays until then, and if it does not load.
   */
  #palette(host: SchemeHost): DarkModePart['darkThemeCss'] | undefined {
    const scheme = host.colorScheme;
    const update = (): void => host.requestUpdate();
    if (scheme === 'auto') (this.#prefersDark ??= matchMedia('(prefers-color-scheme:dark)')).onchange = update;
    if (scheme !== 'dark' && !(scheme === 'auto' && this.#prefersDark!.matches)) return undefined;
    // Asked for while it is not there (a failed file is asked again once its loader lets go of it).
    if (!darkFile.get()) darkFile.load().then(update, () => undefined);
    return darkFile.get()?.darkThemeCss;
  }
}
