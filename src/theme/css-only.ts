/**
 * Lit's `css` tag as the files that draw before the widget's code use it (a bubble's preview, the
 * first turn, a tapped bubble's panel: `vite.config.ts` puts this module in place of `lit` there).
 * They build their styles from the widget's own `css` literals and adopt them as constructed sheets
 * (`sheets.ts`): a text, and its sheet made once. Lit's tag does the same and more (a cache shared
 * by equal literals, a fallback for browsers without constructed sheets, its errors' long words),
 * which the widget's code has; these files do without.
 */

/** A style's text, and its constructed sheet once asked for. */
class Css {
  readonly cssText: string;
  #sheet: CSSStyleSheet | undefined;

  constructor(cssText: string) {
    this.cssText = cssText;
  }

  get styleSheet(): CSSStyleSheet {
    if (!this.#sheet) (this.#sheet = new CSSStyleSheet()).replaceSync(this.cssText);
    return this.#sheet;
  }

  toString(): string {
    return this.cssText;
  }
}

/** Styles from a text the widget's code made (Lit's `unsafeCSS`). */
export const unsafeCSS = (text: unknown): Css => new Css(String(text));

/** Styles from a literal, its values other styles (their text) or numbers (Lit's `css`). */
export const css = (strings: TemplateStringsArray, ...values: (Css | number)[]): Css =>
  new Css(strings.reduce((text, part, i) => text + String(values[i - 1]) + part));
