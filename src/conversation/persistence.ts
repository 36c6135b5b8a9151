/**
 * A conversation remembered across page loads (`persist`): one record per
 * widget (its viewer host, flow-bot and, when it has one, its `persist-key`
 * or `id`), in `sessionStorage` (this tab) or `localStorage` (every tab of the
 * site). Any script of the host page can read and write these records.
 *
 * What is kept: the session and result ids, the `flowbot` of the start
 * response (theme, settings, `publishedAt`), the transcript (bot messages and
 * the answers the server accepted, each with when it was shown), the input on screen, `dynamicTheme`,
 * `progress`, and whether a dedicated reply (an empty continue) is still owed.
 *
 * Restoring costs no request: a start would open a new session, which is what
 * persistence avoids. The record is trusted until the server says otherwise
 * (the controller decides that): a response naming another `flowbot.publishedAt`
 * drops it and starts anew; a 404 on continuing the restored session (the viewer
 * no longer knows it) keeps it, marked `expired`, so every reload and tab shows
 * the transcript read-only with Start again until the visitor starts anew.
 *
 * A record is read like wire data, and only a sound one is used: it must
 * parse, be at most 500,000 characters, hold at most 200 entries, belong to
 * this key, have this format version, pass the schema, and have been saved
 * within the last 24 hours (the save time is stored with it). Its messages and
 * input go through the same limits as a response (`protocol/limits.ts`). A
 * restored `pending` (a dedicated reply still owed), owed stream or owed reply sends a request at once,
 * so it is honoured only when nothing in the record had to be cut and it was
 * saved within the last 10 minutes; otherwise the record is dropped and a new
 * conversation starts. An answer that never left the browser (`unsent`: it was
 * written offline) is sent on restore, or once the
 * browser is back online, within the record's 24 hours; only from a record
 * nothing had to be cut from. Anything else unusable is dropped too (and replaced by
 * the next save). Saving keeps the newest 200 entries; a record that would
 * still be too big is not kept. Storage that throws (blocked, or full) only
 * turns persistence off.
 *
 * Two widgets of one bot on one page need their own keys (`id` or
 * `persist-key`): without, the second one warns and remembers nothing, so it
 * cannot overwrite the first one's conversation.
 *
 * With `local`, the tabs of the site show one conversation, in step
 * (`tabs.ts`): a save also stamps the record (`rev`, `from`, and a lease
 * while a call is owed), and the store follows what the other tabs write.
 * These fields are optional: records without them are read as before.
 */
import { isObject, parseJson } from '../protocol/json.js';
import { LIMITS, limitTurn, SHORTENED } from '../protocol/limits.js';
import { checkAnswer, readChatInput, readChatMessage, readDynamicTheme } from '../protocol/turn.js';
import { takesTypedWords, type AnswerEntry, type BotEntry, type TranscriptEntry } from '../protocol/transcript.js';
import type { ChatAnswer, ChatMessage, DynamicTheme } from '../protocol/types.js';
import { readExpiry, readFailure, readLease, readUnsent, type Synced } from './tab-records.js';
import type { TabHost } from './tab-host.js';
import { TabSync } from './tabs.js';
import { storageKey, storageOf } from './storage-key.js';
import { addPast, MAX_AGE_MS } from './past.js';

export { storageKey } from './storage-key.js';

/** Where a conversation is remembered: nowhere, for this tab, or for the whole site. */
export type PersistMode = 'none' | 'session' | 'local';

/** The largest record read or written, in characters of its JSON. */
export const MAX_RECORD_CHARS = 500_000;
/** The most transcript entries kept. */
export const MAX_ENTRIES = 200;
export { MAX_AGE_MS } from './past.js';
/** How long a record's owed dedicated reply is still sent on restore: 10 minutes. */
export const PENDING_MAX_AGE_MS = 10 * 60 * 1000;

const FORMAT = 2;

