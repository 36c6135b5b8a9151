/** The styles of markdown's own blocks (see `markdown.ts`), loaded on demand with them. */
import { type CSSResult } from 'lit';
import { css } from '../theme/css.js';

/** The styles of markdown's own blocks, scoped to `.fb-content`. */
export const markdownStyles: CSSResult = css`
  /*
   * The code font, read from its public property here rather than with the others in the
   * element's frame styles: only markdown draws code, and these styles arrive with it.
   */
  :host {
    --_code-font: var(--flowbot-code-font-family, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
  }
  /* Code spans: only markdown makes them (the viewer's rich text has no code mark). */
  .fb-content code {
    font-family: var(--_code-font);
    font-size: 0.9em;
    white-space: pre-wrap;
    padding: 0 0.2em;
    border-radius: 4px;
    background: color-mix(in srgb, currentColor 10%, transparent);
  }
  .fb-content .fb-h {
    font-weight: 700;
    line-height: 1.3;
  }
  .fb-content .fb-h[aria-level='1'] {
    font-size: 1.3em;
  }
  .fb-content .fb-h[aria-level='2'] {
    font-size: 1.15em;
  }
  .fb-content .fb-h[aria-level='3'] {
    font-size: 1.05em;
  }
  .fb-content blockquote {
    margin: 0;
    padding-inline-start: 0.75em;
    border-inline-start: 3px solid color-mix(in srgb, currentColor 35%, transparent);
  }
  .fb-content li:has(> .fb-task) {
    list-style: none;
  }
  /*
   * A task's box in the text's own colour (a disabled native box is pale grey, under 3:1): an empty
   * frame when open, filled with a check mark cut out of it when done.
   */
  .fb-task input {
    appearance: none;
    position: relative;
    box-sizing: border-box;
    width: 0.9em;
    height: 0.9em;
    margin-block: 0;
    margin-inline: -1.3em 0.4em;
    vertical-align: -0.1em;
    border: 0.125em solid currentColor;
    border-radius: 0.15em;
    color: inherit;
    opacity: 1;
  }
  .fb-task input:checked {
    background: currentColor;
  }
  .fb-task input:checked::before {
    content: '';
    position: absolute;
    left: 0.24em;
    top: 0.04em;
    width: 0.2em;
    height: 0.42em;
    border: solid var(--_bot-bg, Canvas);
    border-width: 0 0.12em 0.12em 0;
    transform: rotate(45deg);
  }
  @media (forced-colors: active) {
    .fb-task input {
      forced-color-adjust: none;
      border-color: CanvasText;
    }
    .fb-task input:checked {
      background: CanvasText;
    }
    .fb-task input:checked::before {
      border-color: Canvas;
    }
  }
  /*
   * A table or a code line scrolls in its own box, and never widens the bubble, the widget or the
   * page: a grid's minmax(0, 1fr) column is empty under a min-content constraint and as wide as
   * its content under a max-content one, so the box asks for no width of its own (a grid or flex
   * item, a table cell or an inline-block around the widget can be as narrow as the screen), but
   * the bubble still grows to the table's width when there is room.
   */
  .fb-table,
  .fb-code {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
  }
  .fb-table,
  .fb-code pre {
    max-width: 100%;
    overflow-x: auto;
    overscroll-behavior-x: contain;
  }
  .fb-table:focus-visible,
  .fb-code pre:focus-visible {
    outline: 2px solid currentColor;
    outline-offset: -2px;
  }
  /*
   * A table wider than its bubble fades out at each side where more of it waits (as the cards'
   * row does at its end), so a phone that shows no scrollbar still says it scrolls: two layers,
   * each as wide as the box and 24px more, moved by the box's own scrolling (where scroll-driven
   * animations run). A table that fits has no scroll range, so no animation: both fades lie
   * outside the box. The start's layer is the first, in the line's direction; a focused table
   * shows its whole outline.
   */
  .fb-table {
    /* Longhands: the minifier writes the shorthand out as every one of them. */
    mask-image: linear-gradient(to right, #0000, #000 24px), linear-gradient(to left, #0000, #000 24px);
    mask-position:
      -24px 0,
      0 0;
    mask-size: calc(100% + 24px) 100%;
    mask-repeat: no-repeat;
    mask-composite: intersect;
    animation: flowbot-table-more linear;
    animation-timeline: scroll(self inline);
  }
  .fb-table:dir(rtl) {
    mask-image: linear-gradient(to left, #0000, #000 24px), linear-gradient(to right, #0000, #000 24px);
    mask-position:
      right -24px top 0,
      right 0 top 0;
    animation-name: flowbot-table-more-rtl;
  }
  .fb-table:focus-visible {
    mask-image: none;
  }
  @keyframes flowbot-table-more {
    0% {
      mask-position:
        -24px 0,
        -24px 0;
    }
    4%,
    96% {
      mask-position:
        0 0,
        -24px 0;
    }
    100% {
      mask-position:
        0 0,
        0 0;
    }
  }
  @keyframes flowbot-table-more-rtl {
    0% {
      mask-position:
        right -24px top 0,
        right -24px top 0;
    }
    4%,
    96% {
      mask-position:
        right 0 top 0,
        right -24px top 0;
    }
    100% {
      mask-position:
        right 0 top 0,
        right 0 top 0;
    }
  }
  .fb-table table {
    justify-self: start;
    border-collapse: collapse;
  }
  .fb-table th,
  .fb-table td {
    padding: 0.25em 0.6em;
    border: 1px solid color-mix(in srgb, currentColor 30%, transparent);
    text-align: start;
    vertical-align: top;
    overflow-wrap: normal;
  }
  .fb-table th {
    background: color-mix(in srgb, currentColor 8%, transparent);
  }
  .fb-code {
    border: 1px solid color-mix(in srgb, currentColor 22%, transparent);
    border-radius: 6px;
    background: color-mix(in srgb, currentColor 7%, transparent);
  }
  .fb-code-bar {
    position: relative;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: flex-end;
    gap: 0.5em;
    padding: 0.2em 0.3em;
    padding-inline-start: 0.75em;
    border-bottom: 1px solid color-mix(in srgb, currentColor 22%, transparent);
    font-size: 0.8em;
  }
  .fb-code-lang {
    margin-inline-end: auto;
    font-family: var(--_code-font);
    overflow-wrap: anywhere;
  }
  .fb-copy {
    box-sizing: border-box;
    min-height: 24px;
    padding: 0.15em 0.6em;
    border: 1px solid color-mix(in srgb, currentColor 35%, transparent);
    border-radius: 4px;
    background: transparent;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
  .fb-copy:disabled {
    cursor: default;
  }
  .fb-copy:focus-visible {
    outline: 2px solid currentColor;
    outline-offset: 1px;
  }
  .fb-copy[data-copied]::after {
    content: ' ✓' / '';
  }
  .fb-copy-status:not(.fb-hint) {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  .fb-copy-status.fb-hint {
    font-weight: 700;
  }
  .fb-content .fb-code pre {
    margin: 0;
    padding: 0.5em 0.75em;
    font-family: var(--_code-font);
    font-size: 0.9em;
    line-height: 1.45;
    white-space: pre;
    overflow-wrap: normal;
    tab-size: 4;
  }
  .fb-content .fb-code code {
    padding: 0;
    border-radius: 0;
    background: none;
    font-size: inherit;
    white-space: inherit;
  }
  /*
   * A displayed formula on a line of its own, centred, scrolling sideways when wider than its bubble
   * (Firefox and Safari need the block display said; Chromium reads it from display="block").
   */
  .fb-math math[display='block'] {
    display: block math;
    margin-block: 0.5em;
    max-width: 100%;
    overflow-x: auto;
    overflow-y: hidden;
  }
  /* In a font with a MATH table (the browser's math family unless the page names one), as MathML needs. */
  .fb-math math {
    font-family: var(--flowbot-math-font-family, math);
    font-size: 1.05em;
  }
  /* A printout has no controls: the code without its Copy button, its lines wrapped on the page. */
  @media print {
    .fb-copy {
      display: none !important;
    }
    .fb-table {
      mask-image: none;
    }
    .fb-content .fb-code pre {
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
  }
  @media (forced-colors: active) {
    .fb-code,
    .fb-code-bar,
    .fb-table th,
    .fb-table td,
    .fb-content blockquote {
      border-color: CanvasText;
    }
  }
`;
