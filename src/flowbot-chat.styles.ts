import { css } from 'lit';

/**
 * Public custom properties (`--flowbot-*`) are read once here and copied to
 * private `--_*` ones. Beneath each public property sits the Widget
 * resource's value (`--_w-*`, set by the theme sheet), then the default: the
 * host page's CSS always wins over the server's colours.
 */
export const flowbotChatStyles = css`
  :host {
    --_primary: var(--flowbot-primary-color, var(--_w-primary, #1d4ed8));
    --_on-primary: var(--flowbot-on-primary-color, var(--_w-on-primary, #ffffff));
    --_bot-bg: var(--flowbot-bot-bubble-color, var(--_w-bot-bg, #f1f5f9));
    --_bot-fg: var(--flowbot-bot-text-color, var(--_w-bot-fg, #0f172a));
    --_user-bg: var(--flowbot-user-bubble-color, var(--_w-user-bg, var(--_primary)));
    --_user-fg: var(--flowbot-user-text-color, var(--_w-user-fg, var(--_on-primary)));
    --_bg: var(--flowbot-background-color, var(--_w-bg, #ffffff));
    --_fg: var(--flowbot-text-color, var(--_w-fg, #0f172a));
    --_muted: var(--flowbot-muted-color, #475569);
    --_placeholder: var(--flowbot-placeholder-color, var(--_w-input-placeholder, #475569));
    --_border: var(--flowbot-border-color, #cbd5e1);
    --_input-bg: var(--flowbot-input-background-color, var(--_w-input-bg, #ffffff));
    --_input-fg: var(--flowbot-input-text-color, var(--_w-input-fg, #0f172a));
    --_error: var(--flowbot-error-color, #b91c1c);
    --_font: var(
      --flowbot-font-family,
      var(--_w-font, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif)
    );
    --_radius: var(--flowbot-radius, 16px);
    --_panel-width: var(--flowbot-panel-width, 380px);
    --_panel-height: var(--flowbot-panel-height, 600px);
    --_launcher-size: var(--flowbot-launcher-size, 56px);
    --_offset: var(--flowbot-offset, 20px);
    --_z: var(--flowbot-z-index, 2147483000);

    display: block;
    box-sizing: border-box;
    height: var(--_panel-height);
    font-family: var(--_font);
    font-size: 15px;
    line-height: 1.45;
    color: var(--_fg);
    text-align: start;
  }

  :host([mode='bubble']) {
    position: fixed;
    inset-block-end: calc(var(--_offset) + env(safe-area-inset-bottom, 0px));
    inset-inline-end: calc(var(--_offset) + env(safe-area-inset-right, 0px));
    z-index: var(--_z);
    height: auto;
  }

  :host([mode='popup']) {
    display: contents;
  }

  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }

  [hidden] {
    display: none !important;
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }

  button {
    font: inherit;
    cursor: pointer;
  }

  button:disabled {
    cursor: default;
    opacity: 0.6;
  }

  :focus-visible {
    outline: 2px solid var(--flowbot-focus-color, var(--_primary));
    outline-offset: 2px;
  }

  /* Panel */

  .panel {
    display: flex;
    flex-direction: column;
    height: 100%;
    max-width: var(--flowbot-max-width, var(--_w-max-width, none));
    overflow: hidden;
    background: var(--_bg);
    color: var(--_fg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }

  :host([mode='bubble']) .panel {
    position: absolute;
    inset-block-end: calc(var(--_launcher-size) + 12px);
    inset-inline-end: 0;
    width: min(var(--_panel-width), calc(100vw - 2 * var(--_offset)));
    height: min(var(--_panel-height), calc(100vh - var(--_launcher-size) - 3 * var(--_offset)));
    height: min(var(--_panel-height), calc(100dvh - var(--_launcher-size) - 3 * var(--_offset)));
    border: 0;
    box-shadow: 0 12px 40px rgb(15 23 42 / 0.25);
  }

  .dialog {
    width: min(var(--_panel-width), calc(100vw - 32px));
    height: min(var(--_panel-height), calc(100vh - 32px));
    height: min(var(--_panel-height), calc(100dvh - 32px));
    max-width: none;
    max-height: none;
    padding: 0;
    border: 0;
    border-radius: var(--_radius);
    background: transparent;
    overflow: hidden;
    color: var(--_fg);
    font: inherit;
    box-shadow: 0 24px 60px rgb(15 23 42 / 0.35);
  }

  .dialog::backdrop {
    background: rgb(15 23 42 / 0.5);
  }

  .dialog .panel {
    border: 0;
  }

  @media (max-width: 480px) {
    :host([mode='bubble']) .panel,
    .dialog {
      position: fixed;
      inset: 0;
      width: 100%;
      height: 100vh;
      height: 100dvh;
      max-height: none;
      margin: 0;
      border-radius: 0;
    }

    :host([mode='bubble']) .panel,
    .dialog .panel {
      padding: env(safe-area-inset-top, 0px) env(safe-area-inset-right, 0px) env(safe-area-inset-bottom, 0px)
        env(safe-area-inset-left, 0px);
      border-radius: 0;
    }
  }

  /* Header */

  .header {
    display: flex;
    flex: none;
    align-items: center;
    gap: 12px;
    padding: 12px 16px;
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

  .subtitle {
    font-size: 0.8125rem;
    opacity: 0.9;
  }

  .icon-button {
    display: grid;
    flex: none;
    place-items: center;
    width: 40px;
    height: 40px;
    padding: 0;
    border: 0;
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

  /* Transcript */

  .messages {
    display: flex;
    flex: 1;
    flex-direction: column;
    gap: 8px;
    min-height: 0;
    padding: 16px;
    overflow-y: auto;
    overscroll-behavior: contain;
  }

  .row {
    display: flex;
    align-items: flex-end;
    gap: 8px;
    /* A long transcript lays out only the rows in view. */
    content-visibility: auto;
    contain-intrinsic-size: auto 44px;
  }

  .row.user {
    flex-direction: column;
    align-items: flex-end;
    gap: 2px;
  }

  .bubble {
    max-width: 85%;
    padding: 8px 12px;
    border-radius: var(--_radius);
    overflow-wrap: anywhere;
  }

  .bot-bubble {
    background: var(--_bot-bg);
    color: var(--_bot-fg);
    border-end-start-radius: 4px;
  }

  .user-bubble {
    background: var(--_user-bg);
    color: var(--_user-fg);
    border-end-end-radius: 4px;
    white-space: pre-wrap;
  }

  .row.sending .user-bubble {
    opacity: 0.75;
  }

  .row.failed .user-bubble {
    opacity: 0.75;
    outline: 2px dashed var(--_error);
    outline-offset: 2px;
  }

  .note {
    font-size: 0.75rem;
    color: var(--_error);
  }

  .avatar,
  .avatar-space {
    flex: none;
    width: 28px;
    height: 28px;
  }

  .avatar {
    border-radius: 50%;
    object-fit: cover;
  }

  .typing {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    min-height: 2.3em;
  }

  .dot {
    width: 7px;
    height: 7px;
    border-radius: 50%;
    background: currentColor;
    opacity: 0.4;
    animation: flowbot-typing 1.2s infinite ease-in-out;
  }

  .dot:nth-of-type(2) {
    animation-delay: 0.15s;
  }

  .dot:nth-of-type(3) {
    animation-delay: 0.3s;
  }

  @keyframes flowbot-typing {
    0%,
    60%,
    100% {
      opacity: 0.35;
      transform: translateY(0);
    }
    30% {
      opacity: 1;
      transform: translateY(-3px);
    }
  }

  .skeleton {
    display: flex;
    flex-direction: column;
    gap: 8px;
  }

  .bone {
    display: block;
    width: 70%;
    height: 2.3em;
    border-radius: var(--_radius);
    background: var(--_bot-bg);
    animation: flowbot-pulse 1.4s infinite ease-in-out;
  }

  .bone.short {
    width: 45%;
  }

  .bone.field {
    width: 100%;
    height: 46px;
    border-radius: 12px;
  }

  @keyframes flowbot-pulse {
    50% {
      opacity: 0.5;
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .dot,
    .bone {
      animation: none;
    }
  }

  .error,
  .notice {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    margin: 0;
    padding: 10px 12px;
    border-radius: 12px;
    font-size: 0.875rem;
  }

  .error {
    background: #fef2f2;
    color: #991b1b;
  }

  .notice {
    background: var(--_bot-bg);
    color: var(--_bot-fg);
  }

  .retry {
    min-height: 36px;
    padding: 4px 14px;
    border: 1px solid currentColor;
    border-radius: 999px;
    background: transparent;
    color: inherit;
  }

  .retry:focus-visible {
    outline-color: currentColor;
  }

  /* Composer */

  .composer {
    flex: none;
    min-height: 71px;
    padding: 12px;
    border-block-start: 1px solid var(--_border);
    background: var(--_bg);
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
    border: 1px solid var(--_border);
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

  .send,
  .choice,
  .restart {
    min-height: 46px;
    padding: 8px 16px;
    border: 0;
    border-radius: 12px;
    background: var(--_primary);
    color: var(--_on-primary);
    font-size: max(16px, 1em);
    font-weight: 600;
  }

  .choice-input {
    display: flex;
    flex-direction: column;
    gap: 8px;
  }

  .search {
    flex: none;
    width: 100%;
  }

  .choices {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: 8px;
    max-height: 40vh;
    overflow-y: auto;
    padding: 2px;
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

  .choice[aria-pressed='true'] {
    box-shadow:
      inset 0 0 0 2px var(--_on-primary),
      0 0 0 2px var(--_primary);
  }

  .choice-input > .send {
    align-self: flex-end;
  }

  .no-matches {
    margin: 0;
    color: var(--_muted);
    font-size: 0.875rem;
  }

  .end {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    color: var(--_muted);
    font-size: 0.875rem;
  }

  /* Launcher */

  .launcher {
    display: grid;
    place-items: center;
    width: var(--_launcher-size);
    height: var(--_launcher-size);
    padding: 0;
    border: 0;
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
