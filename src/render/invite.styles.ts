import { css } from '../theme/css.js';

/**
 * Styles of the bubble's invitation (`element/invitation/invite.ts`), adopted when it arrives, and of
 * the preview drawn before the widget's code (`element/preview/`), the same card.
 * The preview and the badge are placed against the fixed host, never in the
 * page's flow: showing them moves nothing on the host page.
 */
export const inviteStyles = css`
  :host {
    --_badge-bg: var(--flowbot-badge-color, #dc2626);
    --_badge-fg: var(--flowbot-badge-text-color, #ffffff);
  }

  .preview {
    position: absolute;
    inset-block-end: calc(var(--_launcher-size) + 12px);
    inset-inline-end: 0;
    display: flex;
    align-items: flex-start;
    gap: 2px;
    width: max-content;
    max-width: min(300px, calc(100vw - 2 * var(--_offset)));
    padding: 4px;
    background: var(--_bg);
    color: var(--_fg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    box-shadow: 0 8px 28px rgb(15 23 42 / 0.2);
    animation: flowbot-preview-in 220ms ease-out;
  }

  .preview-open {
    display: flex;
    flex: 1;
    align-items: center;
    gap: 10px;
    min-width: 0;
    padding-block: 8px;
    padding-inline: 8px 4px;
    border: 0;
    border-radius: calc(var(--_radius) - 4px);
    background: transparent;
    color: inherit;
    text-align: start;
  }

  .preview-avatar {
    flex: none;
    width: 32px;
    height: 32px;
    border-radius: 50%;
    object-fit: cover;
  }

  .preview-bot {
    display: grid;
    place-items: center;
    background: var(--_primary);
    color: var(--_on-primary);
  }

  .preview-bot svg {
    width: 20px;
    height: 20px;
  }

  .preview-text {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 3;
    line-clamp: 3;
    overflow: hidden;
    font-size: 0.875rem;
    line-height: 1.4;
    overflow-wrap: anywhere;
  }

  .preview-close {
    display: grid;
    flex: none;
    place-items: center;
    width: 28px;
    height: 28px;
    padding: 0;
    border-radius: 50%;
    background: transparent;
    color: var(--_muted);
  }

  .preview-open:hover,
  .preview-close:hover {
    background: color-mix(in srgb, currentColor 8%, transparent);
  }

  .preview-close svg {
    width: 16px;
    height: 16px;
  }

  .badge {
    position: absolute;
    inset-block-start: -4px;
    inset-inline-end: -4px;
    min-width: 22px;
    height: 22px;
    padding: 0 6px;
    border-radius: 11px;
    background: var(--_badge-bg);
    color: var(--_badge-fg);
    box-shadow: 0 0 0 2px var(--_bg);
    /* Its edge in high contrast, which drops the fill and the shadow. */
    outline: 1px solid transparent;
    font-size: 12px;
    font-weight: 700;
    line-height: 22px;
    text-align: center;
    /* Clicks on the badge are clicks on the launcher. */
    pointer-events: none;
    animation: flowbot-badge-in 260ms ease-out;
  }

  @keyframes flowbot-preview-in {
    from {
      opacity: 0;
      transform: translateY(8px);
    }
  }

  @keyframes flowbot-badge-in {
    from {
      transform: scale(0.4);
    }
    70% {
      transform: scale(1.15);
    }
  }

  @keyframes flowbot-fade-in {
    from {
      opacity: 0;
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .preview {
      animation-name: flowbot-fade-in;
    }

    .badge {
      animation: none;
    }
  }
`;
