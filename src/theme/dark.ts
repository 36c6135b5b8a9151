/**
 * The dark palette (`color-scheme="dark"`, or `auto` while the visitor's system prefers dark): the
 * Widget resource's colours (and the bot theme's, where the site gives none) carried over to a dark
 * panel, written as the same private custom properties as `widget-theme.ts`, so the page's
 * `--flowbot-*` properties still win over it. Hues are kept and lightness moved: the panel, the bot's
 * bubbles and the fields become dark surfaces in the primary colour's hue (the bot's bubbles in their
 * own), the primary colour stays the accent (made lighter only as far as it must be to stand 3:1 from
 * the panel, as are the visitor's bubbles and the progress bar), every text is 4.5:1 on its fill and
 * every edge (borders, field edges, focus rings) 3:1 on the panel and on the fields.
 */
import { isObject, type JsonObject } from '../protocol/json.js';
import { bestText, contrastRatio, fromHsl, parseCssColor, readableOn, toCss, toHsl, type Rgba } from './color.js';
import { widgetThemeCss } from './widget-theme.js';

const obj = (v: unknown): JsonObject => (isObject(v) ? v : {});
/** The default primary colour (the stylesheet's), the accent's start when the site and the bot give none. */
const PRIMARY = '#1d4ed8';

/** The colours of the dark palette, each opaque; those of the visitor's bubbles and the bar only when something gives them. */
export interface DarkPalette {
  readonly bg: Rgba;
  readonly fg: Rgba;
  readonly primary: Rgba;
  readonly onPrimary: Rgba;
  readonly botBg: Rgba;
  readonly botFg: Rgba;
  /** The site's own visitor colour (`primaryUserColor`). */
  readonly userBg?: Rgba | undefined;
  readonly userFg?: Rgba | undefined;
  /** The bot theme's visitor bubbles, when the site has no primary colour. */
  readonly guestBg?: Rgba | undefined;
  readonly guestFg?: Rgba | undefined;
  readonly inputBg: Rgba;
  readonly inputFg: Rgba;
  readonly placeholder: Rgba;
  readonly border: Rgba;
  readonly progress?: Rgba | undefined;
  readonly track: Rgba;
}

/** What the site's and the bot's colours are, read as `widgetThemeCss` reads them (the widget's first). */
function sources(widget: unknown, flowbotTheme: unknown) {
  const w = obj(widget);
  let theme = obj(flowbotTheme);
  if (!theme.chat && !theme.general && isObject(theme.theme)) theme = theme.theme;
  const chat = obj(theme.chat);
  const general = obj(theme.general);
  const colour = (source: unknown, key: string): Rgba | undefined => {
    const c = parseCssColor(obj(source)[key]);
    return c ? { ...c, a: 1 } : undefined;
  };
  const sitePrimary = colour(w, 'primaryColor');
  return {
    chat,
    general,
    sitePrimary,
    primary: sitePrimary ?? colour(chat.buttons, 'backgroundColor'),
    onPrimary: colour(w, 'secondaryColor') ?? colour(chat.buttons, 'color'),
    bot: colour(w, 'primaryAIColor') ?? colour(chat.hostBubbles, 'backgroundColor'),
    botText: colour(w, 'secondaryAIColor') ?? colour(chat.hostBubbles, 'color'),
    user: colour(w, 'primaryUserColor'),
    userText: colour(w, 'secondaryUserColor'),
    // The bot theme's visitor bubbles and bar, only when the site has no primary colour (as in light).
    guest: sitePrimary ? undefined : colour(chat.guestBubbles, 'backgroundColor'),
    guestText: colour(chat.guestBubbles, 'color'),
    bar: sitePrimary ? undefined : colour(general.progressBar, 'color'),
    placeholder: colour(chat.inputs, 'placeholderColor'),
  };
}

