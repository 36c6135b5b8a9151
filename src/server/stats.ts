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
export class ReferenceStats {
  /**
   * The most sessions whose continueChat bodies are kept; the oldest are
   * forgotten first, so a long-running server does not grow without bound.
   */
  static readonly SESSION_LIMIT = 10_000;

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

  /** Records a continueChat body the server accepted for `sessionId`. */
  recordContinue(sessionId: string, body: unknown): void {
    const bodies = this.continueBodies.get(sessionId);
    if (bodies) {
      bodies.push(body);
      return;
    }
    this.continueBodies.set(sessionId, [body]);
    if (this.continueBodies.size > ReferenceStats.SESSION_LIMIT) {
      const oldest = this.continueBodies.keys().next().value;
      if (oldest !== undefined) this.continueBodies.delete(oldest);
    }
  }

  /** Forgets everything (counts back to zero). */
  reset(): void {
    this.started = 0;
    this.startedSessionIds.length = 0;
    this.continueBodies.clear();
  }
}
