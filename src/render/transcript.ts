/**
 * The transcript: bot messages and the visitor's answers, the loading
 * skeleton, the typing indicator and the notices under the last message
 * (a blocked redirect, an error with its retry, the "unavailable" state).
 */
import { html, nothing, render, type CSSResult, type TemplateResult } from 'lit';
import { isFlowbotResponseError } from '../api/errors.js';
// Types only: the renderer draws the transcript the conversation holds, so it must know its shape.
import type {
  AnswerEntry,
  BotEntry,
  ConversationStatus,
  FailedAction,
  TranscriptEntry,
} from '../protocol/transcript.js';
import type { FlowbotStrings } from '../i18n/lookup.js';
import { readSystemMessages } from '../protocol/flowbot.js';
import { isMedia, needsOnDemand, renderMessageContent } from './message.js';
import { el } from './rich-text.js';
import { mediaRenderers, richRenderers, streamRenderers } from './on-demand-source.js';
import { findQuestion, QUESTION_ID } from './question.js';

/** What the transcript shows of the conversation. */
export interface TranscriptView {
  readonly status: ConversationStatus;
  readonly entries: readonly TranscriptEntry[];
  readonly typing: boolean;
  readonly error: unknown;
  readonly errorAction: FailedAction | undefined;
  /** The viewer could not be reached: the call goes again by itself (no Retry). */
  readonly unreachable: boolean;
  /** Nothing to retry (no such bot, attributes that reach no viewer). */
  readonly final: boolean;
  readonly flowbot: unknown;
}

/** What the transcript needs from the element. */
export interface TranscriptContext {
  readonly strings: FlowbotStrings;
  /** The bot's avatar beside its messages. */
  readonly avatar: string | undefined;
  /** The visitor's avatar beside their answers. */
  readonly guestAvatar: string | undefined;
  /** A redirect's page the browser would not open in a new tab (its link is drawn by the on-demand part). */
  readonly blockedUrl: string | undefined;
  readonly onRetry: () => void;
  /** Starts a new conversation after an expired one. */
  readonly onStartAgain: () => void;
  /** Newer messages wait below while the visitor reads further up. */
  readonly unseen: boolean;
  /** Goes to the newest message. */
  readonly onJump: () => void;
  /** Adds styles that came with the on-demand part (markdown's blocks, video, audio and embeds) to the shadow root. */
  readonly adoptStyles: (styles: CSSResult) => void;
  /** What the on-demand part adds to the rows, once it is there. */
  readonly answers?: RowDecorations | undefined;
  /** The widget's language (its plurals, and whether a tool's name reads in English). */
  readonly lang?: string | undefined;
  /** The site's words for its agent's tools, by tool name (`toolNames`). */
  readonly toolNames?: Readonly<Record<string, string>> | undefined;
}

/** What the on-demand part adds to the rows: its actions to a bot answer's (drawn into it, in place), a visitor answer's time. */
export interface RowDecorations {
  row(entry: BotEntry, row: HTMLElement): void;
  stamp(entry: AnswerEntry): Node | undefined;
}

