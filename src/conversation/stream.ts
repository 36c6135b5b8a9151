/**
 * A streamed AI answer (the viewer's `stream` client-side action): its pieces
 * read through the client, the one retry the protocol asks for, and the
 * visitor's stop. The controller shows the pieces and sends the whole answer
 * back as the reply.
 */
import { isFlowbotHttpError } from '../api/errors.js';
import { RETRIED_STATUSES, STREAM_RETRY_MS } from '../protocol/stream.js';
import type { AgentActivity } from '../protocol/agent.js';
import type { ConversationClient } from './options.js';

export { STREAM_RETRY_MS } from '../protocol/stream.js';

/** Why a stream was aborted by the visitor (the stop button): what was shown is the answer. */
export const STOPPED = Symbol('stopped');

/** The stream failed; `text` is what had arrived. */
export class StreamFailure extends Error {
  override name = 'StreamFailure';
  readonly text: string;
  constructor(error: unknown, text: string) {
    super('The streamed answer failed', { cause: error });
    this.text = text;
  }
}

/** How a stream run reports and waits. */
export interface StreamHooks {
  /** Aborted on disconnect, reset, or with `STOPPED` as reason by the visitor. */
  readonly signal: AbortSignal;
  /** Called with the whole text so far, after each piece. */
  readonly onText: (text: string) => void;
  /** Called when the agent's activity (tool calls, reasoning, sources) changed; the same object each time. */
  readonly onAgent?: (activity: AgentActivity) => void;
  /** Waits `ms` (cut short on disconnect). */
  readonly sleep: (ms: number) => Promise<void>;
}

/**
 * Reads the answer to its end and resolves to the whole text (what had arrived
 * when the visitor stopped it). Rejects with the signal's reason on an abort
 * that is not a stop, and with `StreamFailure` on anything else.
 */
export async function readAnswer(
  stream: NonNullable<ConversationClient['streamMessage']>,
  sessionId: string,
  messages: readonly unknown[] | undefined,
  hooks: StreamHooks,
): Promise<string> {
  let text = '';
  for (let attempt = 0; ; attempt++) {
    try {
      for await (const piece of stream(sessionId, { ...(messages ? { messages } : {}), signal: hooks.signal })) {
        if (typeof piece !== 'string') hooks.onAgent?.(piece);
        else {
          text += piece;
          hooks.onText(text);
        }
      }
      return text;
    } catch (error) {
      if (hooks.signal.aborted) {
        if (hooks.signal.reason === STOPPED) return text;
        throw hooks.signal.reason;
      }
      if (attempt === 0 && text === '' && isFlowbotHttpError(error) && RETRIED_STATUSES.includes(error.status)) {
        await hooks.sleep(STREAM_RETRY_MS);
        if (hooks.signal.aborted) {
          if (hooks.signal.reason === STOPPED) return text;
          throw hooks.signal.reason;
        }
        continue;
      }
      throw new StreamFailure(error, text);
    }
  }
}
