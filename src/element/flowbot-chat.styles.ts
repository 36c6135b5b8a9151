import { css } from '../theme/css.js';
import { chromeStyles } from '../render/chrome.styles.js';
import { composerStyles } from '../render/composer.styles.js';
import { transcriptStyles } from '../render/transcript.styles.js';

/**
 * Public custom properties (`--flowbot-*`) are read once here and copied to
 * private `--_*` ones. Beneath each public property sits the Widget
 * resource's value (`--_w-*`, set by the theme sheet), then the default: the
 * host page's CSS always wins over the server's colours. One is read elsewhere:
 * the code font (`--flowbot-code-font-family`), by markdown's styles, which
 * arrive on demand with the code they draw.
 *
 * These properties, the element's font and the rules every part of it follows are a sheet of their
 * own: the bubble's preview, drawn before the widget's code is there (`invitation/early-preview.ts`),
 * takes them with the invitation's styles, and nothing else of the widget's.
 */
export const hostStyles = css`
  :host {
    /* Light unless the widget is dark (its dark palette, or the page's own rule on the element): a
       dark page's scheme does not choose the colours of what the widget draws light (code, controls). */
    color-scheme: light;
    --_primary: var(--flowbot-primary-color, var(--_w-primary, #1d4ed8));
    --_on-primary: var(--flowbot-on-primary-color, var(--_w-on-primary, #ffffff));
    --_bot-bg: var(--flowbot-bot-bubble-color, var(--_w-bot-bg, #f1f5f9));
    --_bot-fg: var(--flowbot-bot-text-color, var(--_w-bot-fg, #0f172a));
    /* The visitor's bubbles: their own colours (the page's, the Widget resource's), else the site's
       primary pair (the page's, the Widget resource's), else the bot theme's bubbles, else its buttons'. */
    --_user-bg: var(--flowbot-user-bubble-color, var(--_w-user-bg, var(--flowbot-primary-color, var(--_w-guest-bg, var(--_primary)))));
    --_user-fg: var(--flowbot-user-text-color, var(--_w-user-fg, var(--flowbot-on-primary-color, var(--_w-guest-fg, var(--_on-primary)))));
    --_bg: var(--flowbot-background-color, var(--_w-bg, #ffffff));
    --_fg: var(--flowbot-text-color, var(--_w-fg, #0f172a));
    --_muted: var(--flowbot-muted-color, var(--_w-muted, #475569));
    --_focus: var(--flowbot-focus-color, var(--flowbot-primary-color, var(--_w-focus, #1d4ed8)));
    --_placeholder: var(--flowbot-placeholder-color, var(--_w-input-placeholder, #475569));
    --_border: var(--flowbot-border-color, #cbd5e1);
    --_input-bg: var(--flowbot-input-background-color, var(--_w-input-bg, #ffffff));
    --_input-fg: var(--flowbot-input-text-color, var(--_w-input-fg, #0f172a));
    /* Half red, half the text colour: a dark red on light panels, a light one on dark panels, readable on both. */
    --_error: var(--flowbot-error-color, color-mix(in oklab, #dc2626, var(--_fg)));
    /* No system-ui: under it Chromium on Linux lays out one long word in time quadratic in its length. */
    --_font: var(--flowbot-font-family, var(--_w-font, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif));
    --_radius: var(--flowbot-radius, 16px);
    --_panel-width: var(--flowbot-panel-width, 380px);
    --_panel-height: var(--flowbot-panel-height, 600px);
    --_launcher-size: var(--flowbot-launcher-size, 56px);
    --_offset: var(--flowbot-offset, 20px);
    --_z: var(--flowbot-z-index, 2147483000);

    font-family: var(--_font);
    font-size: 15px;
    line-height: 1.45;
    color: var(--_fg);
    text-align: start;
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

  /* A border that only high contrast shows: forced colours paint every border, a button's fill never. */
  button {
    border: 1px solid transparent;
    font: inherit;
    cursor: pointer;
  }

  button:disabled {
    cursor: default;
    opacity: 0.6;
  }

  :focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
`;

/** The element's box in each mode, and its panel. */
const frameStyles = css`
  :host {
    display: block;
    box-sizing: border-box;
    /*
     * Inline: 600 px, or the height of the page's box around it when that box is lower (a grid's
     * track, a flex line): never over what comes next. A page fills a taller box with height: 100%.
     * Its width is the page's too: what a message holds (a source's title kept on one line, say)
     * never widens a grid track or a flex item past the room it has.
     */
    height: var(--_panel-height);
    max-height: 100%;
    min-height: 0;
    min-width: 0;
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

  /* What the panel holds, in the direction of the language the widget speaks when the page gives none
     (the panel itself is placed in the page's). */
  .direction {
    display: contents;
  }

  :host([mode='bubble']) .panel {
    position: absolute;
    inset-block-end: calc(var(--_launcher-size) + 12px);
    inset-inline-end: 0;
    width: min(var(--_panel-width), calc(100vw - 2 * var(--_offset)));
    height: min(var(--_panel-height), calc(100vh - var(--_launcher-size) - 3 * var(--_offset)));
    height: min(var(--_panel-height), calc(100dvh - var(--_launcher-size) - 3 * var(--_offset)));
    border-color: transparent;
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
    border-color: transparent;
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
      /* A scroll inside the panel, which covers the page, never scrolls the page behind it. */
      overscroll-behavior: contain;
    }
  }
`;

/** The element's own styles, in cascade order: its properties and font, frame, header and launcher, transcript, composer. */
export const flowbotChatStyles = [hostStyles, frameStyles, chromeStyles, transcriptStyles, composerStyles];
