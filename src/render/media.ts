/**
 * Video, audio and embed messages, drawn from their checked model (read by
 * `protocol/media.ts`): provider videos and embeds in sandboxed iframes, plain
 * video and audio with controls. Loaded on demand, with their reader: most
 * conversations are text and images. Their styles are `messageContentStyles`.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Model } from '../protocol/message.js';

const ratioClass = (ratio: string): string => (ratio ? ` fb-ar-${ratio}` : '');

/** The content of a video, audio or embed message; `onLoad` runs once a video knows its size. */
export function renderMedia(m: Model, onLoad: (() => void) | typeof nothing): TemplateResult | null {
  switch (m.kind) {
    case 'frame':
      return html`<div class="fb-content"><iframe class="fb-frame${ratioClass(m.ratio)}" src=${m.src} title=${m.title}
        sandbox=${m.sandbox} allow=${m.allow ?? nothing} ?allowfullscreen=${!!m.allow} loading="lazy"
        height=${m.height ?? nothing} width=${m.width ?? nothing}></iframe></div>`;
    case 'video':
      return html`<div class="fb-content"><video class="fb-video${ratioClass(m.ratio)}" src=${m.src} controls playsinline
        preload="metadata" ?autoplay=${m.autoplay} height=${m.height ?? nothing} width=${m.width ?? nothing}
        @loadedmetadata=${onLoad}></video></div>`;
    case 'audio':
      return html`<div class="fb-content"><audio class="fb-audio" src=${m.src} controls preload="metadata"
        ?autoplay=${m.autoplay}></audio></div>`;
    default:
      return null;
  }
}
