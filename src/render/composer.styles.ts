import { css } from '../theme/css.js';

/** Styles of the composer (`composer.ts`) and of the controls it always has: fields, send, choices, the end notice. */
export const composerStyles = css`
  /* Composer */

  .composer {
    flex: none;
    min-height: 71px;
    /* However tall a control is (cards, many pictures), the transcript keeps half the panel. */
    max-height: 50%;
    overflow-y: auto;
    padding: 12px;
    border-block-start: 1px solid var(--_border);
    background: var(--_bg);
  }

  /*
   * What scrolls fades out at its end while more waits there (where scroll-driven animations
   * run): phones show no scrollbar until a list moves. The fade lies past the end until then.
   * A control scrolled into view by the keyboard stops short of it, its focus ring whole.
   */
  .composer,
  .choices {
    mask: linear-gradient(#000 calc(100% - 24px), #0000) 0 0 / 100% calc(100% + 24px) no-repeat;
    animation: flowbot-more linear;
    animation-timeline: scroll(self);
    scroll-padding: 4px 4px 28px;
  }

  @keyframes flowbot-more {
    from {
      mask-size: 100% 100%;
    }
  }

  .text-input {
    display: flex;
    align-items: flex-end;
    gap: 8px;
    margin: 0;
  }

  .field {
    flex: 1;
    min-width: 0;
    min-height: 46px;
    padding: 10px 12px;
    /* The border colour drawn toward the text colour: a field's edge stands 3:1 from the panel, light or dark. */
    border: 1px solid color-mix(in oklab, var(--_border), var(--_fg) 45%);
    border-radius: 12px;
    background: var(--_input-bg);
    color: var(--_input-fg);
    font: inherit;
    /* 16px or more: iOS does not zoom into the field. */
    font-size: max(16px, 1em);
    line-height: 24px;
  }

  .field::placeholder {
    color: var(--_placeholder);
    opacity: 1;
  }

  textarea.field {
    max-height: 160px;
    resize: none;
  }

  /* The field takes the room left, never its own width (a textarea's is about 230px): a page
     that sizes the widget by its content (a grid or flex item) is never pushed wider. */
  .text-input > .field {
    width: 0;
  }

  .send,
  .choice,
  .restart,
  .stop {
    min-height: 46px;
    padding: 7px 15px;
    border-radius: 12px;
    background: var(--_primary);
    color: var(--_on-primary);
    font-size: max(16px, 1em);
    font-weight: 600;
  }

  /* A control never widens the widget: a page may size it by its content (a grid track, a flex item). */
  .choice-input {
    contain: inline-size;
    display: flex;
    flex-direction: column;
    gap: 8px;
  }

  .choices {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: 8px;
  }

  /* Room for a focus ring (2px away, 2px wide) inside the list that clips it, the items where they were. */
  .choices {
    max-height: 40vh;
    overflow-y: auto;
    margin: -2px;
    padding: 4px;
  }

  .choice {
    border-radius: 999px;
    font-weight: 500;
  }

  .choice[aria-pressed]::before {
    content: '○ ' / '';
  }

  .choice[aria-pressed='true']::before {
    content: '✓ ' / '';
  }

  /*
   * Picked and focused differ in shape, not only colour: an item not picked is a frame (and ○), a
   * picked one is filled (and ✓); the focus ring is apart from both, outside the edge past a gap.
   */
  .choice[aria-pressed='false'] {
    background: transparent;
    color: var(--_fg);
    box-shadow: inset 0 0 0 2px currentColor;
  }

  /*
   * High contrast drops shadows and fills: a picked item takes the system's selection colours,
   * kept as they are (else its text is drawn on a plate of the background colour), with its line
   * inside; its focus ring stays the system's text colour.
   */
  @media (forced-colors: active) {
    button[aria-pressed='true'],
    [aria-pressed='true'] * {
      forced-color-adjust: none;
      background: Highlight;
      color: HighlightText;
    }
    button[aria-pressed='true'] {
      outline-color: CanvasText;
    }
  }

  .choice-input > .send {
    align-self: flex-end;
  }

  .end {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    color: var(--_muted);
    font-size: 0.875rem;
  }
`;