/**
 * A remembered conversation: what the tabs read of it (`Synced`: the owed call, the input, the
 * theme, and with `persist="local"` the save's `rev`, `from`, `call` and `failed`), plus the result
 * and bot ids, and each entry's time.
 */
export interface StoredConversation extends Synced {
  resultId: string;
  flowbot: unknown;
  /** `at`: when it was shown (ms since the epoch); records of older versions have none, and are read without. */
  entries: Array<
    | { kind: 'bot'; message: ChatMessage; local?: boolean | undefined; at?: number | undefined }
    | { kind: 'answer'; answer?: ChatAnswer | undefined; text: string; at?: number | undefined }
  >;
}

/** What a record says is still owed: the input on screen, or the call to make. */
export type Owed = Pick<StoredConversation, 'input' | 'pending' | 'stream' | 'reply' | 'expired' | 'unsent'>;

/** What the store reads of a conversation to remember it (the controller's `Session`). */
export interface RememberedConversation {
  readonly sessionId: string | undefined;
  readonly resultId: string | undefined;
  readonly flowbot: unknown;
  readonly entries: readonly TranscriptEntry[];
  readonly dynamicTheme: DynamicTheme;
  readonly progress: number | undefined;
}

/** Marks a field out of shape (distinct from every value a field can hold). */
const BAD = Symbol('bad');
const optional = <T>(value: unknown, ok: (value: unknown) => value is T): T | undefined | typeof BAD =>
  value === undefined || value === null ? undefined : ok(value) ? value : BAD;

/** An entry's time: a date JavaScript can hold, else none (a time out of shape is dropped, not the record). */
const timeOf = (value: unknown): { at?: number } =>
  typeof value === 'number' && value > 0 && value < 8.64e15 ? { at: value } : {};

/**
 * A stored record read like wire data (with the readers of responses, so the
 * widget carries no schema library): any field out of shape makes the whole
 * record unusable. Returns the record and when it was saved.
 */
function readRecord(value: unknown, key: string): { record: StoredConversation; savedAt: number } | undefined {
  if (!isObject(value) || value.v !== FORMAT || value.key !== key || typeof value.savedAt !== 'number')
    return undefined;
  const { sessionId, resultId } = value;
  if (typeof sessionId !== 'string' || typeof resultId !== 'string' || !Array.isArray(value.entries)) return undefined;
  const entries: StoredConversation['entries'] = [];
  for (const raw of value.entries) {
    if (!isObject(raw)) return undefined;
    if (raw.kind === 'bot') {
      const message = readChatMessage(raw.message);
      if (!message) return undefined;
      entries.push({ kind: 'bot', message, local: raw.local === true, ...timeOf(raw.at) });
    } else if (raw.kind === 'answer' && typeof raw.text === 'string') {
      const answer = raw.answer == null ? undefined : checkAnswer(raw.answer);
      if (answer && !answer.ok) return undefined;
      entries.push({ kind: 'answer', answer: answer?.value, text: raw.text, ...timeOf(raw.at) });
    } else return undefined;
  }
  const input = value.input == null ? undefined : readChatInput(value.input);
  const pending = optional(value.pending, (x): x is boolean => typeof x === 'boolean');
  const reply = optional(value.reply, (x): x is string => typeof x === 'string');
  const progress = optional(value.progress, (x): x is number => typeof x === 'number' && Number.isFinite(x));
  const stream = optional(value.stream, isObject);
  const messages = stream && stream !== BAD ? optional(stream.messages, Array.isArray) : undefined;
  const dynamicTheme = value.dynamicTheme == null ? undefined : readDynamicTheme(value.dynamicTheme);
  const rev = optional(value.rev, (x): x is string => typeof x === 'string');
  const from = optional(value.from, (x): x is number => Number.isSafeInteger(x) && (x as number) >= 0);
  const call = readLease(value.call);
  const failed = readFailure(value.failed);
  const expired = readExpiry(value.expired);
  const unsent = readUnsent(value.unsent);
  if (
    (value.input != null && !input) ||
    (value.dynamicTheme != null && !dynamicTheme) ||
    [pending, reply, progress, stream, messages, rev, from].includes(BAD) ||
    call === null ||
    failed === null ||
    expired === null ||
    unsent === null ||
    (unsent && !input)
  ) {
    return undefined;
  }
  const record: StoredConversation = {
    sessionId,
    resultId,
    flowbot: value.flowbot,
    entries,
    input,
    pending: pending === true || undefined,
    stream: stream && stream !== BAD ? { messages: Array.isArray(messages) ? messages : undefined } : undefined,
    reply: typeof reply === 'string' ? reply : undefined,
    dynamicTheme,
    progress: typeof progress === 'number' ? progress : undefined,
    ...(typeof rev === 'string' ? { rev } : {}),
    ...(typeof from === 'number' ? { from } : {}),
    ...(call ? { call } : {}),
    ...(failed ? { failed } : {}),
    ...(expired ? { expired } : {}),
    ...(unsent ? { unsent } : {}),
  };
  return { record, savedAt: value.savedAt };
}

