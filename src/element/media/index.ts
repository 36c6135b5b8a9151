/**
 * Video, audio and embed messages, as the widget shows them (`view.ts`: provider videos and
 * embeds in sandboxed iframes, plain video and audio with controls, and their styles). Beside the
 * script tag it is a file of its own, `flowbot-chat.media.js`, fetched by the widget when a
 * conversation shows one of these messages (the messages get it as `MediaRenderers`, the bubbles
 * its styles): most conversations are text, images and markdown, and never load it. Its core stays
 * below: the wire reading (`protocol/media.ts`, handed on from here as the messages' reader of
 * these types) and its types (`render/on-demand-source.ts`).
 */
import type { CSSResult } from 'lit';
import { mediaStyles } from './view.js';

export { readMedia } from '../../protocol/media.js';
export { renderMedia } from './view.js';
/** The styles of what this file draws inside bubbles: video, audio and embeds. */
export const contentStyles: CSSResult = mediaStyles;

import type * as Self from './index.js';

/** What the media's file exports. */
export type MediaModule = typeof Self;
