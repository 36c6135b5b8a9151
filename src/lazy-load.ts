/**
 * Loads the on-demand parts (`lazy.ts`) once; later calls share the promise.
 * A failed load (offline, a missing file) is remembered for a few seconds, so
 * renders meanwhile do not fetch again and again, then forgotten so a later
 * need tries again; callers fall back meanwhile.
 */
import { importLazy } from './lazy-import.js';

export type LazyModule = typeof import('./lazy.js');

const RETRY_AFTER_MS = 10_000;

let loading: Promise<LazyModule> | undefined;
let loaded: LazyModule | undefined;

/** The on-demand parts, if they have arrived. */
export function lazyModule(): LazyModule | undefined {
  return loaded;
}

/** Starts (or joins) the load of the on-demand parts. */
export function loadLazy(): Promise<LazyModule> {
  loading ??= importLazy().then(
    (module) => (loaded = module),
    (error: unknown) => {
      setTimeout(() => (loading = undefined), RETRY_AFTER_MS);
      throw error;
    },
  );
  return loading;
}
