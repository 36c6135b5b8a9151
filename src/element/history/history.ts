/**
 * The earlier conversations (`persist`): the list the menu's Conversations opens over the panel,
 * newest first, each titled by the visitor's first answer (or the bot's first line) and dated. A
 * visitor opens one (it goes on where it was if the viewer still knows it, else it shows read-only
 * with the expired notice and Start again), deletes one, starts a new conversation (the one on
 * screen stays in the list) or forgets them all, this one too, after a question. What is stored is
 * read as data (`conversation/past.ts`) and shown as text.
 *
 * The list covers the panel; while it shows, the rest of the panel is inert, so Tab walks the list
 * alone. Escape and Back return to the conversation and its menu's button. What it did is said to
 * screen readers; the page hears `flowbot-conversation-open` and `flowbot-conversation-delete`.
 * Other tabs of the site change the list (`persist="local"`): it follows them while it shows.
 */
import { html, nothing, svg, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { addPast, MAX_AGE_MS, pastKey, readPast, writePast, type PastRecord } from '../../conversation/past.js';
import { storageKey, storageOf } from '../../conversation/storage-key.js';
import { enHistory } from '../../i18n/en.js';
import type { AnswerStrings, HistoryStrings } from '../../i18n/strings.js';
import { isObject } from '../../protocol/json.js';
import { adoptStyles } from '../../theme/sheets.js';
import { dateFormat } from '../../render/dates.js';
import { FlowbotConversationDeleteEvent, FlowbotConversationOpenEvent } from '../events.js';
import { historyStyles } from './history.styles.js';

/** What the list reads of the element. */
export interface HistoryHost extends ReactiveControllerHost {
  readonly persist: string;
  readonly publicId: string;
  readonly apiHost: string;
  readonly persistKey: string;
  readonly id: string;
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** Starts a new conversation (the one on screen kept among the earlier ones). */
  restart(): void;
}

/** What the list reads of the conversation and tells the element (through the menu that opens it). */
export interface HistoryNotices {
  readonly conversation: () => { readonly sessionId: string | undefined };
  /** Dispatches an event of the element. */
  readonly fire: (event: Event) => void;
  /** The conversation: started again from what is stored (an earlier one just made the current one). */
  readonly session: { start(): void };
  /** The answers' words of the widget's language (another language's hold the list's too). */
  readonly words: () => AnswerStrings & Partial<HistoryStrings>;
  readonly lang: () => string;
  /** Says `text` to screen readers (politely) and shows it nowhere. */
  readonly say: (text: string) => void;
  /** Focuses the menu's button (the list closed). */
  readonly back: () => void;
}

const arrow = svg`<path d="M15 18l-6-6 6-6" />`;
const bin = svg`<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />`;
const LIST_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
/** The longest title shown, in characters. */
const TITLE_CHARS = 80;

export class History {
  #open = false;
  /** "Forget my conversations" asked its question. */
  #asking = false;
  /** What to focus once the list is drawn. */
  #focus: string | undefined;
  /** What the list made inert, given back when it closes. */
  readonly #inert = new Set<HTMLElement>();
  /** The earlier conversations as last read (read again when storage changes, not at each render). */
  #list: PastRecord[] | undefined;

  readonly #host: HistoryHost;
  readonly #notices: HistoryNotices;
  constructor(host: HistoryHost, notices: HistoryNotices) {
    this.#host = host;
    this.#notices = notices;
    adoptStyles(host.renderRoot, historyStyles);
  }

  /** Whether the list shows. */
  get shown(): boolean {
    return this.#open;
  }

  /** Shows the list, its heading focused. */
  show(): void {
    this.#open = true;
    this.#list = undefined;
    this.#asking = false;
    this.#focus = '#history-title';
    addEventListener('storage', this.#changed);
    this.#host.requestUpdate();
  }

  /** Hides the list; `back`: the menu's button takes focus. */
  close(back = true): void {
    if (!this.#open) return;
    this.#open = false;
    removeEventListener('storage', this.#changed);
    for (const node of this.#inert) node.inert = false;
    this.#inert.clear();
    this.#host.requestUpdate();
    if (back) this.#host.updateComplete.then(() => this.#notices.back());
  }

  /** After the element's update: the rest of the panel inert while the list shows, and the focus asked for. */
  updated(): void {
    const sheet = this.#host.renderRoot.querySelector<HTMLElement>('.history');
    if (!sheet) return;
    for (let node: HTMLElement | null = sheet; node && !node.matches('.panel'); node = node.parentElement)
      for (const other of node.parentElement?.children ?? [])
        // The polite status (what the list did is said there) stays heard.
        if (other !== node && other instanceof HTMLElement && !other.inert && other.role !== 'status') {
          other.inert = true;
          this.#inert.add(other);
        }
    const focus = this.#focus;
    this.#focus = undefined;
    if (focus) sheet.querySelector<HTMLElement>(focus)?.focus();
  }

  /** The list over the panel, while it shows. */
  render(): TemplateResult | typeof nothing {
    if (!this.#open) return nothing;
    const words = this.#words();
    const storage = this.#storage();
    const list = (this.#list ??= storage ? readPast(storage, this.#key()) : []);
    const format = dateFormat(this.#notices.lang(), LIST_DATE);
    return html`<section part="history" class="history" aria-labelledby="history-title" @keydown=${this.#keydown}>
      <div class="history-bar">
        <button class="icon-button" type="button" aria-label=${words.backToConversation} @click=${() => this.close()}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">${arrow}</svg></button>
        <h2 class="history-heading" id="history-title" tabindex="-1">${words.conversations}</h2>
      </div>
      <div class="history-body">
        <button class="history-button history-new" type="button" @click=${this.#startNew}>${words.newConversation}</button>
        ${
          list.length
            ? html`<ul class="history-list">${list.map((record, i) => {
                const title = titleOf(record) || words.conversation;
                const date = new Date(record.savedAt);
                return html`<li class="history-item">
                  <button class="history-open" type="button" data-at=${i} @click=${() => this.#openOne(record, title)}>
                    <span class="history-title">${title}</span>
                    ${Number.isNaN(date.getTime()) ? nothing : html`<time class="history-date" datetime=${date.toISOString()}>${format.format(date)}</time>`}
                  </button>
                  <button class="icon-button history-delete" type="button" aria-label=${words.deleteConversation.replace('{title}', title)}
                    @click=${() => this.#delete(record, i)}><svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">${bin}</svg></button>
                </li>`;
              })}</ul>`
            : html`<p class="history-empty">${words.noConversations}</p>`
        }
        ${
          this.#asking
            ? html`<div class="history-ask" role="group" aria-labelledby="history-ask">
                <p id="history-ask">${words.forgetConfirm}</p>
                <button class="history-button history-forget" type="button" @click=${this.#forget}>${words.forget}</button>
                <button class="history-button history-cancel" type="button" @click=${() => this.#ask(false)}>${words.cancel}</button>
              </div>`
            : html`<button class="history-button history-forget-all" type="button" @click=${() => this.#ask(true)}>${words.forgetConversations}</button>`
        }
      </div>
    </section>`;
  }

  #words(): AnswerStrings & HistoryStrings {
    return { ...enHistory, ...this.#notices.words() };
  }

  /** The widget's storage area (none when blocked). */
  #storage(): Storage | undefined {
    return storageOf(this.#host.persist);
  }

  /** The key of the widget's conversation: its `persist-key`, else its `id`, as the store's. */
  #key(): string {
    const host = this.#host;
    return storageKey(host.publicId, host.apiHost, (host.persistKey || host.id).trim());
  }

  readonly #changed = (event: StorageEvent): void => {
    const key = this.#key();
    if (event.key === null || event.key === key || event.key === pastKey(key)) {
      this.#list = undefined;
      this.#host.requestUpdate();
    }
  };

  readonly #keydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    // The list closes, not the bubble around it.
    event.preventDefault();
    event.stopPropagation();
    if (this.#asking) this.#ask(false);
    else this.close();
  };

  #ask(asking: boolean): void {
    this.#asking = asking;
    this.#focus = asking ? '.history-cancel' : '.history-forget-all';
    this.#host.requestUpdate();
  }

  readonly #startNew = (): void => {
    this.close();
    this.#host.restart();
  };

  /**
   * Makes `record` the current conversation: the one on screen goes among the earlier ones (when the
   * visitor answered in it), and the calls `record` still owed are not made again. One saved more
   * than a day ago opens as expired: the viewer is not asked to go on with a session that old.
   */
  #openOne(record: PastRecord, title: string): void {
    const storage = this.#storage();
    if (!storage) return;
    const key = this.#key();
    const previous = this.#notices.conversation().sessionId;
    try {
      writePast(
        storage,
        key,
        readPast(storage, key).filter((past) => past.sessionId !== record.sessionId),
      );
      addPast(storage, key, storage.getItem(key));
      const opened: Record<string, unknown> = { ...record, savedAt: Date.now() };
      for (const owed of ['pending', 'stream', 'reply', 'call', 'failed']) delete opened[owed];
      if (!(Date.now() - record.savedAt < MAX_AGE_MS)) opened.expired = record.expired ?? {};
      storage.setItem(key, JSON.stringify(opened));
    } catch {
      // Storage refused: the conversation on screen stays.
      this.#notices.say(this.#words().conversationsFailed);
      return;
    }
    this.close();
    this.#notices.session.start();
    this.#notices.fire(new FlowbotConversationOpenEvent({ sessionId: record.sessionId, previousSessionId: previous }));
    this.#notices.say(this.#words().conversationOpened.replace('{title}', title));
  }

  #delete(record: PastRecord, at: number): void {
    const storage = this.#storage();
    if (!storage) return;
    const key = this.#key();
    const list = readPast(storage, key).filter((past) => past.sessionId !== record.sessionId);
    writePast(storage, key, list);
    this.#list = undefined;
    // Focus stays in the list: on the conversation that took this one's place, else the one before, else New conversation.
    this.#focus = list.length ? `[data-at="${Math.min(at, list.length - 1)}"]` : '.history-new';
    this.#host.requestUpdate();
    this.#notices.fire(new FlowbotConversationDeleteEvent({ sessionIds: [record.sessionId], all: false }));
    this.#notices.say(this.#words().conversationDeleted);
  }

  /** Forgets every conversation of this widget in this browser, the one on screen too: a new one starts. */
  readonly #forget = (): void => {
    const storage = this.#storage();
    const key = this.#key();
    const ids = storage ? readPast(storage, key).map((past) => past.sessionId) : [];
    const current = this.#notices.conversation().sessionId;
    if (current && !ids.includes(current)) ids.unshift(current);
    try {
      storage?.removeItem(pastKey(key));
      storage?.removeItem(key);
    } catch {
      // Nothing stored to forget.
    }
    this.close();
    this.#host.restart();
    this.#notices.fire(new FlowbotConversationDeleteEvent({ sessionIds: ids, all: true }));
    this.#notices.say(this.#words().conversationsForgotten);
  };
}

/**
 * A stored conversation's title: the visitor's first answer, else the first line of the bot's first
 * message with text; whitespace run together, at most 80 characters.
 */
export function titleOf(record: PastRecord): string {
  let title = '';
  const entries = record.entries as unknown[];
  for (const entry of entries)
    if (isObject(entry) && entry.kind === 'answer' && typeof entry.text === 'string' && entry.text.trim()) {
      title = entry.text;
      break;
    }
  if (!title.trim())
    for (const entry of entries) {
      const line = isObject(entry) && entry.kind === 'bot' ? textOf(entry.message, 0).trim().split('\n')[0]! : '';
      if (line) {
        title = line;
        break;
      }
    }
  title = title.replace(/\s+/g, ' ').trim();
  return title.length > TITLE_CHARS ? `${title.slice(0, TITLE_CHARS - 1)}…` : title;
}

/** The text of a stored message (its rich text's or markdown's), read no deeper than 12 levels. */
function textOf(value: unknown, depth: number): string {
  if (depth > 12) return '';
  // Blocks (with children) a line each, the runs of a block together.
  if (Array.isArray(value))
    return value
      .map((item) => textOf(item, depth + 1))
      .join(value.some((item) => isObject(item) && 'children' in item) ? '\n' : '');
  if (!isObject(value)) return '';
  if (typeof value.text === 'string') return value.text;
  if (typeof value.markdown === 'string') return value.markdown;
  return textOf(value.content ?? value.richText ?? value.children, depth + 1);
}
