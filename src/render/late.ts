/**
 * The renderers that arrive on demand (`late-parts.ts`: the rarer controls,
 * markdown, media, a streamed answer...). Where they come from is the
 * element's business (a chunk of the npm build, or the file beside the
 * script tag): it hands its loader in with `provideLateRenderers`. Until they
 * are there, or when they cannot arrive, every renderer falls back.
 */
import type * as Parts from './late-parts.js';

/** What `late-parts.ts` exports. */
export type LateRenderers = typeof Parts;

/** A module that arrives on demand. */
export interface LateSource<T> {
  /** The module, if it has arrived. */
  get(): T | undefined;
  /** Starts (or joins) its load. */
  load(): Promise<T>;
}

/** The late renderers: `get()` if they are there, `load()` to fetch them. */
export let late: LateSource<LateRenderers> = {
  get: () => undefined,
  load: () => Promise.reject(new Error('no on-demand part')),
};

/** Says where the late renderers come from (the element does, once, as its module loads). */
export function provideLateRenderers(from: LateSource<LateRenderers>): void {
  late = from;
}
