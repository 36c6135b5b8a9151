/**
 * Colours from untrusted settings: parsing (the browser's own CSS parser does
 * the work, so every valid CSS colour is understood), WCAG 2.x contrast, and
 * a text colour nudged until it is readable.
 */

/** A colour in sRGB: channels 0–255, alpha 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };
/** Opaque white: what a translucent panel is taken over. */
export const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

const HEX = /^#(?:[\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i;
// A single colour value needs no more than these characters; `;`, `:`, quotes,
// braces, backslashes and newlines never get as far as the CSS parser.
const CHARSET = /^[a-z\d#(),.%/ +-]+$/i;
const NOT_A_COLOUR =
  /\b(?:var|env|attr|url|image|image-set|element|expression|paint|src)\s*\(|^(?:inherit|initial|unset|revert|revert-layer|currentcolor)$/i;

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
let context: Context2D | null | undefined;

/** One 1×1 canvas, never attached to the document; null where there is none (Node). */
function canvas(): Context2D | null {
  if (context === undefined) {
    context = null;
    try {
      if (typeof OffscreenCanvas === 'function') {
        context = new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true });
      } else if (typeof document !== 'undefined') {
        context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
      }
    } catch {
      context = null;
    }
  }
  return context;
}

function parseHex(hex: string): Rgba {
  let h = hex.slice(1);
  if (h.length < 6) h = [...h].map((c) => c + c).join('');
  const n = (i: number) => parseInt(h.slice(i, i + 2), 16);
  return { r: n(0), g: n(2), b: n(4), a: h.length === 8 ? Math.round((n(6) / 255) * 1000) / 1000 : 1 };
}

/**
 * Parses any valid CSS colour (hex, `rgb()`, `hsl()`, `oklch()`, named, ...)
 * into sRGB, or returns null for anything that is not a single colour value
 * (declarations, `var()`, `url()`, `expression()`, CSS-wide keywords,
 * `currentcolor`). Uses a detached 2D canvas to normalise; where there is no
 * canvas (Node) only hex colours are understood.
 */
export function parseCssColor(value: unknown): Rgba | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  if (!v || v.length > 100 || !CHARSET.test(v) || NOT_A_COLOUR.test(v)) return null;
  if (HEX.test(v)) return parseHex(v);
  const css = (globalThis as { CSS?: { supports?: (p: string, v: string) => boolean } }).CSS;
  if (css?.supports && !css.supports('color', v)) return null;
  const ctx = canvas();
  if (!ctx) return null;
  // A value the canvas rejects leaves fillStyle unchanged: two different
  // starting points tell an accepted value from a rejected one.
  ctx.fillStyle = '#000';
  ctx.fillStyle = v;
  const first = ctx.fillStyle;
  ctx.fillStyle = '#fff';
  ctx.fillStyle = v;
  if (ctx.fillStyle !== first || typeof first !== 'string') return null;
  if (HEX.test(first)) return parseHex(first);
  const rgba = /^rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)$/.exec(first);
  if (rgba) {
    const [r, g, b, a] = rgba.slice(1).map(Number) as [number, number, number, number];
    return { r, g, b, a: rgba[4] === undefined ? 1 : a };
  }
  // Other colour spaces serialise as themselves: let the canvas convert a pixel.
  ctx.clearRect(0, 0, 1, 1);
  ctx.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data as unknown as [number, number, number, number];
  return { r, g, b, a: Math.round((a / 255) * 1000) / 1000 };
}

const byte = (x: number): number => (Number.isFinite(x) ? Math.min(255, Math.max(0, Math.round(x))) : 0);
const unit = (x: number): number => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 1);

/** WCAG 2.x relative luminance (alpha ignored). */
function luminance(c: Rgba): number {
  const lin = (x: number) => {
    const s = byte(x) / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
}

/** WCAG 2.x contrast ratio, 1 to 21. Both colours are taken as opaque: composite first. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** CSS text for a colour: `#rrggbb` when opaque, else `rgb(r g b / a)`. Always a safe, plain value. */
export function toCss(c: Rgba): string {
  const a = unit(c.a);
  if (a >= 1) return `#${[c.r, c.g, c.b].map((x) => byte(x).toString(16).padStart(2, '0')).join('')}`;
  return `rgb(${byte(c.r)} ${byte(c.g)} ${byte(c.b)} / ${Math.round(a * 1000) / 1000})`;
}

/** `top` painted over the opaque `bottom`: the opaque colour a reader sees. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const a = unit(top.a);
  const mix = (t: number, b: number) => t * a + b * (1 - a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** Hue (degrees), saturation and lightness (0–1). */
export function toHsl({ r, g, b }: Rgba): [number, number, number] {
  const [R, G, B] = [r, g, b].map((x) => byte(x) / 255) as [number, number, number];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  const d = max - min;
  if (!d) return [0, 0, l];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === R ? ((G - B) / d + 6) % 6 : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return [h * 60, s, l];
}

/** An opaque colour from hue (degrees), saturation and lightness (0–1). */
export function fromHsl(h: number, s: number, l: number): Rgba {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => byte(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return { r: f(0), g: f(8), b: f(4), a: 1 };
}

/**
 * A text colour readable (contrast >= `min`, default 4.5:1, WCAG AA) on
 * `fill`: `text` itself when it already is, else `text` made darker or
 * lighter (keeping hue and saturation, changing lightness as little as
 * possible), else black or white. A translucent fill is taken over white, a
 * translucent text over the fill; an adjusted colour is opaque.
 */
export function readableOn(fill: Rgba, text: Rgba, min = 4.5): Rgba {
  const bg = fill.a < 1 ? composite(fill, WHITE) : fill;
  const fg = text.a < 1 ? composite(text, bg) : text;
  if (contrastRatio(bg, fg) >= min) return text;
  const [h, s, l] = toHsl(fg);
  const ok = (x: number) => contrastRatio(bg, fromHsl(h, s, x)) >= min;
  // Darker: readable from black up to some lightness. Lighter: from some lightness up to white.
  const search = (readable: number, unreadable: number): number => {
    for (let i = 0; i < 24; i++) {
      const mid = (readable + unreadable) / 2;
      if (ok(mid)) readable = mid;
      else unreadable = mid;
    }
    return readable;
  };
  const options = [ok(0) ? search(0, l) : undefined, ok(1) ? search(1, l) : undefined].filter(
    (x): x is number => x !== undefined,
  );
  if (!options.length) return bestText(bg);
  const best = options.reduce((p, q) => (Math.abs(q - l) < Math.abs(p - l) ? q : p));
  return fromHsl(h, s, best);
}

/** Black or white, whichever reads better on `fill` (a translucent fill is taken over white). */
export function bestText(fill: Rgba): Rgba {
  const bg = fill.a < 1 ? composite(fill, WHITE) : fill;
  return contrastRatio(bg, BLACK) >= contrastRatio(bg, WHITE) ? BLACK : WHITE;
}
