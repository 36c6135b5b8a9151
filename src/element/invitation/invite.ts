/**
 * How the bubble invites the visitor in, loaded on demand (bubble and popup
 * modes fetch it when they connect with something to show while closed, else
 * once the visitor points at or focuses the launcher, or it opens; the inline
 * widget never does):
 *
 * - **The preview**: a card beside the launcher with the bot's avatar and a
 *   short text, shown after a delay. Clicking it opens the panel; its close
 *   button or Escape dismisses it. Once dismissed, or once the panel has been
 *   opened, it stays away for the rest of the visit (`sessionStorage`).
 * - **The timed opening** (opt-in): the panel opens by itself after some
 *   seconds, unless it was opened or closed (or the preview dismissed) earlier
 *   in the visit; not on narrow screens unless asked for.
 * - **The unread count**: bot messages that arrive while the panel is closed,
 *   shown as a badge on the launcher and cleared when it opens; kept across
 *   reloads in the storage area of `persist`. Optionally a short, quiet chime
 *   made in the page (no audio file), never before the visitor has interacted
 *   with the page.
 * - **Every tab** (`persist="local"`): the count is one for the site's tabs,
 *   and the visit (a dismissed preview, a panel opened) is kept in
 *   `localStorage` too, for as long as the conversation (24 hours). Each tab
 *   follows both through the `storage` event: a dismissal hides the preview
 *   in every tab, opening the panel anywhere clears the badge everywhere. The
 *   tab that plays the bot's messages counts them, also when its page is
 *   hidden (the visitor is in another tab); a tab that shows the open panel
 *   to the visitor clears the count as it arrives.
 *
 * Nothing here moves focus on its own, and everything is positioned against
 * the fixed launcher, so the host page's layout never shifts.
 */
import { html, nothing, svg, type ReactiveController, type TemplateResult } from 'lit';
import type { FlowbotStrings } from '../../i18n/lookup.js';
import { adoptStyles } from '../../theme/sheets.js';
import { NARROW } from '../controllers/bubble-focus.js';
import {
  FlowbotPreviewDismissEvent,
  FlowbotPreviewShowEvent,
  FlowbotUnreadEvent,
  type FlowbotPreviewDismissReason as PreviewDismissReason,
} from '../events.js';
import { playChime } from './chime.js';
import type { InviteHost, InviteNotices } from './invite-host.js';
import { PREVIEW_ON_SCREEN, previewText } from '../../conversation/preview-text.js';
import { readJson, recordKey, storageOf, visitOf, writeJson, type Visit } from '../../conversation/visit-storage.js';
import { inviteStyles } from '../../render/invite.styles.js';

/** An unread count (or a visit shared by the tabs) older than the conversation is meaningless: both live 24 hours. */
const UNREAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** At most one chime in this span, however many messages arrive. */
const CHIME_GAP_MS = 2000;

// The same icons as the preview drawn before this code (`../preview/`).
const closeIcon = svg`<path d="M7 7l10 10M17 7 7 17" />`;
const botIcon = svg`<path d="M20 11.5a7.5 7.5 0 0 1-10.9 6.7L4.5 19.5l1.3-4.3A7.5 7.5 0 1 1 20 11.5Z" />`;

/** The invitation of one bubble (or popup) element. */
export class Invite implements ReactiveController {
  /** Bot messages that arrived while the panel was closed. */
  unread = 0;
  private visit: Visit = {};
  private previewDue = false;
  /** The text of the preview on screen, or '' when none is. */
  private previewShown = '';
  /** What the live region says: the preview's text (once), or the unread count as it grows. */
  private announcing: 'preview' | 'unread' | '' = '';
  private previewSaid = '';
  private lastOpen: boolean | undefined;
  private timers: ReturnType<typeof setTimeout>[] = [];
  /** Events decided in `hostUpdate`, fired once the render is done. */
  private queued: Array<() => void> = [];
  /** The visitor pressed a key or a pointer in the page since this arrived. */
  private pageActivated = false;
  private audio: AudioContext | undefined;
  private lastChime = 0;

  constructor(
    private readonly host: InviteHost,
    private readonly notices: InviteNotices,
    /** The panel was opened before this code arrived (a closed bubble fetches it once the visitor comes near). */
    private readonly openedBefore = false,
  ) {
    adoptStyles(host.renderRoot, inviteStyles);
    host.addController(this);
  }

  hostConnected(): void {
    this.visit = { ...visitOf(readJson(storageOf('session'), this.key('visit'))), ...this.sharedVisit() };
    this.readUnread();
    if (this.host.persist === 'local') {
      addEventListener('storage', this.handleStorage);
      document.addEventListener('visibilitychange', this.handleVisibility);
    }
    document.addEventListener('keydown', this.handleDocumentKeydown);
    document.addEventListener('pointerdown', this.handleActivation, { capture: true, passive: true });
    const delay = this.host.previewDelay;
    // The preview drawn before this code is on screen: this one takes its place at once, as shown,
    // said and told of already.
    if ((this.previewDue = !!(this.host as object as Record<symbol, unknown>)[PREVIEW_ON_SCREEN]))
      this.previewShown = previewText(this.host.preview, this.host.widget);
    else
      this.timers.push(
        setTimeout(
          () => {
            this.previewDue = true;
            this.host.requestUpdate();
          },
          Math.max(0, Number.isFinite(delay) ? delay : 3) * 1000,
        ),
      );
    const { autoOpen } = this.host;
    if (autoOpen !== undefined && Number.isFinite(autoOpen) && autoOpen >= 0) {
      this.timers.push(setTimeout(() => this.autoOpen(), autoOpen * 1000));
    }
    this.host.requestUpdate();
  }

