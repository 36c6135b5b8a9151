/**
 * On-demand files of the script-tag build: they sit in the same folder as the
 * script, so a page that can load the script can load them too (same origin,
 * same CSP source). They render with this file's Lit and send with its fetch
 * endpoint (see `shared-lit.ts`).
 */
import { css, html, nothing, svg } from 'lit';
import { live } from 'lit/directives/live.js';
import { createFetchEndpoint } from '../api/transport/fetch-endpoint.js';
import { SHARED_LIT, type SharedLit } from './shared-lit-key.js';

// The on-demand files sit beside this module (the widget's code of the script-tag path).
const base = import.meta.url;

/** Imports `fileName` from this module's own folder. */
export function importBesideScript<T>(fileName: string): Promise<T> {
  (globalThis as { [SHARED_LIT]?: SharedLit })[SHARED_LIT] ??= { html, svg, css, nothing, live, createFetchEndpoint };
  return import(/* @vite-ignore */ new URL(fileName, base).href) as Promise<T>;
}
