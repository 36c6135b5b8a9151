/**
 * What a visitor can do with an answer, drawn as DOM beside the bubble (like
 * the row itself: drawn once, changed in place): its time, a copy button,
 * thumbs up and down, the reasons offered after a thumbs down, and the field
 * the answer's text is selected in when the clipboard refuses. Loaded on
 * demand, with its styles (`answerStyles`, print included).
 *
 * The actions sit in an `aria-live="off"` box: added to a row the live log
 * already announced (the first answers arrive before this code), or with a
 * new row, they are not read out as part of the message.
 */
import { css, type CSSResult } from 'lit';
import type { AnswerStrings } from '../i18n/answers.js';
import { el } from './rich-text.js';

/** What an answer's actions show. */
export interface ActionsView {
  /** Unique in the shadow root: the ids of the row's parts start with it. */
  readonly id: string;
  /** When the answer was shown, as words (`10:42`) and as a date-time, when known. */
  readonly time: { readonly text: string; readonly iso: string } | undefined;
  readonly copy: boolean;
  readonly feedback: boolean;
  readonly rating: 'up' | 'down' | undefined;
  /** The start of the answer, which the buttons' descriptions name. */
  readonly excerpt: string;
  readonly words: AnswerStrings;
}

/** The reasons offered after a thumbs down, in order, with their words. */
export const REASONS = [
  ['inaccurate', 'inaccurate'],
  ['unhelpful', 'unhelpful'],
  ['too-long', 'tooLong'],
  ['other', 'other'],
] as const satisfies readonly (readonly [string, keyof AnswerStrings])[];

/** Longest comment taken after a thumbs down. */
export const COMMENT_CHARS = 500;

const SVG = 'http://www.w3.org/2000/svg';

/** An icon from one path (drawn with the element's icon styles: stroke in the current colour). */
function icon(d: string): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = svg.appendChild(document.createElementNS(SVG, 'path'));
  path.setAttribute('d', d);
  return svg;
}

/** The icons' paths. */
export const ICONS = {
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  copied: 'm5 12 5 5 9-10',
  thumb: 'M7 11v10H3V11h4Zm0 0 4-8c1.7 0 3 1.3 3 3v3h5.2a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 17.8 21H7',
} as const;

function button(act: string, label: string, path: string, describedBy: string): HTMLButtonElement {
  const b = el('button', [icon(path)], `act ${act}`) as HTMLButtonElement;
  b.type = 'button';
  b.dataset.act = act;
  b.setAttribute('aria-label', label);
  b.setAttribute('aria-describedby', describedBy);
  return b;
}

/**
 * An answer's actions: its time, then the copy button and the thumbs (each
 * when asked for). With buttons, a group named after the answer's time, and
 * the buttons described by the start of the answer. Clicks are the caller's:
 * each button says what it does in `data-act` (`copy`, `up`, `down`).
 */
export function drawActions(view: ActionsView): HTMLElement {
  const { words, id, time } = view;
  const acts = el('div', [], 'acts');
  acts.setAttribute('part', 'actions');
  acts.setAttribute('aria-live', 'off');
  if (time) {
    const stamp = acts.appendChild(el('time', [time.text], 'stamp'));
    stamp.setAttribute('part', 'timestamp');
    stamp.setAttribute('datetime', time.iso);
  }
  if (!view.copy && !view.feedback) return acts;
  acts.setAttribute('role', 'group');
  acts.setAttribute('aria-label', time ? words.answerAt.replace('{time}', time.text) : words.answer);
  const about = `${id}-about`;
  if (view.copy) acts.append(button('copy', words.copy, ICONS.copy, about));
  if (view.feedback) {
    for (const [act, label] of [
      ['up', words.good],
      ['down', words.bad],
    ] as const) {
      const thumb = acts.appendChild(button(act, label, ICONS.thumb, about));
      thumb.setAttribute('aria-pressed', String(view.rating === act));
    }
  }
  const excerpt = acts.appendChild(el('span', [view.excerpt], 'visually-hidden'));
  excerpt.id = about;
  return acts;
}

