/**
 * The conversation's menu in the header (`no-menu` leaves it out): with `persist`, Conversations (the
 * earlier ones, a file of their own: `../history/`, drawn here over the panel); Download (Markdown)
 * and Print (the transcript alone). Part of the answers' features (see `answer-actions.ts`), which draw it.
 */
import { html, nothing, svg, type TemplateResult } from 'lit';
import type { TranscriptEntry } from '../../protocol/transcript.js';
import { exportConversation, exportFile } from './export-file.js';
import { historyFile } from './history-file.js';
import type { AnswerStrings } from '../../render/answer-strings.js';
import type { MessageReaders } from '../../render/answer-text.js';
import type { History, HistoryHost, HistoryNotices } from '../history/index.js';

/** What the menu reads of the element. */
export interface MenuHost extends HistoryHost, Pick<Element, 'closest' | 'setAttribute' | 'removeAttribute'> {
  readonly noMenu: boolean;
  readonly widget: { readonly title?: unknown } | undefined;
}

/** What the menu reads of the conversation and tells the element. */
export interface MenuNotices extends Pick<HistoryNotices, 'fire' | 'session' | 'lang' | 'say'> {
  readonly conversation: () => { readonly entries: readonly TranscriptEntry[]; readonly sessionId: string | undefined };
  readonly words: () => AnswerStrings;
  readonly readers: () => MessageReaders;
}

const kebab = svg`<path d="M12 5h.01M12 12h.01M12 19h.01" stroke-width="3" />`;

/** Hides the rest of the page while the widget prints its transcript (added only for that print). */
let printSheet: CSSStyleSheet | undefined;
const PRINTING = 'data-flowbot-printing';

/** The menu of one element: its state, its keys, and what its items do. */
export class ConversationMenu {
  #menuOpen = false;
  /** The menu item to focus once the menu is drawn. */
  #focusItem: 'first' | 'last' | undefined;
  /** The earlier conversations' list, once its file has arrived. */
  #history: History | undefined;

  readonly #host: MenuHost;
  readonly #notices: MenuNotices;
  readonly #words: () => AnswerStrings;
  readonly #say: (text: string) => void;
  constructor(host: MenuHost, notices: MenuNotices) {
    this.#host = host;
    this.#notices = notices;
    this.#words = notices.words;
    this.#say = notices.say;
  }

