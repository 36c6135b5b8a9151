/**
 * The on-demand file of the script-tag build: it sits in the same folder as the
 * script, so a page that can load the script can load it too (same origin,
 * same CSP source). It renders with this file's Lit and sends with its fetch
 * endpoint (see `shared-lit.ts`); the modules of this code it uses are this code's too
 * (`shared-modules.ts`).
 */
import { html, nothing, render, svg } from 'lit';
import { css } from '../theme/css.js';
import { loadedAnswerStrings, languageTags, stringsFor } from '../i18n/lookup.js';
import { live } from 'lit/directives/live.js';
import { createFetchEndpoint } from '../api/transport/fetch-endpoint.js';
import { LOAD_BESIDE, type LoadBeside } from './load-script.js';
import { SHARED_LIT, type SharedLit } from './shared-lit-key.js';
import './shared-modules.js';

/**
 * An on-demand file (`flowbot-chat.rich.js`, `flowbot-chat.answers.js`) beside this module (the
 * widget's code of the script-tag path): loaded by the script-tag file's loader, checked against
 * the hash the build wrote here (`integrity`), then imported (the module that loaded, not a second
 * fetch). Rejects when it did not load, is not the build's or has no hash; the callers fall back.
 */
export function importOnDemandFile<T>(file: string, integrity: string | undefined): Promise<T> {
  (globalThis as { [SHARED_LIT]?: SharedLit })[SHARED_LIT] ??= {
    html,
    svg,
    css,
    nothing,
    live,
    render,
    createFetchEndpoint,
    languageTags,
    loadedAnswerStrings,
    stringsFor,
  };
  const load = (globalThis as { [LOAD_BESIDE]?: LoadBeside })[LOAD_BESIDE];
  // Only the script-tag file loads this code: without its loader, nothing is loaded unchecked.
  return new Promise<string>((resolve) => resolve(load!(file, integrity))).then(
    (url) => import(/* @vite-ignore */ url) as Promise<T>,
  );
}
