/**
 * Loads the on-demand parts (`lazy.ts`) once; later calls share the promise.
 * A failed load (offline, a missing file) is forgotten so a later need tries
 * again; callers fall back meanwhile. The script-tag build swaps this module
 * for `lazy-load.script.ts`, which fetches the file next to the script.
 */
export type LazyModule = typeof import('./lazy.js');

let loading: Promise<LazyModule> | undefined;
let loaded: LazyModule | undefined;

/** The on-demand parts, if they have arrived. */
export function lazyModule(): LazyModule | undefined {
  return loaded;
}

/** Starts (or joins) the load of the on-demand parts. */
export function loadLazy(): Promise<LazyModule> {
  loading ??= import('./lazy.js').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
