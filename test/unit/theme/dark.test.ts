import { describe, expect, it, vi } from 'vitest';
import { contrastRatio, parseCssColor, readableOn, type Rgba } from '../../../src/theme/color.js';
import { darkPalette, darkThemeCss } from '../../../src/theme/dark.js';
import { EVERY_PAIR } from '../../support/widget-colours.js';

/** Widget resources whose colours a dark palette must carry over, light and dark primaries among them. */
const WIDGETS: Record<string, Record<string, unknown>> = {
  'no colours': {},
  'the default blue': { primaryColor: '#1d4ed8', secondaryColor: '#ffffff' },
  'a light primary': { primaryColor: '#ffd400', secondaryColor: '#1a1a1a' },
  'a dark primary': { primaryColor: '#1a237e', secondaryColor: '#ffffff' },
  'a grey primary, white text': { primaryColor: '#808080', secondaryColor: '#ffffff' },
  'every pair, light bubbles': EVERY_PAIR,
  'near black and near white': {
    primaryColor: '#050505',
    secondaryColor: '#fafafa',
    primaryAIColor: '#ffffff',
    secondaryAIColor: '#000000',
    primaryUserColor: '#fffff0',
    secondaryUserColor: '#000000',
  },
};

/** A bot theme (the start response's `flowbot.theme`): its buttons, bubbles, fields and bar. */
const BOT_THEME = {
  chat: {
    buttons: { backgroundColor: '#0d9488', color: '#ffffff' },
    hostBubbles: { backgroundColor: '#ecfeff', color: '#164e63' },
    guestBubbles: { backgroundColor: '#134e4a', color: '#f0fdfa' },
    inputs: { backgroundColor: '#ffffff', color: '#111827', placeholderColor: '#9ca3af' },
    container: { backgroundColor: '#f8fafc', color: '#0f172a' },
  },
  general: { progressBar: { color: '#115e59', backgroundColor: '#ccfbf1' } },
};

/** Every text of the palette on its fill (4.5:1), and every edge on what it stands on (3:1). */
function ratios(widget: unknown, theme?: unknown): { texts: Record<string, number>; edges: Record<string, number> } {
  const p = darkPalette(widget, theme);
  const texts: Record<string, number> = {
    'text on the panel': contrastRatio(p.fg, p.bg),
    'text on the primary colour': contrastRatio(p.onPrimary, p.primary),
    'text in bot bubbles': contrastRatio(p.botFg, p.botBg),
    'text in fields': contrastRatio(p.inputFg, p.inputBg),
    placeholder: contrastRatio(p.placeholder, p.inputBg),
  };
  if (p.userBg) texts['text in visitor bubbles'] = contrastRatio(p.userFg!, p.userBg);
  if (p.guestBg) texts["text in the bot theme's visitor bubbles"] = contrastRatio(p.guestFg!, p.guestBg);
  // The focus ring is the primary colour nudged to 3:1 where it is drawn (widget-theme.ts): as drawn.
  const ring = (on: Rgba) => contrastRatio(readableOn(on, p.primary, 3), on);
  const edges: Record<string, number> = {
    'border on the panel': contrastRatio(p.border, p.bg),
    'border on a field': contrastRatio(p.border, p.inputBg),
    'primary fill (buttons) on the panel': contrastRatio(p.primary, p.bg),
    'focus ring on the panel': ring(p.bg),
    'focus ring on a field': ring(p.inputBg),
    'focus ring on a bot bubble': ring(p.botBg),
  };
  if (p.userBg) edges['visitor bubble on the panel'] = contrastRatio(p.userBg, p.bg);
  if (p.progress) edges['progress bar on the panel'] = contrastRatio(p.progress, p.bg);
  return { texts, edges };
}

/** The --_w-* and other properties of a `:host` rule in CSS text. */
function properties(css: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [, body] of css.matchAll(/:host\{([^}]*)\}/g))
    for (const decl of body!.split(';')) {
      const [name, ...value] = decl.split(':');
      if (name) out[name] = value.join(':');
    }
  return out;
}

