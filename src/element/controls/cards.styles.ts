import { css } from '../../theme/css.js';

/** The cards' styles (see `cards-input.ts`), part of the on-demand controls' styles (`styles.ts`). */
export const cardStyles = css`
  /* A short, whole picture: a row of cards must leave the conversation most of the panel. */
  .card img {
    width: 100%;
    height: 72px;
    object-fit: contain;
    border-radius: 8px;
  }

  .cards:not(:has(> :nth-child(3))) > .card {
    flex: 1 0 min(170px, 62%);
    max-width: 240px;
  }

  .card p {
    margin: 0;
    color: var(--_muted);
    font-size: 0.8125rem;
  }

  /*
   * The next card shows in part, and the row fades out at its end while more waits there (see
   * the composer's lists); room for a focus ring on every side.
   */
  .cards {
    display: flex;
    gap: 8px;
    margin: -2px;
    padding: 4px;
    overflow-x: auto;
    list-style: none;
    scroll-snap-type: x mandatory;
    scroll-padding: 4px;
    mask: linear-gradient(to right, #000 calc(100% - 24px), #0000) 0 0 / calc(100% + 24px) 100% no-repeat;
    animation: flowbot-more-x linear;
    animation-timeline: scroll(self inline);
  }

  .cards:dir(rtl) {
    mask-image: linear-gradient(to left, #000 calc(100% - 24px), #0000);
    mask-position: 100% 0;
  }

  @keyframes flowbot-more-x {
    from {
      mask-size: 100% 100%;
    }
  }

  /* More cards than fit scroll, the next one showing most of itself; two fit a 390 px phone side
     by side, sharing what is left. */
  .card {
    flex: 0 0 min(180px, 62%);
    scroll-snap-align: start;
  }

  .card p {
    flex: 1;
  }

  .card .choice {
    min-height: 40px;
    padding: 5px 11px;
    font-size: 0.9375rem;
  }
`;
