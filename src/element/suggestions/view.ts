/**
 * The Widget resource's suggested replies, drawn under the input (loaded on demand: few
 * conversations show them). Their styles stay with the others (`render/progress-avatars.ts`).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { FlowbotStrings } from '../../i18n/lookup.js';

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
