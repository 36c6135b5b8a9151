/**
 * What one tab writes into the record its tabs share (`persist="local"`, see `tabs.ts`): its lease
 * on a call in flight, renewed while the call lasts and handed back when the tab goes away, a failed
 * call, and the turn's Web Lock, held until the call's result is saved.
 */
import { isObject } from '../protocol/json.js';
import type { Failure, Lease } from './tab-records.js';

/** How long a lease holds without being renewed, in ms. */
export const LEASE_MS = 6000;
/** How long a tab waits before it writes a failed call into the record (see `fail`), in ms. */
const FAILURE_WRITE_MS = 250;
/** How often the tab whose call is in flight renews its lease (background tabs' timers run about once a second). */
const RENEW_MS = 2000;

/** The Web Locks of the origin, where there are (secure pages of current browsers). */
export const turnLocks = (): LockManager | undefined => (globalThis.navigator as Navigator | undefined)?.locks;

/** One tab's writes into the shared record, under `key` in `storage`; `tab` is its id in the leases. */
export class TabWrites {
  /** The JSON this tab wrote last (its own change, read back, is no news). */
  written: string | undefined;
  /** The record as stored (parsed), which a lease is written into. */
  last: Record<string, unknown> | undefined;
  /**
   * The page is going away (`pagehide`): a call the browser cuts now did not fail for the visitor.
   * Its lease stays handed back, so the next load (or another tab) takes the call over; a failure
   * written now would leave the visitor's answer out of the record.
   */
  leaving = false;
  /** Writes the failed call this tab waits to write (see `fail`). */
  writeFailure: (() => void) | undefined;
  #failing: ReturnType<typeof setTimeout> | undefined;
  #renewing: ReturnType<typeof setInterval> | undefined;
  /** Lets go of the turn's Web Lock, while this tab holds it (see `lock`). */
  #unlock: (() => void) | undefined;

  constructor(
    readonly storage: Storage,
    readonly key: string,
    readonly tab: string,
  ) {}

  /** Whether this tab renews a lease (a call is in flight, or owed by it). */
  get renewing(): boolean {
    return this.#renewing !== undefined;
  }

  /** Whether this tab holds the turn's Web Lock. */
  get locked(): boolean {
    return !!this.#unlock;
  }

  /** The record as stored now (null: none, or no storage to read). */
  stored(): string | null {
    try {
      return this.storage.getItem(this.key);
    } catch {
      return null;
    }
  }

  write(value: Record<string, unknown>): void {
    try {
      const json = JSON.stringify(value);
      this.storage.setItem(this.key, json);
      this.written = json;
      this.last = value;
    } catch {
      // A full storage: the other tabs do not learn of this call.
    }
  }

  /** Writes this tab's lease into the record (the call `what` is in flight) and keeps it renewed. */
  lease(what: Pick<Lease, 'text' | 'answer'>): void {
    const last = this.last;
    if (!last) return;
    const now = Date.now();
    this.write({
      ...last,
      savedAt: now,
      call: { tab: this.tab, until: now + LEASE_MS, ...what },
      failed: undefined,
      unsent: undefined,
    });
    this.startRenewing();
  }

  startRenewing(): void {
    this.#renewing ??= setInterval(() => {
      const last = this.last;
      // Someone else wrote since: the turn is theirs now.
      if (!last || this.stored() !== this.written || !isObject(last.call)) {
        this.abandon();
        return;
      }
      const now = Date.now();
      this.write({ ...last, savedAt: now, call: { ...last.call, until: now + LEASE_MS } });
    }, RENEW_MS);
  }

  stopRenewing(): void {
    clearInterval(this.#renewing);
    this.#renewing = undefined;
  }

  /** Hands a lease this tab holds back at once (it goes away): another tab takes over what is owed. */
  handBack(): void {
    const last = this.last;
    if (this.#renewing === undefined || !last || !isObject(last.call) || this.stored() !== this.written) return;
    this.stopRenewing();
    this.write({ ...last, call: { ...last.call, until: 0 } });
    this.release();
  }

  /** Writes a failed call into the record: every tab shows it, with its Retry. */
  fail(failure: Failure): void {
    const written = this.written;
    // A moment later, and only if this tab wrote nothing since (a Retry): a call the browser cuts
    // because the page is going away (a reload) is no failure, and the page is gone by then, its
    // lease handed back on `pagehide`, so the next load takes the call over. A widget that leaves
    // the page writes it at once (`quiet`).
    const write = (): void => {
      clearTimeout(this.#failing);
      this.writeFailure = undefined;
      if (this.leaving || this.written !== written) return;
      this.stopRenewing();
      const last = this.last;
      if (last && this.stored() === this.written)
        this.write({ ...last, savedAt: Date.now(), call: undefined, failed: failure });
      this.release();
    };
    this.writeFailure = write;
    this.#failing = setTimeout(write, FAILURE_WRITE_MS);
  }

  /** The call was abandoned (this tab stops, or leaves): its turn ends, its lease runs out or was handed back. */
  abandon(): void {
    this.stopRenewing();
    this.release();
  }

  /** Holds the turn's Web Lock (true at once when it is held already, or there are no Web Locks). */
  lock(): Promise<boolean> {
    const locks = turnLocks();
    if (this.#unlock || !locks) return Promise.resolve(true);
    return new Promise<boolean>((granted) => {
      locks
        .request(`flowbot-chat-turn:${this.key}`, { ifAvailable: true }, (lock) => {
          granted(!!lock);
          return lock ? new Promise<void>((release) => (this.#unlock = release)) : undefined;
        })
        .catch(() => granted(true));
    });
  }

  release(): void {
    this.#unlock?.();
    this.#unlock = undefined;
  }
}
