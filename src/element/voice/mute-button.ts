/** The header's mute switch: loaded on demand with the voice, the only thing that needs it. */
import { html, svg, type TemplateResult } from 'lit';
import type { FlowbotStrings } from '../../i18n/lookup.js';

const speaker = svg`<path d="M4 9v6h4l5 4V5L8 9H4Z" />`;
const waves = svg`<path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />`;
const cross = svg`<path d="m17 9 5 6m0-6-5 6" />`;

/** The switch: `aria-pressed` is true while muted. */
export function renderMuteButton(muted: boolean, strings: FlowbotStrings, toggle: () => void): TemplateResult {
  return html`<button part="mute-button" class="icon-button" type="button" aria-label=${strings.mute}
    aria-pressed=${muted ? 'true' : 'false'} @click=${toggle}><svg viewBox="0 0 24 24" aria-hidden="true"
    focusable="false">${speaker}${muted ? cross : waves}</svg></button>`;
}
