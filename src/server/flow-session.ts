/** Chat sessions: what one conversation holds, and the in-memory store that expires and evicts them. */
import type { ClientSideAction } from '../api/schemas/index.js';
import { ApiError } from './error-responses.js';
import type { FlowDefinition } from './flows.js';
import { quotable } from './request-limits.js';

/** Sessions live this long after their last use (1 hour). */
export const DEFAULT_SESSION_TTL_MS = 60 * 60_000;

/** The most live sessions; beyond it the least recently used one is forgotten. */
export const DEFAULT_MAX_SESSIONS = 10_000;

type Waiting =
  | { kind: 'input'; blockId: string }
  | { kind: 'dedicated-reply'; blockId: string }
  /** A streamed answer (`answer` to `question`) waits to be fetched, then sent back as the reply. */
  | { kind: 'stream'; blockId: string; question: string; answer: string; action: ClientSideAction }
  | { kind: 'ended' };

/** One conversation with a flow. */
export interface ChatSession {
  id: string;
  resultId: string;
  flow: FlowDefinition;
  variables: Record<string, string>;
  format: 'richText' | 'markdown';
  /** Whether the client asked for streamed answers (`isStreamEnabled`). */
  streamEnabled: boolean;
  assetsUrl: string;
  waiting: Waiting;
  /** Every accepted answer, in order. */
  answers: { inputId: string; answer: string }[];
  emittedIds: Set<string>;
  retries: number;
  touchedAt: number;
}

/**
 * In-memory sessions by id, forgotten `ttlMs` after their last use, at most
 * `maxSessions` of them (a new one then evicts the least recently used).
 */
export class SessionStore {
  /** In order of last use, least recent first. */
  private readonly sessions = new Map<string, ChatSession>();
  private lastSweep = 0;
  /** Sessions forgotten to make room for new ones. */
  evicted = 0;

  constructor(
    readonly ttlMs: number = DEFAULT_SESSION_TTL_MS,
    readonly maxSessions: number = DEFAULT_MAX_SESSIONS,
  ) {}

  /** The live session with `id`, or undefined (unknown or expired). */
  get(id: string, now = Date.now()): ChatSession | undefined {
    this.sweepNow(now);
    const session = this.sessions.get(id);
    if (!session) return undefined;
    if (now - session.touchedAt > this.ttlMs) {
      this.sessions.delete(id);
      return undefined;
    }
    session.touchedAt = now;
    // Move it to the end: the first entry is always the least recently used.
    this.sessions.delete(id);
    this.sessions.set(id, session);
    return session;
  }

  add(session: ChatSession): void {
    this.sweepNow(session.touchedAt);
    while (this.sessions.size >= Math.max(1, this.maxSessions)) {
      this.sessions.delete(this.sessions.keys().next().value!);
      this.evicted += 1;
    }
    this.sessions.set(session.id, session);
  }

  /** Sweeps at most once every tenth of the TTL: a request never pays for a scan of every session. */
  private sweepNow(now: number): void {
    if (now - this.lastSweep < this.ttlMs / 10) return;
    this.lastSweep = now;
    this.sweep(now);
  }

  /**
   * Forgets the session `id` at once, as its idle expiry would: its next call answers 404 (for
   * tests of what a client does then). True when there was one.
   */
  forget(id: string): boolean {
    return this.sessions.delete(id);
  }

  /** Forgets every session (a restarted viewer); returns how many there were. */
  forgetAll(): number {
    const count = this.sessions.size;
    this.sessions.clear();
    return count;
  }

  /** Number of live sessions. */
  get size(): number {
    return this.sessions.size;
  }

  /** Forgets sessions idle for longer than the TTL. */
  sweep(now = Date.now()): void {
    for (const [id, session] of this.sessions) {
      // In order of last use: the first one still fresh ends the sweep.
      if (now - session.touchedAt <= this.ttlMs) break;
      this.sessions.delete(id);
    }
  }
}

/**
 * Thrown for an unknown or expired session: 404 with
 * `{ "message": "Session \"<id>\" does not exist or has expired." }`, on continueChat,
 * streamMessage, clientLogs and generate-upload-url alike.
 */
export function sessionNotFound(id: string): ApiError {
  const shown = quotable(id);
  return new ApiError(
    404,
    `${shown === undefined ? 'This session' : `Session "${shown}"`} does not exist or has expired.`,
  );
}
