import { describe, expect, it } from 'vitest';
import { composite, contrastRatio, parseCssColor, readableOn, toCss, type Rgba } from '../../../src/theme/color.js';

const rgb = (r: number, g: number, b: number, a = 1): Rgba => ({ r, g, b, a });
const parse = (v: string): Rgba => {
  const c = parseCssColor(v);
  if (!c) throw new Error(`did not parse ${v}`);
  return c;
};

describe('parseCssColor', () => {
  it('reads every CSS colour syntax', () => {
    expect(parseCssColor('#0af')).toEqual(rgb(0, 170, 255));
    expect(parseCssColor('#0AF8')).toEqual(rgb(0, 170, 255, 0.533));
    expect(parseCssColor('#112233')).toEqual(rgb(17, 34, 51));
    expect(parseCssColor('#11223380')).toEqual(rgb(17, 34, 51, 0.502));
    expect(parseCssColor('  rebeccapurple ')).toEqual(rgb(102, 51, 153));
    expect(parseCssColor('rgb(10, 20, 30)')).toEqual(rgb(10, 20, 30));
    expect(parseCssColor('rgb(10 20 30 / 50%)')).toEqual(rgb(10, 20, 30, 0.5));
    expect(parseCssColor('rgba(255,0,0,0.25)')).toEqual(rgb(255, 0, 0, 0.25));
    expect(parseCssColor('hsl(120 100% 25%)')).toEqual(rgb(0, 128, 0));
    expect(parseCssColor('transparent')).toEqual(rgb(0, 0, 0, 0));
    const lab = parse('oklch(62.8% 0.2577 29.23)');
    expect(lab.r).toBeGreaterThan(250);
    expect(lab.g).toBeLessThan(5);
    expect(lab.a).toBe(1);
  });

  it('rejects anything that is not one colour value', () => {
    const bad = [
      'red; background:url(https://evil.example/x)',
      'red}body{display:none',
      'expression(alert(1))',
      'var(--x)',
      'url(https://evil.example/x.png)',
      'rgb(var(--r), 0, 0)',
      'inherit',
      'initial',
      'unset',
      'currentColor',
      'notacolour',
      'red blue',
      '#12',
      '#ggg',
      '#1234567',
      'red\nbackground:blue',
      '</style><script>',
      '"red"',
      "'red'",
      'red !important',
      'env(safe-area-inset-top)',
      'attr(data-c)',
      'image(red)',
      '\\72 ed',
      '',
      ' ',
      'x'.repeat(200),
    ];
    for (const value of bad) expect(parseCssColor(value), value).toBeNull();
    for (const value of [null, undefined, 0xff0000, {}, ['red'], true]) expect(parseCssColor(value)).toBeNull();
  });
});

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio(rgb(0, 0, 0), rgb(255, 255, 255))).toBeCloseTo(21, 5);
    expect(contrastRatio(rgb(255, 255, 255), rgb(0, 0, 0))).toBeCloseTo(21, 5);
    expect(contrastRatio(rgb(120, 120, 120), rgb(120, 120, 120))).toBe(1);
    // #767676 is the lightest grey that passes AA on white; #777777 just fails.
    expect(contrastRatio(parse('#767676'), parse('#fff'))).toBeCloseTo(4.54, 2);
    expect(contrastRatio(parse('#777777'), parse('#fff'))).toBeCloseTo(4.48, 2);
    expect(contrastRatio(parse('#ff0000'), parse('#ffffff'))).toBeCloseTo(4.0, 1);
    expect(contrastRatio(parse('#0000ff'), parse('#ffffff'))).toBeCloseTo(8.59, 2);
  });
});

describe('toCss', () => {
  it('writes opaque colours as hex and translucent ones as rgb()', () => {
    expect(toCss(rgb(0, 170, 255))).toBe('#00aaff');
    expect(toCss(rgb(10, 20, 30, 0.5))).toBe('rgb(10 20 30 / 0.5)');
    expect(toCss(rgb(300, -5, 12.6, 2))).toBe('#ff000d');
    expect(toCss(rgb(Number.NaN, 1, 2, Number.NaN))).toBe('#000102');
  });
});

describe('readableOn', () => {
  it('keeps a text colour that is already readable', () => {
    const text = rgb(0, 0, 0);
    expect(readableOn(rgb(255, 255, 255), text)).toBe(text);
  });

  it('always reaches 4.5:1', () => {
    const samples = [
      '#ffffff',
      '#000000',
      '#777777',
      '#ff0000',
      '#00ff00',
      '#0000ff',
      '#ffff00',
      '#7f7fff',
      '#3b82f6',
      '#f59e0b',
      '#1e293b',
      '#e11d48',
    ];
    for (const fill of samples) {
      for (const text of samples) {
        const result = readableOn(parse(fill), parse(text));
        expect(contrastRatio(parse(fill), result), `${text} on ${fill}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('keeps the hue, changing lightness as little as needed', () => {
    const blue = readableOn(parse('#ffffff'), parse('#93c5fd'));
    expect(blue.b).toBeGreaterThan(blue.r);
    expect(blue.b).toBeGreaterThan(blue.g);
    expect(contrastRatio(parse('#ffffff'), blue)).toBeLessThan(5);
    const light = readableOn(parse('#1e293b'), parse('#334155'));
    expect(contrastRatio(parse('#1e293b'), light)).toBeGreaterThanOrEqual(4.5);
    expect(light.r + light.g + light.b).toBeGreaterThan(3 * 0x33);
  });

  it('honours a custom minimum and translucent colours', () => {
    const aaa = readableOn(parse('#ffffff'), parse('#767676'), 7);
    expect(contrastRatio(parse('#ffffff'), aaa)).toBeGreaterThanOrEqual(7);
    const faint = readableOn(parse('#ffffff'), rgb(0, 0, 0, 0.2));
    expect(faint.a).toBe(1);
    expect(contrastRatio(parse('#ffffff'), faint)).toBeGreaterThanOrEqual(4.5);
    const glassy = rgb(0, 0, 0, 0.5);
    const onGlass = readableOn(glassy, rgb(128, 128, 128));
    expect(contrastRatio(composite(glassy, rgb(255, 255, 255)), onGlass)).toBeGreaterThanOrEqual(4.5);
  });
});
