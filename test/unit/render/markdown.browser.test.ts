import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/protocol/markdown/index.js';
import { richTextToPlain, type RichTextNode } from '../../../src/protocol/rich-text.js';
import { renderRichText, richTextContent } from '../../../src/render/rich-text.js';
import { drawMarkdown, markdownContent } from '../../../src/render/markdown.js';
import { renderStreamingText } from '../../../src/element/stream/view.js';
import { markup, mount } from './helpers.js';

const p = (...children: RichTextNode[]): RichTextNode => ({ type: 'p', children });
const t = (text: string, marks: Partial<RichTextNode> = {}): RichTextNode => ({ text, ...marks });
const li = (...children: RichTextNode[]): RichTextNode => ({ type: 'li', children: [{ type: 'lic', children }] });
const blank = p(t(''));

async function dom(nodes: unknown): Promise<HTMLDivElement> {
  return mount(renderRichText(nodes));
}

describe('parseMarkdown', () => {
  it('renders the same DOM as the equivalent rich text', async () => {
    const md = 'Hi **there**, *you*!\n\n- one\n- [two](https://example.com)\n\nBye';
    const rich = [
      p(t('Hi '), t('there', { bold: true }), t(', '), t('you', { italic: true }), t('!')),
      blank,
      { type: 'ul', children: [li(t('one')), li({ type: 'a', url: 'https://example.com', children: [t('two')] })] },
      blank,
      p(t('Bye')),
    ];
    expect(parseMarkdown(md)).toEqual(rich);
    expect(markup(await dom(parseMarkdown(md)))).toBe(markup(await dom(rich)));
  });

  it('separates paragraphs with one blank line and keeps single newlines as line breaks', async () => {
    expect(parseMarkdown('a\nb\n\n\n\nc')).toEqual([p(t('a\nb')), blank, p(t('c'))]);
    const el = await dom(parseMarkdown('a\nb\n\nc'));
    expect(el.querySelectorAll('p')).toHaveLength(3);
    expect(el.querySelectorAll('br')).toHaveLength(2);
    expect(parseMarkdown('\n\n  \nonly\n\n')).toEqual([p(t('only'))]);
  });

  it('reads bold, italic and code', () => {
    expect(parseMarkdown('**b** __b2__ *i* _i2_ `c*d*`')).toEqual([
      p(
        t('b', { bold: true }),
        t(' '),
        t('b2', { bold: true }),
        t(' '),
        t('i', { italic: true }),
        t(' '),
        t('i2', { italic: true }),
        t(' '),
        t('c*d*', { code: true }),
      ),
    ]);
    expect(parseMarkdown('***both***')).toEqual([p(t('both', { bold: true, italic: true }))]);
  });

  it('leaves stray and intraword delimiters as text', () => {
    expect(parseMarkdown('2 * 3 * 4 = 24, snake_case_name, **unclosed, a*')).toEqual([
      p(t('2 * 3 * 4 = 24, snake_case_name, **unclosed, a*')),
    ]);
    expect(parseMarkdown('*a** b')).toEqual([p(t('a', { italic: true }), t('* b'))]);
    expect(parseMarkdown('\\*not italic\\* and \\[not a link\\]')).toEqual([p(t('*not italic* and [not a link]'))]);
  });

  it('reads links, autolinks and bare URLs', () => {
    const a = (url: string, text: string): RichTextNode => ({ type: 'a', url, children: [t(text)] });
    expect(
      parseMarkdown('[Docs](https://x.example/a_(b)) <https://y.example> <me@z.example> see https://w.example/p?q=1.'),
    ).toEqual([
      p(
        a('https://x.example/a_(b)', 'Docs'),
        t(' '),
        a('https://y.example', 'https://y.example'),
        t(' '),
        a('mailto:me@z.example', 'me@z.example'),
        t(' see '),
        a('https://w.example/p?q=1', 'https://w.example/p?q=1'),
        t('.'),
      ),
    ]);
    expect(parseMarkdown('[**bold** link](https://x.example "title")')).toEqual([
      p({ type: 'a', url: 'https://x.example', children: [t('bold', { bold: true }), t(' link')] }),
    ]);
  });

  it('reads bulleted, numbered and nested lists', async () => {
    expect(parseMarkdown('Intro:\n- a\n* b\n  1. x\n  2. y\n+ c')).toEqual([
      p(t('Intro:')),
      {
        type: 'ul',
        children: [
          li(t('a')),
          {
            type: 'li',
            children: [
              { type: 'lic', children: [t('b')] },
              { type: 'ol', children: [li(t('x')), li(t('y'))] },
            ],
          },
          li(t('c')),
        ],
      },
    ]);
    const el = await dom(parseMarkdown('3. three\n4. four'));
    expect(el.querySelector('ol')!.start).toBe(3);
    expect([...el.querySelectorAll('ol > li')].map((x) => x.textContent)).toEqual(['three', 'four']);
  });

  it('keeps a list together across blank lines between its items', () => {
    expect(parseMarkdown('1. a\n\n2. b\n\nafter')).toEqual([
      { type: 'ol', children: [li(t('a')), li(t('b'))] },
      blank,
      p(t('after')),
    ]);
  });

  it('reads headings with their level and code blocks with their language', async () => {
    expect(parseMarkdown('# Title *x*\ntext')).toEqual([
      { type: 'h', level: 1, children: [t('Title '), t('x', { italic: true })] },
      p(t('text')),
    ]);
    const nodes = parseMarkdown('```js\nconst a = 1;\n  return <b>a</b>;\n```\nafter');
    expect(nodes).toEqual([
      { type: 'pre', lang: 'js', children: [t('const a = 1;\n  return <b>a</b>;', { code: true })] },
      p(t('after')),
    ]);
    const el = await mount(markdownContent(nodes));
    expect(el.querySelector('pre code')!.textContent).toBe('const a = 1;\n  return <b>a</b>;');
    expect(el.querySelector('b')).toBeNull();
  });

  it('shows raw HTML as text', async () => {
    const md = '<script>alert(1)</script> <img src=x onerror=alert(1)> <a href="javascript:alert(1)">x</a>';
    const el = await dom(parseMarkdown(md));
    expect(el.querySelector('script, img, a[href]')).toBeNull();
    expect(el.textContent).toBe(md);
  });

  it('gives plain text that reads like the message', () => {
    expect(richTextToPlain(parseMarkdown('**Hello**\n\n- a\n- b'))).toBe('Hello\n\na\nb');
  });

  it('takes linear time on hostile input', () => {
    const n = 50_000;
    const inputs = [
      '*'.repeat(n),
      '_'.repeat(n),
      '*a'.repeat(n / 2),
      '**a '.repeat(n / 4),
      '['.repeat(n),
      '[a]('.repeat(n / 4),
      '<'.repeat(n),
      '<a'.repeat(n / 2),
      '`'.repeat(n),
      '` ``'.repeat(n / 4),
      '\\'.repeat(n),
      'http://'.repeat(n / 7),
      '- '.repeat(n / 2),
      ' '.repeat(n) + 'x',
      '#'.repeat(n),
      `${' '.repeat(n)}\n`.repeat(3),
      '  - a\n'.repeat(n / 6),
      'a_'.repeat(n / 2),
      '[x](' + ' '.repeat(n) + ')',
      '1. '.repeat(n / 3),
      '~~~\n'.repeat(n / 4),
    ];
    for (const input of inputs) {
      const start = performance.now();
      parseMarkdown(input);
      expect(performance.now() - start, JSON.stringify(input.slice(0, 12))).toBeLessThan(1000);
    }
  });

  it('never throws on odd input', () => {
    for (const input of [undefined, null, 42, {}, '', '\r\n\r', '\u0000', 'x'.repeat(200_000)] as unknown[]) {
      expect(Array.isArray(parseMarkdown(input as string))).toBe(true);
    }
  });
});