describe('the dark palette', () => {
  for (const [name, widget] of Object.entries(WIDGETS))
    it(`keeps every text at 4.5:1 and every edge at 3:1: ${name}`, () => {
      const { texts, edges } = ratios(widget);
      for (const [what, ratio] of Object.entries(texts)) expect(ratio, what).toBeGreaterThanOrEqual(4.5);
      for (const [what, ratio] of Object.entries(edges)) expect(ratio, what).toBeGreaterThanOrEqual(3);
    });

  it("keeps them under a bot theme, the site's colours or none", () => {
    for (const widget of [{}, WIDGETS['a light primary'], WIDGETS['a dark primary']]) {
      const { texts, edges } = ratios(widget, BOT_THEME);
      for (const [what, ratio] of Object.entries(texts)) expect(ratio, what).toBeGreaterThanOrEqual(4.5);
      for (const [what, ratio] of Object.entries(edges)) expect(ratio, what).toBeGreaterThanOrEqual(3);
    }
  });

  it('is dark: the panel, the bubbles and the fields are dark surfaces, the text light', () => {
    for (const widget of Object.values(WIDGETS)) {
      const p = darkPalette(widget);
      const black = parseCssColor('#000')!;
      for (const surface of [p.bg, p.botBg, p.inputBg]) expect(contrastRatio(surface, black)).toBeLessThan(2);
      expect(contrastRatio(p.fg, black)).toBeGreaterThan(12);
    }
  });

  it('keeps the primary colour as the accent: as it is when it stands out, in its hue when it must be lighter', () => {
    expect(darkPalette(WIDGETS['a light primary']).primary).toEqual(parseCssColor('#ffd400'));
    // The dark indigo is lightened, still an indigo: blue well above red and green.
    const { r, g, b } = darkPalette(WIDGETS['a dark primary']).primary;
    expect(b).toBeGreaterThan(r + 60);
    expect(b).toBeGreaterThan(g + 60);
    // The panel takes the primary's hue: a yellow primary's panel is warm, an indigo's cool.
    const warm = darkPalette(WIDGETS['a light primary']).bg;
    const cool = darkPalette(WIDGETS['a dark primary']).bg;
    expect(warm.r).toBeGreaterThan(warm.b);
    expect(cool.b).toBeGreaterThan(cool.r);
  });

  it('writes the properties the light theme writes, under the same names, so the page still wins', () => {
    const css = darkThemeCss(WIDGETS['every pair, light bubbles']);
    const props = properties(css);
    for (const name of [
      '--_w-primary',
      '--_w-on-primary',
      '--_w-bot-bg',
      '--_w-bot-fg',
      '--_w-user-bg',
      '--_w-user-fg',
      '--_w-bg',
      '--_w-fg',
      '--_w-muted',
      '--_w-focus',
      '--_w-input-bg',
      '--_w-input-fg',
      '--_w-input-placeholder',
      '--_w-input-focus',
    ])
      expect(props[name], name).toMatch(/^#[\da-f]{6}$/);
    expect(props['color-scheme']).toBe('dark');
    // The border sits under the page's own.
    expect(props['--_border']).toMatch(/^var\(--flowbot-border-color,#[\da-f]{6}\)$/);
  });

  it("gives the muted text 4.5:1 on the panel and the fields, as worked out from the palette's surfaces", () => {
    for (const widget of Object.values(WIDGETS)) {
      const props = properties(darkThemeCss(widget));
      const on = (text: string, fill: string) =>
        contrastRatio(parseCssColor(props[text])!, parseCssColor(props[fill])!);
      expect(on('--_w-muted', '--_w-bg')).toBeGreaterThanOrEqual(4.5);
      expect(on('--_w-input-muted', '--_w-input-bg')).toBeGreaterThanOrEqual(4.5);
      expect(on('--_w-focus', '--_w-bg')).toBeGreaterThanOrEqual(3);
    }
  });

  it('warns of an invalid colour as the light theme does, once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const warned = new Set<string>();
    darkThemeCss({ primaryColor: 'url(x)' }, undefined, warned);
    darkThemeCss({ primaryColor: 'url(x)' }, undefined, warned);
    expect(warn.mock.calls).toEqual([['<flowbot-chat>: ignoring widget.primaryColor: not a single CSS colour']]);
    warn.mockRestore();
  });
});
