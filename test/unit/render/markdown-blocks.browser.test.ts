/**
 * Markdown's own blocks as DOM (headings, quotes, tables, task lists, code
 * blocks), whole and while an answer grows: the growing answer is drawn as
 * the complete text so far would be, keeping what it drew.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/protocol/markdown/index.js';
import { drawMarkdown, markdownContent } from '../../../src/render/markdown.js';
import { richTextContent } from '../../../src/render/rich-text.js';
import { renderStreamingText } from '../../../src/element/stream/view.js';
import { HOSTILE_URLS, markup, mount } from './helpers.js';

const ANSWER = [
  '# Plans',
  'Intro with ~~old~~ **new** prices:',
  '| Plan | Price |',
  '|:--|--:|',
  '| Free | $0 |',
  '| Team | [$8](https://example.com/team) |',
  '',
  '> **Note**',
  '> > nested, with `code`',
  '> - a list in a quote',
  'lazy line',
  '',
  '- [x] done',
  '- [ ] to do',
  '1. Install:',
  '   ```bash',
  '   npm i',
  '   ```',
  '   then run it.',
  '',
  '```ts',
  'const a = 1;',
  '',
  '    return a;',
  '```',
  'Setext',
  '===',
  'The end.',
].join('\n');

/** The complete text so far, drawn as a growing answer is (nothing in it takes focus). */
const whole = (text: string): HTMLElement =>
  richTextContent(parseMarkdown(text), undefined, drawMarkdown({ growing: true }));

