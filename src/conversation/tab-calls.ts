/**
 * The conversation's calls as a tab of `persist="local"` makes them (see
 * `tabs.ts`): each waits for the tab's turn, is written into the record as a
 * lease while it is in flight, and a failure is written down for every tab.
 * A call whose turn another tab has is refused with an `AbortError`: the tab
 * catches up instead.
 *
 * - **Who talks.** Each save gets a `rev`. Before a call a tab reads the
 *   record: when its `rev` is not the one the tab shows, or another tab's call
 *   is in flight, the tab sends nothing; it catches up instead, shows the
 *   visitor's refused answer as "not sent" and puts its text back in the next
 *   text field. So an input is answered once, by one tab.
 * - **A call in flight** is written into the record as a lease (`call`: the
 *   tab's id, the visitor's answer, an expiry `LEASE_MS` ahead), renewed while
 *   the call lasts and while the tab owes the next call (a dedicated reply, a
 *   stream, a streamed answer's reply). The other tabs show the answer as
 *   sending and the bot typing, and wait. A streamed answer streams in the tab
 *   that asked for it and arrives whole in the others.
 */
import type { AgentActivity } from '../protocol/agent.js';
import { isAbortError, isFlowbotHttpError, isFlowbotResponseError, isSessionExpiredError } from '../api/errors.js';
import { RETRIED_STATUSES, STREAM_RETRY_MS } from '../protocol/stream.js';
import type { AnswerEntry, TranscriptEntry } from '../protocol/transcript.js';
import type { ChatAnswer } from '../protocol/types.js';
import type { Failure, Lease } from './tab-records.js';

/** The calls a tab makes, which wait for their turn (the client the conversation holds). */
export interface TabCalls {
  continueChat(sessionId: string, answer?: ChatAnswer, options?: { signal?: AbortSignal }): Promise<unknown>;
  streamMessage?: (
    sessionId: string,
    options: { messages?: readonly unknown[]; signal: AbortSignal },
  ) => AsyncIterable<string | AgentActivity>;
}

/** What the calls ask of the tabs' sync. */
export interface Turns {
  /** The conversation's rows (the visitor's answer being sent is the last one `sending`). */
  entries(): readonly TranscriptEntry[];
  /**
   * Takes the turn for a call (`row`: the visitor's answer, when it is one), unless `signal` stopped
   * it meanwhile; false: another tab is ahead, and this one catches up.
   */
  take(row: AnswerEntry | undefined, signal: AbortSignal | undefined): boolean | Promise<boolean>;
  /** The call (`what`: the visitor's answer, when it is one) is in flight: its lease is written. */
  lease(what: Pick<Lease, 'text' | 'answer'>, answering: boolean): void;
  /** The call was stopped: the turn ends, without a failure. */
  abandon(): void;
  /** The call failed: written into the record. */
  fail(failure: Failure): void;
}

const anotherTabsTurn = (): DOMException => new DOMException('Another tab has the turn.', 'AbortError');

/**
 * A turn taken (`claim`, true: this tab's) for a call that `signal` may have stopped meanwhile
 * (another tab was ahead, or the widget left): then the turn goes back (`abandon`). Without Web
 * Locks it all happens at once: no other task runs between the check and the lease that follows.
 */
export function unlessStopped(
  claim: boolean | Promise<boolean>,
  signal: AbortSignal | undefined,
  abandon: () => void,
): boolean | Promise<boolean> {
  const taken = (mine: boolean): boolean => {
    if (mine && signal?.aborted) abandon();
    return mine && !signal?.aborted;
  };
  return typeof claim === 'boolean' ? taken(claim) : claim.then(taken);
}

/** `client`'s calls made only in turn, leased, and their failures written down. */
export function callsInTurn(client: TabCalls, turns: Turns): TabCalls {
  const stream = client.streamMessage;
  /** A stream failure written once the one retry the protocol allows did not come. */
  let streamFailure: ReturnType<typeof setTimeout> | undefined;

  async function continueChat(
    sessionId: string,
    answer?: ChatAnswer,
    options?: { signal?: AbortSignal },
  ): Promise<unknown> {
    // The visitor's answer, when this is one (the row the controller shows as sending).
    const row = turns
      .entries()
      .filter(
        (entry): entry is AnswerEntry =>
          entry.kind === 'answer' && entry.state === 'sending' && entry.answer === answer,
      )
      .at(-1);
    const what = row ? { text: row.text, answer } : {};
    // Without Web Locks, the turn is taken and leased at once: no other task runs in between.
    const take = turns.take(row, options?.signal);
    if (!(typeof take === 'boolean' ? take : await take)) throw anotherTabsTurn();
    turns.lease(what, true);
    try {
      return await client.continueChat(sessionId, answer, options);
    } catch (error) {
      // A session the viewer no longer knows: the controller saves the conversation as expired.
      if (options?.signal?.aborted || isAbortError(error) || isSessionExpiredError(error)) turns.abandon();
      // A 2xx whose body cannot be read: the server has the answer (the controller keeps it delivered).
      else
        turns.fail({
          action: 'send',
          ...what,
          delivered: (isFlowbotResponseError(error) && error.status < 300) || undefined,
        });
      throw error;
    }
  }

  async function* streamMessage(
    sessionId: string,
    options: { messages?: readonly unknown[]; signal: AbortSignal },
  ): AsyncGenerator<string | AgentActivity> {
    const take = turns.take(undefined, options.signal);
    if (!(typeof take === 'boolean' ? take : await take)) throw anotherTabsTurn();
    clearTimeout(streamFailure);
    turns.lease({}, false);
    let pieces = 0;
    try {
      for await (const piece of stream!.call(client, sessionId, options)) {
        pieces++;
        yield piece;
      }
    } catch (error) {
      if (isSessionExpiredError(error)) turns.abandon();
      else if (!options.signal.aborted) {
        // These are asked again once, 3 s later (see `element/stream/turn.ts`): a failure only if that does not come.
        const retried = pieces === 0 && isFlowbotHttpError(error) && RETRIED_STATUSES.includes(error.status);
        streamFailure = setTimeout(() => turns.fail({ action: 'stream' }), retried ? STREAM_RETRY_MS + 1000 : 0);
      }
      throw error;
    }
  }

  return { ...client, continueChat, ...(stream ? { streamMessage } : {}) };
}
