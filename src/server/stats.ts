/**
 * What the reference server accepted, kept so that tests can count: "50
 * answers through a flaky server: none lost, none duplicated", "a retried
 * start opened exactly one session".
 *
 * Only requests the server processed are recorded: a request that an
 * injected fault stopped before the handler (`status=`, `drop`, `hang`,
 * `bad-json`) or that was refused (400, 404) is not. A `drop-after` fault
 * loses the response of a processed request, so that request is recorded.
 *
 * @example
 * ```ts
 * const { state } = createReferenceApp();
 * // … a conversation …
 * expect(state.stats.sessionsStarted).toBe(1);
 * expect(state.stats.answersOf(sessionId)).toEqual(['Ada', 'ada@example.com']);
 * ```
 */
/** A client log as kept by `ReferenceStats`. */
export interface ClientLogRecord {
  sessionId: string;
  /** When the server received it (ISO date-time). */
  receivedAt: string;
  status: string;
  description: string;
  /** As sent, when it was at most `MAX_LOG_DETAILS` characters of JSON; else cut to a string of that length. */
  details?: unknown;
  context?: string;
}

export class ReferenceStats {
  /**
   * The most sessions whose continueChat bodies are kept; the oldest are
   * forgotten first, so a long-running server does not grow without bound.
   */
  static readonly SESSION_LIMIT = 10_000;

  /** The most continueChat bodies kept per session (the newest). */
  static readonly BODIES_PER_SESSION = 100;

  /**
   * The most bytes of continueChat bodies kept over all sessions (as JSON);
   * the oldest sessions' bodies are forgotten first.
   */
  static readonly BODY_BYTES_LIMIT = 8 * 1024 * 1024;

  /** The most client logs kept (the newest). */
  static readonly CLIENT_LOG_LIMIT = 1_000;

  /**
   * The client logs reported with `POST /api/v2/sessions/{id}/clientLogs`,
   * oldest first (the newest `CLIENT_LOG_LIMIT`).
   */
  readonly clientLogs: ClientLogRecord[] = [];

  /** How many streamed answers were requested (streamMessage calls answered 200). */
  streamsServed = 0;

  /** How many continueChat bodies were forgotten to stay within the bounds. */
  bodiesDropped = 0;

  private bodyBytes = 0;
  private readonly bodySizes = new Map<string, number[]>();

  /** Ids of the sessions opened by startChat, in order (the newest `SESSION_LIMIT`). */
  readonly startedSessionIds: string[] = [];

  /**
   * The continueChat bodies accepted, per session id, in order of arrival:
   * the parsed JSON as received (`undefined` for an empty body).
   */
  readonly continueBodies = new Map<string, unknown[]>();

  private started = 0;

  /** How many sessions startChat has opened (all of them, also past `SESSION_LIMIT`). */
  get sessionsStarted(): number {
    return this.started;
  }

  /** How many continueChat bodies were accepted, over the sessions still kept. */
  get continueCount(): number {
    let count = 0;
    for (const bodies of this.continueBodies.values()) count += bodies.length;
    return count;
  }

  /** The continueChat bodies accepted for `sessionId` (empty when none). */
  bodiesOf(sessionId: string): readonly unknown[] {
    return this.continueBodies.get(sessionId) ?? [];
  }

  /**
   * The visitor's answers accepted for `sessionId`: the `message` of each
   * body, a text reply's `text`; bodies without an answer (`{}`) are skipped.
   */
  answersOf(sessionId: string): string[] {
    return this.bodiesOf(sessionId).flatMap((body) => {
      const message = (body as { message?: unknown } | null | undefined)?.message;
      if (typeof message === 'string') return [message];
      const text = (message as { text?: unknown } | null | undefined)?.text;
      return typeof text === 'string' ? [text] : [];
    });
  }

  /** Records a session opened by startChat. */
  recordStart(sessionId: string): void {
    this.started += 1;
    this.startedSessionIds.push(sessionId);
    if (this.startedSessionIds.length > ReferenceStats.SESSION_LIMIT) this.startedSessionIds.shift();
  }

  /**
   * Records a continueChat body the server accepted for `sessionId`, within
   * the bounds (`BODIES_PER_SESSION`, `BODY_BYTES_LIMIT`, `SESSION_LIMIT`).
   */
  recordContinue(sessionId: string, body: unknown): void {
    const size = body === undefined ? 0 : JSON.stringify(body).length;
    let bodies = this.continueBodies.get(sessionId);
    let sizes = this.bodySizes.get(sessionId);
    if (!bodies || !sizes) {
      bodies = [];
      sizes = [];
      this.continueBodies.set(sessionId, bodies);
      this.bodySizes.set(sessionId, sizes);
    }
    bodies.push(body);
    sizes.push(size);
    this.bodyBytes += size;
    if (bodies.length > ReferenceStats.BODIES_PER_SESSION) {
      bodies.shift();
      this.bodyBytes -= sizes.shift() ?? 0;
      this.bodiesDropped += 1;
    }
    while (
      this.continueBodies.size > ReferenceStats.SESSION_LIMIT ||
      (this.bodyBytes > ReferenceStats.BODY_BYTES_LIMIT && this.continueBodies.size > 1)
    ) {
      const oldest = this.continueBodies.keys().next().value!;
      if (oldest === sessionId) break;
      this.forget(oldest);
    }
    // One session alone over the byte budget keeps only its newest bodies.
    while (this.bodyBytes > ReferenceStats.BODY_BYTES_LIMIT && bodies.length > 1) {
      bodies.shift();
      this.bodyBytes -= sizes.shift() ?? 0;
      this.bodiesDropped += 1;
    }
  }

  /** The continueChat bodies kept, in bytes of JSON. */
  get continueBytes(): number {
    return this.bodyBytes;
  }

  private forget(sessionId: string): void {
    this.bodiesDropped += this.continueBodies.get(sessionId)?.length ?? 0;
    for (const size of this.bodySizes.get(sessionId) ?? []) this.bodyBytes -= size;
    this.continueBodies.delete(sessionId);
    this.bodySizes.delete(sessionId);
  }

  /** Records a streamed answer served. */
  recordStream(_sessionId: string): void {
    this.streamsServed += 1;
  }

  /** Records client logs reported for `sessionId`. */
  recordClientLogs(sessionId: string, logs: readonly Omit<ClientLogRecord, 'sessionId' | 'receivedAt'>[]): void {
    const receivedAt = new Date().toISOString();
    for (const log of logs) this.clientLogs.push({ sessionId, receivedAt, ...log });
    const over = this.clientLogs.length - ReferenceStats.CLIENT_LOG_LIMIT;
    if (over > 0) this.clientLogs.splice(0, over);
  }

  /** The client logs kept for `sessionId`, oldest first. */
  clientLogsOf(sessionId: string): ClientLogRecord[] {
    return this.clientLogs.filter((log) => log.sessionId === sessionId);
  }

  /** Forgets everything (counts back to zero). */
  reset(): void {
    this.started = 0;
    this.startedSessionIds.length = 0;
    this.continueBodies.clear();
    this.bodySizes.clear();
    this.bodyBytes = 0;
    this.bodiesDropped = 0;
    this.clientLogs.length = 0;
    this.streamsServed = 0;
  }
}
