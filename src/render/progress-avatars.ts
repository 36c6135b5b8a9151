/**
 * The session's extras around the transcript: the progress bar, the
 * `dynamicTheme` background and guest avatar, the Widget resource's suggested
 * replies (`defaultMessages`, drawn by `suggestions-notices.ts`, on demand, with the
 * link shown when the browser blocked a redirect's new tab; the voice's mute
 * switch comes with the voice).
 *
 * Values that change per response (the progress, the background URL) reach
 * CSS through the element's constructed stylesheet (`sessionCss`), never a
 * `style` attribute, so a strict Content-Security-Policy holds.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { pick } from '../protocol/json.js';
import type { FlowbotStrings } from '../i18n/lookup.js';
import { general, progressValue, type SessionView } from './session-look.js';

/** The bar, or nothing when there is no progress or the theme places it at the other edge. */
export function renderProgress(
  view: SessionView,
  edge: 'Top' | 'Bottom',
  strings: FlowbotStrings,
  lang: string,
): TemplateResult | typeof nothing {
  const value = progressValue(view);
  const placement = pick(pick(general(view.flowbot), 'progressBar'), 'placement') === 'Bottom' ? 'Bottom' : 'Top';
  if (value === undefined || placement !== edge) return nothing;
  let label: string;
  try {
    label = new Intl.NumberFormat(lang || undefined, { style: 'percent' }).format(value / 100);
  } catch {
    label = `${value}%`;
  }
  return html`<div part="progress" class="progress" role="progressbar" aria-label=${strings.progress}
    aria-valuemin="0" aria-valuemax="100" aria-valuenow=${value} aria-valuetext=${label}></div>`;
}

export { progressAvatarsStyles } from './progress-avatars.styles.js';
export { guestAvatarUrl, hostAvatarUrl, sessionCss, type SessionView } from './session-look.js';
