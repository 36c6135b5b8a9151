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
 *
 * Also what the controller (`answer-actions.ts`) reads of a row's DOM and changes in it: the answer's
 * excerpt, the reasons' form, whether the row's line of actions takes room, the status it speaks through.
 */
import type { AnswerStrings } from '../../render/answer-strings.js';
import { el } from '../../render/rich-text.js';
import type { FlowbotFeedbackReason } from '../events.js';

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

/** A button of the row: out of the Tab order until the visitor enters the message (see `transcript-keys.ts`). */
function button(act: string, label: string, path: string, describedBy: string): HTMLButtonElement {
  const b = el('button', [icon(path)], `act ${act}`) as HTMLButtonElement;
  b.type = 'button';
  b.tabIndex = -1;
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
  // Like the buttons above it, reached by Tab inside its message only (see `transcript-keys.ts`).
  for (const control of form.querySelectorAll<HTMLElement>('input, button')) control.tabIndex = -1;
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
  field.tabIndex = -1;
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

/** One answer's actions as drawn, and what the visitor did with them. */
export interface Drawn {
  acts: HTMLElement;
  /** What they were drawn for: buttons and language. */
  signature: string;
  /** The words they were drawn with: a language's arrive after its first messages may be drawn. */
  words: AnswerStrings;
  rating: 'up' | 'down' | undefined;
  /** The reasons, the thanks or the copy field under the actions. */
  extra: HTMLElement | undefined;
}

/**
 * Whether a row's line of actions takes no room (the next answer comes up over it, see
 * `answerStyles`): a class on the row, so a long transcript never pays for a `:has()` rule.
 */
export function lean(drawn: Drawn): void {
  drawn.acts.parentElement?.classList.toggle(
    'lean',
    !drawn.acts.matches('.keep, .rated') && !drawn.extra?.classList.contains('copy-fallback'),
  );
}

/** Shows `extra` (the reasons, the thanks, the copy field) under a row's actions, instead of the one there. */
export function showExtra(drawn: Drawn, row: HTMLElement, extra: HTMLElement): void {
  if (drawn.extra?.isConnected) drawn.extra.replaceWith(extra);
  else row.append(extra);
  drawn.extra = extra;
  lean(drawn);
}

/** Takes away what `showExtra` showed under a row's actions. */
export function dropExtra(drawn: Drawn): void {
  drawn.extra?.remove();
  drawn.extra = undefined;
  lean(drawn);
}

/** The keys that copy on this platform. */
export function copyKeys(): string {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  return /mac|iphone|ipad|ipod/i.test(nav.userAgentData?.platform || nav.platform || nav.userAgent) ? '⌘C' : 'Ctrl+C';
}

/** What the reasons' form holds: the reason picked, and the comment (trimmed, at most `COMMENT_CHARS`). */
export function readReasonForm(form: HTMLFormElement): { reason: FlowbotFeedbackReason | null; comment: string } {
  const data = new FormData(form);
  return {
    reason: data.get(`${form.querySelector('input')!.name}`) as FlowbotFeedbackReason | null,
    comment: String(data.get('comment') ?? '')
      .trim()
      .slice(0, COMMENT_CHARS),
  };
}

/** Goes `back` on Escape in `target` (the reasons, the copy field); the transcript's keys never see that Escape. */
export function onEscape(target: HTMLElement, back: () => void): void {
  target.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    back();
  });
}

/**
 * The start of the answer the bubble shows (its paragraphs and items apart), for the descriptions of
 * its buttons: its text alone, not what an agent did (the folded thinking, the tool lines, the sources).
 */
export function excerptOf(row: HTMLElement): string {
  // An agent's answer: its text is the content between what the agent did and the sources.
  const bubble = row.querySelector('.fb-answer > .fb-content') ?? row.querySelector('.bubble');
  if (!bubble) return '';
  const walker = document.createTreeWalker(bubble, NodeFilter.SHOW_TEXT);
  let text = '';
  let block: Element | null | undefined;
  for (let node = walker.nextNode(); node && text.length < 100; node = walker.nextNode()) {
    const within = node.parentElement?.closest('p, li');
    text += (block !== undefined && within !== block ? ' ' : '') + (node.textContent ?? '');
    block = within;
  }
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > 80 ? `${text.slice(0, 79).trimEnd()}…` : text;
}

/** The polite status the answers speak through, which nobody sees. */
export function drawStatus(): HTMLElement {
  const status = document.createElement('div');
  status.className = 'visually-hidden';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  return status;
}

/** Copy's icon says it copied, for a moment. */
export function showCopied(button: HTMLButtonElement): void {
  const path = button.querySelector('path');
  path?.setAttribute('d', ICONS.copied);
  setTimeout(() => path?.setAttribute('d', ICONS.copy), 1500);
}
