/**
 * Loaded on demand: the extras few conversations show, the Widget resource's
 * suggested replies and the link offered when the browser blocked a
 * redirect's new tab. Their styles stay with the others (`progress-avatars.ts`).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { FlowbotStrings } from '../i18n/lookup.js';
import { isObject, text } from '../protocol/json.js';
import type { TranscriptEntry } from '../protocol/transcript.js';

/**
 * The Widget resource's `defaultMessages` as reply texts: strings, or objects
 * with `text`, `content`, `message` or `label`; trimmed, without repeats, at
 * most eight.
 */
export function readSuggestions(list: unknown): string[] {
  const out = new Set<string>();
  for (const item of Array.isArray(list) ? list : []) {
    const value = isObject(item)
      ? ['text', 'content', 'message', 'label'].map((key) => text(item[key])).find(Boolean)
      : text(item);
    if (value) out.add(value.trim().slice(0, 200));
  }
  return [...out].slice(0, 8);
}

/** Suggested replies as buttons; a tap sends one. */
export function renderSuggestions(
  list: readonly string[],
  strings: FlowbotStrings,
  busy: boolean,
  send: (reply: string) => void,
): TemplateResult | typeof nothing {
  if (!list.length) return nothing;
  return html`<div class="choices suggestions" role="group" aria-label=${strings.suggestions}>${list.map(
    (reply) =>
      html`<button part="suggestion" class="choice" type="button" ?disabled=${busy}
        @click=${() => send(reply)}>${reply}</button>`,
  )}</div>`;
}

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
