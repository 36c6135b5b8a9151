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
import { richTextToPlain, type RichTextNode } from './rich-text.js';
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
  markdown?: (source: string) => RichTextNode[];
}

/** The words of rendered content and of its plain-text summaries. */
export interface MessageLabels {
  image: string;
  video: string;
  audio: string;
  embed: string;
  openLink: string;
}

export const ENGLISH: MessageLabels = { image: 'Image', video: 'Video', audio: 'Audio', embed: 'Embedded content', openLink: 'Open link' };

export type Message = { id: string; type: string; content: unknown };
type Obj = Record<string, unknown>;

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

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null;
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

const PLAYER_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation';
const PLAYER_ALLOW = 'encrypted-media; fullscreen; picture-in-picture';
const EMBED_SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox';

/** Providers played in an iframe: id pattern, player URL, title, default ratio. */
const PROVIDERS: Record<string, { id: RegExp; src: (id: string) => string; title: string; ratio?: string }> = {
  youtube: { id: /^[\w-]{11}$/, src: (id) => `https://www.youtube-nocookie.com/embed/${id}`, title: 'YouTube' },
  vimeo: { id: /^\d{1,12}$/, src: (id) => `https://player.vimeo.com/video/${id}`, title: 'Vimeo' },
  tiktok: { id: /^\d{1,25}$/, src: (id) => `https://www.tiktok.com/embed/v2/${id}`, title: 'TikTok', ratio: '9-16' },
  gumlet: { id: /^[a-z\d]{1,64}$/i, src: (id) => `https://play.gumlet.io/embed/${id}`, title: 'Gumlet' },
};

/** Provider and id from a known video page or player URL. */
function fromUrl(url: string | undefined): [string, string] | undefined {
  if (!url) return undefined;
  const { hostname, pathname, searchParams } = new URL(url);
  const host = hostname.replace(/^(?:www|m)\./, '');
  const parts = pathname.split('/').filter(Boolean);
  let found: [string, string | undefined] | undefined;
  if (host === 'youtu.be') found = ['youtube', parts[0]];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'music.youtube.com') {
    found = ['youtube', parts[0] === 'watch' ? (searchParams.get('v') ?? undefined) : parts[1]];
  } else if (host === 'vimeo.com') found = ['vimeo', parts.find((p) => /^\d+$/.test(p))];
  else if (host === 'player.vimeo.com') found = ['vimeo', parts[1]];
  else if (host === 'tiktok.com') found = ['tiktok', parts[parts.indexOf('video') + 1]];
  else if (host === 'play.gumlet.io') found = ['gumlet', parts[1]];
  return found?.[1] !== undefined ? [found[0], found[1]] : undefined;
}

/** A size in CSS pixels from a number or a numeric string ("400", "400px"), clamped. */
function pixels(value: unknown, min: number, max: number): number | undefined {
  const n = typeof value === 'number' ? value : /^\d{1,6}(?:\.\d+)?(?:px)?$/i.test(str(value)) ? parseFloat(str(value)) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.round(Math.min(Math.max(n, min), max)) : undefined;
}

/** The `width` attribute for a `maxWidth`: pixels, or a percentage. */
function widthAttr(value: unknown): string | undefined {
  const percent = /^(\d{1,3}(?:\.\d+)?)%$/.exec(str(value));
  if (percent) {
    const p = Number(percent[1]);
    return p > 0 && p < 100 ? `${p}%` : undefined;
  }
  return pixels(value, 80, 4000)?.toString();
}

const RATIOS: Array<[string, number]> = [
  ['16-9', 16 / 9], ['4-3', 4 / 3], ['3-2', 3 / 2], ['1-1', 1], ['2-3', 2 / 3], ['3-4', 3 / 4], ['9-16', 9 / 16], ['21-9', 21 / 9],
];

