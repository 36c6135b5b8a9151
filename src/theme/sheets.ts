/**
 * Styles added to a shadow root after it was made, as constructed sheets (no
 * `style` attributes, so a strict Content-Security-Policy holds): the sheets
 * of parts loaded on demand, and one sheet whose text changes (the theme).
 */
import type { CSSResult } from 'lit';

/** Adds `styles` to `root`, once. */
export function adoptStyles(root: Node, styles: CSSResult): void {
  const sheet = styles.styleSheet;
  if (sheet && root instanceof ShadowRoot && !root.adoptedStyleSheets.includes(sheet)) {
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }
}

/** One constructed sheet of a shadow root whose text is replaced as it changes. */
export class ChangingSheet {
  #sheet: CSSStyleSheet | undefined;

  /** Sets the sheet's text (adding the sheet the first time there is text to hold). */
  set(root: Node, cssText: string): void {
    if (!this.#sheet) {
      if (!cssText || typeof CSSStyleSheet === 'undefined' || !(root instanceof ShadowRoot)) return;
      this.#sheet = new CSSStyleSheet();
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, this.#sheet];
    }
    this.#sheet.replaceSync(cssText);
  }
}
