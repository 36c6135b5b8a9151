import { css } from '../../theme/css.js';
import { cardStyles } from './cards.styles.js';
import { fileStyles } from './files.styles.js';

/** A choice's search, the fields, the picture choice and the rating. */
const fieldStyles = css`
  /* A choice's search (see choice-search.ts). */
  .search {
    flex: none;
    width: 100%;
  }

  .no-matches {
    margin: 0;
    color: var(--_muted);
    font-size: 0.875rem;
  }

  /* A control never widens the widget: a page may size it by its content (a grid track, a flex item). */
  .field-input,
  .file-input,
  .cards,
  .skip-input {
    contain: inline-size;
  }

  .field[aria-invalid='true'] {
    border-color: var(--_error);
  }

  .input-error {
    flex-basis: 100%;
    margin: 0;
    color: var(--_error);
    font-size: 0.875rem;
    /* One line per refused file. */
    white-space: pre-line;
  }

  .field-input {
    flex-wrap: wrap;
  }

  /* What a field takes (a phone number's country), above it. */
  .field-hint {
    flex-basis: 100%;
    margin: 0;
    color: var(--_muted);
    font-size: 0.8125rem;
  }

  /* Scrolls like the choices' list (see the composer's styles): a fade while more waits, room for focus rings. */
  .pictures {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(104px, 1fr));
    gap: 8px;
    max-height: 40vh;
    overflow-y: auto;
    margin: -2px;
    padding: 4px;
    mask: linear-gradient(#000 calc(100% - 24px), #0000) 0 0 / 100% calc(100% + 24px) no-repeat;
    animation: flowbot-more linear;
    animation-timeline: scroll(self);
    scroll-padding: 4px 4px 28px;
  }

  /* Cards and pictures are drawn on the fields' colour: their secondary text and rings are nudged for it. */
  .picture,
  .card {
    --_muted: var(--flowbot-muted-color, var(--_w-input-muted, #475569));
    --_focus: var(--flowbot-focus-color, var(--flowbot-primary-color, var(--_w-input-focus, #1d4ed8)));
  }

  .picture {
    display: flex;
    flex-direction: column;
    gap: 4px;
    padding: 6px;
    border: 1px solid var(--_border);
    border-radius: 12px;
    background: var(--_input-bg);
    color: var(--_input-fg);
    position: relative;
  }

  /* Picked: a line inside the edge and a check mark; the focus ring stays outside, 2px away. */
  .picture[aria-pressed='true'] {
    border-color: var(--_primary);
    box-shadow: inset 0 0 0 2px var(--_primary);
  }

  .picture[aria-pressed='true']::after {
    content: '✓' / '';
    position: absolute;
    inset-block-start: 2px;
    inset-inline-end: 2px;
    width: 24px;
    height: 24px;
    border-radius: 50%;
    background: var(--_primary);
    color: var(--_on-primary);
    font-weight: 700;
    line-height: 24px;
  }

  /* The whole picture, letterboxed: a choice must not hide what is being chosen. */
  .picture img {
    width: 100%;
    aspect-ratio: 16 / 10;
    object-fit: contain;
    border-radius: 8px;
  }

  .picture span {
    margin: 0;
    color: var(--_muted);
    font-size: 0.8125rem;
  }

  .field-input > .send {
    margin-inline-start: auto;
  }

  /* Wide enough for a whole date ("mm/dd/yyyy" and the picker's icon): on a narrow panel Send
     goes below the two fields, then the second field below the first. */
  .range-field {
    display: flex;
    flex: 1 1 150px;
    flex-direction: column;
    gap: 2px;
    min-width: min(150px, 100%);
    color: var(--_muted);
    font-size: 0.8125rem;
  }

  .rating-input,
  .file-input {
    display: flex;
    flex-direction: column;
    gap: 8px;
    margin: 0;
  }

  /* A container too: how narrow it is decides how close the numbers sit. */
  .rating-input {
    container-type: inline-size;
  }

  .scale {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: 4px;
  }

  /*
   * On a phone the eleven numbers of a 0 to 10 scale keep one row, each at least 24px wide:
   * closer together, and into the composer's padding up to the room of a focus ring.
   */
  @container (width < 310px) {
    .scale {
      gap: 1px;
      margin-inline: -8px;
    }
  }

  .rate {
    display: grid;
    flex: 1 1 0;
    place-items: center;
    min-width: 24px;
    max-width: 44px;
    height: 44px;
    border: 1px solid var(--_border);
    border-radius: 10px;
    background: var(--_input-bg);
    color: var(--_input-fg);
    font-weight: 600;
    cursor: pointer;
  }

  .rate:has(:checked) {
    border-color: var(--_primary);
    background: var(--_primary);
    color: var(--_on-primary);
  }

  /* Told by a shape too, not by its colours alone (WCAG 1.4.1): the picked number is underlined. */
  .rate:has(:checked) {
    text-decoration: underline 2px;
    text-underline-offset: 4px;
  }

  .rate:has(:focus-visible),
  .drop:has(:focus-visible) {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }

  .icons .rate,
  .icons .rate:has(:checked) {
    min-width: 40px;
    border-color: transparent;
    background: transparent;
    color: var(--_primary);
  }

  .icons svg {
    width: 34px;
    height: 34px;
  }

  .rate.on svg {
    fill: currentColor;
  }

  /*
   * High contrast turns every fill into the background: the picked number or star takes the
   * selection colours, kept as they are (else its text is drawn on a plate of the background colour).
   */
  @media (forced-colors: active) {
    .scale .rate:has(:checked) {
      forced-color-adjust: none;
      background: Highlight;
      color: HighlightText;
    }
  }

  .ends {
    display: flex;
    justify-content: space-between;
    color: var(--_muted);
    font-size: 0.8125rem;
  }

  .rating-input > .send,
  .skip {
    align-self: flex-end;
  }

  .card {
    display: flex;
    flex-direction: column;
    gap: 4px;
    padding: 6px;
    border: 1px solid var(--_border);
    border-radius: 12px;
    background: var(--_input-bg);
    color: var(--_input-fg);
  }
`;

/** Styles of the controls loaded on demand (see `controls.ts`): fields, picture choice, rating, cards, files, skips. */
export const onDemandInputStyles = css`
  ${fieldStyles}
  ${cardStyles}
  ${fileStyles}
`;
