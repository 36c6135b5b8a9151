import { describe, expect, it } from 'vitest';
import { richTextToPlain, type RichTextNode } from '../../../src/protocol/rich-text.js';
import { renderRichText } from '../../../src/render/rich-text.js';
import { mount } from './helpers.js';

const p = (...children: RichTextNode[]): RichTextNode => ({ type: 'p', children });
const t = (text: string, marks: Partial<RichTextNode> = {}): RichTextNode => ({ text, ...marks });

describe('renderRichText', () => {
  it('renders paragraphs of text', async () => {
    const el = await mount(renderRichText([p(t('Hello')), p(t('World'))]));
    const paragraphs = [...el.querySelectorAll('p')];
    expect(paragraphs.map((x) => x.textContent)).toEqual(['Hello', 'World']);
  });

  it('shows bold, italic and underlined leaves', async () => {
    const el = await mount(
      renderRichText([
        p(
          t('a', { bold: true }),
          t('b', { italic: true }),
          t('c', { underline: true }),
          t('d', { bold: true, italic: true }),
        ),
      ]),
    );
    expect(el.querySelector('strong')?.textContent).toBe('a');
    expect(el.querySelector('em')?.textContent).toBe('b');
    expect(el.querySelector('u')?.textContent).toBe('c');
    expect(el.querySelector('strong > em')?.textContent).toBe('d');
    expect(el.textContent).toBe('abcd');
  });

  it('shows an empty paragraph as a blank line', async () => {
    const el = await mount(renderRichText([p(t('one')), p(t('')), p(), p(t('two'))]));
    const paragraphs = [...el.querySelectorAll('p')];
    expect(paragraphs).toHaveLength(4);
    expect(paragraphs[1]!.textContent).toBe('');
    expect(paragraphs[1]!.getBoundingClientRect().height).toBeGreaterThan(0);
    expect(paragraphs[2]!.getBoundingClientRect().height).toBeGreaterThan(0);
  });

  it('turns line breaks inside text into <br>', async () => {
    const el = await mount(renderRichText([p(t('line 1\nline 2\r\nline 3'))]));
    expect(el.querySelectorAll('p br')).toHaveLength(2);
    expect(el.querySelector('p')!.innerText).toBe('line 1\nline 2\nline 3');
  });

  it('renders safe links that open in a new tab', async () => {
    const el = await mount(
      renderRichText([
        p(t('see '), { type: 'a', url: 'https://example.com/doc', children: [t('the doc', { bold: true })] }),
      ]),
    );
    const a = el.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://example.com/doc');
    expect(a.target).toBe('_blank');
    expect(a.rel).toBe('noopener noreferrer');
    expect(a.querySelector('strong')?.textContent).toBe('the doc');
  });

  it('keeps mailto links in the same tab and labels an empty link with its URL', async () => {
    const el = await mount(renderRichText([p({ type: 'a', url: 'mailto:hi@example.com', children: [] })]));
    const a = el.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('mailto:hi@example.com');
    expect(a.hasAttribute('target')).toBe(false);
    expect(a.textContent).toBe('mailto:hi@example.com');
  });

  it('shows the text of a link with an unsafe URL, without the link', async () => {
    const el = await mount(renderRichText([p({ type: 'a', url: 'javascript:alert(1)', children: [t('click me')] })]));
    expect(el.querySelector('a')).toBeNull();
    expect(el.textContent).toBe('click me');
  });

  it('renders bulleted and numbered lists, nested', async () => {
    const li = (text: string, ...more: RichTextNode[]): RichTextNode => ({
      type: 'li',
      children: [{ type: 'lic', children: [t(text)] }, ...more],
    });
    const el = await mount(
      renderRichText([
        { type: 'ul', children: [li('apples'), li('pears', { type: 'ol', children: [li('green'), li('red')] })] },
      ]),
    );
    const items = el.querySelectorAll(':scope > ul > li');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toBe('apples');
    expect([...el.querySelectorAll('ul > li > ol > li')].map((x) => x.textContent)).toEqual(['green', 'red']);
  });

  it('shows unknown elements as the plain text of their children', async () => {
    const el = await mount(
      renderRichText([
        { type: 'h1', children: [t('Big', { bold: true }), t(' title')] },
        { type: 'script', children: [t('alert(1)')] },
      ]),
    );
    expect(el.querySelector('strong')).toBeNull();
    expect(el.querySelector('script')).toBeNull();
    expect(el.textContent).toBe('Big titlealert(1)');
  });

  it('never throws on malformed trees', async () => {
    const cyclic: RichTextNode = { type: 'p', children: [] };
    cyclic.children!.push(cyclic, t('still here'));
    let deep: RichTextNode = t('bottom');
    for (let i = 0; i < 5000; i++) deep = { type: i % 2 ? 'p' : 'li', children: [deep] };
    const wide = { type: 'p', children: Array.from({ length: 200_000 }, () => t('x')) };
    const inputs: unknown[] = [
      null,
      undefined,
      42,
      'bare string',
      {},
      [],
      [null, 1, 'two', true, [], {}],
      [{ type: 'p', children: 'not an array' }],
      [{ type: 'p', children: [{ text: 5 }, { text: null }] }],
      [{ type: 42, children: [t('numeric type')] }],
      [{ type: 'a', url: { href: 'x' }, children: [t('odd url')] }],
      [{ type: 'ol', start: 'NaN', children: [] }],
      [cyclic],
      [deep],
      [wide],
      Object.create(null),
      [Object.assign(Object.create(null), { type: 'p', children: [t('null proto')] })],
    ];
    for (const input of inputs) {
      const el = await mount(renderRichText(input));
      expect(el).toBeTruthy();
    }
    const el = await mount(renderRichText([cyclic]));
    expect(el.textContent).toBe('still here');
    const huge = await mount(renderRichText([wide]));
    expect(huge.textContent!.length).toBeLessThan(10_000);
  });
});

describe('richTextToPlain', () => {
  it('puts paragraphs on their own lines and keeps blank lines', () => {
    expect(richTextToPlain([p(t('Hello '), t('you', { bold: true })), p(), p(t('Bye'))])).toBe('Hello you\n\nBye');
  });

  it('puts list items on their own lines', () => {
    const li = (text: string): RichTextNode => ({ type: 'li', children: [{ type: 'lic', children: [t(text)] }] });
    expect(richTextToPlain([p(t('Pick:')), { type: 'ul', children: [li('a'), li('b')] }, p(t('ok'))])).toBe(
      'Pick:\na\nb\nok',
    );
  });

  it('includes link text and unknown elements, and tolerates anything', () => {
    expect(
      richTextToPlain([
        p({ type: 'a', url: 'https://x.example', children: [t('link')] }, { type: 'mystery', children: [t('!')] }),
      ]),
    ).toBe('link!');
    expect(richTextToPlain(null)).toBe('');
    expect(richTextToPlain('just text')).toBe('just text');
    expect(richTextToPlain([{ text: 3 }, 7, null])).toBe('');
  });
});
