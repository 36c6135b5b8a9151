import { css } from 'lit';

/** Styles every conversation may need: field errors and picture choice (the choice buttons live with the element's). */
export const inputStyles = css`
  /* A control never widens the widget: a page may size it by its content (a grid track, a flex item). */
  .choice-input,
  .field-input,
  .rating-input,
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
  }

  .pictures {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(104px, 1fr));
    gap: 8px;
    max-height: 40vh;
    overflow-y: auto;
    padding: 2px;
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

  .picture[aria-pressed='true'] {
    border-color: var(--_primary);
    box-shadow: 0 0 0 2px var(--_primary);
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
`;
