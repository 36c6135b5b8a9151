/**
 * The server's look (the Widget resource and the start response's
 * `flowbot.theme`) as private custom properties on `:host`. The element's
 * stylesheet reads each one as the fallback beneath a public
 * `--flowbot-*` property, so the host page's CSS always wins.
 *
 * Only values this module produced itself reach the CSS text: colours are
 * re-serialised from their parsed channels, fonts are allow-listed family
 * names, lengths are re-built from a number and a unit.
 */
import { isObject, parseJson, type JsonObject } from '../protocol/json.js';
import { safeUrl } from '../protocol/safe-url.js';
import { bestText, composite, contrastRatio, parseCssColor, readableOn, toCss, WHITE, type Rgba } from './color.js';

type Obj = JsonObject;
const obj = (v: unknown): Obj => (isObject(v) ? v : {});

/** The default secondary text, nudged per surface (the same text as the stylesheet's, so it costs few bytes). */
const MUTED = parseCssColor('#475569')!;
const GENERIC = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-sans-serif',
  'ui-serif',
  'ui-monospace',
  'ui-rounded',
  'emoji',
  'math',
]);
const FAMILY = /^[\p{L}\p{N} _-]{1,64}$/u;
const LENGTH = /^(\d{1,5}(?:\.\d{1,3})?)(px|%|rem|em|vh|vw|dvh|svh)$/;

/** The warnings given for the element whose theme is being worked out (it is, again, on each new bot theme). */
let given = new Set<string>();
function warn(field: string, why: string): void {
  const line = `<flowbot-chat>: ignoring ${field}: ${why}`;
  if (!given.has(line)) console.warn(line);
  given.add(line);
}

/** A colour field, or undefined (absent, or invalid with a warning naming it). */
function colour(source: Obj, key: string, field: string): Rgba | undefined {
  const value = source[key];
  if (value === undefined || value === null || value === '') return undefined;
  const parsed = parseCssColor(value);
  if (!parsed) warn(`${field}.${key}`, 'not a single CSS colour');
  return parsed ?? undefined;
}

