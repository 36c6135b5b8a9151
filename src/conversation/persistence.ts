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
import * as v from 'valibot';
import {
  ChatAnswerSchema,
  ChatInputSchema,
  ChatMessageSchema,
  DynamicThemeSchema,
} from '../api/viewer-schemas.js';

/** Where a conversation is remembered: nowhere, for this tab, or for the whole site. */
export type PersistMode = 'none' | 'session' | 'local';

const bool = v.optional(v.boolean());

const StoredSchema = v.object({
  v: v.literal(1),
  key: v.string(),
  sessionId: v.string(),
  resultId: v.string(),
  flowbot: v.unknown(),
  entries: v.array(
    v.union([
      v.object({ kind: v.literal('bot'), message: ChatMessageSchema, local: bool }),
      v.object({ kind: v.literal('answer'), answer: v.optional(ChatAnswerSchema), text: v.string() }),
    ]),
  ),
  /** The input on screen; none (and nothing pending) means the flow ended. */
  input: v.optional(ChatInputSchema),
  /** An `expectsDedicatedReply` action was still to be answered. */
  pending: bool,
  /** A streamed answer was owed (its request body: the older action's `messages`). */
  stream: v.optional(v.object({ messages: v.optional(v.array(v.unknown())) })),
  /** A streamed answer had arrived whole: its text was still to be sent as the reply. */
  reply: v.optional(v.string()),
  dynamicTheme: v.optional(DynamicThemeSchema),
  progress: v.optional(v.number()),
});

/** A remembered conversation. */
export type StoredConversation = Omit<v.InferOutput<typeof StoredSchema>, 'v' | 'key'>;

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
      const parsed = v.safeParse(StoredSchema, JSON.parse(raw));
      if (parsed.success && parsed.output.key === this.key) return parsed.output;
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
