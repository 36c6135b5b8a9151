/**
 * A streamed answer's pieces, joined per animation frame: a burst is shown
 * at the next frame, and a huge one (a hostile server's megabyte) a few
 * thousand characters per frame, so no frame reads and draws it all.
 */
import { describe, expect, it } from 'vitest';
import { byFrame, MAX_FRAME_TEXT } from '../../../src/element/stream/by-frame.js';

/** A source that yields `pieces` at once, then waits for `end` before it ends. */
function source(pieces: string[], end: Promise<void>): AsyncIterable<string> {
  return {
    async *[Symbol.asyncIterator]() {
      yield* pieces;
      await end;
    },
  };
}

describe('byFrame', () => {
  it('shows a megabyte burst a few thousand characters per frame, never between the halves of a character', async () => {
    let finish = (): void => undefined;
    const end = new Promise<void>((resolve) => (finish = resolve));
    const burst = `${'a'.repeat(MAX_FRAME_TEXT - 1)}🙂${'word '.repeat(200_000)}`;
    const frames: number[] = [];
    let frame = 0;
    const counting = (): void => {
      frame++;
      requestAnimationFrame(counting);
    };
    requestAnimationFrame(counting);
    const out: string[] = [];
    const reading = (async () => {
      for await (const piece of byFrame(source([burst], end))) {
        out.push(piece as string);
        frames.push(frame);
        if (out.join('').length === burst.length) finish();
      }
    })();
    await reading;
    expect(out.join('')).toBe(burst);
    expect(Math.max(...out.map((piece) => piece.length))).toBeLessThanOrEqual(MAX_FRAME_TEXT);
    expect(out[0]).toBe('a'.repeat(MAX_FRAME_TEXT - 1));
    // One piece per frame while the stream is open.
    expect(new Set(frames).size).toBe(frames.length);
    expect(out.length).toBeGreaterThanOrEqual(Math.ceil(burst.length / MAX_FRAME_TEXT));
  });
});
