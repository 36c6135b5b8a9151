/**
 * `lazy-import.ts` for the script-tag file: the on-demand parts are a second
 * file, `flowbot-chat.lazy.js`, in the same folder as the script, so a page
 * that can load the script can load it too (same origin, same CSP source).
 */
import { css, html, nothing, svg } from 'lit';
import { live } from 'lit/directives/live.js';
import type { SharedLit } from './lazy-lit.js';
import type { LazyModule } from './lazy-load.js';

/** The same key as in lazy-lit.ts (a registered symbol: equal wherever it is made). */
const SHARED_LIT = Symbol.for('flowbot-chat/lit');

// Only known while the script itself runs.
const base = typeof document === 'undefined' ? undefined : (document.currentScript as HTMLScriptElement | null)?.src;

export function importLazy(): Promise<LazyModule> {
  if (!base) return Promise.reject(new Error('flowbot-chat: the script-tag file was not loaded by a <script src>'));
  // The lazy file renders with this file's Lit (see lazy-lit.ts).
  (globalThis as { [SHARED_LIT]?: SharedLit })[SHARED_LIT] ??= { html, svg, css, nothing, live };
  return import(/* @vite-ignore */ new URL('flowbot-chat.lazy.js', base).href) as Promise<LazyModule>;
}
