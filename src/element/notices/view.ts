/**
 * Loaded on demand: the notices few conversations show, the link offered when the browser
 * blocked a redirect's new tab, the end of an expired conversation and a streamed answer cut
 * short. Their styles stay with the others (`render/progress-avatars.ts`).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { FlowbotStrings } from '../../i18n/lookup.js';
import type { TranscriptEntry } from '../../protocol/transcript.js';

/**
 * The end of a conversation the viewer no longer knows: a divider under the transcript (which
 * stays, read-only), the notice (an alert: said once) and its one action, Start again.
 */
export function renderExpired(strings: FlowbotStrings, startAgain: () => void): TemplateResult {
  return html`<div class="expired"><hr part="divider" /><div part="expired" class="notice">
    <span role="alert">${strings.expired}</span>
    <button part="start-again-button" class="retry" type="button" @click=${startAgain}>${strings.startAgain}</button>
  </div></div>`;
}

/** A streamed answer cut short: what arrived stays above, marked; Try again streams it anew. */
export function renderStreamFailure(
  view: { readonly entries: readonly TranscriptEntry[] },
  strings: FlowbotStrings,
  tryAgain: () => void,
): TemplateResult | undefined {
  if (!view.entries.some((entry) => entry.kind === 'stream' && entry.interrupted)) return undefined;
  return html`<div part="error" class="error">
    <span role="alert">${strings.interrupted}</span>
    <button part="retry-button" class="retry" type="button" @click=${tryAgain}>${strings.tryAgain}</button>
  </div>`;
}

/** A link to the page a redirect wanted to open in a new tab, when the browser blocked it. */
export function renderRedirectLink(url: string | undefined, strings: FlowbotStrings): TemplateResult | typeof nothing {
  if (!url) return nothing;
  return html`<p part="redirect" class="notice"><a href=${url} target="_blank"
    rel="noopener noreferrer">${strings.openPage}: ${new URL(url).host}</a></p>`;
}
