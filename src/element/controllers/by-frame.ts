/**
 * The pieces of a streamed answer, joined per animation frame. A model sends
 * a word at a time, and the network often hands many at once (a buffering
 * proxy, a connection catching up, a tab back from the background): drawn
 * one by one, each would be laid out for nothing within one long task. Here
 * whatever arrives before the next frame comes out as one piece at that
 * frame, so a piece is still painted in the frame after it arrived, and a
 * burst is read and drawn once. A huge burst (a hostile server's megabyte)
 * comes out 8,192 characters per frame, so no frame reads and draws more.
 * Loaded on demand, with the stream reader.
 */
import { streamMessage, type StreamMessageOptions } from '../../api/stream.js';

/** The most text one frame shows (about four pages: far more than a model sends between two frames). */
export const MAX_FRAME_TEXT = 8192;

/** `streamMessage` of the client, its pieces joined per animation frame (see `byFrame`). */
export function streamMessageByFrame(
  sessionId: string,
  options: StreamMessageOptions,
): AsyncGenerator<string, void, undefined> {
  return byFrame(streamMessage(sessionId, options), options.signal);
}

/**
 * Yields the text of `source`, what arrived since the last frame as one piece
 * at each animation frame. The last text comes out as soon as `source` ends
 * or fails, without waiting for a frame (a hidden tab has none), then the
 * failure. Once `signal` is aborted (the visitor stopped the answer), the
 * text still waiting for its frame is dropped: what was shown is the answer.
 */
export async function* byFrame(
  source: AsyncIterable<string>,
  signal?: AbortSignal,
): AsyncGenerator<string, void, undefined> {
  const frame = globalThis.requestAnimationFrame;
  if (typeof frame !== 'function') {
    yield* source;
    return;
  }
  const pieces = source[Symbol.asyncIterator]();
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
      for (let next = await pieces.next(); !next.done; next = await pieces.next()) {
        text += next.value;
        if (waitingForText) wake();
      }
    } catch (error) {
      failed = true;
      failure = error;
    }
    done = true;
    wake();
  })();
  try {
    for (;;) {
      while (!done && !text) {
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
      if (text) {
        // Never between the two halves of a character.
        const cut = /[\uD800-\uDBFF]/.test(text[MAX_FRAME_TEXT - 1] ?? '') ? MAX_FRAME_TEXT - 1 : MAX_FRAME_TEXT;
        const piece = text.slice(0, cut);
        text = text.slice(piece.length);
        yield piece;
        continue;
      }
      if (failed) throw failure;
      return;
    }
  } finally {
    // The consumer left early: stop reading.
    if (!done) void pieces.return?.(undefined)?.catch(() => undefined);
  }
}
