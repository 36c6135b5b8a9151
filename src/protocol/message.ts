/**
 * A bot message read from the wire: each message is reduced to a small checked
 * model (every URL through `safeUrl`, every video id against its provider's
 * pattern, sizes to plain numbers). The renderer draws the model and the
 * plain-text summary comes from it, so what is announced is what is shown.
 *
 * Choices:
 * - Images: `alt` from `clickLink.alt`, else "" (decorative; the bubble has no
 *   caption to repeat); a link when `clickLink.url` is safe.
 * - Videos: YouTube (privacy-enhanced host), Vimeo, TikTok and Gumlet play in
 *   an iframe built from a validated id (taken from `id`, else from a
 *   recognised `url`, whatever `type` says); anything else in `<video>`.
 *   `height` → pixels, `maxWidth` → a width (pixels or a percentage),
 *   `aspectRatio` → the nearest of a few ratio names (16/9, 4/3, 3/2, 1/1,
 *   2/3, 3/4, 9/16, 21/9).
 * - Autoplay (audio and plain video) only when the content asks for it AND the
 *   caller allows it (a message that just arrived after the visitor answered,
 *   never restored history). Provider iframes never autoplay.
 * - Embeds: `sandbox="allow-scripts allow-forms allow-popups
 *   allow-popups-to-escape-sandbox"`: scripts and forms run, no top
 *   navigation, no modals, no downloads, and never `allow-same-origin`. The
 *   sandbox is fixed when the frame is made, but the frame can redirect
 *   anywhere, the host page's own origin included, where scripts plus
 *   same-origin would reach into the page and lift the sandbox. So an embed
 *   runs in an opaque origin (no cookies or storage of its own); only the
 *   player URLs the widget builds itself (the providers above) get
 *   `allow-same-origin`. Height from `content.height` (default 400, 50–3000).
 * - `custom-embed` (server code) and unknown types read as nothing.
 */
import { isObject } from './json.js';
import { hasText, richTextToPlain, type RichTextNode } from './rich-text.js';
import { LINK_SCHEMES, safeUrl } from './safe-url.js';

/** How to read a message. */
export interface ReadOptions {
  /** Allow audio/video that asks to autoplay to do so. */
  autoplay?: boolean;
  /** Base for relative media URLs, e.g. the API host (default: the document's base URL). */
  baseUrl?: string;
  /** The words of titles and summaries. Default English. */
  labels?: Partial<MessageLabels>;
  /** Markdown to rich text; default: each line a plain paragraph (the parser is loaded on demand). */
  markdown?: ((source: string) => RichTextNode[]) | undefined;
  /** Reads video, audio and embed messages (`readMedia` of `media.ts`, loaded on demand); without it they read as nothing. */
  media?: ((type: string, content: Record<string, unknown>, ctx: ReadOptions) => Model | null) | undefined;
}

/** The message types `ReadOptions.media` reads. */
export const MEDIA_TYPES: readonly string[] = ['video', 'audio', 'embed'];

/** The words of rendered content and of its plain-text summaries. */
export interface MessageLabels {
  image: string;
  video: string;
  audio: string;
  embed: string;
  openLink: string;
}

export const ENGLISH: MessageLabels = {
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  embed: 'Embedded content',
  openLink: 'Open link',
};

export type Message = { id: string; type: string; content: unknown };

export interface Frame {
  src: string;
  title: string;
  /** What the frame shows, for summaries. */
  shows: 'video' | 'embed';
  sandbox: string;
  allow?: string;
  height?: number;
  width?: string;
  ratio: string;
}
/** A bot message reduced to what can be shown safely. */
export type Model =
  | { kind: 'text'; nodes: unknown[] }
  | { kind: 'image'; src: string; alt: string; href?: string }
  | ({ kind: 'frame' } & Frame)
  | { kind: 'video'; src: string; height?: number; width?: string; ratio: string; autoplay: boolean }
  | { kind: 'audio'; src: string; autoplay: boolean };

/** A trimmed string, '' for anything else. */
export const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** Markdown shown as plain lines, until (or unless) the parser is there. */
function plainLines(markdown: string): RichTextNode[] {
  return markdown.split('\n').map((line) => ({ type: 'p', children: [{ text: line }] }));
}

function model(message: Message, ctx: ReadOptions): Model | null {
  if (!isObject(message) || !isObject(message.content)) return null;
  const c = message.content;
  switch (message.type) {
    case 'text': {
      const nodes =
        typeof c.markdown === 'string' && (c.type === 'markdown' || !Array.isArray(c.richText))
          ? (ctx.markdown ?? plainLines)(c.markdown)
          : Array.isArray(c.richText)
            ? c.richText
            : undefined;
      return nodes && hasText(nodes) ? { kind: 'text', nodes } : null;
    }
    case 'image': {
      const src = safeUrl(c.url, ctx.baseUrl ? { base: ctx.baseUrl } : {});
      if (!src) return null;
      const link = isObject(c.clickLink) ? c.clickLink : {};
      const href = safeUrl(link.url, { allow: LINK_SCHEMES, ...(ctx.baseUrl ? { base: ctx.baseUrl } : {}) });
      return { kind: 'image', src, alt: str(link.alt).slice(0, 1000), ...(href ? { href } : {}) };
    }
    default:
      // Video, audio and embeds are read by the on-demand part (see `media.ts`); without it, not shown (yet).
      return (MEDIA_TYPES.includes(message.type) && ctx.media?.(message.type, c, ctx)) || null;
  }
}

/** Each text message's model, and the markdown reader it was read with: a text is read once per reader. */
const texts = new WeakMap<object, [ReadOptions['markdown'], Model | null]>();

/**
 * Reduces a message to its model, or null when it must be skipped (unknown
 * type, `custom-embed`, unusable content); a content shape that trips
 * anything is unusable. A text message (the one whose reading costs: its
 * markdown) is read once: the element, the renderer and the voice ask again.
 */
export function readMessage(message: Message, ctx: ReadOptions = {}): Model | null {
  const text = isObject(message) && message.type === 'text';
  // Only markdown is read differently by another reader.
  const reader =
    text && isObject(message.content) && typeof message.content.markdown === 'string' ? ctx.markdown : undefined;
  const known = text ? texts.get(message) : undefined;
  if (known && known[0] === reader) return known[1];
  let m: Model | null;
  try {
    m = model(message, ctx);
  } catch {
    m = null;
  }
  if (text) texts.set(message, [reader, m]);
  return m;
}

/** Plain-text summary of a message for announcements and events ("Image: alt", "Video", ...); '' when it is skipped. */
export function messageToPlain(
  message: Message,
  labels?: Partial<MessageLabels>,
  read: Pick<ReadOptions, 'markdown' | 'media'> = {},
): string {
  const m = readMessage(message, read);
  if (!m) return '';
  const words = { ...ENGLISH, ...labels };
  switch (m.kind) {
    case 'text':
      return richTextToPlain(m.nodes);
    case 'image':
      return m.alt ? `${words.image}: ${m.alt}` : words.image;
    case 'frame':
      return words[m.shows];
    case 'video':
      return words.video;
    case 'audio':
      return words.audio;
  }
}
