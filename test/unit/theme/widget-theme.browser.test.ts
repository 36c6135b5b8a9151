import { afterEach, describe, expect, it, vi } from 'vitest';
import { contrastRatio, parseCssColor, type Rgba } from '../../../src/theme/color.js';
import { iconUrl, widgetThemeCss } from '../../../src/theme/widget-theme.js';

const widget = {
  id: 'w1',
  title: 'Help',
  primaryColor: '#0b5fff',
  secondaryColor: '#ffffff',
  primaryAIColor: '#f1f5f9',
  secondaryAIColor: '#cbd5e1',
  primaryUserColor: 'hsl(150 60% 35%)',
  secondaryUserColor: 'white',
};

/** Applies the CSS to a real shadow host and reads every --_w-* property back. */
function apply(cssText: string): Record<string, string> {
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(cssText);
  root.adoptedStyleSheets = [sheet];
  const style = getComputedStyle(host);
  const props: Record<string, string> = {};
  for (const rule of sheet.cssRules) {
    for (const name of (rule as CSSStyleRule).style) props[name] = style.getPropertyValue(name).trim();
  }
  host.remove();
  return props;
}

const colour = (v: string | undefined): Rgba => {
  const c = parseCssColor(v);
  if (!c) throw new Error(`not a colour: ${v}`);
  return c;
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('widgetThemeCss', () => {
  it('sets the widget colours as private custom properties on :host', () => {
    const css = widgetThemeCss(widget);
    expect(css.startsWith(':host{')).toBe(true);
    const props = apply(css);
    expect(props['--_w-primary']).toBe('#0b5fff');
    expect(props['--_w-on-primary']).toBe('#ffffff');
    expect(props['--_w-bot-bg']).toBe('#f1f5f9');
    expect(props['--_w-user-bg']).toBe(toHex(colour('hsl(150 60% 35%)')));
    expect(Object.keys(props).every((name) => name.startsWith('--_w-'))).toBe(true);
  });

  it('adjusts each text colour to 4.5:1 on its background', () => {
    const props = apply(widgetThemeCss(widget));
    expect(props['--_w-bot-fg']).not.toBe('#cbd5e1');
    for (const [bg, fg] of [
      ['primary', 'on-primary'],
      ['bot-bg', 'bot-fg'],
      ['user-bg', 'user-fg'],
    ]) {
      expect(contrastRatio(colour(props[`--_w-${bg}`]), colour(props[`--_w-${fg}`])), fg).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("draws the header's subtitle whole where its 0.9 opacity would take it under 4.5:1", () => {
    expect(apply(widgetThemeCss({ primaryColor: '#1d4ed8', secondaryColor: '#ffffff' }))['--_w-subtitle']).toBe(
      undefined,
    );
    // Black on black: the text is nudged to just 4.5:1, which the opacity would undo.
    expect(apply(widgetThemeCss({ primaryColor: '#000000', secondaryColor: '#000000' }))['--_w-subtitle']).toBe('1');
  });

  it('picks black or white text for a background given alone, and drops text without a background', () => {
    const props = apply(widgetThemeCss({ primaryColor: '#ffde59', secondaryAIColor: '#000' }));
    expect(props['--_w-on-primary']).toBe('#000000');
    expect(props['--_w-bot-fg']).toBeUndefined();
  });

  it('derives the muted text (4.5:1) and the focus ring (3:1) from the surfaces they are drawn on', () => {
    const muted = colour('#475569');
    // A dark container and dark fields, the buttons' colour too dark to ring a control on that container.
    const theme = {
      chat: {
        container: { backgroundColor: '#111827', color: '#f9fafb' },
        buttons: { backgroundColor: '#4338ca', color: '#ffffff' },
        inputs: { backgroundColor: '#1f2937', color: '#f9fafb' },
      },
    };
    expect(contrastRatio(colour('#111827'), muted), 'the fixed grey fails there').toBeLessThan(3);
    const props = apply(widgetThemeCss(undefined, theme));
    expect(contrastRatio(colour('#111827'), colour(props['--_w-muted']))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(colour('#1f2937'), colour(props['--_w-input-placeholder']))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(colour('#111827'), colour(props['--_w-focus']))).toBeGreaterThanOrEqual(3);
    // The default primary on a dark container is nudged too; a readable primary is kept as it is.
    const alone = apply(widgetThemeCss(undefined, { chat: { container: { backgroundColor: '#000000' } } }));
    expect(contrastRatio(colour('#000000'), colour(alone['--_w-focus']))).toBeGreaterThanOrEqual(3);
    expect(apply(widgetThemeCss({ primaryColor: '#0b5fff' }))['--_w-focus']).toBe('#0b5fff');
  });

  it('ignores invalid and hostile values with a warning naming the field', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const css = widgetThemeCss({
      primaryColor: 'red; background:url(https://evil.example/x)',
      secondaryColor: 'expression(alert(1))',
      primaryAIColor: '}:host{display:none',
      primaryUserColor: 'var(--x)',
      secondaryUserColor: 12,
    });
    expect(css).toBe('');
    const messages = warn.mock.calls.map((call) => String(call[0]));
    for (const field of [
      'widget.primaryColor',
      'widget.secondaryColor',
      'widget.primaryAIColor',
      'widget.primaryUserColor',
      'widget.secondaryUserColor',
    ]) {
      expect(
        messages.some((m) => m.includes(field)),
        field,
      ).toBe(true);
    }
  });

  it('keeps the valid values next to invalid ones, and nothing else', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const css = widgetThemeCss({ ...widget, secondaryColor: 'url(x)', primaryAIColor: 'rgb(0 0 0);x:y' });
    expect(css).not.toMatch(/url|;x:y|expression/);
    expect(css.match(/[{}]/g)).toEqual(['{', '}']);
    const props = apply(css);
    expect(props['--_w-primary']).toBe('#0b5fff');
    expect(props['--_w-bot-bg']).toBeUndefined();
    expect(contrastRatio(colour(props['--_w-primary']), colour(props['--_w-on-primary']))).toBeGreaterThanOrEqual(4.5);
  });

  it('uses flowbot.theme beneath the widget', () => {
    const theme = {
      general: {
        font: 'Open Sans',
        background: { type: 'Color', content: '#101418' },
        progressBar: { color: '#22c55e', backgroundColor: '#e5e7eb' },
      },
      chat: {
        hostBubbles: { backgroundColor: '#ffe4e6', color: '#9f1239' },
        guestBubbles: { backgroundColor: '#1d4ed8', color: '#ffffff' },
        buttons: { backgroundColor: '#111827', color: '#f9fafb' },
        inputs: { backgroundColor: '#ffffff', color: '#111111', placeholderColor: '#dddddd' },
        container: { maxWidth: '800px', maxHeight: '90%' },
      },
    };
    const props = apply(widgetThemeCss({ primaryColor: '#0b5fff' }, theme));
    expect(props['--_w-primary']).toBe('#0b5fff');
    expect(props['--_w-on-primary']).toBe('#f9fafb');
    expect(props['--_w-bot-bg']).toBe('#ffe4e6');
    expect(props['--_w-bot-fg']).toBe('#9f1239');
    // The widget's primary colour is the visitor's bubbles' and the progress bar's too: the theme's are left
    // out (the bar's track, a tint behind it, stays).
    expect(props['--_w-user-bg']).toBeUndefined();
    expect(props['--_w-guest-bg']).toBeUndefined();
    expect(props['--_w-input-bg']).toBe('#ffffff');
    expect(props['--_w-input-fg']).toBe('#111111');
    expect(contrastRatio(colour('#ffffff'), colour(props['--_w-input-placeholder']))).toBeGreaterThanOrEqual(4.5);
    expect(props['--_w-bg']).toBe('#101418');
    expect(contrastRatio(colour('#101418'), colour(props['--_w-fg']))).toBeGreaterThanOrEqual(4.5);
    expect(props['--_w-progress']).toBeUndefined();
    expect(props['--_w-progress-track']).toBe('#e5e7eb');
    expect(props['--_w-font']).toBe('"Open Sans", sans-serif');
    // A widget without a primary colour of its own: the theme's visitor bubbles (apart from the
    // widget's own, which the page's primary colour comes between) and its progress bar.
    const plain = apply(widgetThemeCss({}, theme));
    expect(plain['--_w-primary']).toBe('#111827');
    expect(plain['--_w-user-bg']).toBeUndefined();
    expect(plain['--_w-guest-bg']).toBe('#1d4ed8');
    expect(plain['--_w-guest-fg']).toBe('#ffffff');
    expect(plain['--_w-progress']).toBe('#22c55e');
    expect(plain['--_w-progress-track']).toBe('#e5e7eb');
    // The widget's own visitor colours, whatever its primary.
    const own = apply(widgetThemeCss({ primaryColor: '#0b5fff', primaryUserColor: '#065f46' }, theme));
    expect(own['--_w-user-bg']).toBe('#065f46');
    expect(own['--_w-user-fg']).toBe('#ffffff');
    expect(own['--_w-guest-bg']).toBeUndefined();
    expect(props['--_w-max-width']).toBe('800px');
    expect(props['--_w-max-height']).toBe('90%');
    // The whole flowbot object works too, and an odd one is ignored.
    expect(widgetThemeCss(undefined, { id: 'b', theme })).toBe(widgetThemeCss(undefined, theme));
    expect(widgetThemeCss(undefined, ['not', 'an', 'object'])).toBe('');
  });

  it('accepts only font family names', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const font = (f: unknown) => apply(widgetThemeCss({}, { general: { font: f } }))['--_w-font'];
    expect(font({ type: 'Google', family: 'Inter' })).toBe('"Inter", sans-serif');
    expect(font("'Fira Sans', serif")).toBe('"Fira Sans", serif');
    expect(font('Noto Sans JP')).toBe('"Noto Sans JP", sans-serif');
    for (const bad of [
      'x" ; } :host { display:none',
      'url(https://evil.example/f.woff)',
      'Inter\\", evil',
      'a'.repeat(100),
    ]) {
      expect(widgetThemeCss({}, { general: { font: bad } }), bad).toBe('');
    }
    expect(warn.mock.calls.some((call) => String(call[0]).includes('flowbot.theme.general.font'))).toBe(true);
  });

  it('returns an empty string when there is nothing to set', () => {
    expect(widgetThemeCss(undefined)).toBe('');
    expect(widgetThemeCss(null, null)).toBe('');
    expect(widgetThemeCss('red', 42)).toBe('');
    expect(widgetThemeCss({ primaryColor: '', secondaryColor: null })).toBe('');
  });
});

describe('iconUrl', () => {
  it('reads a URL string, an icon object or its JSON text', () => {
    expect(iconUrl('https://cdn.example/i.png')).toBe('https://cdn.example/i.png');
    expect(iconUrl({ id: '1', url: 'https://cdn.example/i.png' })).toBe('https://cdn.example/i.png');
    expect(iconUrl('{"url":"https://cdn.example/i.png"}')).toBe('https://cdn.example/i.png');
  });

  it('refuses unsafe or missing URLs', () => {
    for (const icon of [
      'javascript:alert(1)',
      { url: 'data:image/svg+xml,<svg onload=alert(1)>' },
      '{"url":"vbscript:x"}',
      '{broken',
      null,
      42,
      {},
    ]) {
      expect(iconUrl(icon)).toBeUndefined();
    }
  });
});

function toHex(c: Rgba): string {
  return `#${[c.r, c.g, c.b].map((x) => x.toString(16).padStart(2, '0')).join('')}`;
}
