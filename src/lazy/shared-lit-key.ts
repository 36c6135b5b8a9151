/** What the script-tag file hands over to its on-demand files: its own Lit. */
import type { css as Css, html as Html, nothing as Nothing, svg as Svg } from 'lit';
import type { live as Live } from 'lit/directives/live.js';

/** What the script-tag file shares, under `SHARED_LIT`. */
export interface SharedLit {
  html: typeof Html;
  svg: typeof Svg;
  css: typeof Css;
  nothing: typeof Nothing;
  live: typeof Live;
}

/** A registered symbol: equal wherever it is made, so two copies of the script agree on it. */
export const SHARED_LIT = Symbol.for('flowbot-chat/lit');