  /** Whether the menu offers the earlier conversations: with `persist`. */
  get #remembers(): boolean {
    return this.#host.persist === 'local' || this.#host.persist === 'session';
  }

  /** After the element's update: focuses the item asked for, now that the menu is drawn. */
  updated(): void {
    this.#history?.updated();
    const which = this.#focusItem;
    if (!which) return;
    this.#focusItem = undefined;
    const items = this.#items();
    items[which === 'first' ? 0 : items.length - 1]?.focus();
  }

  /** Closes the menu and the list (the element left the page). */
  close(): void {
    this.#setMenu(false);
    this.#history?.close(false);
  }

  /** The header's menu (Download, Print), unless the page turned it off (`no-menu`). */
  render(): TemplateResult | undefined {
    if (this.#host.noMenu) return undefined;
    const words = this.#words();
    const open = this.#menuOpen;
    return html`<div class="menu-wrap" @keydown=${this.#handleMenuKeydown}>
      <button part="menu-button" class="icon-button" id="menu-button" type="button" aria-label=${words.conversationMenu}
        aria-haspopup="menu" aria-expanded=${open ? 'true' : 'false'} aria-controls=${open ? 'conversation-menu' : nothing}
        @click=${this.#handleMenuClick}><svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">${kebab}</svg></button>
      ${
        open
          ? html`<div part="menu" class="menu" id="conversation-menu" role="menu" aria-labelledby="menu-button">
            ${this.#remembers ? html`<button class="menu-item" role="menuitem" type="button" tabindex="-1" @click=${this.#handleConversations}>${words.conversations}</button>` : nothing}
            <button class="menu-item" role="menuitem" type="button" tabindex="-1" @click=${this.#handleDownload}>${words.download}</button>
            <button class="menu-item" role="menuitem" type="button" tabindex="-1" @click=${this.#handlePrint}>${words.print}</button>
          </div>`
          : nothing
      }${this.#history?.render() ?? nothing}
    </div>`;
  }

  #items(): HTMLElement[] {
    return [...this.#host.renderRoot.querySelectorAll<HTMLElement>('.menu-item')];
  }

  #menuButton(): HTMLElement | null {
    return this.#host.renderRoot.querySelector<HTMLElement>('#menu-button');
  }

  #setMenu(open: boolean, focus?: 'first' | 'last' | 'button'): void {
    if (open !== this.#menuOpen) {
      this.#menuOpen = open;
      // The download's and the list's files come while the visitor looks at the menu (a failure is theirs to meet).
      if (open) exportFile.load().catch(() => undefined);
      if (open && this.#remembers) historyFile.load().catch(() => undefined);
      if (open) document.addEventListener('pointerdown', this.#handleOutside, true);
      else document.removeEventListener('pointerdown', this.#handleOutside, true);
      this.#host.requestUpdate();
    }
    if (focus === 'button') this.#menuButton()?.focus();
    else this.#focusItem = focus;
  }

  readonly #handleOutside = (event: Event): void => {
    const wrap = this.#host.renderRoot.querySelector('.menu-wrap');
    if (!wrap || !event.composedPath().includes(wrap)) this.#setMenu(false);
  };

  readonly #handleMenuClick = (): void => {
    this.#setMenu(!this.#menuOpen, this.#menuOpen ? undefined : 'first');
  };

  readonly #handleMenuKeydown = (event: KeyboardEvent): void => {
    // The list's keys are its own.
    if ((event.target as Element).closest('.history')) return;
    const items = this.#items();
    const at = items.indexOf((this.#host.renderRoot as ShadowRoot).activeElement as HTMLElement);
    const onButton = (event.target as Element).id === 'menu-button';
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        if (onButton) this.#setMenu(true, 'first');
        else items[(at + 1) % items.length]?.focus();
        break;
      case 'ArrowUp':
        if (onButton) this.#setMenu(true, 'last');
        else items[(at - 1 + items.length) % items.length]?.focus();
        break;
      case 'Home':
        if (onButton) handled = false;
        else items[0]?.focus();
        break;
      case 'End':
        if (onButton) handled = false;
        else items.at(-1)?.focus();
        break;
      case 'Escape':
        // The menu closes, not the bubble or the popup around it.
        if (this.#menuOpen) this.#setMenu(false, 'button');
        else handled = false;
        break;
      case 'Tab':
        this.#setMenu(false);
        handled = false;
        break;
      default:
        handled = false;
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  readonly #handleConversations = (): void => {
    this.#setMenu(false);
    historyFile.load().then(
      ({ History }) => {
        this.#history ??= new History(this.#host, {
          ...this.#notices,
          back: () => this.#menuButton()?.focus(),
        });
        this.#history.show();
      },
      () => {
        // Its file did not load (the loader said which on the console, and asks again later).
        this.#say(this.#words().conversationsFailed);
        this.#menuButton()?.focus();
      },
    );
  };

  readonly #handleDownload = async (): Promise<void> => {
    this.#setMenu(false, 'button');
    let text: string;
    try {
      text = await exportConversation(this.#host, this.#notices.conversation(), 'markdown', this.#notices.readers());
    } catch {
      // Its file did not load (the loader said which on the console, and asks again later): the
      // visitor hears that nothing was downloaded, and may choose Download again.
      this.#say(this.#words().downloadFailed);
      return;
    }
    const url = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(this.#host.widget?.title);
    link.hidden = true;
    // In the document while it is clicked (some browsers download only from a connected link), then gone.
    this.#host.renderRoot.appendChild(link);
    link.click();
    link.remove();
    // Revoked later: revoking at once can cancel a download that has not started.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };

  /**
   * Prints the transcript alone: the widget's print styles leave out its
   * controls and lay out every message, and for this print only, a sheet of
   * the page's hides the rest of the page (gone again after the print).
   */
  readonly #handlePrint = (): void => {
    this.#setMenu(false, 'button');
    const host = this.#host;
    if (!printSheet) {
      printSheet = new CSSStyleSheet();
      printSheet.replaceSync(
        `@media print{body :not([${PRINTING}],:has([${PRINTING}])){display:none!important}[${PRINTING}]{position:static!important}}`,
      );
    }
    const sheet = printSheet;
    host.setAttribute(PRINTING, '');
    if (!document.adoptedStyleSheets.includes(sheet))
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    const done = (): void => {
      host.removeAttribute(PRINTING);
      if (!document.querySelector(`[${PRINTING}]`))
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    };
    window.addEventListener('afterprint', done, { once: true });
    window.print();
  };
}

/** The downloaded file's name: the widget's title (or "conversation") and today's date. */
function fileNameOf(title: unknown): string {
  const slug =
    (typeof title === 'string' ? title : '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'conversation';
  const now = new Date();
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${slug}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.md`;
}
