/**
 * After a network error, the viewer is first asked where the conversation stands, with a continue
 * without an answer (a question waiting for one stays where it is): when it still waits on the
 * same input, the answer goes now; otherwise the request had reached it and only its response was
 * lost, so the answer is not given to the bot a second time and the conversation goes on from what
 * the viewer says now (a streamed answer's reply it did not get: it asks for the stream again).
 * Meanwhile the notice stays, said once.
 *
 * On demand (with a streamed answer's turn): only a viewer that could not be reached needs it. The
 * controller keeps trying by itself while its file cannot be fetched either.
 */
import { FlowbotNetworkError, isAbortError } from '../api/errors.js';
import type { AnswerEntry } from '../protocol/transcript.js';
import type { ContinueChatResult } from '../protocol/types.js';
import type { Session } from './session.js';

/** What asking again reaches of the controller, for one conversation and one answer (or none). */
export interface ResyncHooks {
  readonly session: Session;
  /** False once the conversation was dropped or moved on (a reset, another call). */
  current(): boolean;
  /** The call's signal (the call in flight before it aborted). */
  readonly signal: AbortSignal;
  /** The call is over. */
  settled(): void;
  /** Asks again (a Retry, the next try). */
  readonly again: () => void;
  /** Whether `error` ended the conversation as expired (or it moved on meanwhile). */
  endedBy(error: unknown): Promise<boolean>;
  /** The viewer could not be reached: told, and tried again by itself. */
  unreachable(error: unknown): void;
  /** Sends the answer (the viewer still waits for it). */
  deliver(): Promise<void>;
  /** The viewer had the answer: it is marked as given. */
  delivered(): void;
  /** Shows what the viewer says now. */
  play(result: ContinueChatResult): Promise<void>;
}

/** Asks the viewer where the conversation stands, then sends `entry` only if it still waits for it. */
export async function resync(hooks: ResyncHooks, entry: AnswerEntry | undefined): Promise<void> {
  const s = hooks.session;
  const { sessionId, client, input } = s;
  if (!sessionId || !client) return;
  let result: ContinueChatResult;
  try {
    result = await client.continueChat(sessionId, undefined, { signal: hooks.signal });
  } catch (error) {
    if (!hooks.current()) return;
    // Aborted: the host left (it tries again when back), or the visitor sent an answer meanwhile.
    if (isAbortError(error)) {
      if (s.status === 'error') s.retryRun = hooks.again;
      return;
    }
    hooks.settled();
    if (await hooks.endedBy(error)) return;
    if (error instanceof FlowbotNetworkError) hooks.unreachable(error);
    else s.fail('send', error, hooks.again, true);
    return;
  }
  if (!hooks.current()) return;
  hooks.settled();
  if (entry && result.input?.id === input?.id) return hooks.deliver();
  if (entry) hooks.delivered();
  s.clearError();
  s.setStatus('ready');
  await hooks.play(result);
}
