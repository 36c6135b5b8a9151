/**
 * `lazy-load.ts` for the script-tag file: the on-demand parts are a second
 * file, `flowbot-chat.lazy.js`, in the same folder as the script, so a page
 * that can load the script can load it too (same origin, same CSP source).
 */
import type { LazyModule } from './lazy-load.js';

export type { LazyModule };

// Only known while the script itself runs.
const base = typeof document === 'undefined' ? undefined : (document.currentScript as HTMLScriptElement | null)?.src;

let loading: Promise<LazyModule> | undefined;
let loaded: LazyModule | undefined;

export function lazyModule(): LazyModule | undefined {
  return loaded;
}

export function loadLazy(): Promise<LazyModule> {
  loading ??= (
    base
      ? (import(/* @vite-ignore */ new URL('flowbot-chat.lazy.js', base).href) as Promise<LazyModule>)
      : Promise.reject(new Error('flowbot-chat: the script-tag file was not loaded by a <script src>'))
  ).then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
