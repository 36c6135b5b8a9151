/** What a host gives the conversation and what the conversation tells it back. */
import type { AgentActivity } from '../protocol/agent.js';
import type { ClientLog } from '../api/client-logs.js';
import type { ViewerClient } from '../api/viewer.js';
import type { ChatAnswer, ChatInput, ChatMessage } from '../protocol/types.js';
import type { PersistMode } from './persistence.js';
import type { FailedAction } from '../protocol/transcript.js';

/**
 * What the controller needs to know when a conversation starts: its host gives it (`config`)
 * before it starts one.
 */
export interface ConversationConfig {
  /** The public id of the flow-bot. */
  readonly publicId: string;
  /** The viewer base URL; `''` means the page's origin. */
  readonly apiHost: string;
  /** Sent as `prefilledVariables` on start. */
  readonly prefilledVariables?: Readonly<Record<string, unknown>> | undefined;
  /** A local first bot message (the Widget resource's `aiFirstMessage`). */
  readonly greeting?: string | undefined;
  /** Where the conversation is remembered across page loads. Default `none`. */
  readonly persist?: PersistMode | undefined;
  /** Ask the viewer for streamed AI answers (`isStreamEnabled`). Default true. */
  readonly streaming?: boolean | undefined;
  /** Tells this widget's remembered conversation from another widget's of the same bot. Default none. */
  readonly persistKey?: string | undefined;
  /** The client of the viewer at `apiHost`, which each conversation is made with. */
  readonly client?: ConversationClient | undefined;
}

/** What happened, for the host to announce. */
export type ConversationNotice =
  | {
      readonly type: 'start';
      readonly sessionId: string;
      readonly resultId: string;
      readonly restored: boolean;
      /** The session this one follows because the viewer no longer knew it (Start again after the expiry). */
      readonly expiredSessionId?: string | undefined;
    }
  | { readonly type: 'message'; readonly message: ChatMessage; readonly local: boolean }
  | { readonly type: 'input'; readonly input: ChatInput }
  | { readonly type: 'answer'; readonly answer: ChatAnswer | undefined; readonly text: string }
  | { readonly type: 'end'; readonly sessionId: string }
  | {
      readonly type: 'error';
      readonly error: unknown;
      readonly action: FailedAction;
      /** `session-expired`: the viewer no longer knows the session; the conversation ended (no retry). */
      readonly code?: 'session-expired';
    }
  /** A streamed answer shows more text (its first, or the next). */
  | { readonly type: 'stream' }
  | { readonly type: 'redirect'; readonly url: string; readonly newTab: boolean };

/** The part of the viewer client the controller uses; a client without the side channels has no streams and no logs. */
export type ConversationClient = Pick<ViewerClient, 'startChat' | 'continueChat'> & {
  /** The pieces of the session's streamed answer (`streamMessage`). */
  readonly streamMessage?: (
    sessionId: string,
    options: { messages?: readonly unknown[]; signal: AbortSignal },
  ) => AsyncIterable<string | AgentActivity>;
  /** Reports what went wrong in the visitor's browser (`clientLogs`); best-effort, never throws. */
  readonly clientLogs?: (sessionId: string, logs: readonly ClientLog[]) => void;
};

/** Options of `ConversationController`. */
export interface ConversationOptions {
  /** Receives every notice, in order. */
  readonly notify?: (notice: ConversationNotice) => void;
  /**
   * Resolves once `message` can be shown in full (the renderer may load a part
   * on demand, such as the markdown parser), so a live message does not flash
   * in a lesser form first; `undefined` when it can be shown at once.
   */
  readonly prepare?: (message: ChatMessage) => Promise<void> | undefined;
}