/** Font family names, quoted, followed by a generic fallback; never a url(). */
function fontStack(value: unknown, field: string): string | undefined {
  const family =
    typeof value === 'string' ? value : typeof obj(value).family === 'string' ? (obj(value).family as string) : '';
  if (!family.trim()) return undefined;
  const names = family.split(',').map((n) =>
    n
      .trim()
      .replace(/^(["'])(.*)\1$/, '$2')
      .trim(),
  );
  if (names.length > 8 || !names.every((n) => FAMILY.test(n))) {
    warn(field, 'not a list of font family names');
    return undefined;
  }
  const stack = names.map((n) => (GENERIC.has(n.toLowerCase()) ? n.toLowerCase() : `"${n}"`));
  // Not system-ui: see the font stack in flowbot-chat.styles.ts.
  if (!names.some((n) => GENERIC.has(n.toLowerCase()))) stack.push('sans-serif');
  return stack.join(', ');
}

function length(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const m = typeof value === 'number' ? ['', String(value), 'px'] : LENGTH.exec(String(value).trim());
  const n = Number(m?.[1]);
  if (!m || !Number.isFinite(n) || n <= 0 || n > 1e5) {
    warn(field, 'not a length');
    return undefined;
  }
  return `${n}${m[2]}`;
}

/**
 * Builds the CSS text of a `:host { ... }` rule with private custom properties
 * from an untrusted Widget resource (or part of one) and the start response's
 * `flowbot.theme` (the whole `flowbot` object is accepted too); the widget's
 * values win over the theme's, and its primary colour over the theme's for the
 * visitor's bubbles and the progress bar, which follow the primary colour. Invalid values are left out with a
 * `console.warn` naming the field, once per `warned` (an element's set, so
 * a new bot theme does not repeat it). Every text colour is adjusted to reach
 * 4.5:1 on its background; a text colour without a background is left out.
 *
 * Properties (each only when known):
 * - `--_w-primary`, `--_w-on-primary`: primaryColor/secondaryColor, else theme `chat.buttons` (header, launcher, send button)
 * - `--_w-bot-bg`, `--_w-bot-fg`: primaryAIColor/secondaryAIColor, else `chat.hostBubbles`
 * - `--_w-user-bg`, `--_w-user-fg`: primaryUserColor/secondaryUserColor; `--_w-guest-bg`, `--_w-guest-fg`:
 *   else `chat.guestBubbles`, unless the widget has a primaryColor (the visitor's bubbles are then in it)
 * - `--_w-input-bg`, `--_w-input-fg`, `--_w-input-placeholder`: `chat.inputs` (the placeholder
 *   defaults to the muted grey); `--_w-input-muted`: the muted grey nudged to 4.5:1 on the inputs'
 *   colour (secondary text in cards and pictures, drawn on it)
 * - `--_w-bg`, `--_w-fg`: `chat.container` colours, else a `general.background` of type Color;
 *   `--_w-muted`: the muted grey nudged to 4.5:1 on that background
 * - `--_w-subtitle`: `1` when the header's subtitle, drawn at 0.9 opacity, would fall under 4.5:1 (it is then drawn whole)
 * - `--_w-focus`: the primary colour nudged to 3:1 on the panel's background (focus rings);
 *   `--_w-input-focus`: the same on the inputs' colour (rings inside cards and pictures)
 * - `--_w-progress`, `--_w-progress-track`: `general.progressBar` colours (the bar's only when the
 *   widget has no primaryColor: the bar is then in it)
 * - `--_w-font`: `general.font` (family names only, then `sans-serif`)
 * - `--_w-max-width`, `--_w-max-height`: `chat.container.maxWidth` / `maxHeight`
 *
 * Returns '' when there is nothing to set.
 */
export function widgetThemeCss(widget: unknown, flowbotTheme?: unknown, warned = new Set<string>()): string {
  given = warned;
  const w = obj(widget);
  let theme = obj(flowbotTheme);
  if (!theme.chat && !theme.general && isObject(theme.theme)) theme = theme.theme;
  const chat = obj(theme.chat);
  const general = obj(theme.general);
  const decls: string[] = [];
  const set = (name: string, value: string | undefined) => {
    if (value) decls.push(`--_w-${name}:${value}`);
  };

  /** A background and the text on it: widget fields first, then the theme's `{backgroundColor, color}` (of `part`). */
  const pair = (bgName: string, fgName: string, bgKey: string, fgKey: string, themeKey: string, part = chat) => {
    const field = `flowbot.theme.chat.${themeKey}`;
    const bg = colour(w, bgKey, 'widget') ?? colour(obj(part[themeKey]), 'backgroundColor', field);
    const fg = colour(w, fgKey, 'widget') ?? colour(obj(part[themeKey]), 'color', field);
    if (!bg) return bg;
    const text = fg ? readableOn(bg, fg) : bestText(bg);
    set(bgName, toCss(bg));
    set(fgName, toCss(text));
    return [bg, text] as const;
  };

  const [primary, onPrimary] = pair('primary', 'on-primary', 'primaryColor', 'secondaryColor', 'buttons') ?? [];
  const ring = primary ?? parseCssColor('#1d4ed8')!;
  // The header's subtitle is drawn a shade softer (0.9 opacity), unless that takes it under 4.5:1 as
  // painted: the browser rounds the blended channels, so a ratio within 0.1 of the line is drawn whole.
  const header = primary && composite(primary, WHITE);
  if (header && contrastRatio(composite({ ...onPrimary!, a: 0.9 * onPrimary!.a }, header), header) < 4.6)
    set('subtitle', '1');
  pair('bot-bg', 'bot-fg', 'primaryAIColor', 'secondaryAIColor', 'hostBubbles');
  // The site's primary colour (the Widget resource's, or the page's: see the stylesheet) is the visitor's
  // bubbles' and the progress bar's too, over the bot theme's colours for them: only a site that gives
  // none gets those. So the Widget resource's visitor colours and the theme's are apart.
  const sitePrimary = colour(w, 'primaryColor', 'widget');
  if (!pair('user-bg', 'user-fg', 'primaryUserColor', 'secondaryUserColor', 'guestBubbles', {}) && !sitePrimary)
    pair('guest-bg', 'guest-fg', 'primaryUserColor', 'secondaryUserColor', 'guestBubbles');

  const inputs = obj(chat.inputs);
  const inputBg = colour(inputs, 'backgroundColor', 'flowbot.theme.chat.inputs');
  if (inputBg) {
    const fg = colour(inputs, 'color', 'flowbot.theme.chat.inputs');
    const placeholder = colour(inputs, 'placeholderColor', 'flowbot.theme.chat.inputs');
    set('input-bg', toCss(inputBg));
    set('input-fg', toCss(fg ? readableOn(inputBg, fg) : bestText(inputBg)));
    set('input-placeholder', toCss(readableOn(inputBg, placeholder ?? MUTED)));
    set('input-muted', toCss(readableOn(inputBg, MUTED)));
    set('input-focus', toCss(readableOn(inputBg, ring, 3)));
  }

  const container = obj(chat.container);
  const background = obj(general.background);
  const bg =
    colour(container, 'backgroundColor', 'flowbot.theme.chat.container') ??
    (background.type === 'Color' ? colour(background, 'content', 'flowbot.theme.general.background') : undefined);
  if (bg) {
    const fg = colour(container, 'color', 'flowbot.theme.chat.container');
    set('bg', toCss(bg));
    set('fg', toCss(fg ? readableOn(bg, fg) : bestText(bg)));
    set('muted', toCss(readableOn(bg, MUTED)));
  }
  // The ring around a focused control is drawn on the panel: 3:1 against it (WCAG 1.4.11).
  if (primary || bg) set('focus', toCss(readableOn(bg ?? WHITE, ring, 3)));

  const progress = obj(general.progressBar);
  // The bar is in the site's primary colour when it has one; its track, a tint behind it, stays the theme's.
  const bar = sitePrimary ? undefined : colour(progress, 'color', 'flowbot.theme.general.progressBar');
  const track = colour(progress, 'backgroundColor', 'flowbot.theme.general.progressBar');
  if (bar) set('progress', toCss(bar));
  if (track) set('progress-track', toCss(track));

  set('font', fontStack(general.font, 'flowbot.theme.general.font'));
  set('max-width', length(container.maxWidth, 'flowbot.theme.chat.container.maxWidth'));
  set('max-height', length(container.maxHeight, 'flowbot.theme.chat.container.maxHeight'));

  return decls.length ? `:host{${decls.join(';')}}` : '';
}

/**
 * Icon URL from a widget icon field (`headerIcon`, `widgetIcon`, `avatarIcon`):
 * a URL string, an Icon-file object with `url`, or that object as JSON text.
 * Through `safeUrl` (http/https only).
 */
export function iconUrl(icon: unknown): string | undefined {
  const value = typeof icon === 'string' && icon.trim().startsWith('{') ? parseJson(icon) : icon;
  return safeUrl(isObject(value) ? value.url : value);
}
