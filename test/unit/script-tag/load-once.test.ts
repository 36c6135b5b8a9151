import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoader, RETRY_AFTER_MS } from '../../../src/script-tag/load-once.js';

describe('a file loaded on demand', () => {
  // The page's window, for its `online` event (Node has none).
  const page = new EventTarget();
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('addEventListener', page.addEventListener.bind(page));
    vi.stubGlobal('removeEventListener', page.removeEventListener.bind(page));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** A loader whose first `fails` imports reject, as a file fetched offline does. */
  const flaky = (fails: number) => {
    const importer = vi.fn(async () => {
      if (importer.mock.calls.length <= fails) throw new TypeError('Failed to fetch dynamically imported module');
      return { ready: true };
    });
    return { importer, loader: createLoader(importer) };
  };

  it('is fetched once however often it is asked for', async () => {
    const { importer, loader } = flaky(0);
    await Promise.all([loader.load(), loader.load()]);
    await loader.load();
    expect(importer).toHaveBeenCalledTimes(1);
    expect(loader.get()).toEqual({ ready: true });
  });

  it('remembers a failure for a while, then asks again', async () => {
    const { importer, loader } = flaky(1);
    await expect(loader.load()).rejects.toThrow('Failed to fetch');
    // Asked again at once: the same failure, no second fetch.
    await expect(loader.load()).rejects.toThrow('Failed to fetch');
    expect(importer).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS);
    await expect(loader.load()).resolves.toEqual({ ready: true });
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('asks again as soon as the page is back online', async () => {
    const { importer, loader } = flaky(1);
    await expect(loader.load()).rejects.toThrow('Failed to fetch');
    page.dispatchEvent(new Event('online'));
    await expect(loader.load()).resolves.toEqual({ ready: true });
    expect(importer).toHaveBeenCalledTimes(2);
    // The retry timer of the failure is gone with it: nothing is forgotten later.
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS);
    await loader.load();
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('tells its callers when to ask again: once the failure is forgotten, and at once when there is none', async () => {
    const { loader } = flaky(2);
    const told: string[] = [];
    loader.retryable(() => told.push('nothing to forget'));
    expect(told).toEqual(['nothing to forget']);
    await expect(loader.load()).rejects.toThrow('Failed to fetch');
    loader.retryable(() => told.push('after a while'));
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS - 1);
    expect(told).toEqual(['nothing to forget']);
    await vi.advanceTimersByTimeAsync(1);
    expect(told).toEqual(['nothing to forget', 'after a while']);
    await expect(loader.load()).rejects.toThrow('Failed to fetch');
    loader.retryable(() => told.push('back online'));
    page.dispatchEvent(new Event('online'));
    expect(told.at(-1)).toBe('back online');
    // Told once: the next failure's forgetting calls no one who was already told.
    await expect(loader.load()).resolves.toEqual({ ready: true });
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS);
    expect(told).toHaveLength(3);
  });
});
