/**
 * Math in markdown: `$…$` and `\(…\)` inline, `$$…$$` and `\[…\]` displayed, read as `math` nodes that
 * hold their source as text; prices stay text by Pandoc's rule (an opening `$` before a non-space, a
 * closing `$` after a non-space and not before a digit); nothing in code is math; an escaped `\$` is a
 * dollar; a formula longer than MAX_TEX is text.
 */
import { describe, expect, it } from 'vitest';
import { MarkdownStream, parseMarkdown } from '../../../src/protocol/markdown/index.js';
import { MAX_TEX } from '../../../src/protocol/markdown/inline.js';
import type { RichTextNode } from '../../../src/protocol/rich-text.js';

/** The leaves and math nodes of a one-paragraph text. */
const inline = (md: string): RichTextNode[] => parseMarkdown(md)[0]!.children!;
const formulas = (md: string) =>
  parseMarkdown(md)
    .flatMap(function walk(node: RichTextNode): RichTextNode[] {
      return node.type === 'math' ? [node] : (node.children ?? []).flatMap(walk);
    })
    .map((node) => ({ tex: node.tex, display: node.display === true, source: node.children?.[0]?.text }));
const math = (source: string, tex: string, display = false) => ({ tex, display, source });

describe('math in markdown', () => {
  it('reads $…$ and \\(…\\) as inline math, $$…$$ and \\[…\\] as displayed math, each holding its source', () => {
    expect(inline('Let $\\frac{1}{n}$ be small.')).toEqual([
      { text: 'Let ' },
      { type: 'math', tex: '\\frac{1}{n}', children: [{ text: '$\\frac{1}{n}$' }] },
      { text: ' be small.' },
    ]);
    expect(formulas('so \\(a^2+b^2\\) holds')).toEqual([math('\\(a^2+b^2\\)', 'a^2+b^2')]);
    expect(formulas('$$\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}$$')).toEqual([
      math('$$\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}$$', '\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}', true),
    ]);
    expect(formulas('\\[\nx = \\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}\n\\]')).toEqual([
      math('\\[\nx = \\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}\n\\]', '\nx = \\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}\n', true),
    ]);
    // Spread over lines of one paragraph, with emphasis around.
    expect(formulas('**Energy:** $$\nE = mc^2\n$$ and *mass* $m$.')).toEqual([
      math('$$\nE = mc^2\n$$', '\nE = mc^2\n', true),
      math('$m$', 'm'),
    ]);
  });

  it('leaves prices as text: an opening $ before a space, a closing $ after a space or before a digit', () => {
    for (const text of [
      'It costs $5 and $10 with shipping.',
      'Between $5-$10 a month.',
      'From $20,000 to $30,000.',
      'Pay $ 5 or 6 $ now.',
      'Only $5.',
      '$5/$10',
    ])
      expect(inline(text), text).toEqual([{ text }]);
    // The rule's own limit: a price and a formula in one paragraph pair up (an answer escapes the price, `\$5`).
    expect(formulas('It costs $5, and $x^2$ grows.')).toEqual([math('$5, and $x^2$', '5, and $x^2')]);
    expect(formulas('It costs \\$5, and $x^2$ grows.')).toEqual([math('$x^2$', 'x^2')]);
  });

  it('reads an escaped \\$ as a dollar, never as math', () => {
    expect(inline('A \\$5 fee and a \\$10 one')).toEqual([{ text: 'A $5 fee and a $10 one' }]);
    expect(inline('\\$x\\$')).toEqual([{ text: '$x$' }]);
    expect(formulas('$\\$5 + x$')).toEqual([math('$\\$5 + x$', '\\$5 + x')]);
    // An escaped parenthesis without its closer is a parenthesis.
    expect(inline('a \\( b')).toEqual([{ text: 'a ( b' }]);
  });

  it('reads nothing in code as math', () => {
    expect(inline('Run `echo $HOME$` and `$x$`')).toEqual([
      { text: 'Run ' },
      { text: 'echo $HOME$', code: true },
      { text: ' and ' },
      { text: '$x$', code: true },
    ]);
    expect(parseMarkdown('```sh\necho "$a" "$b"\n$$x$$\n```')).toEqual([
      { type: 'pre', lang: 'sh', children: [{ text: 'echo "$a" "$b"\n$$x$$', code: true }] },
    ]);
  });

  it('keeps a formula longer than MAX_TEX, or an empty one, as text', () => {
    const long = `$${'x'.repeat(MAX_TEX + 1)}$`;
    expect(inline(long)).toEqual([{ text: long }]);
    expect(formulas(`$${'x'.repeat(MAX_TEX)}$`)).toHaveLength(1);
    expect(inline('$$ $$ and \\(\\)')).toEqual([{ text: '$$ $$ and ()' }]);
    // Escaped brackets around words.
    expect(inline('a \\[citation needed\\]')).toEqual([{ text: 'a [citation needed]' }]);
    // Escapes, not a formula of backslashes.
    expect(inline('\\[\\\\\\]')).toEqual([{ text: '[\\]' }]);
  });

  it('reads a streamed formula as the whole text reads it, whatever the pieces', () => {
    const text = 'Costs $5 and $10. Then $\\frac{a}{b}$ and $$x^2$$ and \\(y\\) and \\[z\\] done $3$4.';
    for (const size of [1, 2, 3, 7]) {
      const stream = new MarkdownStream();
      for (let i = 0; i < text.length; i += size) {
        stream.push(text.slice(i, i + size));
        expect(stream.blocks).toEqual(parseMarkdown(text.slice(0, i + size)));
      }
    }
  });

  it('reads a long text of dollars in linear time', () => {
    const hostile = '$a '.repeat(30_000) + '\\( \\) \\('.repeat(5_000);
    const started = performance.now();
    parseMarkdown(hostile);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
