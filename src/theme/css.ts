/**
 * The widget's `css` tag: its styles' texts, each adopted as a constructed sheet (no `style`
 * attribute, so a strict Content-Security-Policy holds), made once. Lit's `css` tag does the same
 * and more the widget never uses (a cache shared by equal literals, its errors' long words): this
 * one, in a few lines, is every file's, the widget's code and the files that draw before it (a
 * bubble's preview, the first turn, a tapped bubble's panel, for which the build also puts it in
 * place of `lit`). Lit takes what it makes as its own (`static styles`, a sheet per style, or the
 * texts where a browser has no constructed sheets): typed as Lit's `CSSResult`, and marked as one,
 * so a page's subclass may put the widget's styles in its own Lit `css` literal.
 */
import type { CSSResult } from 'lit';

/** A style's text, and its constructed sheet once asked for. */
class Css {
  readonly cssText: string;
  /** Lit's mark of its styles, which its own `css` tag checks. */
  readonly _$cssResult$ = true;
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

/** Styles from a literal, its values other styles (their text) or numbers, as Lit's `css`. */
export const css = (strings: TemplateStringsArray, ...values: (CSSResult | number)[]): CSSResult =>
  new Css(strings.reduce((text, part, i) => text + String(values[i - 1]) + part)) as unknown as CSSResult;