/** The transcript (`part="messages"`, a polite live log), and the "new messages" button over its end. */
export function renderTranscript(view: TranscriptView, ctx: TranscriptContext): TemplateResult {
  const { status, entries, typing } = view;
  const { strings, avatar } = ctx;
  // What the on-demand part draws in bubbles (markdown's blocks, media) comes with its styles.
  const streams = streamRenderers.get();
  for (const part of [richRenderers.get(), streams, mediaRenderers.get()])
    if (part) ctx.adoptStyles(part.contentStyles);
  let previous: TranscriptEntry | undefined;
  let answered = false;
  const question = findQuestion(entries);
  const rows = entries.map((entry) => {
    const row =
      entry.kind === 'bot'
        ? renderBotEntry(entry, previous?.kind === 'bot', answered, ctx, entry === question)
        : entry.kind === 'stream'
          ? // Only a stream the streams' file brought can grow here: its row comes with it.
            (streams?.renderStreamRow(entry, previous?.kind === 'bot', ctx.avatar, ctx.strings, {
              lang: ctx.lang,
              toolNames: ctx.toolNames,
            }) ?? nothing)
          : renderAnswerEntry(entry, ctx);
    answered ||= entry.kind === 'answer';
    if (row !== nothing) previous = entry;
    return row;
  });
  return html`<div class="transcript"><div
    part="messages"
    class="messages"
    role="log"
    aria-live="polite"
    aria-label=${strings.conversation}
    aria-busy=${status === 'starting' ? 'true' : 'false'}
    tabindex="0"
  >
    ${rows}
    ${
      status === 'starting'
        ? html`<div class="skeleton">
          <span class="visually-hidden">${strings.loading}</span>
          <span class="bone" aria-hidden="true"></span><span class="bone short" aria-hidden="true"></span>
        </div>`
        : nothing
    }
    ${
      typing
        ? html`<div part="typing" class="row bot">
          ${avatar ? html`<span class="avatar-space"></span>` : nothing}
          <div class="bubble bot-bubble typing">
            <span class="visually-hidden">${strings.typing}</span>
            <span class="dot"></span><span class="dot"></span><span class="dot"></span>
          </div>
        </div>`
        : nothing
    }
    ${(ctx.blockedUrl && richRenderers.get()?.renderRedirectLink(ctx.blockedUrl, strings)) || nothing} ${status === 'error' ? renderError(view, ctx) : nothing}
    ${(status === 'expired' && richRenderers.get()?.renderExpired(strings, ctx.onStartAgain)) || nothing}
    ${status === 'unavailable' ? html`<p part="unavailable" class="notice">${strings.unavailable}</p>` : nothing}
  </div>${
    ctx.unseen
      ? html`<button part="new-messages" class="jump" type="button" @click=${ctx.onJump}>${strings.newMessages}</button>`
      : nothing
  }</div>`;
}

/** A bot message's row, and what its parts were drawn with. */
interface DrawnRow {
  /** The row: the avatar (or the space of one) its first child, when there is one, then the bubble. */
  readonly row: HTMLElement;
  readonly bubble: HTMLElement;
  /** What the lead before the bubble shows: the avatar's URL, `''` for the space beside a grouped message. */
  lead: string | undefined;
  /** What the content depends on: media the words and autoplay, markdown and media the on-demand part. */
  strings: FlowbotStrings | undefined;
  autoplay: boolean;
  ready: boolean;
  /** The content could be read (a message that cannot is not shown). */
  shown: boolean;
  /** The bubble has the question's id (the input names it). */
  question: boolean;
}

/** Each bot message's row, drawn once. */
const drawnRows = new WeakMap<BotEntry, DrawnRow>();

/**
 * A bot message's row. Built as DOM, not as a template: a long transcript is
 * mostly these rows, and a row that never changes needs no template parts
 * (each part is a marker node and objects kept for every row). A row is
 * updated in place, never replaced: the live log announces only what is new.
 */
function renderBotEntry(
  entry: BotEntry,
  grouped: boolean,
  answered: boolean,
  ctx: TranscriptContext,
  question: boolean,
): HTMLElement | typeof nothing {
  const { message } = entry;
  const type = message.type;
  const media = type !== 'text';
  // Plain rich text and images draw at once; markdown waits for its parser, media for its reader, an
  // agent's answer for the drawing of what it did.
  const part = needsOnDemand(message) ? richRenderers.get() : undefined;
  const ready = isMedia(message)
    ? !!mediaRenderers.get()
    : !!part && (!!streamRenderers.get() || !part.needsAgent(message));
  // Media may autoplay only in reply to the visitor, never on first load or from storage.
  const autoplay = media && answered && !entry.restored;
  // Media and images carry words of the interface (labels, titles).
  const strings = media ? ctx.strings : undefined;
  let drawn = drawnRows.get(entry);
  if (!drawn) {
    const row = el('div', [], 'row bot');
    const bubble = row.appendChild(el('div', [], 'bubble bot-bubble'));
    bubble.setAttribute('part', 'message bot-message');
    bubble.setAttribute('data-type', type);
    drawn = { row, bubble, lead: undefined, strings, autoplay, ready, shown: false, question: false };
    drawnRows.set(entry, drawn);
    drawn.shown = drawContent(drawn, entry, ctx);
  } else if (drawn.autoplay !== autoplay || drawn.strings !== strings || drawn.ready !== ready) {
    Object.assign(drawn, { autoplay, strings, ready });
    drawn.shown = drawContent(drawn, entry, ctx);
  }
  if (!drawn.shown) return nothing;
  const { row, bubble } = drawn;
  const { avatar } = ctx;
  const lead = avatar ? (grouped ? '' : avatar) : undefined;
  if (drawn.lead !== lead) {
    if (drawn.lead !== undefined) row.firstElementChild!.remove();
    if (lead !== undefined) row.prepend(lead ? avatarImg(lead) : el('span', [], 'avatar-space'));
    drawn.lead = lead;
  }
  if (drawn.question !== question) {
    drawn.question = question;
    if (question) bubble.id = QUESTION_ID;
    else bubble.removeAttribute('id');
  }
  ctx.answers?.row(entry, row);
  return row;
}

