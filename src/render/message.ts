/**
 * The content of one bot message (what goes inside the bubble), drawn from
 * the checked model of `protocol/message.ts`: text, and images lazy-loaded
 * without a referrer and wrapped in a new-tab link when they have one. Video,
 * audio and embeds are read and drawn by the on-demand part (`media.ts`).
 * Sizes use attributes and classes, never a `style` attribute.
 */
import { html, nothing, type TemplateResult } from 'lit';
import {
  ENGLISH,
  MEDIA_TYPES,
  messageToPlain as plainOf,
  readMessage,
  type Message,
  type MessageLabels,
  type ReadOptions,
} from '../protocol/message.js';
import { isObject } from '../protocol/json.js';
import {
  mediaRenderers,
  richRenderers,
  streamRenderers,
  type AgentStrings,
  type OnDemandRenderers,
} from './on-demand-source.js';
import type { MarkdownStrings } from './markdown.js';
import { richTextContent } from './rich-text.js';

export type { MessageLabels } from '../protocol/message.js';

/** What the element passes to the renderer. */
export interface MessageRenderContext extends Omit<ReadOptions, 'markdown' | 'labels'> {
  /** The words of media summaries, of markdown's code blocks and tables, and of an agent's activity. */
  labels?: Partial<MessageLabels> & Partial<MarkdownStrings> & Partial<AgentStrings>;
  /** Called when an image (or a video's metadata) has loaded or failed: the bubble's size changed. */
  onImageLoad?: () => void;
  /** Language of the conversation, set as `lang` on text content. */
  lang?: string;
  /** The widget's language, for the words around an agent's answer. */
  uiLang?: string | undefined;
  /** The site's words for its agent's tools, by tool name. */
  toolNames?: Readonly<Record<string, string>> | undefined;
}

/** Whether `message` is a video, audio or embed: read and drawn by the media's file. */
export const isMedia = (message: Message): boolean => isObject(message) && MEDIA_TYPES.includes(message.type);

/** Whether showing `message` takes an on-demand part: markdown (its parser), video, audio and embeds (their reader). */
export function needsOnDemand(message: Message): boolean {
  return (
    isMedia(message) ||
    (isObject(message) &&
      message.type === 'text' &&
      isObject(message.content) &&
      typeof message.content.markdown === 'string')
  );
}

/**
 * Resolves once `message` can be shown in full (markdown needs its parser,
 * video, audio and embeds their reader, an agent's answer the drawing of what it did: all loaded
 * on demand), so a live message does not flash as plain text first, nor wait unseen. Never
 * rejects: without the on-demand part markdown shows plain (and media not at all); without the
 * streams' file an agent's answer shows its text alone.
 */
export function prepareMessage(message: Message): Promise<void> | undefined {
  const part = richRenderers.get();
  const ready = isMedia(message)
    ? mediaRenderers.get() || mediaRenderers.load()
    : !needsOnDemand(message) ||
      (part && (streamRenderers.get() || !part.needsAgent(message))) ||
      richRenderers.load().then((rich): unknown => rich.needsAgent(message) && streamRenderers.load());
  return ready instanceof Promise
    ? ready.then(
        () => undefined,
        () => undefined,
      )
    : undefined;
}

/**
 * Content for one bot message (what goes inside the bubble: a template, or an
 * element for text), or null when the message must be skipped (unknown type,
 * `custom-embed`, unusable content, or media whose reader has not arrived).
 */
export function renderMessageContent(
  message: Message,
  ctx: MessageRenderContext = {},
): TemplateResult | HTMLElement | null {
  // Until the on-demand part is there (or if it cannot load), markdown shows as plain lines and media not at all.
  const part = needsOnDemand(message) ? richRenderers.get() : undefined;
  const m = readMessage(message, { ...ctx, ...readersOf(part) });
  if (!m) return null;
  const onLoad = ctx.onImageLoad ?? nothing;
  switch (m.kind) {
    case 'text': {
      // Built as DOM once: text never changes, so it carries no template parts. Markdown has blocks of its own,
      // and an agent's answer what it did around it.
      if (!part) return richTextContent(m.nodes, ctx.lang);
      const text = part.markdownContent(m.nodes, ctx.lang, ctx.labels);
      // What its agent did, drawn around it by the streams' file (its text alone until that is there).
      return (
        streamRenderers
          .get()
          ?.agentAnswer(message, text, { words: ctx.labels, lang: ctx.uiLang, toolNames: ctx.toolNames }) ?? text
      );
    }
    case 'image': {
      const img = html`<img class="fb-image" src=${m.src} alt=${m.alt} loading="lazy" decoding="async"
        referrerpolicy="no-referrer" @load=${onLoad} @error=${onLoad} />`;
      return html`<div class="fb-content">${
        m.href
          ? html`<a tabindex="-1" href=${m.href} target=${/^https?:/.test(m.href) ? '_blank' : nothing} rel="noopener noreferrer"
            aria-label=${m.alt ? nothing : { ...ENGLISH, ...ctx.labels }.openLink}>${img}</a>`
          : img
      }</div>`;
    }
    default:
      // Only the media's reader makes these models, so its renderer is there.
      return mediaRenderers.get()!.renderMedia(m, onLoad);
  }
}

/** The on-demand part's readers (markdown, media), once it is there. */
export const readersOf = (part: OnDemandRenderers | undefined) => ({
  markdown: part?.parseMarkdown,
  media: mediaRenderers.get()?.readMedia,
  agent: part?.agentSummary,
});

/** Whether a message is shown (read as the renderer reads it: once). */
export const isShown = (message: Message): boolean =>
  readMessage(message, readersOf(needsOnDemand(message) ? richRenderers.get() : undefined)) !== null;

/** Plain-text summary of a message ("Image: alt", "Video", ...), with markdown read by the parser once it is loaded. */
export function messageToPlain(message: Message, labels?: Partial<MessageLabels>): string {
  return plainOf(message, labels, readersOf(richRenderers.get()));
}

export { messageContentStyles } from './message.styles.js';
