/**
 * The renderers that arrive on demand (`on-demand-parts.ts`: the rarer controls,
 * markdown, media, a streamed answer...). Where they come from is the
 * element's business (a chunk of the npm build, or the file beside the
 * script tag): it hands its loader in with `provideOnDemandRenderers`. Until they
 * are there, or when they cannot arrive, every renderer falls back.
 */
import type * as Parts from './on-demand-parts.js';

/** What `on-demand-parts.ts` exports. */
export type OnDemandRenderers = typeof Parts;

/** A module that arrives on demand. */
export interface OnDemandSource<T> {
  /** The module, if it has arrived. */
  get(): T | undefined;
  /** Starts (or joins) its load. */
  load(): Promise<T>;
}

/** The on-demand renderers: `get()` if they are there, `load()` to fetch them. */
export let onDemand: OnDemandSource<OnDemandRenderers> = {
  get: () => undefined,
  load: () => Promise.reject(new Error('no on-demand part')),
};

/** Says where the on-demand renderers come from (the element does, once, as its module loads). */
export function provideOnDemandRenderers(from: OnDemandSource<OnDemandRenderers>): void {
  onDemand = from;
}
