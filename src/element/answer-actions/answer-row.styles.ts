/** The styles of what `answer-row.ts` draws (see there). */
import { type CSSResult } from 'lit';
import { css } from '../../theme/css.js';

/**
 * The styles of the answers' actions and of the conversation's menu, and the
 * print stylesheet: the transcript alone, every message laid out, no controls.
 */
export const answerStyles: CSSResult = css`
  .row.bot {
    flex-wrap: wrap;
    row-gap: 2px;
  }

  /* A line as tall as its buttons (24 px targets) under the bubble: little room in a dense log. */
  .acts {
    display: flex;
    flex-basis: 100%;
    align-items: center;
    gap: 2px;
    min-height: 24px;
    color: var(--_muted);
    font-size: 0.75rem;
    line-height: 1.2;
    opacity: 0;
    transition: opacity 0.15s;
  }

  /* Under the bubble, beside the avatar's column. */
  :is(.avatar, .avatar-space) ~ .acts,
  :is(.avatar, .avatar-space) ~ .reason,
  :is(.avatar, .avatar-space) ~ .thanks,
  :is(.avatar, .avatar-space) ~ .copy-fallback {
    margin-inline-start: 36px;
  }

  .row:hover .acts,
  .row:focus > .acts,
  .acts:focus-within,
  .acts.rated {
    opacity: 1;
  }

  /*
   * The line of a bot message followed by another takes no room (see transcript.styles.ts): the
   * next row comes up over it, 8 px under the bubble, and the row comes back on top while its
   * line shows. A streamed answer's line with its thumbs keeps its room (class keep, see
   * Answers.row), and so does a rated answer's (its thumbs stay shown) and one with its copy field
   * open: the others' rows have the class lean, or waits while their line is not drawn.
   */
  .row.bot.lean + .row.bot {
    margin-top: -18px;
  }

  /*
   * A line not drawn yet (drawn once the row is pointed at, focused or touched) keeps the same
   * room with no node: under the last of a run of bot messages the transcript's padding, between
   * two the 8 px a lean line leaves (2 + 24 - 18).
   */
  .row.bot.waits + .row.bot {
    margin-top: 8px;
  }

  .row.bot:is(:hover, :focus-within) {
    position: relative;
    z-index: 1;
  }

  /*
   * A row lays out only in view (content-visibility: auto), which contains its paint: the focus ring
   * of a button on its last line, outside the button, would be cut at the row's edge. A row with focus
   * is in view: it paints as any element.
   */
  .row:focus-within {
    content-visibility: visible;
  }

  /* On top of the rows, never of what is over the log ("New messages", the menu). */
  .messages {
    isolation: isolate;
  }

  .row.bot.lean:not(:last-child) > .acts > :not(.visually-hidden) {
    border-radius: 6px;
    background-color: var(--_bg);
  }

  .row.bot.lean:not(:last-child) > .acts > .act:hover {
    background-color: color-mix(in srgb, currentColor 12%, var(--_bg));
  }

  /*
   * No hover on touch screens: the latest answer's actions always show, and so do an AI answer's
   * thumbs (class keep: it is seldom the latest, the bot's follow-up comes after it), in their room.
   */
  @media (hover: none) {
    .acts.latest,
    .acts.keep {
      opacity: 1;
    }
  }

  .user-acts {
    display: block;
    min-height: 0;
  }

  /* A time reads in its own direction ("9:39 AM" in a right-to-left page, an Arabic time right to left). */
  .stamp {
    padding-inline: 4px;
    white-space: nowrap;
    unicode-bidi: plaintext;
  }

  .act {
    display: grid;
    place-items: center;
    width: 24px;
    height: 24px;
    padding: 0;
    border: 1px solid transparent;
    border-radius: 6px;
    background: transparent;
    color: inherit;
  }

  .act svg {
    width: 16px;
    height: 16px;
  }

  .act.down svg {
    transform: rotate(180deg);
  }

  .act:hover {
    background: color-mix(in srgb, currentColor 12%, transparent);
    color: var(--_fg);
  }

  /* The focus colour: the primary one, nudged to 3:1 on the panel under a bot theme. */
  .act[aria-pressed='true'] {
    border-color: currentColor;
    color: var(--_focus);
  }

  .act[aria-pressed='true'] svg {
    fill: currentColor;
    fill-opacity: 0.25;
  }

  .reason,
  .thanks,
  .copy-fallback {
    flex-basis: 100%;
    margin: 4px 0 0;
    font-size: 0.875rem;
  }

  .reason {
    display: flex;
    flex-direction: column;
    gap: 8px;
    max-width: 85%;
    padding: 10px 12px;
    border: 1px solid var(--_border);
    border-radius: 12px;
    background: var(--_bg);
    color: var(--_fg);
  }

  .reason fieldset {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    margin: 0;
    padding: 0;
    border: 0;
  }

  .reason legend {
    margin-block-end: 6px;
    padding: 0;
    font-weight: 600;
  }

  .reason-choice {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 32px;
    padding: 2px 10px;
    border: 1px solid var(--_border);
    border-radius: 999px;
    cursor: pointer;
  }

  .reason-choice:has(:checked) {
    border-color: var(--_primary);
    box-shadow: inset 0 0 0 1px var(--_primary);
  }

  .reason-choice input {
    margin: 0;
    accent-color: var(--_primary);
  }

  .comment-label {
    display: flex;
    flex-direction: column;
    gap: 4px;
  }

  .comment {
    min-height: 36px;
    padding: 6px 10px;
    border: 1px solid var(--_border);
    border-radius: 8px;
    background: var(--_input-bg);
    color: var(--_input-fg);
    font: inherit;
  }

  .reason-buttons {
    display: flex;
    gap: 8px;
  }

  .reason-send,
  .reason-close {
    min-height: 32px;
    padding: 4px 14px;
    border-radius: 999px;
  }

  .reason-send {
    border: 1px solid var(--_primary);
    background: var(--_primary);
    color: var(--_on-primary);
  }

  .reason-close {
    border: 1px solid var(--_border);
    background: transparent;
    color: inherit;
  }

  .thanks {
    color: var(--_muted);
  }

  .copy-fallback {
    display: flex;
    flex-direction: column;
    gap: 4px;
    max-width: 85%;
  }

  .copy-field {
    width: 100%;
    padding: 6px 10px;
    border: 1px solid var(--_border);
    border-radius: 8px;
    background: var(--_input-bg);
    color: var(--_input-fg);
    font: inherit;
    resize: vertical;
  }

  .copy-hint {
    margin: 0;
    color: var(--_muted);
  }

  /* The conversation's menu, in the header. */

  .header {
    position: relative;
  }

  .menu {
    position: absolute;
    inset-block-start: calc(100% - 6px);
    inset-inline-end: 12px;
    z-index: 3;
    display: flex;
    flex-direction: column;
    min-width: 220px;
    padding: 4px;
    border: 1px solid var(--_border);
    border-radius: 12px;
    background: var(--_bg);
    color: var(--_fg);
    box-shadow: 0 8px 24px rgb(15 23 42 / 0.2);
  }

  .menu-item {
    min-height: 40px;
    padding: 8px 12px;
    border: 1px solid transparent;
    border-radius: 8px;
    background: transparent;
    color: inherit;
    text-align: start;
  }

  .menu-item:is(:hover, :focus) {
    background: color-mix(in srgb, var(--_primary) 12%, transparent);
  }

  @media (prefers-reduced-motion: reduce) {
    .acts {
      transition: none;
    }
  }

  @media (forced-colors: active) {
    .act,
    .menu-item {
      border-color: ButtonText;
    }

    .act[aria-pressed='true'] {
      forced-color-adjust: none;
      border-color: Highlight;
      background: Highlight;
      color: HighlightText;
    }
  }

  /* Printed: the transcript alone, every message laid out, no controls. */
  @media print {
    :host,
    :host([mode]) {
      position: static !important;
      display: block !important;
      height: auto !important;
    }

    .panel,
    .dialog,
    :host([mode='bubble']) .panel {
      position: static !important;
      width: auto !important;
      height: auto !important;
      max-width: none !important;
      max-height: none !important;
      overflow: visible !important;
      border: 0 !important;
      box-shadow: none !important;
    }

    .header,
    .composer,
    .launcher,
    .preview,
    .badge,
    .jump,
    .progress,
    .error,
    .skeleton,
    .act,
    .reason,
    .copy-fallback,
    [part~='typing'] {
      display: none !important;
    }

    .transcript,
    .messages {
      display: block !important;
      height: auto !important;
      overflow: visible !important;
    }

    .row {
      content-visibility: visible !important;
      break-inside: avoid;
    }

    /* Every line under its message, none drawn over another. */
    .messages > * + * {
      margin-top: 8px !important;
    }

    .acts {
      opacity: 1 !important;
    }

    .bubble {
      max-width: 100% !important;
      print-color-adjust: exact;
    }
  }
`;