/** The nearest ratio class name ("16-9"), or '' when the value is not a ratio. */
function ratioName(value: unknown): string {
  const m = /^(\d{1,5}(?:\.\d+)?)\s*(?:[/:]\s*(\d{1,5}(?:\.\d+)?))?$/.exec(typeof value === 'number' ? String(value) : str(value));
  const r = m ? Number(m[1]) / Number(m[2] ?? 1) : NaN;
  if (!Number.isFinite(r) || r <= 0) return '';
  let best = RATIOS[0]!;
  for (const entry of RATIOS) if (Math.abs(Math.log(entry[1] / r)) < Math.abs(Math.log(best[1] / r))) best = entry;
  return best[0];
}



/** Markdown shown as plain lines, until (or unless) the parser is there. */
function plainLines(markdown: string): RichTextNode[] {
  return markdown.split('\n').map((line) => ({ type: 'p', children: [{ text: line }] }));
}


function model(message: Message, ctx: ReadOptions): Model | null {
  if (!isObj(message) || !isObj(message.content)) return null;
  const c = message.content;
  const media = (value: unknown) => safeUrl(value, ctx.baseUrl ? { base: ctx.baseUrl } : {});
  const words = { ...ENGLISH, ...ctx.labels };
  switch (message.type) {
    case 'text': {
      const nodes =
        typeof c.markdown === 'string' && (c.type === 'markdown' || !Array.isArray(c.richText))
          ? (ctx.markdown ?? plainLines)(c.markdown)
          : Array.isArray(c.richText)
            ? c.richText
            : undefined;
      return nodes && richTextToPlain(nodes) ? { kind: 'text', nodes } : null;
    }
    case 'image': {
      const src = media(c.url);
      if (!src) return null;
      const link = isObj(c.clickLink) ? c.clickLink : {};
      const href = safeUrl(link.url, { allow: LINK_SCHEMES, ...(ctx.baseUrl ? { base: ctx.baseUrl } : {}) });
      return { kind: 'image', src, alt: str(link.alt).slice(0, 1000), ...(href ? { href } : {}) };
    }
    case 'video': {
      const url = media(c.url);
      const type = str(c.type).toLowerCase();
      const fromLink = fromUrl(url);
      const provider = PROVIDERS[type] ? type : fromLink?.[0];
      const height = pixels(c.height, 50, 2000);
      const width = widthAttr(c.maxWidth);
      const sizes = { ...(height ? { height } : {}), ...(width ? { width } : {}) };
      if (provider) {
        const p = PROVIDERS[provider]!;
        const id = [str(c.id), fromLink?.[0] === provider ? fromLink[1] : ''].find((x) => x && p.id.test(x));
        if (!id) return null;
        return {
          kind: 'frame', src: p.src(id), title: `${words.video} (${p.title})`, shows: 'video', sandbox: PLAYER_SANDBOX, allow: PLAYER_ALLOW,
          ratio: ratioName(c.aspectRatio) || p.ratio || '16-9', ...sizes,
        };
      }
      if (!url) return null;
      return { kind: 'video', src: url, ratio: ratioName(c.aspectRatio), autoplay: !!ctx.autoplay && c.isAutoplayEnabled === true, ...sizes };
    }
    case 'audio': {
      const src = media(c.url);
      return src ? { kind: 'audio', src, autoplay: !!ctx.autoplay && c.isAutoplayEnabled === true } : null;
    }
    case 'embed': {
      const src = media(c.url);
      if (!src) return null;
      return {
        kind: 'frame', src, title: words.embed, shows: 'embed', ratio: '',
        sandbox: EMBED_SANDBOX,
        height: pixels(c.height, 50, 3000) ?? 400,
      };
    }
    default:
      return null;
  }
}

/**
 * Reduces a message to its model, or null when it must be skipped (unknown
 * type, `custom-embed`, unusable content); a content shape that trips
 * anything is unusable.
 */
export function readMessage(message: Message, ctx: ReadOptions = {}): Model | null {
  try {
    return model(message, ctx);
  } catch {
    return null;
  }
}



/** Plain-text summary of a message for announcements and events ("Image: alt", "Video", ...); '' when it is skipped. */
export function messageToPlain(
  message: Message,
  labels?: Partial<MessageLabels>,
  markdown?: (source: string) => RichTextNode[],
): string {
  const m = readMessage(message, markdown ? { markdown } : {});
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