  hostDisconnected(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    removeEventListener('storage', this.handleStorage);
    document.removeEventListener('visibilitychange', this.handleVisibility);
    document.removeEventListener('keydown', this.handleDocumentKeydown);
    document.removeEventListener('pointerdown', this.handleActivation, { capture: true });
    void this.audio?.close().catch(() => undefined);
    this.audio = undefined;
  }

  hostUpdate(): void {
    const { open } = this.host;
    if (open !== this.lastOpen) {
      const first = this.lastOpen === undefined;
      this.lastOpen = open;
      if (open) {
        this.remember({ opened: true });
        if (this.previewShown) this.hidePreview('open');
        if (this.unread) this.setUnread(0);
      } else if (!first || this.openedBefore) {
        this.remember({ opened: true });
      }
    }
    const { preview, noPreview, widget } = this.host;
    const text = this.previewDue && this.previewAllowed() && !noPreview ? previewText(preview, widget) : '';
    if (text && !this.previewShown) {
      this.previewShown = text;
      // Said once, politely: the region keeps the text, so a re-render does not say it again.
      this.announcing = 'preview';
      this.previewSaid = text;
      this.queued.push(() => this.notices.fire(new FlowbotPreviewShowEvent({ text })));
    } else if (!text && this.previewShown && !this.previewAllowed()) {
      this.previewShown = '';
    }
  }

  hostUpdated(): void {
    const queued = this.queued;
    this.queued = [];
    for (const run of queued) run();
  }

  /** A bot message was shown: counted when the panel is closed (or, with `persist="local"`, the page hidden). */
  message(): void {
    if (this.seen() || (this.host.mode !== 'bubble' && this.host.mode !== 'popup')) return;
    this.setUnread(this.unread + 1);
    if (this.host.notifySound) this.chime();
  }

  /** Hides the preview, for the rest of the visit. */
  dismiss(reason: PreviewDismissReason): void {
    if (!this.previewShown) {
      // Not shown yet: it never will be during this visit.
      this.remember({ dismissed: true });
      return;
    }
    this.hidePreview(reason);
    this.host.requestUpdate();
  }

  /** The preview, the badge and the polite live region that announces them (bubble mode). */
  render(strings: FlowbotStrings, avatar: string | undefined): TemplateResult {
    const count = this.unread;
    const unreadLabel = this.unreadLabel(strings);
    const announcement =
      this.announcing === 'unread' ? (count ? unreadLabel : '') : this.announcing ? this.previewSaid : '';
    // The badge is drawn on the launcher (bubble mode); a popup's count is for the page to show.
    const badge = count && this.host.mode === 'bubble';
    return html`${this.previewShown ? this.renderPreview(this.previewShown, strings, avatar) : nothing}${
      badge
        ? html`<span part="badge" class="badge" role="img" aria-label=${unreadLabel}>${count > 99 ? '99+' : count}</span>`
        : nothing
    }<span class="visually-hidden" role="status">${announcement}</span>`;
  }

  private renderPreview(text: string, strings: FlowbotStrings, avatar: string | undefined): TemplateResult {
    return html`<div part="preview" class="preview" @keydown=${this.handlePreviewKeydown}>
      <button class="preview-open" type="button" @click=${this.handlePreviewClick}>
        ${
          avatar
            ? html`<img class="preview-avatar" src=${avatar} alt="" />`
            : html`<span class="preview-avatar preview-bot"
              ><svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">${botIcon}</svg></span
            >`
        }
        <span class="preview-text"><span class="visually-hidden">${strings.openChat}: </span>${text}</span>
      </button>
      <button
        part="preview-close"
        class="preview-close"
        type="button"
        aria-label=${strings.dismissPreview}
        @click=${() => this.dismiss('close')}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">${closeIcon}</svg>
      </button>
    </div>`;
  }

  private unreadLabel(strings: FlowbotStrings): string {
    return this.unread === 1 ? strings.unreadOne : strings.unreadMany.replace('{count}', String(this.unread));
  }

  private previewAllowed(): boolean {
    return this.host.mode === 'bubble' && !this.host.open && !this.visit.dismissed && !this.visit.opened;
  }

  private hidePreview(reason: PreviewDismissReason): void {
    this.removePreview();
    this.remember(reason === 'open' ? { opened: true } : { dismissed: true });
    this.queued.push(() => this.notices.fire(new FlowbotPreviewDismissEvent({ reason })));
  }