describe('markdownContent', () => {
  it('draws headings, quotes, tables, task lists and code blocks', async () => {
    const el = await mount(markdownContent(parseMarkdown(ANSWER)));
    expect(
      [...el.querySelectorAll('[role="heading"]')].map((h) => `${h.getAttribute('aria-level')}:${h.textContent}`),
    ).toEqual(['1:Plans', '1:Setext']);
    expect(el.querySelector('h1, h2, h3, h4, h5, h6')).toBeNull();
    expect(el.querySelector('s')!.textContent).toBe('old');
    expect([...el.querySelectorAll('thead th')].map((th) => `${th.getAttribute('scope')}:${th.textContent}`)).toEqual([
      'col:Plan',
      'col:Price',
    ]);
    expect(el.querySelector<HTMLAnchorElement>('tbody a')!.href).toBe('https://example.com/team');
    expect(el.querySelector('blockquote > blockquote code')!.textContent).toBe('code');
    expect(el.querySelector('blockquote > ul')!.textContent).toBe('a list in a quotelazy line');
    const boxes = [...el.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes.map((b) => [b.checked, b.disabled])).toEqual([
      [true, true],
      [false, true],
    ]);
    const code = el.querySelector('.fb-content > .fb-code')!;
    expect(el.querySelector('ol > li > .fb-code .fb-code-lang')!.textContent).toBe('bash');
    expect(code.querySelector('.fb-code-lang')!.textContent).toBe('ts');
    expect(code.querySelector('pre code')!.textContent).toBe('const a = 1;\n\n    return a;');
    expect(code.querySelector('button')!.disabled).toBe(false);
    // Reachable, but no Tab stop of their own: the transcript is one, a message entered with Enter.
    expect(code.querySelector('pre')!.tabIndex).toBe(-1);
    expect(el.querySelector<HTMLElement>('.fb-table')!.tabIndex).toBe(-1);
  });

  it('never builds DOM from the HTML in a table, a heading, a quote or a code block, and checks link URLs', async () => {
    const md = [
      '# <img src=x onerror=alert(1)>',
      '| <script>alert(1)</script> | [x](javascript:alert(1)) |',
      '|---|---|',
      `| ${HOSTILE_URLS.map((url) => `[u](${url.replace(/[|\s]/g, '')})`).join(' ')} | <a href="javascript:alert(1)">a</a> |`,
      '> <iframe src="javascript:alert(1)"></iframe>',
      '```"><svg onload=alert(1)>',
      '<style>*{display:none}</style>',
      '```',
    ].join('\n');
    const el = await mount(markdownContent(parseMarkdown(md)));
    expect(el.querySelector('img, script, iframe, svg, style, [onerror], [onload]')).toBeNull();
    for (const a of el.querySelectorAll('a'))
      expect(a.getAttribute('href') ?? '').not.toMatch(/^\s*(javascript|data|vbscript)/i);
    expect(el.querySelector('[role="heading"]')!.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(el.querySelector('.fb-code-lang')!.textContent).toBe('"><svg');
    expect(el.querySelector('pre code')!.textContent).toBe('<style>*{display:none}</style>');
  });
});

describe('renderStreamingText with markdown blocks', () => {
  it('draws every step as the complete text so far would be drawn', () => {
    for (const size of [1, 2, 5, 11]) {
      const entry = { text: '' };
      for (let at = 0; at < ANSWER.length; at += size) {
        entry.text = ANSWER.slice(0, at + size);
        expect(markup(renderStreamingText(entry)), JSON.stringify(entry.text)).toBe(markup(whole(entry.text)));
      }
    }
  });

  it('draws every step as the complete text so far would be drawn, however the text is cut', () => {
    const token = fc.constantFrom(
      'a',
      ' ',
      '\n',
      '\n\n',
      '| a | b |\n',
      '|---|--:|\n',
      '|',
      '> ',
      '>',
      '~~',
      '- [ ] ',
      '- ',
      '# ',
      '```js\n',
      '```',
      '**',
      '`',
      '   ```sh\n',
      '1. ',
      '===',
      '---',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 20 }), (tokens, cuts) => {
        const text = tokens.join('');
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const entry = { text: '' };
        for (const point of [...points, text.length]) {
          entry.text = text.slice(0, point);
          expect(markup(renderStreamingText(entry)), JSON.stringify(entry.text)).toBe(markup(whole(entry.text)));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('draws a quote whose lazy lines arrive after a cut as the whole text draws it', () => {
    // Found by the property above (seed -780209180): a quote's paragraph continued by lines without `>`.
    const text = '> |---|--:|\na```js\n>|---|--:|\n';
    for (let cut = 0; cut <= text.length; cut++) {
      const entry = { text: text.slice(0, cut) };
      renderStreamingText(entry);
      entry.text = text;
      expect(markup(renderStreamingText(entry)), `cut at ${cut}`).toBe(markup(whole(text)));
    }
  });

  it('keeps the rows of a growing table and the blocks of a growing quote', () => {
    const entry = { text: '| a | b |\n|---|---|\n| 1 | 2 |\n| 3 |' };
    const content = renderStreamingText(entry);
    const box = content.querySelector('.fb-table')!;
    const [header, first] = [...box.querySelectorAll('tr')];
    entry.text += ' 4 |\n| 5 | 6';
    renderStreamingText(entry);
    expect(content.querySelector('.fb-table')).toBe(box);
    const rows = [...box.querySelectorAll('tr')];
    expect(rows[0]).toBe(header);
    expect(rows[1]).toBe(first);
    expect(rows.map((row) => row.textContent)).toEqual(['ab', '12', '34', '56']);
    expect(markup(content)).toBe(markup(whole(entry.text)));

    const quoted = { text: '> first paragraph\n>\n> second' };
    const drawn = renderStreamingText(quoted);
    const quote = drawn.querySelector('blockquote')!;
    const paragraph = quote.firstElementChild;
    quoted.text += ' grows\n> - and a list';
    renderStreamingText(quoted);
    expect(drawn.querySelector('blockquote')).toBe(quote);
    expect(quote.firstElementChild).toBe(paragraph);
    expect(markup(drawn)).toBe(markup(whole(quoted.text)));
  });

  it('grows a code block under its bar, keeping its complete lines', () => {
    const entry = { text: 'Run:\n```bash\nnpm i' };
    const content = renderStreamingText(entry);
    const block = content.querySelector('.fb-code')!;
    const bar = block.querySelector('.fb-code-bar');
    const code = block.querySelector('code')!;
    expect(bar!.textContent).toContain('bash');
    entry.text += 'nstall\nnpm test\n';
    renderStreamingText(entry);
    const firstLine = code.firstChild;
    entry.text += 'npm run build\n```\nDone.';
    renderStreamingText(entry);
    expect(content.querySelector('.fb-code')).toBe(block);
    expect(block.querySelector('.fb-code-bar')).toBe(bar);
    expect(code.firstChild).toBe(firstLine);
    expect(code.textContent).toBe('npm install\nnpm test\nnpm run build');
    expect(markup(content)).toBe(markup(whole(entry.text)));
  });

  it('puts nothing that takes focus in a growing answer (its bubble is hidden from screen readers)', () => {
    const content = renderStreamingText({ text: ANSWER });
    expect(content.querySelector('.fb-code button')!.hasAttribute('disabled')).toBe(true);
    expect(
      content.querySelector('[tabindex]:not([tabindex="-1"]), a:not([tabindex="-1"]), button:not([disabled])'),
    ).toBeNull();
  });
});
