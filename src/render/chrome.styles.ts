import { css } from '../theme/css.js';

/** Styles of the header and the launcher (`chrome.ts`); the private `--_*` properties come from `:host`. */
export const chromeStyles = css`
  /* Header */

  .header {
    display: flex;
    flex: none;
    align-items: center;
    gap: 12px;
    /* As tall as with its 40 px buttons from the start: the menu's button comes with the on-demand
       part, and the conversation below must not move down when it does. */
    min-height: 64px;
    padding: 12px 16px 11px;
    /* Its edge in high contrast, where the fill is gone. */
    border-block-end: 1px solid transparent;
    background: var(--_primary);
    color: var(--_on-primary);
  }

  .header-icon {
    flex: none;
    width: 36px;
    height: 36px;
    border-radius: 50%;
    object-fit: cover;
  }

  .heading {
    flex: 1;
    min-width: 0;
  }

  .title {
    font-weight: 600;
    font-size: 1rem;
    overflow-wrap: anywhere;
  }

  /* A shade softer than the title, where that keeps it 4.5:1 on the header (see theme/widget-theme.ts). */
  .subtitle {
    font-size: 0.8125rem;
    opacity: var(--_w-subtitle, 0.9);
  }

  .icon-button {
    display: grid;
    flex: none;
    place-items: center;
    width: 40px;
    height: 40px;
    padding: 0;
    border-radius: 50%;
    background: transparent;
    color: inherit;
  }

  .icon-button:hover {
    background: rgb(255 255 255 / 0.15);
  }

  .header :focus-visible {
    outline-color: currentColor;
  }

  svg {
    width: 24px;
    height: 24px;
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
    stroke-linecap: round;
    stroke-linejoin: round;
  }

  /* Launcher */

  .launcher {
    display: grid;
    place-items: center;
    width: var(--_launcher-size);
    height: var(--_launcher-size);
    padding: 0;
    /* The icon fills the circle; high contrast draws its edge as an outline over it. */
    border: 0;
    outline: 1px solid transparent;
    outline-offset: -1px;
    border-radius: 50%;
    background: var(--_primary);
    color: var(--_on-primary);
    box-shadow: 0 6px 20px rgb(15 23 42 / 0.25);
    overflow: hidden;
  }

  .launcher svg {
    width: 28px;
    height: 28px;
  }

  .launcher-icon {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;