/** The dark palette of a Widget resource (or a part of one) and the start response's `flowbot.theme`. */
export function darkPalette(widget: unknown, flowbotTheme?: unknown): DarkPalette {
  const s = sources(widget, flowbotTheme);
  const base = s.primary ?? parseCssColor(PRIMARY)!;
  // A dark surface in `of`'s hue, a little of its colour kept (a grey stays grey).
  const surface = (lightness: number, of = base): Rgba => {
    const [h, sat] = toHsl(of);
    return fromHsl(h, Math.min(sat, 0.3), lightness);
  };
  const bg = surface(0.1);
  const inputBg = surface(0.065);
  const fg = readableOn(bg, surface(0.93));
  // A colour that fills something (a button, a bubble) stands 3:1 from the panel: lighter when it must be.
  const accent = (c: Rgba): Rgba => readableOn(bg, c, 3);
  // The site's text colour where it reads on the dark fill, else the panel's text (made darker on a light fill):
  // a dark text moved just far enough lighter would read 4.5:1 but look dim on a dark surface.
  const on = (fill: Rgba, text: Rgba | undefined): Rgba =>
    text && contrastRatio(fill, text) >= 4.5
      ? text
      : readableOn(fill, contrastRatio(fill, fg) >= 4.5 ? fg : bestText(fill));
  const primary = accent(base);
  const botBg = surface(0.18, s.bot ?? base);
  const userBg = s.user && accent(s.user);
  const guestBg = s.guest && accent(s.guest);
  // An edge 3:1 on the panel; the fields are darker still, so it is more on them.
  const border = readableOn(bg, surface(0.36), 3);
  return {
    bg,
    fg,
    primary,
    onPrimary: on(primary, s.onPrimary),
    botBg,
    botFg: on(botBg, s.botText ?? fg),
    userBg,
    userFg: userBg && on(userBg, s.userText),
    guestBg,
    guestFg: guestBg && on(guestBg, s.guestText),
    inputBg,
    inputFg: fg,
    placeholder: readableOn(inputBg, s.placeholder ?? surface(0.7)),
    border,
    progress: s.bar && accent(s.bar),
    track: surface(0.24),
  };
}

/**
 * The CSS text of the dark palette (see `widgetThemeCss`, whose properties it sets, and which works out
 * from them the muted text, the focus rings and the subtitle as in light): a `:host` rule with
 * `color-scheme: dark` (the browser's own parts, scrollbars and pickers, dark too), the border (under
 * the page's `--flowbot-border-color`) and the error notice. Invalid values are warned about once per
 * `warned`, as in light.
 */
export function darkThemeCss(widget: unknown, flowbotTheme?: unknown, warned = new Set<string>()): string {
  // The same warnings as in light, for the same values.
  widgetThemeCss(widget, flowbotTheme, warned);
  const p = darkPalette(widget, flowbotTheme);
  const { chat, general, sitePrimary } = sources(widget, flowbotTheme);
  const pair = (bg: Rgba | undefined, fg: Rgba | undefined) =>
    bg && fg ? { backgroundColor: toCss(bg), color: toCss(fg) } : undefined;
  const container = obj(chat.container);
  const css = widgetThemeCss(
    {
      // The site's own colours keep their place above the page's primary colour (docs/theming.md).
      ...(sitePrimary && { primaryColor: toCss(p.primary), secondaryColor: toCss(p.onPrimary) }),
      ...(p.userBg && p.userFg && { primaryUserColor: toCss(p.userBg), secondaryUserColor: toCss(p.userFg) }),
    },
    {
      chat: {
        buttons: pair(p.primary, p.onPrimary),
        hostBubbles: pair(p.botBg, p.botFg),
        guestBubbles: pair(p.guestBg, p.guestFg),
        inputs: { ...pair(p.inputBg, p.inputFg), placeholderColor: toCss(p.placeholder) },
        container: { ...pair(p.bg, p.fg), maxWidth: container.maxWidth, maxHeight: container.maxHeight },
      },
      general: {
        font: general.font,
        progressBar: { color: p.progress && toCss(p.progress), backgroundColor: toCss(p.track) },
      },
    },
  );
  const red = fromHsl(0, 0.6, 0.16);
  return (
    `:host{color-scheme:dark;--_border:var(--flowbot-border-color,${toCss(p.border)})}${css}` +
    // A bot's background picture is drawn for its light panel: none behind the dark transcript, unless the page gives one.
    '.panel .messages{background-image:var(--flowbot-background-image,none)}' +
    `.error{background:${toCss(red)};color:${toCss(readableOn(red, parseCssColor('#fecaca')!))}}`
  );
}
