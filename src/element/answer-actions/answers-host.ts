/** What the answers' controller (`answer-actions.ts`) reads of the element and of the conversation, and tells the element. */
import type { TranscriptEntry } from '../../protocol/transcript.js';
import type { MessageReaders } from '../../render/answer-text.js';
import type { MenuHost } from './conversation-menu.js';

/** What the answers' features read of the element (its settings, read at each render). */
export interface AnswersHost extends MenuHost {
  /** Which answers offer thumbs: `streamed` (the default), `all` or `none`. */
  readonly feedback: string;
  readonly noCopy: boolean;
}

/** What the answers need of the conversation. */
export interface AnswersView {
  readonly entries: readonly TranscriptEntry[];
  readonly sessionId: string | undefined;
}

/** What the answers read of the conversation and tell the element. */
export interface AnswersNotices {
  readonly conversation: () => AnswersView;
  /** Dispatches an event of the element. */
  readonly fire: (event: Event) => void;
  /** The markdown parser and the media reader, once the on-demand part that shows them is there. */
  readonly readers: () => MessageReaders;
  /** The conversation, started again from what is stored (an earlier one opened from the menu). */
  readonly session: { start(): void };
}
