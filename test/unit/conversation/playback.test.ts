/**
 * A response with a thousand messages is shown a slice per frame: a hundred short messages
 * first, then as many as the last slice shows the browser draws in 100 ms. A fast browser
 * shows the thousand in a few frames; a slow one keeps its hundred a frame.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextSlice, play, type Stage } from '../../../src/conversation/playback.js';
import { Session } from '../../../src/conversation/session.js';
import type { ChatMessage, StartChatResult } from '../../../src/protocol/types.js';

const text = (i: number): ChatMessage => ({
  id: `m${i}`,
  type: 'text',
  content: { type: 'richText', richText: [{ type: 'p', children: [{ text: `Message ${i}` }] }] },
});

const response = (count: number): StartChatResult => ({
  sessionId: 's',
  resultId: 'r',
  flowbot: {},
  messages: Array.from({ length: count }, (_, i) => text(i)),
  input: { id: 'in', type: 'text input' },
});

/** Plays `count` short messages; each frame "takes" `frameMs(shown so far)` on a fake clock. Returns the slices. */
async function slices(count: number, frameMs: (shown: number) => number): Promise<number[]> {
  let clock = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
  const shown: ChatMessage[] = [];
  const sizes: number[] = [];
  let sliceStart = 0;
  const session = new Session('starting', { changed: () => undefined, notify: () => undefined });
  const stage: Stage = {
    session,
    current: () => true,
    connected: () => true,
    sleep: () => Promise.resolve(),
    nextFrame: () => {
      sizes.push(shown.length - sliceStart);
      sliceStart = shown.length;
      clock += frameMs(shown.length);
      return Promise.resolve();
    },
    prepare: () => undefined,
    show: (message) => void shown.push(message),
    notify: () => undefined,
    changed: () => undefined,
    startOver: () => undefined,
    stream: () => Promise.resolve(),
    autoReply: () => Promise.resolve(),
  };
  await play(stage, response(count));
  sizes.push(shown.length - sliceStart);
  expect(shown.map((m) => m.id)).toEqual(response(count).messages.map((m) => m.id));
  return sizes;
}

afterEach(() => vi.restoreAllMocks());

describe('a long response, a slice per frame', () => {
  it('shows a hundred short messages in the first frame, all of a short response at once', async () => {
    expect((await slices(1000, () => 400))[0]).toBe(101);
    expect(await slices(60, () => 400)).toEqual([60]);
  });

  it('keeps a hundred a frame while each frame takes long (a slow engine)', async () => {
    const sizes = await slices(1000, () => 120);
    expect(sizes.slice(0, -1).every((n) => n === 101)).toBe(true);
    expect(sizes).toHaveLength(10);
  });

  it('shows more in each frame when frames are quick, within the time of one slow frame', async () => {
    // 25 ms for the first hundred rows: the next slice holds four times as many.
    const sizes = await slices(1000, () => 25);
    expect(sizes[0]).toBe(101);
    expect(sizes[1]).toBeGreaterThan(350);
    expect(sizes.length).toBeLessThanOrEqual(4);
  });

  it('grows at most eightfold from one slice to the next, and never below the first', () => {
    expect(nextSlice(40_000, 0)).toBe(320_000);
    expect(nextSlice(40_000, 1)).toBe(320_000);
    expect(nextSlice(40_000, 50)).toBe(80_000);
    expect(nextSlice(40_000, 500)).toBe(40_000);
    expect(nextSlice(200_000, 400)).toBe(50_000);
  });
});