/** Per storage area, the keys held by a live store of this page, and by which. */
const claimed = new WeakMap<Storage, Map<string, ConversationStore>>();

/** How many of the limits' notes `value` holds: the limits add one wherever they cut. */
const notes = (value: unknown): number => JSON.stringify(value).split(SHORTENED).length;

/** One widget's record in one storage area. Never throws. */
export class ConversationStore {
  private storage: Storage | undefined;
  private readonly key: string;
  /** The claims this store's key is held in, while it holds it. */
  private held: Map<string, ConversationStore> | undefined;
  /** With `local` and a conversation to keep in step: the other tabs of the site (see `tabs.ts`). */
  private readonly tabs: TabSync | undefined;

  /**
   * `host`: the conversation this store remembers, which `local` keeps in
   * step with the site's other tabs (without one, the store only saves and loads).
   */
  constructor(
    mode: PersistMode | string | undefined,
    publicId: string,
    apiHost: string,
    instance = '',
    host?: TabHost,
  ) {
    this.key = storageKey(publicId, apiHost, instance.trim());
    // Storage blocked (cookies off, sandboxed frame): nothing is remembered.
    this.storage = storageOf(mode);
    if (mode === 'local' && this.storage && host)
      this.tabs = new TabSync(this.storage, this.key, (raw) => this.read(raw), host);
  }

  /**
   * Holds the key for this store. When another live store of the page holds
   * it (two widgets of one bot, no key of their own), this one warns and
   * remembers nothing rather than overwrite the other's conversation.
   */
  claim(): void {
    if (!this.storage) return;
    let held = claimed.get(this.storage);
    if (!held) claimed.set(this.storage, (held = new Map()));
    const holder = held.get(this.key);
    if (holder && holder !== this) {
      console.warn(
        `<flowbot-chat>: ${this.key} is remembered by another widget; this one remembers nothing (give each an id or persist-key)`,
      );
      this.storage = undefined;
      return;
    }
    held.set(this.key, this);
    this.held = held;
    this.tabs?.listen();
  }

  /** Lets go of the key (the widget left the page, or starts over). */
  release(): void {
    if (this.held?.get(this.key) === this) this.held.delete(this.key);
    this.held = undefined;
    this.tabs?.quiet();
  }

  /** The remembered conversation, if there is a sound one (see the module comment); an unsound one is dropped. */
  load(): StoredConversation | undefined {
    let raw: string | null | undefined;
    try {
      raw = this.storage?.getItem(this.key);
    } catch {
      return undefined;
    }
    if (!raw) return undefined;
    const record = raw.length <= MAX_RECORD_CHARS ? this.read(raw) : undefined;
    if (!record) this.clear();
    return record && this.storage && this.tabs ? this.tabs.loaded(record, raw) : record;
  }

