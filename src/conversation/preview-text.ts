/**
 * What the bubble's preview says, for the two that draw it: the invitation (`element/invitation/`,
 * with the widget's code) and the preview drawn before that code is there (`element/preview/`),
 * which hands its card over to the invitation. What a visit remembers of it: `visit-storage.ts`.
 */

/** Longest preview text before it is cut (the card also clamps it to three lines). */
const PREVIEW_CHARS = 160;

/**
 * On the element while the preview drawn before the widget's code is on screen: the invitation then
 * shows its own at once, in its place, as already shown (no second `flowbot-preview-show`, nothing
 * said again). Registered, so the two files agree.
 */
export const PREVIEW_ON_SCREEN = Symbol.for('flowbot-chat/preview-on-screen');

/** A visible string, white space collapsed, cut to `PREVIEW_CHARS`. */
export function previewOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1).trimEnd()}…` : flat;
}

/** The `preview` text, else the Widget resource's first message (a preview turned off is the callers'). */
export function previewText(preview: string, widget: { aiFirstMessage?: unknown } | undefined): string {
  const first = widget?.aiFirstMessage;
  return previewOf(preview.trim() || (typeof first === 'string' ? first : ''));
}
