/** What the tabs' sync (`tabs.ts`) reaches of the conversation it keeps in step, and of its controller. */
import type { ConversationStatus, FailedAction, TranscriptEntry } from '../protocol/transcript.js';
import type { ChatAnswer, ChatInput, DynamicTheme } from '../protocol/types.js';
import type { TabCalls } from './tab-calls.js';
import type { Synced } from './tab-records.js';

/** The conversation as its controller holds it (the `Session`): what following another tab changes. */
export interface TabConversation {
  readonly status: ConversationStatus;
  entries: TranscriptEntry[];
  /** The words an expired conversation never took, for the next one's first text field. */
  carried: string | undefined;
  input: ChatInput | undefined;
  typing: boolean;
  readonly sessionId: string | undefined;
  dynamicTheme: DynamicTheme;
  progress: number | undefined;
  serverMessages: number;
  client: TabCalls | undefined;
  setStatus(status: ConversationStatus): void;
  fail(action: FailedAction, error: unknown, retry: () => void, report: boolean): void;
  clearError(): void;
}

/** What the store of `persist="local"` reaches of its conversation's controller. */
export interface TabHost {
  /** The conversation the store remembers. */
  readonly session: TabConversation;
  /** The controller's own `send` (an answer taken over from a tab that went away) and `start` (another session). */
  readonly controller: {
    send(answer: ChatAnswer | undefined, text: string, sentBefore?: boolean): boolean;
    start(): void;
  };
  /** Stops this tab's work on the conversation (a response still playing, a pause, a call): another tab is ahead. */
  stop(): void;
  /** Goes on with what `record` owes, as a reload does: a dedicated reply, a stream, a reply, or its input. */
  owe(record: Synced): void;
}
