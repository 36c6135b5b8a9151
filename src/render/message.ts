/**
 * The content of one bot message (what goes inside the bubble), drawn from
 * the checked model of `protocol/message.ts`: images lazy-loaded without a
 * referrer and wrapped in a new-tab link when they have one; provider videos
 * and embeds in sandboxed iframes; plain video and audio with controls. Sizes
 * use attributes and classes, never a `style` attribute.
 */
import { css, html, nothing, type CSSResult, type TemplateResult } from 'lit';
import {
  ENGLISH,
  messageToPlain as plainOf,
  readMessage,
  type Message,
  type MessageLabels,
  type ReadOptions,
} from '../protocol/message.js';
import { isObject } from '../protocol/json.js';
import type { RichTextNode } from '../protocol/rich-text.js';
import { onDemand } from './on-demand-import.js';
import { renderRichText } from './rich-text.js';

export type { MessageLabels } from '../protocol/message.js';


/** What the element passes to the renderer. */
export interface MessageRenderContext extends Omit<ReadOptions, 'markdown'> {
  /** Called when an image (or a video's metadata) has loaded or failed: the bubble's size changed. */
  onImageLoad?: () => void;
  /** Called when content loaded on demand (the markdown parser) has arrived: render again. */
  onReady?: () => void;
  /** Language of the conversation, set as `lang` on text content. */
  lang?: string;
}



/**
 * Markdown through the parser, which is loaded on demand: until it is there
 * (or if it cannot be loaded) the lines show as plain paragraphs, and
 * `ctx.onReady` asks for a render once it arrives.
 */
function markdownNodes(markdown: string, ctx: MessageRenderContext): RichTextNode[] {
  const parse = onDemand.get()?.parseMarkdown;
  if (parse) return parse(markdown);
  onDemand.load().then(ctx.onReady, () => undefined);
  return markdown.split('\n').map((line) => ({ type: 'p', children: [{ text: line }] }));
}

/**
 * Resolves once `message` can be shown in full (markdown needs its parser,
 * loaded on demand), so a live message does not flash as plain text first.
 * Never rejects: without the parser the text shows plain.
 */
export function prepareMessage(message: Message): Promise<void> | undefined {
  const c = isObject(message) && message.type === 'text' && isObject(message.content) ? message.content : undefined;
  if (!c || typeof c.markdown !== 'string' || onDemand.get()) return undefined;
  return onDemand.load().then(
    () => undefined,
    () => undefined,
  );
}



const ratioClass = (ratio: string): string => (ratio ? ` fb-ar-${ratio}` : '');

/**
 * Content for one bot message (what goes inside the bubble), or null when the
 * message must be skipped (unknown type, `custom-embed`, unusable content).
 */
export function renderMessageContent(message: Message, ctx: MessageRenderContext = {}): TemplateResult | null {
  const m = readMessage(message, { ...ctx, markdown: (source) => markdownNodes(source, ctx) });
  if (!m) return null;
  const onLoad = ctx.onImageLoad ?? nothing;
  switch (m.kind) {
    case 'text':
      return html`<div class="fb-content fb-text" lang=${ctx.lang || nothing}>${renderRichText(m.nodes)}</div>`;
    case 'image': {
      const img = html`<img class="fb-image" src=${m.src} alt=${m.alt} loading="lazy" decoding="async"
        referrerpolicy="no-referrer" @load=${onLoad} @error=${onLoad} />`;
      return html`<div class="fb-content">${m.href
        ? html`<a href=${m.href} target=${/^https?:/.test(m.href) ? '_blank' : nothing} rel="noopener noreferrer"
            aria-label=${m.alt ? nothing : { ...ENGLISH, ...ctx.labels }.openLink}>${img}</a>`
        : img}</div>`;
    }
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
  }
}



/** Plain-text summary of a message ("Image: alt", "Video", ...), with markdown read by the parser once it is loaded. */
export function messageToPlain(message: Message, labels?: Partial<MessageLabels>): string {
  return plainOf(message, labels, onDemand.get()?.parseMarkdown);
}

/** The CSS the rendered content needs, scoped to `.fb-content`; add it to the element's static styles. */
export const messageContentStyles: CSSResult = css`
  .fb-content {
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .fb-content p {
    margin: 0;
  }
  .fb-content ul,
  .fb-content ol {
    margin: 0;
    padding-inline-start: 1.4em;
  }
  .fb-content a {
    color: inherit;
    text-decoration: underline;
    text-underline-offset: 0.15em;
  }
  .fb-content a:focus-visible {
    outline: 2px solid currentColor;
    outline-offset: 2px;
    border-radius: 2px;
  }
  .fb-content code {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.9em;
    white-space: pre-wrap;
    padding: 0 0.2em;
    border-radius: 4px;
    background: color-mix(in srgb, currentColor 10%, transparent);
  }
  .fb-image,
  .fb-frame,
  .fb-video,
  .fb-audio {
    display: block;
    max-width: 100%;
    border: 0;
    border-radius: var(--flowbot-media-radius, 8px);
  }
  .fb-image {
    height: auto;
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
