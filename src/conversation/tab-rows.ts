/**
 * The rows a tab of `persist="local"` adds to its transcript as it follows
 * the others (see `tabs.ts`): what another tab saved, appended after the rows
 * this tab holds, never redrawn; and the visitor's answers shown as sending,
 * not sent or failed. Their keys are below zero, apart from the controller's.
 */
import type { AnswerEntry, AnswerState, TranscriptEntry } from '../protocol/transcript.js';
import type { ChatAnswer } from '../protocol/types.js';
import type { Synced } from './tab-records.js';

let nextKey = -1;

/** A row every tab keeps: a bot message, or an answer that was sent. */
export const isKept = (entry: TranscriptEntry): boolean =>
  entry.kind === 'bot' || (entry.kind === 'answer' && entry.state === 'sent');

/** The visitor's answer as this tab shows it. */
export const answerRow = (text: string, answer: ChatAnswer | undefined, state: AnswerState): AnswerEntry => ({
  kind: 'answer',
  key: nextKey--,
  answer,
  text,
  state,
});

/**
 * Appends the record's entries the conversation does not hold yet (`base`: how many of the
 * conversation's entries come before the first one it holds); false when the two do not line up.
 */
export function catchUp(
  session: { entries: TranscriptEntry[]; serverMessages: number },
  record: Synced,
  base: number,
): boolean {
  const kept = session.entries.filter(isKept);
  const fresh = (record.from ?? 0) + record.entries.length - (base + kept.length);
  const first = record.entries.length - fresh;
  if (fresh < 0 || first < 0) return false;
  // The entry before the new ones is the last one this tab holds.
  const before = record.entries[first - 1];
  const last = kept.at(-1);
  if (
    before &&
    last &&
    (before.kind !== last.kind ||
      (before.kind === 'bot' && last.kind === 'bot' && before.message.id !== last.message.id))
  ) {
    return false;
  }
  session.entries = [
    ...kept,
    ...record.entries
      .slice(first)
      .map((entry): TranscriptEntry =>
        entry.kind === 'bot'
          ? { ...entry, key: nextKey--, local: !!entry.local, restored: true }
          : { ...entry, key: nextKey--, answer: entry.answer, state: 'sent' },
      ),
  ];
  session.serverMessages = session.entries.length;
  return true;
}
