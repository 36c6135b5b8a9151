/**
 * The markdown reader of a growing text (a streamed answer): after every piece
 * it gives the tree `parseMarkdown` gives for the text so far, and reading a
 * long text piece by piece costs about as much as reading it once.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MarkdownStream, parseMarkdown } from '../../../src/protocol/markdown/index.js';
import { expectFinalBlocksKept, joined, streamInPieces } from '../../support/markdown-stream.js';

/** Text made of markdown's meaningful characters, so every rule gets crossed mid-token. */
const markdownish = fc
  .array(
    fc.constantFrom(
      'a',
      'b',
      ' ',
      ' ',
      '\n',
      '\n',
      '\r',
      '*',
      '**',
      '_',
      '__',
      '`',
      '```',
      '~~~',
      '[',
      ']',
      '(',
      ')',
      '<',
      '>',
      '\\',
      '#',
      '# ',
      '- ',
      '  - ',
      '1. ',
      '2) ',
      '---',
      'http://x.example/p',
      'https://',
      'me@x.example',
      '\t',
      'é',
      '🙂',
      '$',
      '$$',
      '1',
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

const ANSWER = [
  '**Refunds** are possible within *14 days* of buying a course.',
  '',
  'You need:',
  '- the order number',
  '- a reason (optional), see [the policy](https://example.com/refunds)',
  '  1. nested `code`',
  '',
  '2. two',
  '3. three',
  '',
  '# A heading with _emphasis_',
  '```js',
  'const a = 1;',
  '```',
  '---',
  'Write to <help@example.com> or https://example.com/help. That is all.',
].join('\n');

describe('MarkdownStream', () => {
  it('gives the tree parseMarkdown gives, after every piece of a real answer', () => {
    for (const size of [1, 2, 3, 5, 8, 13]) {
      const reader = new MarkdownStream();
      for (let at = 0; at < ANSWER.length; at += size) {
        reader.push(ANSWER.slice(at, at + size));
        const so = ANSWER.slice(0, at + size);
        expect(joined(reader.blocks), JSON.stringify(so)).toEqual(joined(parseMarkdown(so)));
      }
    }
  });

  it('gives the tree parseMarkdown gives, however the text is cut', () => {
    fc.assert(
      fc.property(markdownish, fc.array(fc.nat(), { maxLength: 30 }), (text, cuts) => {
        streamInPieces(text, cuts, (reader, so) => {
          expect(joined(reader.blocks)).toEqual(joined(parseMarkdown(so)));
        });
      }),
      { numRuns: 3000 },
    );
  });

  it('never changes a block once it is final', () => {
    fc.assert(
      fc.property(markdownish, fc.array(fc.nat(), { maxLength: 30 }), (text, cuts) => {
        expectFinalBlocksKept(text, cuts);
      }),
      { numRuns: 1000 },
    );
  });

  it('reads a 20 KB paragraph sent in 5,000 pieces for about the cost of reading it once', () => {
    const sentence = (k: number) =>
      `Sentence ${k} has **bold words**, *an aside*, a \`code span\`, [a link](https://example.com/${k}) and more. `;
    let text = '';
    for (let k = 0; text.length < 20_000; k++) text += sentence(k);
    const reader = new MarkdownStream();
    const size = Math.ceil(text.length / 5000);
    for (let at = 0; at < text.length; at += size) reader.push(text.slice(at, at + size));
    expect(joined(reader.blocks)).toEqual(joined(parseMarkdown(text)));
    expect(reader.work).toBeLessThanOrEqual(3 * text.length);
  });

  it('reads hostile input piece by piece as parseMarkdown does, in linear work', () => {
    const n = 20_000;
    const inputs = [
      '*'.repeat(n),
      '*a'.repeat(n / 2),
      '**a '.repeat(n / 4),
      '*a '.repeat(n / 3),
      '_a '.repeat(n / 3),
      '['.repeat(n),
      '[a]('.repeat(n / 4),
      '<a'.repeat(n / 2),
      '`a '.repeat(n / 3),
      '\\'.repeat(n),
      '- '.repeat(n / 2),
      '  - a\n'.repeat(n / 6),
      '1. '.repeat(n / 3),
      '~~~\n'.repeat(n / 4),
      'a\n'.repeat(n / 2),
    ];
    for (const input of inputs) {
      const reader = new MarkdownStream();
      for (let at = 0; at < input.length; at += 7) reader.push(input.slice(at, at + 7));
      const label = JSON.stringify(input.slice(0, 8));
      expect(reader.blocks, label).toEqual(parseMarkdown(input));
      expect(reader.work, label).toBeLessThanOrEqual(3 * input.length);
    }
  });

  it('reads a growing list, code block and many paragraphs in linear work', () => {
    const shapes = {
      prose: Array.from({ length: 200 }, (_, k) => `Paragraph ${k} says **something** about *it*.`).join('\n\n'),
      list: Array.from({ length: 600 }, (_, k) => `- item ${k} with \`code\``).join('\n'),
      code: '```\n' + Array.from({ length: 600 }, (_, k) => `const line${k} = ${k};`).join('\n') + '\n```',
    };
    for (const [shape, text] of Object.entries(shapes)) {
      const reader = new MarkdownStream();
      for (let at = 0; at < text.length; at += 4) reader.push(text.slice(at, at + 4));
      expect(joined(reader.blocks), shape).toEqual(joined(parseMarkdown(text)));
      expect(reader.work, shape).toBeLessThanOrEqual(3 * text.length);
    }
  });
});