  private removePreview(): void {
    // Focus in the card would be lost with it: the launcher takes it.
    const root = this.host.renderRoot as ShadowRoot;
    const preview = root.querySelector?.('.preview');
    if (preview && root.activeElement && preview.contains(root.activeElement)) {
      root.querySelector<HTMLElement>('[part~="launcher"]')?.focus();
    }
    this.previewShown = '';
  }

  /** Whether the visitor sees the messages as they arrive: the panel is open (and, with `persist="local"`, the page shown). */
  private seen(): boolean {
    return this.host.open && !(this.host.persist === 'local' && document.visibilityState === 'hidden');
  }

  private autoOpen(): void {
    const narrow = typeof matchMedia === 'function' && matchMedia(NARROW).matches;
    if (this.host.open || this.visit.opened || this.visit.dismissed || (narrow && !this.host.autoOpenNarrow)) return;
    this.host.show();
  }

  private setUnread(count: number): void {
    this.unread = count;
    this.saveUnread();
    if (count) this.announcing = 'unread';
    this.queued.push(() => this.notices.fire(new FlowbotUnreadEvent({ count })));
    this.host.requestUpdate();
  }

  private key(kind: 'visit' | 'unread'): string {
    return recordKey(kind, this.host);
  }

  private remember(change: Visit): void {
    this.visit = { ...this.visit, ...change };
    writeJson(storageOf('session'), this.key('visit'), this.visit);
    // Every tab of the site follows it (see the module comment).
    if (this.host.persist === 'local')
      writeJson(storageOf('local'), this.key('visit'), { ...this.visit, savedAt: Date.now() });
  }

  /** The visit the site's tabs share (`persist="local"`), while it is fresh. */
  private sharedVisit(): Visit {
    if (this.host.persist !== 'local') return {};
    const record = readJson(storageOf('local'), this.key('visit'));
    const age = typeof record?.savedAt === 'number' ? Date.now() - record.savedAt : -1;
    return age >= 0 && age <= UNREAD_MAX_AGE_MS ? visitOf(record) : {};
  }

  private unreadStorage(): Storage | undefined {
    const { persist } = this.host;
    return persist === 'local' || persist === 'session' ? storageOf(persist) : undefined;
  }

  private readUnread(): void {
    const record = readJson(this.unreadStorage(), this.key('unread'));
    const { count, savedAt } = record ?? {};
    const age = typeof savedAt === 'number' ? Date.now() - savedAt : -1;
    this.unread =
      typeof count === 'number' && Number.isInteger(count) && count > 0 && age >= 0 && age <= UNREAD_MAX_AGE_MS
        ? Math.min(count, 999)
        : 0;
  }

  private saveUnread(): void {
    writeJson(
      this.unreadStorage(),
      this.key('unread'),
      this.unread ? { count: this.unread, savedAt: Date.now() } : undefined,
    );
  }

  /** A short, quiet two-note chime from an oscillator; only after the visitor has used the page. */
  private chime(): void {
    const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
    if (!(activation?.hasBeenActive || this.pageActivated)) return;
    const now = Date.now();
    if (now - this.lastChime < CHIME_GAP_MS) return;
    this.lastChime = now;
    try {
      this.audio ??= new AudioContext();
      playChime(this.audio);
    } catch {
      // No Web Audio: the badge says it all.
    }
  }

  /** Another tab of the site changed the count or the visit. */
  private readonly handleStorage = (event: StorageEvent): void => {
    if (event.storageArea !== storageOf('local')) return;
    if (event.key === null || event.key === this.key('visit')) {
      this.visit = { ...this.visit, ...this.sharedVisit() };
      // Dismissed (or the panel opened) in another tab: gone here too, for the rest of the visit.
      if (this.previewShown && !this.previewAllowed()) this.removePreview();
      this.host.requestUpdate();
    }
    if (event.key === null || event.key === this.key('unread')) {
      const before = this.unread;
      this.readUnread();
      if (this.unread === before) return;
      // The visitor sees the open panel here: these messages are read.
      if (this.unread && this.seen()) {
        this.setUnread(0);
        return;
      }
      if (this.unread) this.announcing = 'unread';
      this.queued.push(() => this.notices.fire(new FlowbotUnreadEvent({ count: this.unread })));
      this.host.requestUpdate();
    }
  };

  /** Back to a tab whose panel is open: what arrived meanwhile is read now. */
  private readonly handleVisibility = (): void => {
    if (this.unread && this.seen()) this.setUnread(0);
  };

  private readonly handleActivation = (): void => {
    this.pageActivated = true;
  };

  private readonly handleDocumentKeydown = (event: KeyboardEvent): void => {
    this.pageActivated = true;
    // Escape anywhere dismisses the preview, which came uninvited; a page's own use of Escape wins.
    if (event.key === 'Escape' && this.previewShown && !event.defaultPrevented) this.dismiss('escape');
  };

  private readonly handlePreviewKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      this.dismiss('escape');
    }
  };

  private readonly handlePreviewClick = (): void => {
    this.notices.visitorOpens();
  };
}
