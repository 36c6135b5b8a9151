import { css } from '../../theme/css.js';

/**
 * The styles of files and uploads (see `file-input.ts`, `text-files-input.ts`, `upload.ts`) and of a
 * skippable input, part of the on-demand controls' styles (`styles.ts`).
 */
export const fileStyles = css`
  .drop {
    display: grid;
    place-items: center;
    min-height: 64px;
    padding: 12px;
    border: 2px dashed var(--_border);
    border-radius: 12px;
    color: var(--_muted);
    text-align: center;
    cursor: pointer;
  }

  .drop.over,
  .drop:hover {
    border-color: var(--_primary);
    color: var(--_fg);
  }

  .files {
    display: flex;
    flex-direction: column;
    gap: 4px;
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .files li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    padding: 2px 2px 2px 12px;
    border-radius: 8px;
    background: var(--_bot-bg);
    color: var(--_bot-fg);
    overflow-wrap: anywhere;
  }

  .remove {
    flex: none;
    width: 36px;
    height: 36px;
    border-radius: 50%;
    background: transparent;
    color: inherit;
    font-size: 1.25rem;
  }

  .actions,
  .skip-input {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: flex-end;
    gap: 8px;
  }

  .skip-input p {
    flex: 1;
    margin: 0;
    color: var(--_muted);
  }

  .skip {
    min-height: 46px;
    padding: 8px 16px;
    border: 1px solid var(--_border);
    border-radius: 12px;
    background: transparent;
    color: var(--_fg);
    font-size: max(16px, 1em);
  }
  /* Uploads: a bar per file, the text input's attach and record buttons. */
  .input-notice {
    flex-basis: 100%;
    margin: 0;
    color: var(--_muted);
    font-size: 0.875rem;
  }

  .files progress {
    flex: none;
    width: 96px;
    height: 8px;
    margin-inline-end: 10px;
    accent-color: var(--_primary);
  }

  .text-input:has(.attached > *) {
    flex-wrap: wrap;
  }

  .attached {
    display: flex;
    flex-direction: column;
    flex-basis: 100%;
    gap: 6px;
    order: -1;
  }

  .attached:not(:has(> *)) {
    display: none;
  }

  .attached progress {
    width: 100%;
    accent-color: var(--_primary);
  }

  .attached [part~='cancel-button'] {
    align-self: flex-end;
  }

  .tool {
    display: grid;
    flex: none;
    place-items: center;
    width: 46px;
    height: 46px;
    border: 1px solid var(--_border);
    border-radius: 12px;
    background: var(--_input-bg);
    color: var(--_input-fg);
    cursor: pointer;
  }

  .tool.on {
    border-color: var(--_error);
    color: var(--_error);
  }

  .recording::before {
    content: '';
    display: inline-block;
    width: 8px;
    height: 8px;
    margin-inline-end: 6px;
    border-radius: 50%;
    background: var(--_error);
    vertical-align: middle;
  }

  @media (prefers-reduced-motion: no-preference) {
    .recording::before {
      animation: flowbot-pulse 1.2s ease-in-out infinite alternate;
    }
  }

  @keyframes flowbot-pulse {
    to {
      opacity: 0.3;
    }
  }
`;
