/**
 * What a tab of `persist="local"` shows of the record another tab wrote (see
 * `tabs.ts`), and going on with what a tab gone away owed.
 *
 * - **What a tab shows.** On a change a tab stops what it was doing (a
 *   response it was still playing, a pause) and appends the rows it does not
 *   have yet (`tab-rows.ts`), never redrawing the transcript (the live log
 *   announces each message once); then it takes the input, the progress, the
 *   end or the error from the record. A record of another session (a restart
 *   in another tab) is restored whole, as a reload would. Messages that
 *   arrive this way fire no `flowbot-message` here and count no unread
 *   message: the tab that talked did both.
 * - **A failed call** is written into the record (`failed`): every tab shows
 *   the error, and Retry in any of them sends the same answer again. A reload
 *   shows the question again instead, as before.
 * - **A tab that goes away** mid-call hands its lease back on `pagehide` (and
 *   when its widget leaves the page); a tab that died without a word lets it
 *   run out. Then one of the others (chosen by a Web Lock where there is one)
 *   takes over what is owed, as a reload does, including the visitor's answer
 *   of the lost call: that one may have reached the viewer, so the viewer is
 *   asked first (a continue without an answer), and it is sent only when the
 *   viewer still waits on the same question: never twice.
 */
import { takesTypedWords } from '../protocol/transcript.js';
import type { TabConversation, TabHost } from './tab-host.js';
import type { Failure, Lease, Synced } from './tab-records.js';
import { answerRow, isKept } from './tab-rows.js';

/**
 * Shows the record's state, its rows being on screen: its progress, theme and input (`newInput`:
 * even when it is the same question; `refused`: the words of the visitor's answer that was not
 * sent, for its text field), or its end. False when it expired: the conversation is read-only.
 */
export function showState(
  session: TabConversation,
  record: Synced,
  newInput: boolean,
  refused: string | undefined,
): boolean {
  session.entries = session.entries.filter(isKept);
  session.clearError();
  session.typing = false;
  session.progress = record.progress;
  if (record.dynamicTheme) session.dynamicTheme = record.dynamicTheme;
  if (record.expired) {
    // Gone for every tab: read-only here too, with Start again.
    session.input = undefined;
    session.carried = record.expired.text;
    session.setStatus('expired');
    return false;
  }
  const input = record.input;
  const shown = session.input;
  // The same question keeps its field, and what is typed in it; the refused answer's words go in
  // the field of the question that came instead.
  if (newInput || !input || !shown || shown.id !== input.id || shown.type !== input.type)
    session.input = input && refused && takesTypedWords(input) ? { ...input, prefilledValue: refused } : input;
  return true;
}

/** Shows that the call of another tab shown as in flight is no longer (its conversation is gone). */
export function showCallEnded(session: TabConversation): void {
  session.typing = false;
  session.entries = session.entries.filter(isKept);
  session.setStatus(session.input ? 'ready' : 'ended');
}

/**
 * Shows the failed call of another tab's `record`: its answer (sent or not) and the error, whose
 * Retry sends the same answer again, the stream again, or (delivered) asks the bot to go on.
 */
export function showFailure(host: TabHost, record: Synced, failed: Failure): void {
  const session = host.session;
  if (failed.text !== undefined)
    session.entries.push(answerRow(failed.text, failed.answer, failed.delivered ? 'sent' : 'failed'));
  const retry = (): void => {
    if (failed.text !== undefined && !failed.delivered) {
      session.entries = session.entries.filter(isKept);
      session.setStatus('ready');
      host.controller.send(failed.answer, failed.text);
    } else host.owe(failed.delivered ? { ...record, pending: true, reply: undefined } : record);
  };
  session.fail(failed.action, new Error('The call failed in another tab'), retry, false);
}

/** Goes on with what the tab of `call` owed when it went away, as a reload does. */
export function takeOverCall(host: TabHost, record: Synced, call: Lease): void {
  const session = host.session;
  session.entries = session.entries.filter(isKept);
  session.typing = false;
  session.setStatus('ready');
  if (call.text === undefined) host.owe(record);
  // Its call may have reached the viewer before the tab went away: asked first, never given twice.
  else host.controller.send(call.answer, call.text, true);
}
