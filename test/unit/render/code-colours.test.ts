import { describe, expect, it } from 'vitest';
import { codeStyles } from '../../../src/render/code.js';
import { composite, contrastRatio, parseCssColor, type Rgba } from '../../../src/theme/color.js';
import { darkPalette } from '../../../src/theme/dark.js';

/** Each token's light and dark colour, as the stylesheet gives them. */
const tokens = [...codeStyles.cssText.matchAll(/--_hl-(\w+): light-dark\((#\w+), (#\w+)\)/g)].map(
  ([, name, light, dark]) => ({
    name: name!,
    light: parseCssColor(light)!,
    dark: parseCssColor(dark)!,
  }),
);

const colour = (css: string): Rgba => parseCssColor(css)!;
/** A code block's background: the text colour at 7% over the bubble (markdown.styles.ts). */
const codeBackground = (bubble: Rgba, text: Rgba): Rgba => composite({ ...text, a: 0.07 }, bubble);

/** The bot bubbles a code block sits on in light: the default, and a site's pale one. */
const LIGHT: [string, Rgba, Rgba][] = [
  ['the default bubble', colour('#f1f5f9'), colour('#0f172a')],
  ['a white bubble', colour('#ffffff'), colour('#0f172a')],
];
/** In dark: the dark palette of the default colours and of sites with other primary colours, and the docs' dark theme. */
const DARK: [string, Rgba, Rgba][] = [
  ...[undefined, '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#111111'].map(
    (primary): [string, Rgba, Rgba] => {
      const p = darkPalette(primary ? { primaryColor: primary } : {});
      return [`the dark palette of ${primary ?? 'the default colours'}`, p.botBg, p.botFg];
    },
  ),
  ['the docs’ dark theme', colour('#1e293b'), colour('#e2e8f0')],
];

describe('code colours', () => {
  it('gives every token a light and a dark colour', () => {
    expect(tokens.map((t) => t.name).sort()).toEqual(['c', 'd', 'f', 'i', 'k', 'm', 'n', 'p', 's', 't', 'v']);
  });

  for (const [scheme, bubbles] of [
    ['light', LIGHT],
    ['dark', DARK],
  ] as const)
    it(`stands every token 4.5:1 on the code block's background in ${scheme}`, () => {
      for (const [name, bubble, text] of bubbles) {
        const background = codeBackground(bubble, text);
        for (const token of tokens) {
          const ratio = contrastRatio(scheme === 'light' ? token.light : token.dark, background);
          expect(ratio, `${token.name} on ${name}`).toBeGreaterThanOrEqual(4.5);
        }
      }
    });
});
