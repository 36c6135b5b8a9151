/**
 * What AI models write besides paragraphs and lists: headings with their
 * levels, block quotes, tables, strikethrough, task lists and fenced code
 * with its language. Read whole and piece by piece, to the same tree.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MarkdownStream, parseMarkdown } from '../../../src/protocol/markdown/index.js';
import { richTextToPlain, type RichTextNode } from '../../../src/protocol/rich-text.js';
import { expectFinalBlocksKept, joined, streamInPieces } from '../../support/markdown-stream.js';

const p = (...children: RichTextNode[]): RichTextNode => ({ type: 'p', children });
const t = (text: string, marks: Partial<RichTextNode> = {}): RichTextNode => ({ text, ...marks });
const h = (level: number, ...children: RichTextNode[]): RichTextNode => ({ type: 'h', level, children });
const blank = p(t(''));
const cell = (type: string, text: string, align?: string): RichTextNode => ({
  type,
  ...(align ? { align } : {}),
  children: text ? [t(text)] : [],
});
const row = (type: string, ...texts: string[]): RichTextNode => ({
  type: 'tr',
  children: texts.map((text) => cell(type, text)),
});

describe('parseMarkdown: headings', () => {
  it('gives each heading its level, without the closing #s', () => {
    expect(parseMarkdown('# One\n## Two *x*\n###### Six ##\n####### seven')).toEqual([
      h(1, t('One')),
      h(2, t('Two '), t('x', { italic: true })),
      h(6, t('Six')),
      p(t('####### seven')),
    ]);
    expect(parseMarkdown('# C#\n#hashtag')).toEqual([h(1, t('C#')), p(t('#hashtag'))]);
  });

  it('reads underlined headings', () => {
    expect(parseMarkdown('Title\n=====\nSub\n---\ntext')).toEqual([h(1, t('Title')), h(2, t('Sub')), p(t('text'))]);
    // A rule after a blank line stays a rule.
    expect(parseMarkdown('text\n\n---\nmore')).toEqual([p(t('text')), blank, p(t('more'))]);
  });
});

describe('parseMarkdown: block quotes', () => {
  it('reads a quote with its paragraphs, lists and nested quotes', () => {
    expect(parseMarkdown('> **Note**\n> still the note\n>\n> - a\n> > deeper\n\nafter')).toEqual([
      {
        type: 'blockquote',
        children: [
          p(t('Note', { bold: true }), t('\nstill the note')),
          blank,
          { type: 'ul', children: [{ type: 'li', children: [{ type: 'lic', children: [t('a')] }] }] },
          { type: 'blockquote', children: [p(t('deeper'))] },
        ],
      },
      blank,
      p(t('after')),
    ]);
  });

  it('goes on with a quoted paragraph on a line without >, until a blank line', () => {
    expect(parseMarkdown('> one\ntwo\n\n> three')).toEqual([
      { type: 'blockquote', children: [p(t('one\ntwo'))] },
      blank,
      { type: 'blockquote', children: [p(t('three'))] },
    ]);
    expect(parseMarkdown('> one\n# Heading')).toEqual([
      { type: 'blockquote', children: [p(t('one'))] },
      h(1, t('Heading')),
    ]);
  });

  it('nests at most eight quotes deep: deeper > are text', () => {
    let tree: RichTextNode[] = parseMarkdown(`${'>'.repeat(1000)} deep`);
    let depth = 0;
    while (tree[0]?.type === 'blockquote') {
      tree = tree[0].children!;
      depth++;
    }
    expect(depth).toBe(8);
    expect(richTextToPlain(tree)).toBe(`${'>'.repeat(992)} deep`);
  });
});

describe('parseMarkdown: tables', () => {
  it('reads a table: header cells, body cells, alignment', () => {
    const md = '| Plan | Price | Seats |\n|:-----|------:|:-----:|\n| Free | $0 | 1 |\n| Team | **$8** | 10 |';
    expect(parseMarkdown(md)).toEqual([
      {
        type: 'table',
        children: [
          {
            type: 'tr',
            children: [cell('th', 'Plan', 'left'), cell('th', 'Price', 'right'), cell('th', 'Seats', 'center')],
          },
          { type: 'tr', children: [cell('td', 'Free', 'left'), cell('td', '$0', 'right'), cell('td', '1', 'center')] },
          {
            type: 'tr',
            children: [
              cell('td', 'Team', 'left'),
              { type: 'td', align: 'right', children: [t('$8', { bold: true })] },
              cell('td', '10', 'center'),
            ],
          },
        ],
      },
    ]);
  });

  it('reads rows without outer pipes, escaped pipes, short and long rows', () => {
    expect(parseMarkdown('a | b\n--|--\n`x \\| y` | z | extra\nonly\n\nafter')).toEqual([
      {
        type: 'table',
        children: [
          row('th', 'a', 'b'),
          { type: 'tr', children: [{ type: 'td', children: [t('x | y', { code: true })] }, cell('td', 'z')] },
          row('td', 'only', ''),
        ],
      },
      blank,
      p(t('after')),
    ]);
  });

  it('takes the last line of a paragraph as the header, and needs as many delimiters as header cells', () => {
    expect(parseMarkdown('Prices:\n| a | b |\n| - | - |')).toEqual([
      p(t('Prices:')),
      { type: 'table', children: [row('th', 'a', 'b')] },
    ]);
    expect(parseMarkdown('| a | b |\n| - |')).toEqual([p(t('| a | b |\n| - |'))]);
  });

  it('ends at a blank line or a block of its own', () => {
    expect(parseMarkdown('| a |\n|---|\n| 1 |\n# Next')).toEqual([
      { type: 'table', children: [row('th', 'a'), row('td', '1')] },
      h(1, t('Next')),
    ]);
  });

  it('reads up to 64 columns, and keeps a wider table as text', () => {
    const table = (columns: number) =>
      parseMarkdown(`${'| c '.repeat(columns)}|\n${'|---'.repeat(columns)}|\n${'| 1 '.repeat(columns)}|`);
    expect(table(64).map((node) => node.type)).toEqual(['table']);
    expect(table(64)[0]!.children![1]!.children).toHaveLength(64);
    expect(table(65).map((node) => node.type)).toEqual(['p']);
    expect(table(1000).map((node) => node.type)).toEqual(['p']);
  });

  it('reads at most 2,000 cells in one text: further rows are text', () => {
    const rows = (count: number) => `${'| v '.repeat(10)}|\n`.repeat(count);
    const tree = parseMarkdown(`${'| h '.repeat(10)}|\n${'|---'.repeat(10)}|\n${rows(250)}`);
    expect(tree.map((node) => node.type)).toEqual(['table', 'p']);
    expect(tree[0]!.children).toHaveLength(200);
    expect(richTextToPlain([tree[1]!]).split('\n')).toHaveLength(51);
  });

  it('reads each row and cell on its own line as plain text', () => {
    expect(richTextToPlain(parseMarkdown('| a | b |\n|---|---|\n| 1 | 2 |'))).toBe('a\nb\n1\n2');
  });
});

describe('parseMarkdown: strikethrough, task lists and code', () => {
  it('strikes text between two tildes, and leaves one or three as text', () => {
    expect(parseMarkdown('~~old~~ new, ~5 min, ~~~x~~~, **~~both~~**')).toEqual([
      p(t('old', { strike: true }), t(' new, ~5 min, ~~~x~~~, '), t('both', { bold: true, strike: true })),
    ]);
    expect(parseMarkdown('~~ not ~~ and a~~b~~c')).toEqual([p(t('~~ not ~~ and a'), t('b', { strike: true }), t('c'))]);
  });

  it('reads task list items with their state', () => {
    expect(parseMarkdown('- [ ] to do\n- [x] done\n- [X] done too\n- [] not a task')).toEqual([
      {
        type: 'ul',
        children: [
          { type: 'li', children: [{ type: 'task', checked: false, children: [t('to do')] }] },
          { type: 'li', children: [{ type: 'task', checked: true, children: [t('done')] }] },
          { type: 'li', children: [{ type: 'task', checked: true, children: [t('done too')] }] },
          { type: 'li', children: [{ type: 'lic', children: [t('[] not a task')] }] },
        ],
      },
    ]);
  });

  it('reads at most 100 code blocks in one text: further fences are text', () => {
    const tree = parseMarkdown('```\nx\n```\n'.repeat(101));
    expect(tree.filter((node) => node.type === 'pre')).toHaveLength(100);
    expect(tree.at(-1)!.type).toBe('p');
  });

  it("reads a fence indented under a list item's text as that item's code, and the text after it below", () => {
    const tree = parseMarkdown(
      '1. Install:\n   ```bash\n   npm i\n   ```\n   then run it.\n2. Done\n\n```\nafter\n```',
    );
    expect(tree).toEqual([
      {
        type: 'ol',
        children: [
          {
            type: 'li',
            children: [
              { type: 'lic', children: [t('Install:')] },
              { type: 'pre', lang: 'bash', children: [t('npm i', { code: true })] },
              { type: 'lic', children: [t('then run it.')] },
            ],
          },
          { type: 'li', children: [{ type: 'lic', children: [t('Done')] }] },
        ],
      },
      blank,
      { type: 'pre', children: [t('after', { code: true })] },
    ]);
  });

  it('reads fenced code with its language, taking off the fence indentation', () => {
    expect(parseMarkdown('```python title="x"\ndef f():\n    return 1\n```')).toEqual([
      { type: 'pre', lang: 'python', children: [t('def f():\n    return 1', { code: true })] },
    ]);
    expect(parseMarkdown('  ~~~\n  a\n    b\n c\n  ~~~')).toEqual([
      { type: 'pre', children: [t('a\n  b\nc', { code: true })] },
    ]);
    // A backtick fence cannot have a backtick in its info string: that is inline code.
    expect(parseMarkdown('``` a`b\nx')).toEqual([p(t('``` a`b\nx'))]);
  });
});

/** Text made of the characters of the new blocks, so every rule gets crossed mid-token. */
const blockish = fc
  .array(
    fc.constantFrom(
      'a',
      'b',
      ' ',
      '\n',
      '\n',
      '\n\n',
      '|',
      '| ',
      ' |',
      '|---|',
      '| a | b |\n',
      '|---|:-:|\n',
      'x | y\n',
      ':-',
      '-:',
      '---',
      '===',
      '> ',
      '>',
      '~~',
      '~',
      '- [ ] ',
      '- [x] ',
      '- ',
      '# ',
      '## ',
      '```js\n',
      '```',
      '   ```sh\n',
      '   ```\n',
      '**',
      '*',
      '`',
      '\\',
      '\\|',
      'https://x.example',
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

/** A text with every new block, cut in three: each property's first case (so each is crossed). */
const EVERY: [string, number[]] = [
  '| a | b |\n|---|---|\n| 1 | 2 |\n\n> q\n\n# h\n- [x] t\n~~s~~\n```js\nc\n```\nend',
  [5, 17, 30],
];

/** Each node type and mark in `nodes`, into `seen`. */
function kinds(nodes: readonly RichTextNode[], seen: Set<string>): void {
  for (const node of nodes) {
    if (node.type) seen.add(node.type);
    if (node.strike) seen.add('strike');
    if (node.lang) seen.add('lang');
    if (node.children) kinds(node.children, seen);
  }
}

describe('MarkdownStream: the new blocks', () => {
  it('gives the tree parseMarkdown gives, however the text is cut', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(blockish, fc.array(fc.nat(), { maxLength: 30 }), (text, cuts) => {
        streamInPieces(text, cuts, (reader, so) => {
          expect(joined(reader.blocks)).toEqual(joined(parseMarkdown(so)));
          kinds(reader.blocks, seen);
        });
      }),
      { numRuns: 3000, examples: [EVERY] },
    );
    // The texts crossed every new block and mark.
    for (const kind of ['h', 'blockquote', 'table', 'th', 'td', 'task', 'pre', 'lang', 'strike'])
      expect(seen).toContain(kind);
  });

  it('never changes a block once it is final', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(blockish, fc.array(fc.nat(), { maxLength: 30 }), (text, cuts) => {
        expectFinalBlocksKept(text, cuts, (final) => kinds(final, seen));
      }),
      { numRuns: 1000, examples: [EVERY] },
    );
    // Final tables, quotes, headings and code blocks among them.
    for (const kind of ['h', 'blockquote', 'table', 'pre']) expect(seen).toContain(kind);
  });

  it('reads a growing table, quote and code block in linear work', () => {
    const first = { table: 'table', quote: 'blockquote', nested: 'blockquote', code: 'pre' };
    const shapes = {
      table: `| n | square | note |\n|--:|--:|---|\n${Array.from({ length: 400 }, (_, k) => `| ${k} | ${k * k} | *${k}* |`).join('\n')}`,
      quote: Array.from({ length: 400 }, (_, k) => `> line ${k} of a **quoted** answer`).join('\n'),
      nested: Array.from({ length: 300 }, (_, k) => `${'>'.repeat(1 + (k % 12))} level ${k}`).join('\n'),
      code: '```ts\n' + Array.from({ length: 600 }, (_, k) => `const line${k} = ${k};`).join('\n') + '\n```',
    };
    for (const [shape, text] of Object.entries(shapes)) {
      const reader = new MarkdownStream();
      for (let at = 0; at < text.length; at += 4) reader.push(text.slice(at, at + 4));
      expect(joined(reader.blocks), shape).toEqual(joined(parseMarkdown(text)));
      expect(reader.blocks[0]!.type, shape).toBe(first[shape as keyof typeof first]);
      expect(reader.work, shape).toBeLessThanOrEqual(3 * text.length);
    }
  });

  it('reads hostile tables, quotes, tildes and fences in linear time', () => {
    const n = 50_000;
    // Each input, and the type of the first block it makes.
    const inputs: [string, string][] = [
      [`${'|'.repeat(n / 2)}\n${'|-'.repeat(n / 4)}`, 'p'],
      [`${'| a '.repeat(n / 8)}\n${'|---'.repeat(n / 8)}`, 'p'],
      [`| a |\n|---|\n${'|\n'.repeat(n / 4)}`, 'table'],
      ['>'.repeat(n), 'blockquote'],
      ['> '.repeat(n / 2), 'blockquote'],
      ['> a\n'.repeat(n / 4), 'blockquote'],
      ['~~a '.repeat(n / 4), 'p'],
      ['~'.repeat(n), 'pre'],
      ['```\n```\n'.repeat(n / 8), 'pre'],
      [`# ${' #'.repeat(n / 2)}x`, 'h'],
      [`# ${' '.repeat(n)}#`, 'h'],
      ['- [ ] '.repeat(n / 6), 'ul'],
      ['\\|'.repeat(n / 2), 'p'],
    ];
    for (const [input, type] of inputs) {
      const label = JSON.stringify(input.slice(0, 12));
      const start = performance.now();
      const whole = parseMarkdown(input);
      expect(performance.now() - start, label).toBeLessThan(1000);
      expect(whole[0]?.type, label).toBe(type);
      const reader = new MarkdownStream();
      for (let at = 0; at < input.length; at += 97) reader.push(input.slice(at, at + 97));
      expect(joined(reader.blocks), label).toEqual(joined(whole));
      expect(reader.work, label).toBeLessThanOrEqual(3 * input.length);
    }
  });
});
