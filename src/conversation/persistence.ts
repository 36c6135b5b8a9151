/**
 * A conversation remembered across page loads (`persist`): one record per
 * flow-bot and viewer host, in `sessionStorage` (this tab) or `localStorage`
 * (every tab of the site).
 *
 * What is kept: the session and result ids, the `flowbot` of the start
 * response (theme, settings, `publishedAt`), the transcript (bot messages and
 * the answers the server accepted), the input on screen, `dynamicTheme`,
 * `progress`, and whether a dedicated reply (an empty continue) is still owed.
 *
 * Restoring costs no request: a start would open a new session, which is what
 * persistence avoids. The record is trusted until the server says otherwise
 * (the controller decides that): a 404 on continuing the restored session, or
 * a response naming another `flowbot.publishedAt`, drops it and starts anew.
 *
 * A record that does not parse, belongs to another bot or host, or has another
 * format version is ignored (and replaced by the next save). Storage that
 * throws (blocked, or full) only turns persistence off.
 */
import type { ChatAnswer, ChatInput, ChatMessage, DynamicTheme } from '../protocol/types.js';
import { checkAnswer, readChatInput, readChatMessage, readDynamicTheme } from '../protocol/turn.js';

/** Where a conversation is remembered: nowhere, for this tab, or for the whole site. */
export type PersistMode = 'none' | 'session' | 'local';

/** A remembered conversation. */
export interface StoredConversation {
  sessionId: string;
  resultId: string;
  flowbot: unknown;
  entries: Array<
    | { kind: 'bot'; message: ChatMessage; local?: boolean | undefined }
    | { kind: 'answer'; answer?: ChatAnswer | undefined; text: string }
  >;
  /** The input on screen; none (and nothing pending) means the flow ended. */
  input?: ChatInput | undefined;
  /** An `expectsDedicatedReply` action was still to be answered. */
  pending?: boolean | undefined;
  /** A streamed answer was owed (its request body: the older action's `messages`). */
  stream?: { messages?: unknown[] | undefined } | undefined;
  /** A streamed answer had arrived whole: its text was still to be sent as the reply. */
  reply?: string | undefined;
  dynamicTheme?: DynamicTheme | undefined;
  progress?: number | undefined;
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Marks a field out of shape (distinct from every value a field can hold). */
const BAD = Symbol('bad');
const optional = <T>(value: unknown, ok: (value: unknown) => value is T): T | undefined | typeof BAD =>
  value === undefined || value === null ? undefined : ok(value) ? value : BAD;

/** A stored record read like wire data: any field out of shape makes the whole record unusable. */
function readRecord(value: unknown, key: string): StoredConversation | undefined {
  if (!isRecord(value) || value.v !== 1 || value.key !== key) return undefined;
  const { sessionId, resultId } = value;
  if (typeof sessionId !== 'string' || typeof resultId !== 'string' || !Array.isArray(value.entries)) return undefined;
  const entries: StoredConversation['entries'] = [];
  for (const raw of value.entries) {
    if (!isRecord(raw)) return undefined;
    if (raw.kind === 'bot') {
      const message = readChatMessage(raw.message);
      if (!message) return undefined;
      entries.push({ kind: 'bot', message, local: raw.local === true });
    } else if (raw.kind === 'answer' && typeof raw.text === 'string') {
      const answer = raw.answer == null ? undefined : checkAnswer(raw.answer);
      if (answer && !answer.ok) return undefined;
      entries.push({ kind: 'answer', answer: answer?.value, text: raw.text });
    } else return undefined;
  }
  const input = value.input == null ? undefined : readChatInput(value.input);
  const pending = optional(value.pending, (x): x is boolean => typeof x === 'boolean');
  const reply = optional(value.reply, (x): x is string => typeof x === 'string');
  const progress = optional(value.progress, (x): x is number => typeof x === 'number' && Number.isFinite(x));
  const stream = optional(value.stream, isRecord);
  const messages = stream && stream !== BAD ? optional(stream.messages, Array.isArray) : undefined;
  const dynamicTheme = value.dynamicTheme == null ? undefined : readDynamicTheme(value.dynamicTheme);
  if (
    (value.input != null && !input) ||
    (value.dynamicTheme != null && !dynamicTheme) ||
    [pending, reply, progress, stream, messages].includes(BAD)
  ) {
    return undefined;
  }
  return {
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
  };
}

/** The storage key of a bot on a viewer host (`''`: the page's origin): `flowbot-chat:<host>:<publicId>`. */
export function storageKey(publicId: string, apiHost: string): string {
  const host = apiHost.trim() || globalThis.location?.origin || '';
  return `flowbot-chat:${host.replace(/\/+$/, '')}:${publicId}`;
}

/** One bot's record in one storage area. Never throws. */
export class ConversationStore {
  private storage: Storage | undefined;
  private readonly key: string;

  constructor(mode: PersistMode | string | undefined, publicId: string, apiHost: string) {
    this.key = storageKey(publicId, apiHost);
    try {
      this.storage = mode === 'local' ? localStorage : mode === 'session' ? sessionStorage : undefined;
    } catch {
      // Storage blocked (cookies off, sandboxed frame): nothing is remembered.
    }
  }

  /** The remembered conversation, if there is a usable one. */
  load(): StoredConversation | undefined {
    try {
      const raw = this.storage?.getItem(this.key);
      if (!raw) return undefined;
      return readRecord(JSON.parse(raw), this.key);
    } catch {
      // Not JSON: ignored like any other unusable record.
    }
    return undefined;
  }

  /** Remembers `record`; when storage refuses (full), persistence is off from then on. */
  save(record: StoredConversation): void {
    if (!this.storage) return;
    try {
      this.storage.setItem(this.key, JSON.stringify({ v: 1, key: this.key, ...record }));
    } catch {
      this.clear();
      this.storage = undefined;
    }
  }

  /** Forgets the conversation. */
  clear(): void {
    try {
      this.storage?.removeItem(this.key);
    } catch {
      // Nothing to forget.
    }
  }
}
