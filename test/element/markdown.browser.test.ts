/**
 * Markdown answers as AI models write them, in the widget: headings with
 * their levels, tables that scroll in their own box, quotes, strikethrough,
 * task lists and code blocks with a Copy button. What a visitor sees and can
 * do is measured: geometry, computed styles, the clipboard, the selection.
 */
import { expect as chaiExpect, fixture, html } from '@open-wc/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cdp, userEvent } from 'vitest/browser';
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { $, $$, part, parts } from '../support/widget-dom.js';
import { inputShown, until } from '../support/widget-actions.js';
import { startResponse, stubViewer } from '../support/fake-viewer.js';
import { backgroundOf, contrast, type Rgba } from './wcag-helpers.js';
import { screenshotPixels } from '../support/screenshot-pixels.js';

afterEach(() => vi.restoreAllMocks());

const markdown = (id: string, value: string) => ({ id, type: 'text', content: { type: 'markdown', markdown: value } });

const ANSWER = [
  '# Plans',
  '## Prices',
  '| Plan | Price | Seats |',
  '|:-----|------:|:-----:|',
  '| Free | $0 | 1 |',
  '| Team | **$8** | 10 |',
  '',
  '### Install',
  '```bash',
  'npm install flowbot-chat',
  '  --save',
  '```',
  '',
  '> Prices are ~~monthly~~ yearly.',
  '',
  '- [x] Sign up',
  '- [ ] Invite the team',
].join('\n');

const CODE = 'npm install flowbot-chat\n  --save';

async function show(md: string, attrs: { dir?: string; style?: string; lang?: string } = {}): Promise<FlowbotChat> {
  stubViewer(startResponse({ messages: [markdown('md', md)] }));
  const wrapper = await fixture<HTMLElement>(
    html`<div dir=${attrs.dir ?? 'ltr'} lang=${attrs.lang ?? 'en'} style=${attrs.style ?? ''}>
      <flowbot-chat public-id="stub"></flowbot-chat>
    </div>`,
  );
  const el = wrapper.querySelector('flowbot-chat')!;
  await inputShown(el);
  await until(() => $(el, '.fb-content .fb-code, .fb-content .fb-table, .fb-content [role="heading"]'));
  return el;
}

const bubbleOf = (el: FlowbotChat): HTMLElement => parts(el, 'bot-message').at(-1)!;

/** Fills `navigator.clipboard` with `clipboard` for one test (undefined: a browser without the API). */
function stubClipboard(clipboard: Partial<Clipboard> | undefined): void {
  const own = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  afterEachOnce(() => {
    if (own) Object.defineProperty(navigator, 'clipboard', own);
    else delete (navigator as { clipboard?: unknown }).clipboard;
  });
}

const cleanups: (() => void)[] = [];
const afterEachOnce = (fn: () => void) => cleanups.push(fn);
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn();
});

/** The text selected in the document (a selection inside the shadow root included). */
function selectedText(el: FlowbotChat): string {
  const root = el.shadowRoot as ShadowRoot & { getSelection?: () => Selection | null };
  return (root.getSelection?.() ?? document.getSelection())?.toString() ?? '';
}

