/**
 * What a visitor can do with the answers, loaded on demand once a conversation shows its first message
 * (nothing of it comes before):
 *
 * - **Actions under each bot text answer** (a streamed answer once complete;
 *   media and inputs have none): its time, Copy (`no-copy` leaves it out) and,
 *   per `feedback`, thumbs up and down. A thumbs down offers a few reasons and
 *   a comment, sent once, then a quiet "Thanks". Each rating fires
 *   `flowbot-feedback`; a later one on the same answer says `changed: true`.
 *   The widget sends feedback nowhere: the page forwards it.
 * - **The time** of every message, visitor's too, in the visitor's local time and the widget's language.
 * - **The conversation's menu** in the header (`no-menu` leaves it out):
 *   Download (Markdown) and Print (the transcript alone), see `conversation-menu.ts`.
 * - **Copy everywhere it is safe**: the Clipboard API where the browser allows
 *   it; where it refuses, the text is selected in a field and the visitor is
 *   told the keys that copy it. A polite status says "Copied".
 *
 * The actions are drawn as DOM into the rows the transcript drew (see
 * `answer-row.ts`), once, and changed in place. A long transcript gets them
 * `ROWS_PER_RENDER` rows a render, newest first (the rows in view), as the
 * render is committed, before it is painted: drawing a thousand rows' actions
 * in one task stopped WebKit for a third of a second.
 */
import type { ReactiveController, TemplateResult } from 'lit';
import { answerStringsFor, type AnswerStrings } from '../../render/answer-strings.js';
import { answerToText } from '../../render/answer-text.js';
import type { AnswersHost, AnswersNotices } from './answers-host.js';
import { ConversationMenu } from './conversation-menu.js';
import { timeOf } from '../../render/dates.js';
import { langOf } from '../../i18n/lang.js';
import { stringsFor } from '../../i18n/lookup.js';
import { keepTabStop, TRANSCRIPT_KEYS, walkTranscript, type WalkStrings } from './transcript-keys.js';
import { STREAMED_ID, type AnswerEntry, type BotEntry } from '../../protocol/transcript.js';
import {
  copyKeys,
  drawActions,
  drawCopyFallback,
  drawReasonForm,
  drawStamp,
  drawStatus,
  drawThanks,
  dropExtra,
  excerptOf,
  lean,
  onEscape,
  readReasonForm,
  showCopied,
  showExtra,
  showRating,
  type Drawn,
} from './answer-row.js';
import { answerStyles } from './answer-row.styles.js';
import type { RowDecorations } from '../../render/transcript.js';
import { adoptStyles } from '../../theme/sheets.js';
import { FlowbotFeedbackEvent, type FlowbotFeedbackDetail } from '../events.js';

export type { AnswersHost, AnswersNotices, AnswersView } from './answers-host.js';

/** The most rows whose actions are drawn in one render; the rest in the next ones, a task apart. */
const ROWS_PER_RENDER = 50;

/**
 * The answers' features of one element (see the module comment): draws the
 * actions into the rows the transcript hands it, and the header's menu.
 */
export class Answers implements ReactiveController, RowDecorations {
  readonly #host: AnswersHost;
  readonly #notices: AnswersNotices;
  #lang = '';
  #words: AnswerStrings = answerStringsFor('');
  readonly #drawn = new WeakMap<BotEntry, Drawn>();
  readonly #stamps = new WeakMap<AnswerEntry, { lang: string; node: Node | undefined }>();
  /** Numbers the ids of what is drawn (a row's actions, drawn again when the language changes; reasons; copy fields). */
  #ids = 0;
  /** The newest answer with actions (shown at all times on touch screens). */
  #latest: BotEntry | undefined;
  #status: HTMLElement | undefined;
  readonly #menu: ConversationMenu;
  /** How many more rows this render may draw actions into; the rest wait for the next frame. */
  #budget = ROWS_PER_RENDER;
  #more = false;
  /** The bot rows of the render under way, in the transcript's order. */
  #rows: [BotEntry, HTMLElement][] = [];
  /** The transcript walked by keyboard (see `transcript-keys.ts`). */
  #log: HTMLElement | undefined;
  /** Each bot row's entry, for the rows whose actions wait until a visitor can use them. */
  readonly #entries = new WeakMap<Element, BotEntry>();

