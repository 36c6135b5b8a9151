/**
 * Keeps the newest message in view. While the visitor is at the bottom of the
 * transcript, anything that changes its geometry (a new message, an image
 * that loaded, a row whose real height replaced its estimate, a composer that
 * grew or shrank, a resize, a phone keyboard) scrolls it back to the bottom,
 * in the same frame, before paint. Once the visitor scrolls up to read, it
 * stays where they are and `unseen` says that newer messages wait below.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** How close to the bottom (px) still counts as "at the bottom". */
const SLACK = 8;
/** The rows at the end whose size is watched. */
const LAST_ROWS = 4;

/** Follows the bottom of one scrolling transcript of a host element. */
export class FollowController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #find: () => HTMLElement | null;
  #log: HTMLElement | undefined;
  #resize: ResizeObserver | undefined;
  /** The last rows, whose size is watched. */
  #watched: Element[] = [];
  /** The scroll position this controller (or the visitor) left the log at. */
  #lastTop = 0;
  #_pinned = true;
  #_unseen = false;
  /** The frame that follows the last render, while one is pending. */
  #frame = 0;

  constructor(host: ReactiveControllerHost, find: () => HTMLElement | null) {
    this.#host = host;
    this.#find = find;
    host.addController(this);
  }

  /** Whether the transcript follows its newest message (the visitor has not scrolled up). */
  get pinned(): boolean {
    return this.#_pinned;
  }

  /** Newer messages arrived below while the visitor was reading further up. */
  get unseen(): boolean {
    return this.#_unseen;
  }

  hostUpdated(): void {
    const log = this.#find() ?? undefined;
    if (log !== this.#log) this.#attach(log);
    const resize = this.#resize;
    const watched = this.#watched;
    if (!log || !resize) return;
    // Rows change only in renders. The last few are watched (new rows, media, the real height
    // of a row that had an estimate): rows far above do not move the bottom, and watching every
    // row of a long transcript makes the observer loop (rows laid out late, as they scroll into
    // view, resize while their notifications are delivered).
    const last: Element[] = [];
    for (let row = log.lastElementChild; row && last.length < LAST_ROWS; row = row.previousElementSibling)
      last.unshift(row);
    for (const el of watched) if (!last.includes(el)) resize.unobserve(el);
    for (const el of last) if (!watched.includes(el)) resize.observe(el);
    this.#watched = last;
    // What the render changed is followed in the next frame, before paint, once it is laid out
    // anyway (reading the height here would force a layout on every update).
    if (this.#_pinned && !this.#frame) {
      this.#frame = requestAnimationFrame(() => {
        this.#frame = 0;
        this.#follow();
      });
    }
  }

  hostDisconnected(): void {
    this.#attach(undefined);
  }

  /** Something new was added at the end: followed, or flagged as unseen. */
  added(): void {
    if (!this.#_pinned && !this.#_unseen) {
      this.#_unseen = true;
      this.#host.requestUpdate();
    }
  }

  /** Goes to the newest message and follows again. */
  jump(): void {
    this.#_pinned = true;
    this.#setUnseen(false);
    this.#follow();
  }

  /** Starts over at the bottom (a new conversation). */
  reset(): void {
    this.#_pinned = true;
    this.#setUnseen(false);
  }

  #follow(): void {
    const log = this.#log;
    if (!log || !this.#_pinned) return;
    log.scrollTop = log.scrollHeight;
    this.#lastTop = log.scrollTop;
  }

  readonly #handleScroll = (): void => {
    const log = this.#log;
    if (!log) return;
    const top = log.scrollTop;
    if (log.scrollHeight - top - log.clientHeight <= SLACK) {
      this.#_pinned = true;
      this.#setUnseen(false);
    } else if (top < this.#lastTop - 1) {
      // Only the visitor moves the log up: growth below never does.
      this.#_pinned = false;
    }
    this.#lastTop = top;
  };

  #setUnseen(unseen: boolean): void {
    if (this.#_unseen === unseen) return;
    this.#_unseen = unseen;
    this.#host.requestUpdate();
  }

  #attach(log: HTMLElement | undefined): void {
    this.#resize?.disconnect();
    this.#log?.removeEventListener('scroll', this.#handleScroll);
    this.#resize = undefined;
    this.#watched = [];
    this.#log = log;
    if (!log) return;
    log.addEventListener('scroll', this.#handleScroll, { passive: true });
    // The log's own box (composer, resize, keyboard); its last rows are added in `hostUpdated`.
    this.#resize = new ResizeObserver(() => this.#follow());
    this.#resize.observe(log);
  }
}
