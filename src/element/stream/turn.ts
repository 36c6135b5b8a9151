/**
 * A streamed AI answer (the viewer's `stream` client-side action): its pieces
 * read through the client, the one retry the protocol asks for, and the
 * visitor's stop; and the turn around it (`streamAndReply`), which shows the
 * pieces and sends the whole answer back as the reply. The conversation's
 * controller reaches it through `StreamTurn` (`conversation/controller-options.ts`):
 * it comes with the on-demand part, and a conversation without a stream never
 * loads it.
 */
import { isFlowbotHttpError } from '../../api/errors.js';
import { RETRIED_STATUSES, STREAM_RETRY_MS } from '../../protocol/stream.js';
import type { AgentActivity } from '../../protocol/agent.js';
import type { StreamStage, StreamTurn } from '../../conversation/controller-options.js';
import type { ConversationClient } from '../../conversation/options.js';
import { STOPPED } from '../../conversation/stream-stop.js';
import { STREAMED_ID, type StreamEntry } from '../../protocol/transcript.js';

export { STREAM_RETRY_MS } from '../../protocol/stream.js';

export { STOPPED } from '../../conversation/stream-stop.js';

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

/**
 * Shows a streamed answer as it arrives, then sends the whole text back as
 * the reply (exactly once) and plays what follows. A failure keeps what was
 * shown and offers a retry, which streams the answer again.
 */
export const streamAndReply: StreamTurn = async (stage, messages, again) => {
  const s = stage.session;
  const { sessionId } = s;
  const stream = s.client?.streamMessage;
  if (!sessionId || !stream) return;
  s.clearError();
  s.setStatus('ready');
  if (!stage.connected()) {
    stage.resume(again);
    return;
  }
  const entry: StreamEntry = { kind: 'stream', key: stage.nextKey(), text: '' };
  // One controller for the visitor's stop and the controller's own aborts (disconnect, reset).
  const stop = new AbortController();
  stage.streaming(stop);
  s.setTyping(true);
  let shown = false;
  const show = (): void => {
    if (!shown) {
      shown = true;
      s.typing = false;
      s.entries.push(entry);
    }
    stage.changed();
  };
  let text: string;
  try {
    text = await readAnswer(stream, sessionId, messages, {
      signal: stop.signal,
      sleep: stage.sleep,
      onText: (received) => {
        entry.text = received;
        show();
        stage.notify({ type: 'stream' });
      },
      // The agent at work (its tools, its reasoning): its row shows before the answer's first word.
      onAgent: (activity) => {
        entry.agent = activity;
        show();
      },
    });
  } catch (error) {
    if (!stage.current()) return;
    stage.streaming(undefined);
    s.setTyping(false);
    streamFailed(stage, entry, error, again);
    return;
  }
  if (!stage.current()) return;
  stage.streaming(undefined);
  s.setTyping(false);
  s.dropStream(entry);
  const { agent } = entry;
  if (text.trim() || agent)
    stage.show({
      id: `${STREAMED_ID}${entry.key}`,
      type: 'text',
      content: { type: 'markdown', markdown: text, agent },
    });
  // A reload from here on sends the reply (once) instead of streaming again.
  s.remember({ reply: text });
  await stage.deliver(undefined, { type: 'text', text });
};

/**
 * What a stream that failed leaves (`error`, as `readAnswer` rejects), its call over in a
 * conversation still current: one interrupted by a disconnect streams again once connected
 * (`again`); otherwise what arrived (`entry`) stays on screen, marked as interrupted, with the
 * notice and its retry, unless the conversation ends as expired.
 */
function streamFailed(stage: StreamStage, entry: StreamEntry, error: unknown, again: () => void): void {
  const s = stage.session;
  if (!(error instanceof StreamFailure)) {
    // Interrupted by a disconnect: the answer streams again once connected.
    s.dropStream(entry);
    stage.resume(again);
    return;
  }
  const cause: unknown = error.cause;
  // What arrived stays on screen, above the notice.
  if (stage.expired(cause, undefined, 'stream')) return;
  s.log('error', 'The streamed answer failed', 'stream', cause instanceof Error ? cause.message : String(cause));
  // What arrived stays, marked as interrupted, until Try again streams the answer anew.
  entry.interrupted = true;
  s.fail(
    'stream',
    cause,
    () => {
      s.dropStream(entry);
      again();
    },
    true,
  );
}
