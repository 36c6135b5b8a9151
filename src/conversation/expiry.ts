/**
 * A conversation the viewer no longer knows (its session expired after its idle time, the viewer
 * restarted, the bot was republished): a repeat of the call cannot succeed, so the conversation
 * ends as `expired` instead of failing with a Retry. The transcript stays, read-only; the words of
 * the answer it never took go to the next conversation's first text field, never sent by
 * themselves; `persist` remembers it so (a reload, the other tabs). Loaded on demand: the
 * controller asks for it when a call fails, and every widget has fetched the on-demand part once
 * its first message was shown (a conversation cannot expire before it has one).
 */
import { isSessionExpiredError } from '../api/errors.js';
import { takesTypedWords, type AnswerEntry, type FailedAction } from '../protocol/transcript.js';
import type { ChatInput } from '../protocol/types.js';
import type { Session } from './session.js';

/**
 * Ends `session` as expired when `error` says the viewer no longer knows it (for an upload, only
 * when its message says so: a 404 there may be a viewer without uploads). `entry`: the visitor's
 * answer that was refused; `stop` stops the controller's work on it; `typed`: the words in the field (an upload's text input). False, and
 * nothing changed, for any other error.
 */
function expire(
  session: Session,
  stop: () => void,
  action: FailedAction,
  error: unknown,
  entry?: AnswerEntry,
  typed?: string,
): boolean {
  if (!isSessionExpiredError(error, { anyNotFound: action !== 'upload' })) return false;
  // Only words typed as they are go on (a choice's label would answer another question).
  const field = takesTypedWords(session.input);
  const carried = entry ? (field ? entry.text : undefined) : typed?.trim() ? typed : undefined;
  if (entry) entry.state = 'failed';
  stop();
  session.clearError();
  session.error = error;
  session.errorAction = action;
  session.input = undefined;
  session.typing = false;
  session.streamStop = undefined;
  if (carried !== undefined) session.carried = carried;
  session.setStatus('expired');
  session.report({ type: 'error', error, action, code: 'session-expired' });
  session.remember({ expired: carried === undefined ? {} : { text: carried } });
  return true;
}

/**
 * `next` starts after the expired `expired`: it says which session it follows (`flowbot-start`),
 * and the words the old one never took go in its first text field.
 */
function follow(expired: Session, next: Session): void {
  next.follows = expired.sessionId;
  next.carried = expired.carried;
  next.take = (input: ChatInput): ChatInput => {
    const carried = next.carried;
    if (!carried || !takesTypedWords(input)) return input;
    next.carried = undefined;
    return { ...input, prefilledValue: carried };
  };
}

/** A remembered conversation known to be expired (this tab before a reload, or another tab): shown so; true. */
function restore(session: Session, expired: { text?: string | undefined }): boolean {
  session.carried ??= expired.text;
  session.errorAction = 'send';
  session.setStatus('expired');
  return true;
}

/** What the controller asks of this module (through the element's on-demand part). */
export const expiry = { expire, follow, restore };
