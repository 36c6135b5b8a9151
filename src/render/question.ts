/**
 * The question an input answers: the bot's last text message since the
 * visitor's last answer. Its bubble carries `id="question"`, and the controls
 * name themselves by it (`aria-labelledby`), so a screen reader announces
 * "What's your e-mail?, edit text" rather than the placeholder.
 */
// Types only: the question is read from the transcript the conversation holds.
import type { BotEntry, TranscriptEntry } from '../protocol/transcript.js';

/** The id of the bubble that asks the current question. */
export const QUESTION_ID = 'question';

/** The bot's last text message after the visitor's last answer, if any. */
export function findQuestion(entries: readonly TranscriptEntry[]): BotEntry | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.kind === 'answer') return undefined;
    if (entry.kind === 'bot' && entry.message.type === 'text') return entry;
  }
  return undefined;
}
