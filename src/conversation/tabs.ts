/**
 * One conversation in every tab of the site (`persist="local"`): the tabs of
 * one widget key share its record in `localStorage`, and each follows what
 * the others write through the `storage` event, which the browser fires in
 * every other tab (and same-origin frame) of the origin when the record
 * changes. The record is the message: it says where the conversation stands,
 * so a tab that missed events, or loads later, needs nothing else.
 *
 * **Who talks** and **a call in flight**: see `tab-calls.ts`; **what a tab
 * shows** on a change, **a failed call** and **a tab that goes away**: see
 * `tab-state.ts`.
 */
import { isObject, parseJson } from '../protocol/json.js';
import { takesTypedWords, type AnswerEntry, type ConversationStatus } from '../protocol/transcript.js';
import { callsInTurn, unlessStopped } from './tab-calls.js';
import type { TabHost } from './tab-host.js';
import { requestTurn, turnLocks, watchPage } from './tab-browser.js';
import { answerRow, catchUp } from './tab-rows.js';
import { LEASE_MS, owes, readLease, type Failure, type Lease, type Synced } from './tab-records.js';
import { showCallEnded, showFailure, showState, takeOverCall } from './tab-state.js';

export { LEASE_MS } from './tab-records.js';
/** How long a tab waits before it writes a failed call into the record (see `#fail`), in ms. */
const FAILURE_WRITE_MS = 250;
/** How often the tab whose call is in flight renews its lease (background tabs' timers run about once a second). */
const RENEW_MS = 2000;

/** Keeps one conversation's tabs in step (see the module comment); held by its `ConversationStore`. */
export class TabSync {
  /** This tab's id in the leases it writes. */
  readonly id = Math.random().toString(36).slice(2, 10);
  readonly #storage: Storage;
  readonly #key: string;
  /** Reads a stored record like the store does (schema, age, limits). */
  readonly #read: (raw: string) => Synced | undefined;
  readonly #host: TabHost;
  /** The save this tab shows (`rev`). */
  #known: string | undefined;
  /** This tab began the conversation and has not saved it yet: its first save wins over what is stored. */
  #fresh = true;
  /** How many entries of the conversation come before the first one the session holds. */
  #base = 0;
  /** The record as stored (parsed), which a lease is written into. */
  #last: Record<string, unknown> | undefined;
  /** The JSON this tab wrote last (its own change, read back, is no news). */
  #written: string | undefined;
  /** The JSON this tab followed last (read again, it is no news either). */
  #seen: string | null | undefined;
  /** The next record's input replaces the one on screen even when it is the same question. */
  #newInput = false;
  /** Another tab's call is shown as in flight here. */
  #mirroring = false;
  /** Saves made by this tab, for unique `rev`s. */
  #saves = 0;
  /** The visitor's answer refused because the conversation had moved on: its words go in the next text field. */
  #refused: string | undefined;
  #renewing: ReturnType<typeof setInterval> | undefined;
  /** Lets go of the turn's Web Lock, while this tab holds it (see `#claim`). */
  #unlock: (() => void) | undefined;
  /** The visitor's answer whose call waits for the turn's lock. */
  #claiming: AnswerEntry | undefined;
  #expiry: ReturnType<typeof setTimeout> | undefined;
  /** Stops following the page's events, while this tab follows them (see `listen`). */
  #unwatch: (() => void) | undefined;
  /**
   * The page is going away (`pagehide`): a call the browser cuts now did not fail for the visitor.
   * Its lease stays handed back, so the next load (or another tab) takes the call over; a failure
   * written now would leave the visitor's answer out of the record.
   */
  #leaving = false;
  /** Writes the failed call this tab waits to write (see `#fail`). */
  #writeFailure: (() => void) | undefined;
  #failing: ReturnType<typeof setTimeout> | undefined;