  private read(raw: string): StoredConversation | undefined {
    const parsed = readRecord(parseJson(raw), this.key);
    if (!parsed || parsed.record.entries.length > MAX_ENTRIES) return undefined;
    const { record, savedAt } = parsed;
    const age = Date.now() - savedAt;
    if (!(age >= 0 && age <= MAX_AGE_MS)) return undefined;
    // Read like a response: messages, answers and the input within the limits.
    const entries = record.entries.map((entry) =>
      entry.kind === 'bot'
        ? { ...entry, message: limitTurn({ messages: [entry.message] }).messages[0]! }
        : {
            ...entry,
            text:
              entry.text.length > LIMITS.answerChars ? entry.text.slice(0, LIMITS.answerChars) + SHORTENED : entry.text,
          },
    );
    const input = record.input ? limitTurn({ messages: [], input: record.input }) : undefined;
    const restored: StoredConversation = { ...record, entries, ...(input?.input ? { input: input.input } : {}) };
    // An answer that never left waits in its field, its words as typed, until it goes.
    const { unsent } = record;
    if (unsent && restored.input && takesTypedWords(restored.input))
      restored.input = { ...restored.input, prefilledValue: unsent.text };
    const owes = record.pending || record.stream || record.reply !== undefined;
    // An answer that never left is sent on restore too (within the record's age): only when intact.
    if (record.unsent && notes(restored) !== notes(record)) return undefined;
    if (
      owes &&
      (age > PENDING_MAX_AGE_MS || notes(restored) !== notes(record) || (input && input.messages.length > 0))
    ) {
      // An owed reply is sent at once: only for a record that is intact and fresh.
      return undefined;
    }
    return restored;
  }

  /**
   * Remembers `conversation`: what a reload shows again (bot messages and the
   * answers the server accepted, then `messages`, about to be shown) and what
   * it still `owed`.
   */
  remember(conversation: RememberedConversation, owed: Owed, messages: readonly ChatMessage[] = []): void {
    const kept = conversation.entries.filter(
      (entry): entry is BotEntry | AnswerEntry =>
        entry.kind === 'bot' || (entry.kind === 'answer' && entry.state === 'sent'),
    );
    this.save({
      sessionId: conversation.sessionId ?? '',
      resultId: conversation.resultId ?? '',
      flowbot: conversation.flowbot,
      entries: [...kept, ...messages.map((message) => ({ kind: 'bot' as const, message }))],
      ...owed,
      dynamicTheme: conversation.dynamicTheme,
      progress: conversation.progress,
    });
  }

  /** Remembers `record` (its newest entries); when storage refuses (full), persistence is off from then on. */
  save(record: StoredConversation): void {
    const { storage, tabs } = this;
    // Another tab moved the conversation on meanwhile: this one follows it instead.
    if (!storage || (tabs && !tabs.mayWrite())) return;
    try {
      // Messages saved before they are shown (the rest of a response: no key yet) take the time of
      // their save: the typing delays are seconds, and times show minutes.
      const now = Date.now();
      const entries = record.entries
        .slice(-MAX_ENTRIES)
        .map((entry) => (entry.at !== undefined || 'key' in entry ? entry : { ...entry, at: now }));
      const value = {
        v: FORMAT,
        key: this.key,
        savedAt: now,
        ...record,
        ...tabs?.stamp(record, entries.length),
        entries,
      };
      const json = JSON.stringify(value);
      if (json.length > MAX_RECORD_CHARS) {
        this.clear();
        return;
      }
      storage.setItem(this.key, json);
      tabs?.wrote(json, value);
    } catch {
      this.clear();
      this.storage = undefined;
    }
  }

  /** Keeps the conversation among the earlier ones when the visitor answered in it (`past.ts`), then forgets it here. */
  archive(): void {
    try {
      if (this.storage) addPast(this.storage, this.key, this.storage.getItem(this.key));
    } catch {
      // Nothing to keep.
    }
    this.clear();
  }

  /** Forgets the conversation. */
  clear(): void {
    this.tabs?.cleared();
    try {
      this.storage?.removeItem(this.key);
    } catch {
      // Nothing to forget.
    }
  }
}
