/**
 * Sending the visitor's answer (`continueChat`) and what follows when that fails: the bot's reply
 * played; an answer kept "not sent" while the browser is offline; a viewer that could not be
 * reached first asked where the conversation stands (a continue without an answer: a question
 * waiting for one stays where it is), so the bot never gets an answer twice; a conversation the
 * viewer forgot ended as expired. The controller hands in what this reaches of it (its stage).
 */
import { FlowbotNetworkError, isAbortError, isFlowbotResponseError } from '../api/errors.js';
import { continueChatPath } from '../protocol/routes.js';
import type { AnswerEntry } from '../protocol/transcript.js';
import type { ChatAnswer, ContinueChatResult } from '../protocol/types.js';
import type { expiry } from './expiry.js';
import { isOffline, mayBeExpired } from './network.js';
import type { Stage } from './playback.js';
import type { Session } from './session.js';

/** What sending reaches of the controller, for one conversation (the one current when it was made). */
export interface DeliveryHooks extends Pick<Stage, 'session' | 'current' | 'connected' | 'notify' | 'nextFrame'> {
  /** Runs `run` once the host is back on the page. */
  resume(run: () => void): void;
  /** A new call's signal (the call in flight before it aborted). */
  request(): AbortSignal;
  /** The call is over. */
  settled(): void;
  /** Sends again, through the controller (a Retry, the next try). */
  deliver(entry: AnswerEntry | undefined, reply?: ChatAnswer): Promise<void>;
  /** Asks where the conversation stands again, through the controller. */
  resync(entry: AnswerEntry | undefined): void;
  /** The viewer could not be reached: told, and `run` tried again by itself. */
  unreachable(error: unknown, run: () => void): void;
  /** The expiry's code, once it is there (it alone reads a 4xx that may say the session is gone). */
  expiry(): typeof expiry | undefined;
  /** Brings the expiry's code. */
  loadExpiry(): Promise<unknown> | undefined;
  /** Ends the conversation as expired when `error` says so (`expiry.ts`). */
  expired(error: unknown, entry: AnswerEntry | undefined): boolean;
  /** Plays the viewer's response. */
  play(result: ContinueChatResult): Promise<void>;
}

/** Whether a continue without an answer would skip the input shown (a file or a payment). */
function skippable(s: Session): boolean {
  const type = s.input?.type;
  return type === 'file input' || type === 'payment input';
}

/**
 * Sends `entry`, just added by the controller. `sentBefore`: a call of another page (a reload, a
 * tab that went away) may have given it to the viewer already; the viewer is asked first, so the
 * bot never gets it twice.
 */
export function send(hooks: DeliveryHooks, entry: AnswerEntry, sentBefore?: boolean): Promise<void> {
  return sentBefore && !skippable(hooks.session) ? resync(hooks, entry) : deliver(hooks, entry);
}

/** Sends `entry` (or, with none, continues with `reply` or `{}`), then plays the bot's reply. */
export async function deliver(hooks: DeliveryHooks, entry: AnswerEntry | undefined, reply?: ChatAnswer): Promise<void> {
  const s = hooks.session;
  const { sessionId, client, unsent } = s;
  if (!sessionId || !client) return;
  if (entry) entry.state = 'sending';
  s.clearError();
  s.setStatus('sending');
  // The visitor's bubble first: the call (some ms of the browser's own work) waits for the frame that
  // paints it, not that frame for the call; 100 ms at most, on a page that paints few frames or none
  // (`Timers.nextFrame`). A remembered conversation sends at once: its record takes the answer with
  // the call (a lease, see `tab-calls.ts`), and a reload in between would lose it. So does a
  // conversation with no page (as in Node).
  if (entry && !s.store && globalThis.document) {
    await hooks.nextFrame();
    if (!hooks.current()) return;
  }
  if (!hooks.connected()) return hooks.resume(() => void hooks.deliver(entry, reply));
  if (isOffline()) {
    // After the caller's own steps (the element keeps the field's draft until it hears of a failure).
    queueMicrotask(() => hooks.current() && offline(hooks, entry, reply));
    return;
  }
  // An answer kept from an offline moment leaves now: a reload from here on does not send it again.
  if (unsent && entry) s.remember({ input: s.input });
  let result: ContinueChatResult;
  try {
    result = await client.continueChat(sessionId, entry ? entry.answer : reply, { signal: hooks.request() });
  } catch (error) {
    if (!hooks.current()) return;
    hooks.settled();
    if (await endedBy(hooks, error, entry)) return;
    // The viewer could not be reached: the answer goes by itself once it can, after asking where the
    // conversation stands. Not for an input that a continue without an answer would skip.
    if (error instanceof FlowbotNetworkError && !(entry && skippable(s))) {
      if (entry) entry.state = 'failed';
      return hooks.unreachable(error, () => hooks.resync(entry));
    }
    // A 2xx whose body cannot be read: the server has the answer, so it stays delivered
    // (a resend would give it to the bot twice); Retry asks the bot to go on.
    if (isFlowbotResponseError(error) && error.status < 300) {
      if (entry) delivered(hooks, entry);
      s.fail('send', error, () => void hooks.deliver(undefined), true);
      return;
    }
    if (entry) entry.state = 'failed';
    // An abort (disconnect) is not an error to report, but the answer must not be lost.
    const aborted = isAbortError(error);
    s.fail('send', aborted ? undefined : error, () => void hooks.deliver(entry, reply), !aborted);
    return;
  }
  if (!hooks.current()) return;
  hooks.settled();
  if (entry) delivered(hooks, entry);
  s.setStatus('ready');
  await hooks.play(result);
}