  constructor(storage: Storage, key: string, read: (raw: string) => Synced | undefined, host: TabHost) {
    this.#storage = storage;
    this.#key = key;
    this.#read = read;
    this.#host = host;
    const session = host.session;
    if (session.client)
      session.client = callsInTurn(session.client, {
        entries: () => session.entries,
        take: (row, signal) => unlessStopped(this.#claim(row), signal, () => this.#abandon()),
        lease: (what, answering) => {
          if (answering) this.#refused = undefined;
          this.#lease(what);
        },
        abandon: () => this.#abandon(),
        fail: (failure) => this.#fail(failure),
      });
  }

  /** Follows the other tabs (the widget is in the page). */
  listen(): void {
    this.#unwatch ??= watchPage({
      storage: (event) => {
        if (event.storageArea !== this.#storage || (event.key !== null && event.key !== this.#key)) return;
        // What is stored now: events queue up behind the storage (this tab may have read it already).
        const raw = this.#stored();
        if (raw !== this.#written && raw !== this.#seen) this.#follow(raw);
      },
      pagehide: () => {
        this.#leaving = true;
        this.#handBack();
      },
      // Back from the page cache: this tab's failures count again.
      pageshow: () => (this.#leaving = false),
    });
  }

  /** Stops following them (the widget left the page, or its conversation was dropped): a lease held goes back. */
  quiet(): void {
    if (!this.#unwatch) return;
    this.#unwatch();
    this.#unwatch = undefined;
    clearTimeout(this.#expiry);
    this.#writeFailure?.();
    this.#handBack();
    this.#release();
  }

  /**
   * The record this tab restores: what a reload shows. While another tab's
   * call is in flight, what it owes is left to it, and the call is shown as in
   * flight once the record is on screen; a failure is not restored (the
   * question is shown again).
   */
  loaded<R extends Synced>(record: R, raw: string): R {
    this.#fresh = false;
    this.#known = record.rev;
    this.#base = record.from ?? 0;
    this.#last = parseJson(raw) as Record<string, unknown>;
    const restored: R = { ...record, failed: undefined, call: undefined };
    const { call } = record;
    if (!call || call.tab === this.id) return restored;
    const inFlight = call.until > Date.now();
    // In flight: shown as such. Lost with its tab: a dedicated reply, stream or reply is sent by
    // the restore, as after a reload; the visitor's answer is taken over once on screen.
    if (inFlight || call.text !== undefined) queueMicrotask(() => this.#show(record));
    return inFlight ? { ...restored, pending: undefined, stream: undefined, reply: undefined } : restored;
  }

  /**
   * Whether this tab may save over what is stored: yes when it began the
   * conversation, or the stored record is the one it shows (or none). Else
   * another tab moved the conversation on meanwhile, and this tab restores
   * that instead of overwriting it.
   */
  mayWrite(): boolean {
    const raw = this.#stored();
    if (this.#fresh || raw === null || raw === this.#written) return true;
    const stored = parseJson(raw);
    if (!isObject(stored) || stored.rev === this.#known) return true;
    queueMicrotask(() => this.#host.controller.start());
    return false;
  }

  /** What a save adds to the record: its `rev`, its `from`, and the lease while something is owed. */
  stamp(record: Synced, kept: number): Pick<Synced, 'rev' | 'from' | 'call'> {
    this.#fresh = false;
    this.#known = `${this.id}.${++this.#saves}`;
    const from = this.#base + record.entries.length - kept;
    if (!owes(record)) {
      this.#stopRenewing();
      return { rev: this.#known, from };
    }
    this.#startRenewing();
    return { rev: this.#known, from, call: { tab: this.id, until: Date.now() + LEASE_MS } };
  }

  /** The store saved `json` (`value` parsed). */
  wrote(json: string, value: Record<string, unknown>): void {
    this.#written = json;
    this.#last = value;
    // Saved, nothing owed: the turn is over.
    if (!this.#renewing) this.#release();
  }

  /** The record was removed. */
  cleared(): void {
    this.#stopRenewing();
    this.#release();
    this.#last = this.#written = undefined;
  }

  #stored(): string | null {
    try {
      return this.#storage.getItem(this.#key);
    } catch {
      return null;
    }
  }

  #write(value: Record<string, unknown>): void {
    try {
      const json = JSON.stringify(value);
      this.#storage.setItem(this.#key, json);
      this.#written = json;
      this.#last = value;
    } catch {
      // A full storage: the other tabs do not learn of this call.
    }
  }

  /** Writes this tab's lease into the record (the call `what` is in flight) and keeps it renewed. */
  #lease(what: Pick<Lease, 'text' | 'answer'>): void {
    const last = this.#last;
    if (!last) return;
    const now = Date.now();
    this.#write({
      ...last,
      savedAt: now,
      call: { tab: this.id, until: now + LEASE_MS, ...what },
      failed: undefined,
      unsent: undefined,
    });
    this.#startRenewing();
  }

  #startRenewing(): void {
    this.#renewing ??= setInterval(() => {
      const last = this.#last;
      // Someone else wrote since: the turn is theirs now.
      if (!last || this.#stored() !== this.#written || !isObject(last.call)) {
        this.#stopRenewing();
        this.#release();
        return;
      }
      const now = Date.now();
      this.#write({ ...last, savedAt: now, call: { ...last.call, until: now + LEASE_MS } });
    }, RENEW_MS);
  }

  #stopRenewing(): void {
    clearInterval(this.#renewing);
    this.#renewing = undefined;
  }

  /** Hands a lease this tab holds back at once (it goes away): another tab takes over what is owed. */
  #handBack(): void {
    const last = this.#last;
    if (this.#renewing === undefined || !last || !isObject(last.call) || this.#stored() !== this.#written) return;
    this.#stopRenewing();
    this.#write({ ...last, call: { ...last.call, until: 0 } });
    this.#release();
  }

  /** Writes a failed call into the record: every tab shows it, with its Retry. */
  #fail(failure: Failure): void {
    const written = this.#written;
    // A moment later, and only if this tab wrote nothing since (a Retry): a call the browser cuts
    // because the page is going away (a reload) is no failure, and the page is gone by then, its
    // lease handed back on `pagehide`, so the next load takes the call over. A widget that leaves
    // the page writes it at once (`quiet`).
    const write = (): void => {
      clearTimeout(this.#failing);
      this.#writeFailure = undefined;
      if (this.#leaving || this.#written !== written) return;
      this.#stopRenewing();
      const last = this.#last;
      if (last && this.#stored() === this.#written)
        this.#write({ ...last, savedAt: Date.now(), call: undefined, failed: failure });
      this.#release();
    };
    this.#writeFailure = write;
    this.#failing = setTimeout(write, FAILURE_WRITE_MS);
  }

  /** The call was abandoned (this tab stops, or leaves): its turn ends, its lease runs out or was handed back. */
  #abandon(): void {
    this.#stopRenewing();
    this.#release();
  }

  /**
   * Takes the turn for a call: the record says this tab may (`#turn`) and, where there are Web
   * Locks, the tab holds the turn's lock (see `tab-browser.ts`) until its call's result is saved.
   */
  #claim(refused?: AnswerEntry): boolean | Promise<boolean> {
    if (!this.#turn(refused)) return false;
    if (this.#unlock || !turnLocks()) return true;
    this.#claiming = refused;
    return this.#lock().then((held) => {
      this.#claiming = undefined;
      if (held && this.#turn(refused)) return true;
      // Another tab took the turn a moment ago: its lease comes next.
      if (!held) this.#follow(this.#stored(), refused);
      this.#abandon();
      return false;
    });
  }

  /** Holds the turn's Web Lock (true at once when it is held already, or there are no Web Locks). */
  #lock(): Promise<boolean> {
    const locks = turnLocks();
    if (this.#unlock || !locks) return Promise.resolve(true);
    return requestTurn(locks, this.#key, (release) => (this.#unlock = release));
  }

  #release(): void {
    this.#unlock?.();
    this.#unlock = undefined;
  }

  /**
   * Whether this tab may make a call now: the stored record is the one it
   * shows and no other tab's call is in flight (see the module comment).
   * Otherwise it catches up, with `refused` (the visitor's answer) not sent.
   */
  #turn(refused?: AnswerEntry): boolean {
    const raw = this.#stored();
    if (raw === null || raw === this.#written) return true;
    const stored = parseJson(raw);
    if (!isObject(stored) || stored.key !== this.#key) return true;
    if (stored.rev === this.#known && stored.sessionId === this.#host.session.sessionId) {
      const call = readLease(stored.call);
      if (!call || call.tab === this.id || call.until <= Date.now()) {
        this.#last = stored;
        return true;
      }
    }
    this.#follow(raw, refused);
    return false;
  }

  /**
   * Shows the conversation as the record `raw` has it: the rows this tab does
   * not have yet, then its state. A removed record is no news: a restart in
   * another tab writes the new conversation next (until then this tab goes on
   * as it was).
   */
  #follow(raw: string | null, refused = this.#claiming): void {
    this.#seen = raw;
    const record = raw === null ? undefined : this.#read(raw);
    const session = this.#host.session;
    if (!record) {
      if (raw === null && this.#mirroring) {
        clearTimeout(this.#expiry);
        this.#mirroring = false;
        showCallEnded(session);
      }
      return;
    }
    if (record.sessionId !== session.sessionId) return this.#host.controller.start();
    if (refused) {
      this.#refused = takesTypedWords(session.input) ? refused.text : '';
      // Its words go back in the field, though the question may be the same.
      this.#newInput = true;
    }
    this.#host.stop();
    if (!catchUp(session, record, this.#base)) return this.#host.controller.start();
    this.#known = record.rev;
    this.#last = parseJson(raw!) as Record<string, unknown>;
    this.#show(record);
    if (refused) session.entries.push(answerRow(refused.text, refused.answer, 'failed'));
  }

  /** Shows the record's state: its input, or another tab's call in flight, or a failure; takes over what is owed by a tab gone. */
  #show(record: Synced): void {
    const session = this.#host.session;
    const now = Date.now();
    clearTimeout(this.#expiry);
    this.#mirroring = false;
    if (!showState(session, record, this.#newInput, this.#refused)) return;
    this.#newInput = false;
    const { call, failed } = record;
    let status: ConversationStatus = record.input || owes(record) ? 'ready' : 'ended';
    if (call && call.tab !== this.id) {
      // Another tab's call (the visitor's answer shown as sending): in flight, waited for.
      if (call.text !== undefined) session.entries.push(answerRow(call.text, call.answer, 'sending'));
      session.typing = true;
      status = 'sending';
      if (call.until > now) {
        this.#mirroring = true;
        this.#expiry = setTimeout(() => this.#follow(this.#stored()), call.until - now + 50 + Math.random() * 500);
      } else this.#takeOver(); // Its tab went away: this one goes on with what it owed.
    } else if (failed) return showFailure(this.#host, record, failed);
    session.setStatus(status);
  }

  /** Takes over what the tab that went away owed; one tab does (the one that gets the turn's lock, where there is one). */
  #takeOver(): void {
    void this.#lock().then((held) => {
      const raw = this.#stored();
      const record = raw === null ? undefined : this.#read(raw);
      const call = record?.call;
      if (!held || !record || !call || record.rev !== this.#known || call.tab === this.id || call.until > Date.now()) {
        if (held) this.#release();
        // Another tab is taking over: its lease comes next; if not, look again.
        this.#expiry = setTimeout(() => this.#follow(this.#stored()), held ? 0 : 500);
        return;
      }
      this.#last = parseJson(raw!) as Record<string, unknown>;
      this.#lease({ text: call.text, answer: call.answer });
      takeOverCall(this.#host, record, call);
    });
  }
}
