import { css } from '../../theme/css.js';

/**
 * The earlier conversations' list (`history.ts`): over the whole panel, in its colours, the bar in the
 * header's. The list sits in the header's menu, so while it shows the header stops being where the
 * list is placed and the panel is (the bubble's panel is placed already).
 */
export const historyStyles = css`
  .panel:has(.history) .header {
    position: static;
  }

  :host(:not([mode='bubble'])) .panel:has(.history) {
    position: relative;
  }

  .history {
    position: absolute;
    inset: 0;
    z-index: 4;
    display: flex;
    flex-direction: column;
    background: var(--_bg);
    color: var(--_fg);
    text-align: start;
  }

  .history-bar {
    display: flex;
    flex: none;
    align-items: center;
    gap: 8px;
    min-height: 64px;
    padding: 12px 16px 11px 8px;
    border-block-end: 1px solid transparent;
    background: var(--_primary);
    color: var(--_on-primary);
  }

  .history-heading {
    margin: 0;
    font-size: 1rem;
    font-weight: 600;
  }

  .history-heading:focus {
    outline: none;
  }

  .history-bar :focus-visible {
    outline-color: currentColor;
  }

  .history-bar svg:dir(rtl) {
    transform: scaleX(-1);
  }

  .history-body {
    display: flex;
    flex: 1;
    flex-direction: column;
    gap: 12px;
    min-height: 0;
    padding: 16px;
    overflow-y: auto;
  }

  .history-list {
    display: flex;
    flex-direction: column;
    gap: 4px;
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .history-item {
    display: flex;
    align-items: center;
    gap: 4px;
  }

  .history-open {
    display: flex;
    flex: 1;
    flex-direction: column;
    gap: 2px;
    min-width: 0;
    min-height: 48px;
    padding: 8px 12px;
    border: 1px solid var(--_border);
    border-radius: 10px;
    background: transparent;
    color: inherit;
    font: inherit;
    text-align: start;
    cursor: pointer;
  }

  /* Pointed at: the edge in the accent, the fill unchanged (the date's muted text keeps its 4.5:1). */
  .history-open:hover {
    border-color: var(--_primary);
  }

  .history-delete:hover {
    background: color-mix(in srgb, var(--_primary) 10%, transparent);
  }

  .history-title {
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  .history-date {
    color: var(--_muted);
    font-size: 0.8125rem;
  }

  .history-delete {
    color: var(--_muted);
  }

  .history-empty,
  .history-ask p {
    margin: 0;
    color: var(--_muted);
  }

  .history-ask {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }

  .history-ask p {
    flex-basis: 100%;
    color: inherit;
  }

  .history-button {
    min-height: 40px;
    padding: 8px 14px;
    border: 1px solid var(--_border);
    border-radius: 10px;
    background: transparent;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }

  .history-new {
    align-self: flex-start;
    border-color: var(--_primary);
    background: var(--_primary);
    color: var(--_on-primary);
  }

  .history-forget-all {
    align-self: flex-start;
    margin-block-start: auto;
  }

  .history-forget {
    border-color: var(--_error);
    color: var(--_error);
  }

  @media (forced-colors: active) {
    .history-bar {
      border-color: CanvasText;
    }

    .history-open,
    .history-button,
    .history-delete {
      border: 1px solid ButtonText;
    }
  }
`;