/** Draws (or draws again) the bubble's content; false when the message cannot be shown. */
function drawContent(drawn: DrawnRow, entry: BotEntry, ctx: TranscriptContext): boolean {
  const { message } = entry;
  const type = message.type;
  const content = renderMessageContent(message, {
    autoplay: drawn.autoplay,
    labels: ctx.strings,
    uiLang: ctx.lang,
    toolNames: ctx.toolNames,
  });
  if (content === null) return false;
  // Text arrives as an element, drawn once; media as a template, updated in place when drawn again.
  const { bubble } = drawn;
  if (content instanceof Node) bubble.replaceChildren(content);
  else {
    const label =
      type === 'image'
        ? nothing
        : html`<span class="visually-hidden">${ctx.strings[type as 'video' | 'audio' | 'embed']}</span>`;
    render(html`${label}${content}`, bubble);
  }
  return true;
}

function avatarImg(src: string): HTMLElement {
  const img = el('img', [], 'avatar') as HTMLImageElement;
  img.setAttribute('part', 'avatar');
  img.src = src;
  img.alt = '';
  return img;
}

function renderAnswerEntry(entry: AnswerEntry, ctx: TranscriptContext): TemplateResult {
  const { strings, guestAvatar } = ctx;
  return html`<div class="row user ${entry.state}">
    <div part="message user-message" class="bubble user-bubble">${entry.text}</div>
    ${guestAvatar ? html`<img part="avatar guest-avatar" class="avatar" src=${guestAvatar} alt="" />` : nothing}${ctx.answers?.stamp(entry)}
    ${
      entry.state === 'failed'
        ? html`<span class="note">${strings.notSent}</span>`
        : entry.state === 'sending'
          ? html`<span class="visually-hidden">${strings.sending}</span>`
          : nothing
    }
  </div>`;
}

function renderError(view: TranscriptView, ctx: TranscriptContext): TemplateResult {
  const { error, errorAction } = view;
  const { strings } = ctx;
  // A streamed answer cut short (the on-demand part streams it): marked, with Try again.
  const failure = errorAction === 'stream' && richRenderers.get()?.renderStreamFailure(view, strings, ctx.onRetry);
  if (failure) return failure;
  const system = readSystemMessages(view.flowbot);
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const { final, unreachable } = view;
  let message = offline
    ? strings.offline
    : (system.networkErrorMessage ?? (unreachable ? strings.unreachable : strings.error));
  // No such bot, or attributes that reach none: said in the console; here, no Retry that cannot succeed.
  if (final) message = strings.unavailable;
  // The server took the answer but its reply could not be read: nothing is "not sent".
  else if (isFlowbotResponseError(error) && error.status < 300) message = strings.unreadable;
  // The bubble already shows "Not sent"; the alert says it for screen readers only.
  const notSent = errorAction === 'send' && view.entries.some((e) => e.kind === 'answer' && e.state === 'failed');
  return html`<div part="error" class="error" role="alert">
    <span>${notSent ? html`<span class="visually-hidden">${strings.notSent}. </span>` : nothing}${message}</span>
    ${
      final || unreachable
        ? nothing
        : html`<button part="retry-button" class="retry" type="button" @click=${ctx.onRetry}>${strings.retry}</button>`
    }
  </div>`;
}
