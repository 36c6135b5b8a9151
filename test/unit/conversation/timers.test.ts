import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRAME_WAIT_MS, Timers } from '../../../src/conversation/timers.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Timers.nextFrame', () => {
  /** Whether the wait is over after `ms` of fake time. */
  const overAfter = async (wait: Promise<void>, ms: number): Promise<boolean> => {
    let over = false;
    void wait.then(() => (over = true));
    await vi.advanceTimersByTimeAsync(ms);
    return over;
  };

  it('resolves just after the next frame', async () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => frames.push(run));
    const wait = new Timers().nextFrame();
    expect(await overAfter(wait, 5)).toBe(false);
    frames.shift()!(0);
    expect(await overAfter(wait, 0)).toBe(true);
    // The cap's timer went with it: nothing is left to fire later.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ends at once when every pause is cut short (flush)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 1);
    const timers = new Timers();
    const wait = timers.nextFrame();
    timers.flush();
    expect(await overAfter(wait, 0)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('resolves after FRAME_WAIT_MS on a page whose frames are held back (about one a second)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 1);
    const wait = new Timers().nextFrame();
    expect(await overAfter(wait, FRAME_WAIT_MS - 1)).toBe(false);
    expect(await overAfter(wait, 1)).toBe(true);
    expect(FRAME_WAIT_MS).toBeLessThanOrEqual(100);
  });

  it('is a pause where there are no frames at all (a server)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', undefined);
    expect(await overAfter(new Timers().nextFrame(), 0)).toBe(true);
  });
});
