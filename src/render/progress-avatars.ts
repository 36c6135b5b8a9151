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
import { css, html, nothing, type CSSResult, type TemplateResult } from 'lit';
import type { DynamicTheme } from '../protocol/types.js';
import { readFlowbotTheme } from '../protocol/flowbot.js';
import { pick } from '../protocol/json.js';
import type { FlowbotStrings } from '../i18n/lookup.js';
import { safeUrl } from '../protocol/safe-url.js';

/** What these parts read from the conversation. */
export interface SessionView {
  readonly flowbot: unknown;
  readonly dynamicTheme: DynamicTheme;
  readonly progress: number | undefined;
}

const general = (flowbot: unknown): unknown => pick(readFlowbotTheme(flowbot), 'general');

/** A URL from the theme, unless it is an unresolved `{{Variable}}`. */
const themeUrl = (value: unknown): string | undefined =>
  typeof value === 'string' && !value.includes('{{') ? safeUrl(value) : undefined;

/** The progress (0–100, whole), or undefined when there is none or the theme hides the bar. */
function progressValue(view: SessionView): number | undefined {
  const { progress } = view;
  if (typeof progress !== 'number' || !Number.isFinite(progress)) return undefined;
  if (pick(pick(general(view.flowbot), 'progressBar'), 'isEnabled') === false) return undefined;
  return Math.round(Math.min(100, Math.max(0, progress)));
}

/**
 * CSS for the element's constructed sheet: the progress bar's width and the
 * transcript's background image (`dynamicTheme.backgroundUrl`, else a theme
 * background of type Image), the URL CSS-escaped inside a quoted `url()`.
 */
export function sessionCss(view: SessionView): string {
  const value = progressValue(view);
  const background = pick(general(view.flowbot), 'background');
  const image =
    safeUrl(view.dynamicTheme.backgroundUrl) ??
    (pick(background, 'type') === 'Image' ? themeUrl(pick(background, 'content')) : undefined);
  let out = value === undefined ? '' : `:host{--_progress:${value}%}`;
  if (image && typeof CSS !== 'undefined') {
    out += `.messages{background:var(--flowbot-background-image,url("${CSS.escape(image)}")) center/cover}`;
  }
  return out;
}

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

/**
 * The bot's avatar: `dynamicTheme.hostAvatarUrl`, else the widget's own (its `avatarIcon`, as read by
 * the element), else the bot theme's host avatar unless it is switched off or still an unresolved `{{Variable}}`.
 */
export function hostAvatarUrl(view: SessionView, widgetAvatar: string | undefined): string | undefined {
  const avatar = pick(pick(readFlowbotTheme(view.flowbot), 'chat'), 'hostAvatar');
  return (
    safeUrl(view.dynamicTheme.hostAvatarUrl) ??
    widgetAvatar ??
    (pick(avatar, 'isEnabled') !== false ? themeUrl(pick(avatar, 'url')) : undefined)
  );
}

/** The visitor's avatar: `dynamicTheme.guestAvatarUrl`, else an enabled `theme.chat.guestAvatar`. */

export function guestAvatarUrl(view: SessionView): string | undefined {
  const dynamic = safeUrl(view.dynamicTheme.guestAvatarUrl);
  if (dynamic) return dynamic;
  const avatar = pick(pick(readFlowbotTheme(view.flowbot), 'chat'), 'guestAvatar');
  return pick(avatar, 'isEnabled') === true ? themeUrl(pick(avatar, 'url')) : undefined;
}

/** Styles of these parts; add them to the element's static styles. */
export const progressAvatarsStyles: CSSResult = css`
  /* High contrast draws the transparent outline round the track and the bar in the selection colour. */
  .progress {
    flex: none;
    block-size: 4px;
    margin: 6px 12px;
    border-radius: 2px;
    outline: 1px solid transparent;
    overflow: hidden;
    background: var(--flowbot-progress-track-color, var(--_w-progress-track, color-mix(in srgb, var(--_primary) 20%, transparent)));
  }

  .progress::before {
    content: '';
    display: block;
    block-size: 100%;
    inline-size: var(--_progress, 0%);
    /* The site's primary colour (the page's; the Widget resource's leaves no --_w-progress) over the bot theme's bar. */
    background: var(--flowbot-progress-color, var(--flowbot-primary-color, var(--_w-progress, var(--_primary))));
  }

  @media (forced-colors: active) {
    .progress::before {
      background: Highlight;
    }
  }

  /* Each message and field reads in its own direction (English in a right-to-left page, and back). */
  .bubble,
  .bubble :is(div, p, li),
  .field,
  button {
    unicode-bidi: plaintext;
  }

  .row.user:has(> .avatar) {
    display: grid;
    grid-template-columns: 1fr auto;
    justify-items: end;
    gap: 2px 8px;
  }

  /* Suggested replies look like choices: the same pills, above the field. */
  .suggestions {
    margin-block-end: 8px;
  }
`;
