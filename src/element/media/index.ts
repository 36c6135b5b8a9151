/**
 * Video, audio and embed messages, as the widget shows them (`view.ts`: provider videos and
 * embeds in sandboxed iframes, plain video and audio with controls, and their styles). It is part
 * of the rich messages' on-demand part (`../rich/index.ts` re-exports it: the messages get it as
 * `MediaRenderers`, the bubbles its styles): most conversations are text and images, and never
 * load it. Its core stays below: the wire reading (`protocol/media.ts`, handed on from here as
 * the messages' reader of these types) and its types (`render/on-demand-source.ts`).
 */
export { readMedia } from '../../protocol/media.js';
export { mediaStyles, renderMedia } from './view.js';