/**
 * After a network error, the viewer is first asked where the conversation stands, with a continue
 * without an answer: when it still waits on the same input, `entry` goes now; otherwise the request
 * had reached it and only its response was lost, so the answer is not given to the bot a second time
 * and the conversation goes on from what the viewer says now (a streamed answer's reply it did not
 * get: it asks for the stream again). Meanwhile the notice stays, said once.
 */
export async function resync(hooks: DeliveryHooks, entry: AnswerEntry | undefined): Promise<void> {
  const s = hooks.session;
  const { sessionId, client, input } = s;
  if (!sessionId || !client) return;
  const again = (): void => hooks.resync(entry);
  let result: ContinueChatResult;
  try {
    result = await client.continueChat(sessionId, undefined, { signal: hooks.request() });
  } catch (error) {
    if (!hooks.current()) return;
    // Aborted: the host left (it tries again when back), or the visitor sent an answer meanwhile.
    if (isAbortError(error)) {
      if (s.status === 'error') s.retryRun = again;
      return;
    }
    hooks.settled();
    if (await endedBy(hooks, error, entry)) return;
    if (error instanceof FlowbotNetworkError) hooks.unreachable(error, again);
    else s.fail('send', error, again, true);
    return;
  }
  if (!hooks.current()) return;
  hooks.settled();
  if (entry && result.input?.id === input?.id) return deliver(hooks, entry);
  if (entry) delivered(hooks, entry);
  s.clearError();
  s.setStatus('ready');
  await hooks.play(result);
}

/**
 * Whether `error` ended the conversation as expired: the viewer no longer knows the session
 * (expired, restarted, the bot republished), so a repeat cannot succeed; the answer's words are
 * kept for the next one. A 4xx may say so: its code (on demand, with the notice) is waited for
 * if not there yet. True too when the conversation moved on meanwhile (nothing more to do).
 */
async function endedBy(hooks: DeliveryHooks, error: unknown, entry: AnswerEntry | undefined): Promise<boolean> {
  if (mayBeExpired(error) && !hooks.expiry()) {
    await hooks.loadExpiry()?.catch(() => undefined);
    if (!hooks.current()) return true;
  }
  return hooks.expired(error, entry);
}

/**
 * The browser is offline: nothing leaves. The visitor's answer stays "not sent", remembered with
 * the conversation (`persist`), and goes by itself once the browser is back online, even after a
 * reload; Retry sends it at once.
 */
function offline(hooks: DeliveryHooks, entry: AnswerEntry | undefined, reply: ChatAnswer | undefined): void {
  const s = hooks.session;
  if (entry) {
    entry.state = 'failed';
    s.remember({ input: s.input, unsent: { text: entry.text, answer: entry.answer } });
  }
  const error = new FlowbotNetworkError('continueChat: offline', {
    operation: 'continueChat',
    method: 'POST',
    url: continueChatPath(s.sessionId ?? ''),
  });
  s.unsent = true;
  s.fail('send', error, () => void hooks.deliver(entry, reply), true);
}

/** The server took `entry`: its input is answered. */
function delivered(hooks: DeliveryHooks, entry: AnswerEntry): void {
  entry.state = 'sent';
  hooks.session.input = undefined;
  hooks.notify({ type: 'answer', answer: entry.answer, text: entry.text });
}
