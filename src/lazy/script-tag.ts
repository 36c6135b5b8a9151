/**
 * On-demand files of the script-tag build: they sit in the same folder as the
 * script, so a page that can load the script can load them too (same origin,
 * same CSP source). They render with this file's Lit (see `shared-lit.ts`).
 */
import { css, html, nothing, svg } from 'lit';
import { live } from 'lit/directives/live.js';
import { SHARED_LIT, type SharedLit } from './shared-lit-key.js';

// Only known while the script itself runs.
const base = typeof document === 'undefined' ? undefined : (document.currentScript as HTMLScriptElement | null)?.src;

/** Imports `fileName` from the script-tag file's own folder. */
export function importBesideScript<T>(fileName: string): Promise<T> {
  if (!base) return Promise.reject(new Error('flowbot-chat: the script-tag file was not loaded by a <script src>'));
  (globalThis as { [SHARED_LIT]?: SharedLit })[SHARED_LIT] ??= { html, svg, css, nothing, live };
  return import(/* @vite-ignore */ new URL(fileName, base).href) as Promise<T>;
}