/** The complete text so far, drawn as a growing answer is (its code blocks' Copy buttons not yet usable). */
const whole = (text: string): HTMLElement =>
  richTextContent(parseMarkdown(text), undefined, drawMarkdown({ growing: true }));

describe('renderStreamingText', () => {
  const ANSWER = [
    '**Refunds** are possible within *14 days*.',
    '',
    'You need:',
    '- the order number',
    '- a reason, see [the policy](https://example.com/refunds)',
    '  1. nested `code`',
    '',
    '# Heading',
    '```js',
    'const a = 1;',
    '',
    'return a;',
    '```',
    '---',
    'Write to <help@example.com>. That is all.',
  ].join('\n');

  it('draws every step as the complete text so far would be drawn', () => {
    for (const size of [1, 3, 7, 20]) {
      const entry = { text: '' };
      for (let at = 0; at < ANSWER.length; at += size) {
        entry.text = ANSWER.slice(0, at + size);
        const growing = renderStreamingText(entry);
        expect(markup(growing), JSON.stringify(entry.text)).toBe(markup(whole(entry.text)));
      }
    }
  });

  it('keeps its final blocks, and draws nothing again until new text arrives', () => {
    const entry = { text: 'First paragraph.\n\nSecond, still gro' };
    const content = renderStreamingText(entry);
    const [first, blank, growing] = [...content.children];
    expect(content.children).toHaveLength(3);
    expect(blank!.outerHTML).toBe('<p><br></p>');
    const firstText = first!.firstChild;
    // Rendered again for another reason (a keystroke, the theme): the very same nodes.
    expect(renderStreamingText(entry)).toBe(content);
    expect(content.children[2]).toBe(growing);
    entry.text += 'wing.\n\n- one\n- two';
    expect(renderStreamingText(entry)).toBe(content);
    expect(content.children[0]).toBe(first);
    expect(content.children[0]!.firstChild).toBe(firstText);
    expect(content.children[1]).toBe(blank);
    expect(content.textContent).toBe('First paragraph.Second, still growing.onetwo');
    const list = content.querySelector('ul')!;
    const one = list.children[0];
    entry.text += ' and three';
    renderStreamingText(entry);
    // The list grows in place: its items before the last are kept.
    expect(content.querySelector('ul')).toBe(list);
    expect(list.children[0]).toBe(one);
    expect(list.children[1]!.textContent).toBe('two and three');
  });

  it('keeps the complete lines of a growing code block', () => {
    const entry = { text: '```\nline one\nline two\nline th' };
    const content = renderStreamingText(entry);
    const code = content.querySelector('code')!;
    const firstLine = code.firstChild;
    entry.text += 'ree\n';
    renderStreamingText(entry);
    expect(content.querySelector('code')).toBe(code);
    expect(code.firstChild).toBe(firstLine);
    expect(markup(content)).toBe(markup(whole(entry.text)));
  });
});