describe('<flowbot-chat> markdown answers', () => {
  it('is accessible with headings, a table, a code block, a quote and a task list', async () => {
    const el = await show(ANSWER);
    await chaiExpect(el).to.be.accessible();
  });

  it('gives headings their levels without entering the page outline', async () => {
    const el = await show(ANSWER);
    const headings = $$(el, '.fb-content [role="heading"]');
    expect(headings.map((h) => [h.getAttribute('aria-level'), h.textContent])).toEqual([
      ['1', 'Plans'],
      ['2', 'Prices'],
      ['3', 'Install'],
    ]);
    expect($$(el, 'h1, h2, h3, h4, h5, h6')).toHaveLength(0);
    const size = (node: Element) => parseFloat(getComputedStyle(node).fontSize);
    const paragraph = $(el, '.fb-content blockquote p')!;
    expect(size(headings[0]!)).toBeGreaterThan(size(headings[1]!));
    expect(size(headings[1]!)).toBeGreaterThan(size(paragraph));
    expect(getComputedStyle(headings[2]!).fontWeight).toBe('700');
  });

  it('draws a table whose header cells name their columns', async () => {
    const el = await show(ANSWER);
    const table = $<HTMLTableElement>(el, '.fb-table table')!;
    const head = [...table.tHead!.rows[0]!.cells];
    expect(head.map((c) => [c.tagName, c.getAttribute('scope'), c.textContent])).toEqual([
      ['TH', 'col', 'Plan'],
      ['TH', 'col', 'Price'],
      ['TH', 'col', 'Seats'],
    ]);
    const rows = [...table.tBodies[0]!.rows].map((r) => [...r.cells].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Free', '$0', '1'],
      ['Team', '$8', '10'],
    ]);
    expect(table.tBodies[0]!.rows[1]!.cells[1]!.querySelector('strong')?.textContent).toBe('$8');
    // Alignment from the delimiter row: a right-aligned column's text ends at the cell's end.
    const price = table.tBodies[0]!.rows[0]!.cells[1]!;
    expect(getComputedStyle(price).textAlign).toBe('end');
    // Cells have visible edges.
    expect(getComputedStyle(price).borderTopStyle).toBe('solid');
  });

  it('scrolls a wide table inside its own box: the bubble and the page do not scroll', async () => {
    const wide = `| ${Array.from({ length: 14 }, (_, k) => `Column ${k}`).join(' | ')} |\n|${'---|'.repeat(14)}\n| ${Array.from({ length: 14 }, (_, k) => `value-${k}-without-spaces`).join(' | ')} |`;
    const el = await show(wide, { style: 'width: 360px' });
    const box = $(el, '.fb-table')!;
    const bubble = bubbleOf(el);
    const log = part(el, 'messages')!;
    expect(box.scrollWidth).toBeGreaterThan(box.clientWidth + 100);
    expect(bubble.scrollWidth).toBeLessThanOrEqual(bubble.clientWidth + 1);
    expect(log.scrollWidth).toBeLessThanOrEqual(log.clientWidth + 1);
    expect(document.scrollingElement!.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const inner = bubble.getBoundingClientRect();
    const outer = box.getBoundingClientRect();
    expect(outer.left).toBeGreaterThanOrEqual(inner.left - 0.5);
    expect(outer.right).toBeLessThanOrEqual(inner.right + 0.5);
    // The box is reachable by keyboard once its message is entered (no Tab stop of its own before), and
    // scrolls with the arrow keys.
    expect(box.tabIndex).toBe(-1);
    expect(box.getAttribute('role')).toBe('group');
    expect(box.getAttribute('aria-label')).toMatch(/^Column 0, Column 1, /);
    box.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    await until(() => box.scrollLeft > 0);
    expect(bubble.scrollLeft).toBe(0);
  });

  it('shows a code block in monospace, with its language, scrolling sideways inside its own box', async () => {
    const line = `const answer = ${'"a long string that does not wrap", '.repeat(8)};`;
    const el = await show(`Here:\n\n\`\`\`ts\n${line}\nreturn answer;\n\`\`\``, { style: 'width: 360px' });
    const block = $(el, '.fb-code')!;
    const pre = block.querySelector('pre')!;
    expect(block.querySelector('.fb-code-lang')!.textContent).toBe('ts');
    expect(pre.textContent).toBe(`${line}\nreturn answer;`);
    expect(getComputedStyle(pre).fontFamily).toMatch(/mono|Menlo|Consolas/);
    expect(getComputedStyle(pre).whiteSpace).toBe('pre');
    // Two lines, not wrapped: the block is as tall as two lines and its padding.
    const lineHeight = parseFloat(getComputedStyle(pre).lineHeight);
    expect(pre.clientHeight).toBeLessThan(3 * lineHeight + 24);
    expect(pre.scrollWidth).toBeGreaterThan(pre.clientWidth + 100);
    // Reached inside its message (Enter on the message, then Tab), as the transcript is one Tab stop.
    expect(pre.tabIndex).toBe(-1);
    const bubble = bubbleOf(el);
    expect(bubble.scrollWidth).toBeLessThanOrEqual(bubble.clientWidth + 1);
    expect(part(el, 'messages')!.scrollWidth).toBeLessThanOrEqual(part(el, 'messages')!.clientWidth + 1);
    expect(document.scrollingElement!.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    expect(block.getBoundingClientRect().right).toBeLessThanOrEqual(bubble.getBoundingClientRect().right);
  });

  it("draws code in the font of --flowbot-code-font-family (spans, blocks, a block's language), the rest in the widget's", async () => {
    const code = '"Code Test", monospace';
    const el = await show('Run `npm test` first:\n\n```bash\nnpm test\n```', {
      style: `--flowbot-code-font-family: ${code}; --flowbot-font-family: "Body Test", sans-serif`,
    });
    const font = (node: Element | null) => getComputedStyle(node!).fontFamily;
    expect(font($(el, '.fb-content code:not(pre code)'))).toBe(code);
    expect(font($(el, '.fb-code pre'))).toBe(code);
    expect(font($(el, '.fb-code-lang'))).toBe(code);
    expect(font(bubbleOf(el))).toBe('"Body Test", sans-serif');
    expect(font($(el, '.fb-copy'))).toBe('"Body Test", sans-serif');
  });

  it('draws quotes, strikethrough and task lists', async () => {
    const el = await show(ANSWER);
    const quote = $(el, '.fb-content blockquote')!;
    expect(quote.textContent).toBe('Prices are monthly yearly.');
    expect(getComputedStyle(quote).borderInlineStartStyle).toBe('solid');
    const struck = quote.querySelector('s')!;
    expect(struck.textContent).toBe('monthly');
    expect(getComputedStyle(struck).textDecorationLine).toBe('line-through');
    const boxes = $$<HTMLInputElement>(el, '.fb-content li input[type="checkbox"]');
    expect(boxes.map((b) => [b.checked, b.disabled, b.labels?.[0]?.textContent])).toEqual([
      [true, true, 'Sign up'],
      [false, true, 'Invite the team'],
    ]);
  });

  it("draws a task's box in the text's colour: a frame when open, filled and checked when done (≥ 3:1)", async () => {
    const el = await show(ANSWER);
    const [done, open] = $$<HTMLInputElement>(el, '.fb-content li input[type="checkbox"]');
    const behind = backgroundOf(bubbleOf(el));
    /** The pixels of `box` as painted (a screenshot of it), each with its contrast against the bubble. */
    const inkOf = async (box: HTMLElement): Promise<{ best: number; inked: number; all: number }> => {
      const { data } = await screenshotPixels(box);
      const ratios: number[] = [];
      for (let i = 0; i < data.length; i += 4)
        ratios.push(contrast([data[i]!, data[i + 1]!, data[i + 2]!, 1] as Rgba, behind));
      return { best: Math.max(...ratios), inked: ratios.filter((r) => r >= 3).length, all: ratios.length };
    };
    const checked = await inkOf(done!);
    const unchecked = await inkOf(open!);
    // Both boxes have an edge that reads (1.4.11), and done is told from open by shape: filled, not a frame.
    expect(checked.best).toBeGreaterThanOrEqual(3);
    expect(unchecked.best).toBeGreaterThanOrEqual(3);
    expect(checked.inked / checked.all).toBeGreaterThan(0.5);
    expect(unchecked.inked / unchecked.all).toBeLessThan(0.6);
    expect(checked.inked).toBeGreaterThan(unchecked.inked * 1.3);
  });

  describe('copying code', () => {
    it('copies the code as text with the Clipboard API, and says so', async () => {
      const writeText = vi.fn(async (_text: string) => undefined);
      stubClipboard({ writeText });
      const el = await show(ANSWER);
      const button = $<HTMLButtonElement>(el, '.fb-code .fb-copy')!;
      expect(button.textContent).toBe('Copy code');
      await userEvent.click(button);
      await until(() => writeText.mock.calls.length);
      expect(writeText).toHaveBeenCalledWith(CODE);
      const status = $(el, '.fb-code [role="status"]')!;
      await until(() => status.textContent === 'Copied');
      // Said to screen readers; seen as a check mark on the button.
      expect(status.getBoundingClientRect().width).toBeLessThanOrEqual(1);
      expect(getComputedStyle(button, '::after').content).toContain('✓');
    });

    for (const [name, clipboard] of [
      ['refused', { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) }],
      ['missing', undefined],
    ] as const) {
      it(`selects the code and shows the keys that copy it when the clipboard is ${name}`, async () => {
        stubClipboard(clipboard);
        const el = await show(ANSWER);
        const button = $<HTMLButtonElement>(el, '.fb-code .fb-copy')!;
        await userEvent.click(button);
        const status = $(el, '.fb-code [role="status"]')!;
        await until(() => status.textContent === 'Press Ctrl+C to copy');
        // Visible, beside the button.
        const hint = status.getBoundingClientRect();
        expect(hint.width).toBeGreaterThan(20);
        expect(Math.abs(hint.top - button.getBoundingClientRect().top)).toBeLessThan(button.offsetHeight);
        expect(el.shadowRoot!.activeElement).toBe($(el, '.fb-code pre'));
        expect(selectedText(el)).toBe(CODE);
      });
    }

    it('names the keys of Apple platforms, and speaks Brazilian Portuguese', async () => {
      stubClipboard(undefined);
      const agent = Object.getOwnPropertyDescriptor(navigator, 'userAgent');
      Object.defineProperty(navigator, 'userAgent', {
        value: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Safari/605.1.15',
        configurable: true,
      });
      afterEachOnce(() => {
        if (agent) Object.defineProperty(navigator, 'userAgent', agent);
        else delete (navigator as { userAgent?: string }).userAgent;
      });
      const el = await show(ANSWER, { lang: 'pt-BR' });
      const button = await until(
        () =>
          $<HTMLButtonElement>(el, '.fb-code .fb-copy')?.textContent === 'Copiar código' &&
          $<HTMLButtonElement>(el, '.fb-code .fb-copy'),
      );
      await userEvent.click(button);
      const status = $(el, '.fb-code [role="status"]')!;
      await until(() => status.textContent === 'Pressione ⌘C para copiar');
      // Copied with the keys: said the same way.
      $(el, '.fb-code pre')!.dispatchEvent(new Event('copy', { bubbles: true }));
      expect(status.textContent).toBe('Copiado');
    });
  });

  describe('a table wider than its bubble', () => {
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    /** The box as painted: each pixel's distance from the bubble's colour, by row. */
    async function inkOf(
      el: FlowbotChat,
      box: HTMLElement,
    ): Promise<{ ink: (x: number, y: number) => number; w: number; h: number; scale: number }> {
      const [r, g, b] = backgroundOf(bubbleOf(el));
      const { data, width, height, scale } = await screenshotPixels(box);
      const ink = (x: number, y: number) => {
        const i = (y * width + x) * 4;
        return Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b);
      };
      return { ink, w: width, h: height, scale };
    }
    /**
     * How much of the table shows in the 12 px along the box's left and right edges, against the
     * same box painted with no mask: 1 where nothing fades it, far less under a fade.
     */
    async function edges(el: FlowbotChat, box: HTMLElement): Promise<{ left: number; right: number }> {
      await frames();
      const seen = await inkOf(el, box);
      box.style.setProperty('mask', 'none');
      const whole = await inkOf(el, box);
      box.style.removeProperty('mask');
      await frames();
      const band = Math.round(12 * seen.scale);
      const share = (from: number) => {
        let shown = 0;
        let all = 0;
        for (let x = from; x < from + band; x++)
          for (let y = 0; y < seen.h; y++) {
            shown += seen.ink(x, y);
            all += whole.ink(x, y);
          }
        return Math.round((shown / all) * 100) / 100;
      };
      return { left: share(0), right: share(seen.w - band) };
    }
    const WIDE = `| ${Array.from({ length: 5 }, (_, k) => `Column ${k}`).join(' | ')} |\n|${'---|'.repeat(5)}\n| ${Array.from({ length: 5 }, (_, k) => `value_${k}_without_spaces`).join(' | ')} |`;
    /**
     * Most of the table shows (text drawn under a mask may be smoothed a little differently), or
     * most of it is faded (about a quarter shows).
     */
    const INKED = 0.6;
    const FADED = 0.4;

    it('fades out at each side where more of it waits, and nowhere when it fits', async () => {
      const el = await show(WIDE, { style: 'width: 390px' });
      const box = $(el, '.fb-table')!;
      expect(box.scrollWidth).toBeGreaterThan(box.clientWidth + 100);
      // At its start: more waits at the right only.
      let seen = await edges(el, box);
      expect(seen.left).toBeGreaterThan(INKED);
      expect(seen.right).toBeLessThan(FADED);
      // Half way: on both sides.
      box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
      seen = await edges(el, box);
      expect(seen.left).toBeLessThan(FADED);
      expect(seen.right).toBeLessThan(FADED);
      // At its end: at the left only.
      box.scrollLeft = box.scrollWidth;
      seen = await edges(el, box);
      expect(seen.left).toBeLessThan(FADED);
      expect(seen.right).toBeGreaterThan(INKED);

      // A table that fits has no fade.
      const small = await show('| A | B |\n|---|---|\n| 1 | 2 |', { style: 'width: 390px' });
      const fits = $(small, '.fb-table')!;
      expect(fits.scrollWidth).toBeLessThanOrEqual(fits.clientWidth);
      seen = await edges(small, fits);
      expect(seen.left).toBeGreaterThan(INKED);
      expect(seen.right).toBeGreaterThan(INKED);
    });

    it('fades from the right in a right-to-left page, where it starts', async () => {
      const el = await show(WIDE, { dir: 'rtl', style: 'width: 390px' });
      const box = $(el, '.fb-table')!;
      let seen = await edges(el, box);
      expect(seen.right).toBeGreaterThan(INKED);
      expect(seen.left).toBeLessThan(FADED);
      box.scrollLeft = -box.scrollWidth;
      seen = await edges(el, box);
      expect(seen.right).toBeLessThan(FADED);
      expect(seen.left).toBeGreaterThan(INKED);
    });

    it('shows its whole focus ring when focused by keyboard', async () => {
      const el = await show(WIDE, { style: 'width: 390px' });
      const box = $(el, '.fb-table')!;
      box.focus({ focusVisible: true } as FocusOptions);
      await userEvent.keyboard('{ArrowRight}');
      await until(() => box.scrollLeft > 0 && box.matches(':focus-visible'));
      const seen = await edges(el, box);
      expect(seen.left).toBeGreaterThan(INKED);
      expect(seen.right).toBeGreaterThan(INKED);
    });
  });

  it('mirrors in a right-to-left page: the table reads from the right, the copy button at the inline end', async () => {
    const wide = `| ${Array.from({ length: 14 }, (_, k) => `عمود ${k}`).join(' | ')} |\n|${'---|'.repeat(14)}\n| ${Array.from({ length: 14 }, (_, k) => `قيمة-${k}-طويلة-بلا-مسافات`).join(' | ')} |\n\n\`\`\`js\nlet a = 1;\n\`\`\``;
    const el = await show(wide, { dir: 'rtl', style: 'width: 360px' });
    const box = $(el, '.fb-table')!;
    const first = $(el, '.fb-table th')!;
    // The first column is at the right, in view; the box scrolls towards the left.
    expect(Math.abs(first.getBoundingClientRect().right - box.getBoundingClientRect().right)).toBeLessThanOrEqual(1);
    expect(box.scrollLeft).toBe(0);
    box.scrollLeft = -100;
    expect(box.scrollLeft).toBeLessThan(0);
    const bar = $(el, '.fb-code-bar')!.getBoundingClientRect();
    const button = $(el, '.fb-copy')!.getBoundingClientRect();
    const lang = $(el, '.fb-code-lang')!.getBoundingClientRect();
    expect(button.left - bar.left).toBeLessThan(bar.right - button.right);
    expect(lang.left).toBeGreaterThan(button.right);
    // Code reads left to right whatever the page's direction.
    const pre = $(el, '.fb-code pre')!;
    expect(getComputedStyle(pre).direction).toBe('ltr');
    expect(bubbleOf(el).scrollWidth).toBeLessThanOrEqual(bubbleOf(el).clientWidth + 1);
  });

  it('derives the code background from the text colour, in a dark theme too', async () => {
    const el = await show(ANSWER, { style: '--flowbot-bot-bubble-color: #111827; --flowbot-bot-text-color: #f9fafb' });
    const block = $(el, '.fb-code')!;
    // `rgba(r, g, b, a)` (0–255) or `color(srgb r g b / a)` (0–1): channels as fractions.
    const value = getComputedStyle(block).backgroundColor;
    const numbers = (value.match(/[\d.]+/g) ?? []).map(Number);
    const [r, g, b] = numbers.slice(0, 3).map((n) => (value.startsWith('color(') ? n : n / 255));
    const a = numbers[3];
    // A little of the light text colour over the dark bubble.
    expect(r! + g! + b!, value).toBeGreaterThan(3 * 0.9);
    expect(a).toBeGreaterThan(0);
    expect(a).toBeLessThan(0.2);
  });

  it('keeps the edges of code blocks and tables in forced colours', async () => {
    const session = cdp();
    await session.send('Emulation.setEmulatedMedia', { features: [{ name: 'forced-colors', value: 'active' }] });
    try {
      const el = await show(ANSWER);
      expect(matchMedia('(forced-colors: active)').matches).toBe(true);
      for (const node of [$(el, '.fb-code')!, $(el, '.fb-table td')!, $(el, '.fb-table th')!]) {
        const style = getComputedStyle(node);
        expect(style.borderTopStyle).toBe('solid');
        expect(parseFloat(style.borderTopWidth)).toBeGreaterThanOrEqual(1);
        expect(style.borderTopColor).not.toMatch(/rgba\(.*, 0\)|transparent/);
      }
    } finally {
      await session.send('Emulation.setEmulatedMedia', { features: [] });
    }
  });
});
