/**
 * Video, audio and embed messages, drawn from their checked model (read by
 * `protocol/media.ts`): provider videos and embeds in sandboxed iframes, plain
 * video and audio with controls. Loaded on demand, with their reader: most
 * conversations are text and images. Their styles come with them (`mediaStyles`).
 */
import { html, nothing, type CSSResult, type TemplateResult } from 'lit';
import { css } from '../../theme/css.js';
import type { Model } from '../../protocol/message.js';

const ratioClass = (ratio: string): string => (ratio ? ` fb-ar-${ratio}` : '');

/**
 * The content of a video, audio or embed message; `onLoad` runs once a video knows its size.
 * A player may go fullscreen through its `allow` list alone: an `allowfullscreen` beside it
 * only makes the browser warn that `allow` takes precedence.
 */
export function renderMedia(m: Model, onLoad: (() => void) | typeof nothing): TemplateResult | null {
  switch (m.kind) {
    case 'frame':
      return html`<div class="fb-content"><iframe tabindex="-1" class="fb-frame${ratioClass(m.ratio)}" src=${m.src} title=${m.title}
        sandbox=${m.sandbox} allow=${m.allow ?? nothing} loading="lazy"
        height=${m.height ?? nothing} width=${m.width ?? nothing}></iframe></div>`;
    case 'video':
      return html`<div class="fb-content"><video tabindex="-1" class="fb-video${ratioClass(m.ratio)}" src=${m.src} controls playsinline
        preload="metadata" ?autoplay=${m.autoplay} height=${m.height ?? nothing} width=${m.width ?? nothing}
        @loadedmetadata=${onLoad}></video></div>`;
    case 'audio':
      return html`<div class="fb-content"><audio tabindex="-1" class="fb-audio" src=${m.src} controls preload="metadata"
        ?autoplay=${m.autoplay}></audio></div>`;
    default:
      return null;
  }
}

/** The styles of these messages, adopted by the element's shadow root when the first is drawn. */
export const mediaStyles: CSSResult = css`
  /* Players fill a bubble of their own size: a shrink-to-fit bubble would collapse them. */
  .bot-bubble[data-type='audio'] {
    width: min(320px, 85%);
  }

  /* Frames and videos have no size of their own to shrink to (an iframe's is 300 px): they take the row. */
  .bot-bubble:is([data-type='embed'], [data-type='video']) {
    width: 85%;
  }

  .fb-frame,
  .fb-video,
  .fb-audio {
    display: block;
    max-width: 100%;
    border: 0;
    border-radius: var(--flowbot-media-radius, 8px);
  }
  .fb-frame:not([width]),
  .fb-video:not([width]),
  .fb-audio {
    width: 100%;
  }
  .fb-frame:not([height]),
  .fb-video:not([height]) {
    height: auto;
  }
  .fb-ar-16-9:not([height]) {
    aspect-ratio: 16 / 9;
  }
  .fb-ar-4-3:not([height]) {
    aspect-ratio: 4 / 3;
  }
  .fb-ar-3-2:not([height]) {
    aspect-ratio: 3 / 2;
  }
  .fb-ar-1-1:not([height]) {
    aspect-ratio: 1;
  }
  .fb-ar-2-3:not([height]) {
    aspect-ratio: 2 / 3;
  }
  .fb-ar-3-4:not([height]) {
    aspect-ratio: 3 / 4;
  }
  .fb-ar-9-16:not([height]) {
    aspect-ratio: 9 / 16;
  }
  .fb-ar-21-9:not([height]) {
    aspect-ratio: 21 / 9;
  }
`;
