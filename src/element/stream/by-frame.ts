/**
 * The pieces of a streamed answer, joined per animation frame. A model sends
 * a word at a time, and the network often hands many at once (a buffering
 * proxy, a connection catching up, a tab back from the background): drawn
 * one by one, each would be laid out for nothing within one long task. Here
 * whatever arrives before the next frame comes out as one piece at that
 * frame, so a piece is still painted in the frame after it arrived, and a
 * burst is read and drawn once. A huge burst (a hostile server's megabyte)
 * comes out 8,192 characters per frame, so no frame reads and draws more;
 * what is left when the stream ends comes out at once, as one piece.
 * The agent's other parts (tool calls, reasoning, sources) are read into one
 * `AgentActivity`, yielded (the same object, updated) at the frame after it changed.
 * Loaded on demand, with the stream reader.
 */
import { streamMessageParts, type StreamMessageOptions, type StreamMessagePart } from '../../api/stream.js';
import { AgentReader, type AgentActivity } from '../../protocol/agent.js';

/** The most text one frame shows (about four pages: far more than a model sends between two frames). */
export const MAX_FRAME_TEXT = 8192;

/** `streamMessageParts` of the client, its text joined per animation frame and its other parts read (see `byFrame`). */
export function streamMessageByFrame(
  sessionId: string,
  options: StreamMessageOptions,
): AsyncGenerator<string | AgentActivity, void, undefined> {
  return byFrame(streamMessageParts(sessionId, options), options.signal);
}

/**
 * Yields the text of `source`, what arrived since the last frame as one piece
 * at each animation frame. The last text comes out as soon as `source` ends
 * or fails, without waiting for a frame (a hidden tab has none), then the
 * failure. Once `signal` is aborted (the visitor stopped the answer), the
 * text still waiting for its frame is dropped: what was shown is the answer.
 * Without animation frames (no page) each piece comes out as it arrives.
 */
export function byFrame(
  source: AsyncIterable<string | StreamMessagePart>,
  signal?: AbortSignal,
): AsyncGenerator<string | AgentActivity, void, undefined> {
  const frame = globalThis.requestAnimationFrame;
  const agent = new AgentReader();
  return typeof frame === 'function' ? framed(source, signal, frame, agent) : unframed(source, agent);
}

/** `byFrame` where there are no animation frames: the pieces as they arrive. */
async function* unframed(
  source: AsyncIterable<string | StreamMessagePart>,
  agent: AgentReader,
): AsyncGenerator<string | AgentActivity, void, undefined> {
  try {
    for await (const part of source) {
      if (typeof part === 'string' || part.type === 'text') yield typeof part === 'string' ? part : part.text;
      else if (agent.push(part.code, part.value)) yield agent.activity;
    }
  } catch (error) {
    agent.end(true);
    throw error;
  }
  agent.end(false);
}

/** `byFrame` in a page: the text joined per animation frame. */
async function* framed(
  source: AsyncIterable<string | StreamMessagePart>,
  signal: AbortSignal | undefined,
  frame: typeof requestAnimationFrame,
  agent: AgentReader,
): AsyncGenerator<string | AgentActivity, void, undefined> {
  const pieces = source[Symbol.asyncIterator]();
  let changed = false;
  let text = '';
  let done = false;
  let failed = false;
  let failure: unknown;
  /** Ends the current wait; a new piece ends it only while there is nothing to show. */
  let wake = (): void => undefined;
  let waitingForText = false;
  // Reads on its own while the consumer waits for frames.
  void (async () => {
    try {
      let slice = performance.now();
      for (let next = await pieces.next(); !next.done; next = await pieces.next()) {
        const part = next.value;
        // A burst of thousands of parts (a chunk holds them all) is read in slices: the page stays responsive.
        if (performance.now() - slice > 8) {
          await new Promise((resolve) => setTimeout(resolve));
          slice = performance.now();
        }
        if (typeof part === 'string' || part.type === 'text') text += typeof part === 'string' ? part : part.text;
        else if (agent.push(part.code, part.value)) changed = true;
        else continue;
        if (waitingForText) wake();
      }
      agent.end(false);
    } catch (error) {
      failed = true;
      failure = error;
      agent.end(true);
    }
    done = true;
    wake();
  })();
  try {
    for (;;) {
      while (!done && !text && !changed) {
        waitingForText = true;
        await new Promise<void>((resolve) => (wake = resolve));
        waitingForText = false;
      }
      // The next frame, unless the stream ends first.
      if (!done) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          frame(() => resolve());
        });
      }
      signal?.throwIfAborted();
      if (changed) {
        changed = false;
        yield agent.activity;
      }
      if (text) {
        // Never between the two halves of a character. Once the stream has ended there is no frame to
        // wait for: what is left comes out whole, drawn once, not a slice per render in the same task.
        const cut = done
          ? text.length
          : /[\uD800-\uDBFF]/.test(text[MAX_FRAME_TEXT - 1] ?? '')
            ? MAX_FRAME_TEXT - 1
            : MAX_FRAME_TEXT;
        const piece = text.slice(0, cut);
        text = text.slice(piece.length);
        yield piece;
        continue;
      }
      // Only the agent's parts changed: the stream goes on.
      if (!done) continue;
      if (failed) throw failure;
      return;
    }
  } finally {
    // The consumer left early: stop reading.
    if (!done) void pieces.return?.(undefined)?.catch(() => undefined);
  }
}
