/**
 * Video, audio and embed messages read from the wire (see `message.ts` for
 * the choices): loaded on demand, through `ReadOptions.media`, the first time
 * a conversation has one. Text and images are read by `message.ts` itself.
 */
import { ENGLISH, str, type Model, type ReadOptions } from './message.js';
import { safeUrl } from './safe-url.js';

type Obj = Record<string, unknown>;

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
  const n =
    typeof value === 'number' ? value : /^\d{1,6}(?:\.\d+)?(?:px)?$/i.test(str(value)) ? parseFloat(str(value)) : NaN;
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
  ['16-9', 16 / 9],
  ['4-3', 4 / 3],
  ['3-2', 3 / 2],
  ['1-1', 1],
  ['2-3', 2 / 3],
  ['3-4', 3 / 4],
  ['9-16', 9 / 16],
  ['21-9', 21 / 9],
];

/** The nearest ratio class name ("16-9"), or '' when the value is not a ratio. */
function ratioName(value: unknown): string {
  const m = /^(\d{1,5}(?:\.\d+)?)\s*(?:[/:]\s*(\d{1,5}(?:\.\d+)?))?$/.exec(
    typeof value === 'number' ? String(value) : str(value),
  );
  const r = m ? Number(m[1]) / Number(m[2] ?? 1) : NaN;
  if (!Number.isFinite(r) || r <= 0) return '';
  let best = RATIOS[0]!;
  for (const entry of RATIOS) if (Math.abs(Math.log(entry[1] / r)) < Math.abs(Math.log(best[1] / r))) best = entry;
  return best[0];
}

/** The model of a video, audio or embed message's content `c`, or null when it is unusable. */
export function readMedia(type: string, c: Obj, ctx: ReadOptions): Model | null {
  const media = (value: unknown) => safeUrl(value, ctx.baseUrl ? { base: ctx.baseUrl } : {});
  const words = { ...ENGLISH, ...ctx.labels };
  switch (type) {
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
          kind: 'frame',
          src: p.src(id),
          title: `${words.video} (${p.title})`,
          shows: 'video',
          sandbox: PLAYER_SANDBOX,
          allow: PLAYER_ALLOW,
          ratio: ratioName(c.aspectRatio) || p.ratio || '16-9',
          ...sizes,
        };
      }
      if (!url) return null;
      return {
        kind: 'video',
        src: url,
        ratio: ratioName(c.aspectRatio),
        autoplay: !!ctx.autoplay && c.isAutoplayEnabled === true,
        ...sizes,
      };
    }
    case 'audio': {
      const src = media(c.url);
      return src ? { kind: 'audio', src, autoplay: !!ctx.autoplay && c.isAutoplayEnabled === true } : null;
    }
    case 'embed': {
      const src = media(c.url);
      if (!src) return null;
      return {
        kind: 'frame',
        src,
        title: words.embed,
        shows: 'embed',
        ratio: '',
        sandbox: EMBED_SANDBOX,
        height: pixels(c.height, 50, 3000) ?? 400,
      };
    }
    default:
      return null;
  }
}