  constructor(host: AnswersHost, notices: AnswersNotices) {
    this.#host = host;
    this.#notices = notices;
    this.#menu = new ConversationMenu(host, {
      ...notices,
      words: () => this.#words,
      lang: () => this.#lang,
      say: (text) => this.#say(text),
    });
    host.addController(this);
    adoptStyles(host.renderRoot, answerStyles);
    this.hostUpdate();
  }

  hostUpdate(): void {
    this.#lang = langOf(this.#host);
    this.#words = answerStringsFor(this.#lang);
    this.#budget = ROWS_PER_RENDER;
  }

  hostUpdated(): void {
    this.#menu.updated();
    const root = this.#host.renderRoot;
    const log = root.querySelector<HTMLElement>('.messages') ?? undefined;
    // How to walk it, said when it takes focus (the widget's words; English's arrive with the on-demand part).
    const keys = stringsFor(this.#lang).transcriptKeys ?? TRANSCRIPT_KEYS;
    if (log && log.getAttribute('aria-description') !== keys) log.setAttribute('aria-description', keys);
    if (log) keepTabStop(log);
    if (log && log !== this.#log) {
      this.#log = log;
      walkTranscript(
        log,
        () => this.#walkStrings(),
        () => root.querySelector<HTMLElement>('[part~="composer"] :is(input, textarea, button, [tabindex="0"])'),
        (row) => this.#wake(row),
      );
      // A row's actions are drawn once a visitor can use them: pointed at, focused or touched; in
      // the next frame, before it is painted (a row under a pointer as the log scrolls to follow
      // may be reported while the layout is observed, which must not change then).
      const wake = (event: Event): void => {
        const row = (event.target as Element).closest?.('.row.waits');
        if (row?.parentElement === log) requestAnimationFrame(() => this.#wake(row));
      };
      for (const type of ['pointerover', 'focusin', 'touchstart']) log.addEventListener(type, wake, { passive: true });
    }
    // Newest first: of a long transcript, the rows in view get their actions first.
    const rows = this.#rows;
    this.#rows = [];
    for (let i = rows.length; i--;) this.#draw(...rows[i]!);
    if (this.#more) {
      this.#more = false;
      setTimeout(() => this.#host.requestUpdate(), 0);
    }
  }

  hostConnected(): void {
    addEventListener('beforeprint', this.#print);
  }

  hostDisconnected(): void {
    this.#menu.close();
    removeEventListener('beforeprint', this.#print);
  }

  /** Printed, every message has its time: the actions still waiting are drawn (their buttons are not printed). */
  readonly #print = (): void => {
    for (const row of this.#log?.querySelectorAll(':scope > .row.waits') ?? []) this.#wake(row);
  };

  /** Draws the actions of a row that waited for them (see `row`). */
  #wake(row: Element): void {
    const entry = this.#entries.get(row);
    if (entry) this.#draw(entry, row as HTMLElement, true);
  }

  /** What a message walked to by keyboard says: the widget's words, else "Bot, 10:42" from the answers'. */
  #walkStrings(): WalkStrings {
    const { botAt, youAt } = stringsFor(this.#lang);
    return { botAt: botAt ?? `${this.#words.bot}, {time}`, youAt: youAt ?? `${this.#words.you}, {time}` };
  }

  /** The header's menu (Download, Print), unless the page turned it off (`no-menu`). */
  menu(): TemplateResult | undefined {
    return this.#menu.render();
  }

  /**
   * Takes a bot answer's row of this render: its actions are drawn once the render is committed if a
   * visitor can use them now (an AI answer's thumbs), or in a task of their own (the latest answer's);
   * the others' wait, their room kept with no node (class `waits`), until the row is pointed at,
   * focused, touched or printed.
   */
  row(entry: BotEntry, row: HTMLElement): void {
    this.#rows.push([entry, row]);
    this.#entries.set(row, entry);
  }

  /** Adds (or changes) the actions of a bot answer's row (`now`: asked for by the visitor); see the module comment. */
  #draw(entry: BotEntry, row: HTMLElement, now = false): void {
    const host = this.#host;
    const text = entry.message.type === 'text';
    const copy = text && !host.noCopy;
    const mode = host.feedback;
    const streamed = entry.message.id.startsWith(STREAMED_ID);
    const feedback = text && (mode === 'all' || (mode !== 'none' && streamed));
    const latest = (copy || feedback) && entry.key >= (this.#latest?.key ?? -1);
    const signature = `${copy} ${feedback} ${this.#lang}`;
    let drawn = this.#drawn.get(entry);
    if (latest) {
      const was = this.#latest;
      // In the next frame: not while the layout this render changed is being observed.
      if (was && was !== entry) requestAnimationFrame(() => this.#rest(was));
      this.#latest = entry;
    }
    // The latest answer's wait too, their room kept, for a task of their own: the page's first time
    // format (see `render/dates.ts`) is not made in the task that shows the answers.
    if (!drawn && !now && !(feedback && streamed)) {
      row.classList.add('waits');
      if (latest) setTimeout(() => this.#wake(row));
      return;
    }
    if (drawn?.signature !== signature || drawn.words !== this.#words) {
      if (!now && this.#budget-- <= 0) {
        this.#more = true;
        return;
      }
      const acts = drawActions({
        id: `fb-${entry.key}-${this.#ids++}`,
        time: timeOf(entry.at, this.#lang),
        copy,
        feedback,
        rating: drawn?.rating,
        excerpt: copy || feedback ? excerptOf(row) : '',
        words: this.#words,
      });
      acts.addEventListener('click', (event) => this.#act(event, entry, row));
      if (drawn) {
        drawn.acts.replaceWith(acts);
        Object.assign(drawn, { acts, signature, words: this.#words });
        if (!feedback) dropExtra(drawn);
      } else {
        row.append(acts);
        row.classList.remove('waits');
        drawn = { acts, signature, words: this.#words, rating: undefined, extra: undefined };
        this.#drawn.set(entry, drawn);
      }
      acts.classList.toggle('rated', !!drawn.rating && feedback);
      // A streamed (AI) answer's thumbs take their room under it, even with another answer below.
      acts.classList.toggle('keep', feedback && streamed);
      // Changed with the actions only (and by what rates, shows or drops): not at each render of each row.
      lean(drawn);
    }
    if (latest) drawn.acts.classList.add('latest');
  }

  /**
   * The answer that was the latest: its line goes back to waiting (class `waits`) unless the
   * visitor is using it (pointed at, focused, rated, a copy field or reasons open) or it keeps its thumbs.
   */
  #rest(entry: BotEntry): void {
    const drawn = this.#drawn.get(entry);
    if (!drawn) return;
    const { acts } = drawn;
    acts.classList.remove('latest');
    const row = acts.parentElement;
    if (!row || drawn.rating || drawn.extra || acts.matches('.keep') || row.matches(':hover, :focus-within')) return;
    acts.remove();
    this.#drawn.delete(entry);
    row.classList.remove('lean');
    row.classList.add('waits');
  }

  /** The time beside a visitor's answer. */
  stamp(entry: AnswerEntry): Node | undefined {
    let stamp = this.#stamps.get(entry);
    if (stamp?.lang !== this.#lang) {
      const time = timeOf(entry.at, this.#lang);
      stamp = { lang: this.#lang, node: time && drawStamp(time) };
      this.#stamps.set(entry, stamp);
    }
    return stamp.node;
  }

  // -------------------------------------------------------------------------------------------
  // The actions

  #act(event: Event, entry: BotEntry, row: HTMLElement): void {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-act]');
    const drawn = this.#drawn.get(entry);
    if (!button || !drawn) return;
    const act = button.dataset.act;
    if (act === 'copy') this.#copy(entry, drawn, row, button);
    else if (act === 'up' || act === 'down') this.#rate(entry, drawn, row, act);
  }

  /** Puts the answer on the clipboard; where the browser refuses, selects it for the visitor's keys. */
  #copy(entry: BotEntry, drawn: Drawn, row: HTMLElement, button: HTMLButtonElement): void {
    const text = answerToText(entry.message, this.#notices.readers());
    const fallback = (): void => {
      const box = drawCopyFallback(`fb-copy-${this.#ids++}`, text, copyKeys(), this.#words);
      showExtra(drawn, row, box);
      const field = box.querySelector('textarea')!;
      const back = (): void => {
        if (drawn.extra === box) dropExtra(drawn);
        button.focus();
      };
      field.addEventListener('copy', () => {
        this.#say(this.#words.copied);
        // After the copy itself, which reads the selection.
        setTimeout(back, 0);
      });
      onEscape(field, back);
      field.focus();
      field.select();
      this.#say(this.#words.pressToCopy.replace('{keys}', copyKeys()));
    };
    const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
    if (!clipboard?.writeText) {
      fallback();
      return;
    }
    clipboard.writeText(text).then(() => {
      if (drawn.extra?.classList.contains('copy-fallback')) dropExtra(drawn);
      this.#say(this.#words.copied);
      showCopied(button);
    }, fallback);
  }

  #rate(entry: BotEntry, drawn: Drawn, row: HTMLElement, rating: 'up' | 'down'): void {
    if (drawn.rating === rating) return;
    const changed = drawn.rating !== undefined;
    drawn.rating = rating;
    showRating(drawn.acts, rating);
    drawn.acts.classList.add('rated');
    lean(drawn);
    this.#feedback(entry, { rating, changed });
    if (rating === 'up') {
      if (drawn.extra?.classList.contains('reason')) dropExtra(drawn);
      return;
    }
    const thumb = drawn.acts.querySelector<HTMLButtonElement>('[data-act="down"]');
    const form = drawReasonForm(`fb-reason-${this.#ids++}`, this.#words);
    showExtra(drawn, row, form);
    const back = (): void => {
      if (drawn.extra === form) dropExtra(drawn);
      thumb?.focus();
    };
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const { reason, comment } = readReasonForm(form);
      if (!reason && !comment) {
        back();
        return;
      }
      this.#feedback(entry, {
        rating: 'down',
        changed: true,
        ...(reason ? { reason } : {}),
        ...(comment ? { comment } : {}),
      });
      showExtra(drawn, row, drawThanks(this.#words));
      this.#say(this.#words.thanks);
      thumb?.focus();
    });
    form.addEventListener('click', (event) => {
      if ((event.target as Element).closest('[data-act="close"]')) back();
    });
    onEscape(form, back);
    form.querySelector('input')?.focus();
  }

  #feedback(
    entry: BotEntry,
    detail: Pick<FlowbotFeedbackDetail, 'rating' | 'reason' | 'comment'> & { changed: boolean },
  ): void {
    const { changed, ...rest } = detail;
    this.#notices.fire(
      new FlowbotFeedbackEvent({
        messageId: entry.message.id,
        sessionId: this.#notices.conversation().sessionId ?? '',
        ...rest,
        text: answerToText(entry.message, this.#notices.readers()),
        ...(changed ? { changed } : {}),
      }),
    );
  }

  /** Says `text` through a polite status nobody sees (one per widget, kept at the start of the panel). */
  #say(text: string): void {
    let status = this.#status;
    const panel = this.#host.renderRoot.querySelector('.panel');
    if (!panel) return;
    if (!status) {
      status = this.#status = drawStatus();
    }
    // Before the panel's first part: never inside what the element's template updates.
    if (status.parentNode !== panel) panel.prepend(status);
    status.textContent = '';
    // A change a moment later is announced even when the words are the same as last time.
    setTimeout(() => (status.textContent = text), 50);
  }
}
