/**
 * What each response changes of the widget's look: its progress and background (`sessionCss`, for
 * the element's constructed sheet, never a `style` attribute) and the avatars beside the messages.
 * No template: the first turn's file draws with it too, before the widget's code is there.
 */
import type { DynamicTheme } from '../protocol/types.js';
import { readFlowbotTheme } from '../protocol/flowbot.js';
import { pick } from '../protocol/json.js';
import { safeUrl } from '../protocol/safe-url.js';

/** What these parts read from the conversation. */
export interface SessionView {
  readonly flowbot: unknown;
  readonly dynamicTheme: DynamicTheme;
  readonly progress: number | undefined;
}

/** The bot theme's `general` part. */
export const general = (flowbot: unknown): unknown => pick(readFlowbotTheme(flowbot), 'general');

/** A URL from the theme, unless it is an unresolved `{{Variable}}`. */
const themeUrl = (value: unknown): string | undefined =>
  typeof value === 'string' && !value.includes('{{') ? safeUrl(value) : undefined;

/** The progress (0–100, whole), or undefined when there is none or the theme hides the bar. */
export function progressValue(view: SessionView): number | undefined {
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