/** Shows `rating` on the thumbs of `acts`. */
export function showRating(acts: Element, rating: 'up' | 'down' | undefined): void {
  for (const thumb of acts.querySelectorAll('[aria-pressed]')) {
    thumb.setAttribute('aria-pressed', String((thumb as HTMLElement).dataset.act === rating));
  }
}

/**
 * The reasons offered after a thumbs down: a reason to pick, a comment, Send
 * and "No, thanks". Submitting is the caller's (the form's `submit`).
 */
export function drawReasonForm(id: string, words: AnswerStrings): HTMLFormElement {
  const legend = el('legend', [words.whatWentWrong]);
  const choices = REASONS.map(([value, word]) => {
    const radio = el('input') as HTMLInputElement;
    radio.type = 'radio';
    radio.name = `${id}-reason`;
    radio.value = value;
    return el('label', [radio, words[word]], 'reason-choice');
  });
  const comment = el('input', [], 'comment') as HTMLInputElement;
  comment.type = 'text';
  comment.name = 'comment';
  comment.maxLength = COMMENT_CHARS;
  comment.autocomplete = 'off';
  const send = el('button', [words.sendFeedback], 'reason-send') as HTMLButtonElement;
  send.type = 'submit';
  const close = el('button', [words.closeFeedback], 'reason-close') as HTMLButtonElement;
  close.type = 'button';
  close.dataset.act = 'close';
  const form = el('form', [
    el('fieldset', [legend, ...choices]),
    el('label', [words.tellUsMore, comment], 'comment-label'),
    el('div', [send, close], 'reason-buttons'),
  ]) as HTMLFormElement;
  form.className = 'reason';
  form.setAttribute('part', 'feedback-form');
  form.setAttribute('aria-live', 'off');
  form.noValidate = true;
  return form;
}

/** The quiet note that replaces the reasons once sent. */
export function drawThanks(words: AnswerStrings): HTMLElement {
  const thanks = el('p', [words.thanks], 'thanks');
  thanks.setAttribute('aria-live', 'off');
  return thanks;
}

/**
 * Where the answer's text is selected when the clipboard refused it, with the
 * keys that copy it (`Ctrl+C`, or `⌘C` on Apple platforms).
 */
export function drawCopyFallback(id: string, text: string, keys: string, words: AnswerStrings): HTMLElement {
  const field = el('textarea', [], 'copy-field') as HTMLTextAreaElement;
  field.readOnly = true;
  field.value = text;
  field.rows = Math.min(6, Math.max(2, text.split('\n').length));
  field.setAttribute('aria-label', words.answerText);
  const hint = el('p', [words.pressToCopy.replace('{keys}', keys)], 'copy-hint');
  hint.id = `${id}-hint`;
  field.setAttribute('aria-describedby', hint.id);
  const box = el('div', [field, hint], 'copy-fallback');
  box.setAttribute('aria-live', 'off');
  return box;
}

/** The time of a visitor's answer, beside its bubble (shown as the bot's are). */
export function drawStamp(time: { readonly text: string; readonly iso: string }): HTMLElement {
  const stamp = el('time', [time.text], 'stamp');
  stamp.setAttribute('part', 'timestamp');
  stamp.setAttribute('datetime', time.iso);
  const box = el('span', [stamp], 'acts user-acts');
  box.setAttribute('aria-live', 'off');
  return box;
}

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
  .acts:focus-within,
  .acts.rated {
    opacity: 1;
  }

  /*
   * The line of a bot message followed by another takes no room (see transcript.styles.ts): the
   * next row comes up over it, 8 px under the bubble, and the row comes back on top while its
   * line shows. A streamed answer's line with its thumbs keeps its room (class keep, see
   * Answers.row), and so does a rated answer's (its thumbs stay shown) and one with its copy field
   * open: the others' rows have the class lean.
   */
  .row.bot.lean + .row.bot {
    margin-top: -18px;
  }

  .row.bot:is(:hover, :focus-within) {
    position: relative;
    z-index: 1;
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
