/**
 * Code as people read it: a fenced block with a language is coloured token by token (spans of text,
 * in the theme's colours, 4.5:1 on the block in light and in dark, plain in forced colours), without
 * moving a thing, and what Copy and the export give is still the code as sent. A 100 KB block is
 * coloured a slice per task, so that the page's own tasks run while it is coloured.
 */
import { fixture, html } from '@open-wc/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cdp } from 'vitest/browser';
import type { FlowbotChat } from '../../../src/element/flowbot-chat.js';
import { highlightFile } from '../../../src/element/rich/highlight-file.js';
import { renderStreamingText } from '../../../src/element/stream/view.js';
import { markdownContent } from '../../../src/render/on-demand-renderers.js';
import { provideHighlight } from '../../../src/render/code.js';
import { $, $$ } from '../../support/widget-dom.js';
import { inputShown, until } from '../../support/widget-actions.js';
import { startResponse, stubViewer } from '../../support/fake-viewer.js';
import { backgroundOf, contrast, parseColour } from '../wcag-helpers.js';
import { longestTask } from '../../support/long-task.js';

afterEach(() => vi.restoreAllMocks());
// What the rich messages' file does as it loads (the tests that draw without the element need it).
provideHighlight(highlightFile);

const markdown = (id: string, value: string) => ({ id, type: 'text', content: { type: 'markdown', markdown: value } });

const JS = [
  '// Sums the prices.',
  'const total = items.reduce((sum, item) => sum + item.price, 0);',
  "if (total > 100) return 'free shipping';",
].join('\n');

async function show(md: string, style = ''): Promise<FlowbotChat> {
  stubViewer(startResponse({ messages: [markdown('md', md)] }));
  const wrapper = await fixture<HTMLElement>(
    html`<div lang="en"><flowbot-chat public-id="stub" style=${style}></flowbot-chat></div>`,
  );
  const el = wrapper.querySelector('flowbot-chat')!;
  await inputShown(el);
  await until(() => $(el, '.fb-content .fb-code'));
  return el;
}

/** The block's token spans once they are there. */
const coloured = async (el: FlowbotChat): Promise<HTMLElement[]> => {
  await until(() => $$(el, '.fb-code code span').length > 0);
  return $$<HTMLElement>(el, '.fb-code code span');
};
const colourOf = (node: Element) => getComputedStyle(node).color;
const spanOf = (spans: HTMLElement[], text: string): HTMLElement => spans.find((s) => s.textContent === text)!;

const DARK_BUBBLE = 'color-scheme: dark; --flowbot-bot-bubble-color: #1e293b; --flowbot-bot-text-color: #e2e8f0';

describe('<flowbot-chat>', () => {
  describe('code blocks with a language', () => {
    it('colours keywords, strings, comments and numbers in spans of text, each 4.5:1 on the block', async () => {
      const el = await show(`Here:\n\n\`\`\`js\n${JS}\n\`\`\``);
      const spans = await coloured(el);
      const code = $(el, '.fb-code code')!;
      expect(code.textContent).toBe(JS);
      // Text nodes in spans, nothing else.
      for (const span of spans) expect([...span.childNodes].map((n) => n.nodeType)).toEqual([Node.TEXT_NODE]);
      const keyword = spanOf(spans, 'const');
      const string = spanOf(spans, "'free shipping'");
      const comment = spanOf(spans, '// Sums the prices.');
      const number = spanOf(spans, '100');
      const plain = colourOf($(el, '.fb-code pre')!);
      const colours = [keyword, string, comment, number].map(colourOf);
      for (const c of colours) expect(c).not.toBe(plain);
      expect(new Set(colours).size).toBe(4);
      const background = backgroundOf($(el, '.fb-code pre')!);
      for (const span of spans)
        expect(contrast(parseColour(colourOf(span)), background), span.textContent!).toBeGreaterThanOrEqual(4.5);
    });

    it('takes its dark colours in a dark colour scheme, each 4.5:1 on the dark block', async () => {
      const light = await coloured(await show(`\`\`\`js\n${JS}\n\`\`\``));
      const lightKeyword = colourOf(spanOf(light, 'const'));
      const el = await show(`\`\`\`js\n${JS}\n\`\`\``, DARK_BUBBLE);
      const spans = await coloured(el);
      expect(colourOf(spanOf(spans, 'const'))).not.toBe(lightKeyword);
      const background = backgroundOf($(el, '.fb-code pre')!);
      expect(contrast(background, [255, 255, 255, 1])).toBeGreaterThan(10);
      for (const span of spans)
        expect(contrast(parseColour(colourOf(span)), background), span.textContent!).toBeGreaterThanOrEqual(4.5);
    });

    it('keeps its light colours in a light widget on a page whose colour scheme is dark', async () => {
      stubViewer(startResponse({ messages: [markdown('md', `\`\`\`js\n${JS}\n\`\`\``)] }));
      // A dark site (its root's colour scheme dark) with the widget left light: the widget's colours,
      // not the page's scheme, choose the tokens'.
      const wrapper = await fixture<HTMLElement>(
        html`<div lang="en" style="color-scheme: dark"><flowbot-chat public-id="stub"></flowbot-chat></div>`,
      );
      const el = wrapper.querySelector('flowbot-chat')!;
      await inputShown(el);
      const spans = await coloured(el);
      const background = backgroundOf($(el, '.fb-code pre')!);
      expect(contrast(background, [255, 255, 255, 1])).toBeLessThan(1.5);
      for (const span of spans)
        expect(contrast(parseColour(colourOf(span)), background), span.textContent!).toBeGreaterThanOrEqual(4.5);
    });

    it('draws every token in the text colour in forced colours', async () => {
      const el = await show(`\`\`\`js\n${JS}\n\`\`\``);
      const spans = await coloured(el);
      await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'forced-colors', value: 'active' }] });
      try {
        await until(() => matchMedia('(forced-colors: active)').matches);
        const text = colourOf($(el, '.fb-code pre')!);
        for (const span of spans) expect(colourOf(span)).toBe(text);
      } finally {
        await cdp().send('Emulation.setEmulatedMedia', { features: [] });
      }
    });

    it('moves nothing: the block is as wide and as tall as the same code left plain, each line where it was', async () => {
      const el = await show(`\`\`\`js\n${JS}\n\`\`\`\n\n\`\`\`text\n${JS}\n\`\`\``);
      await coloured(el);
      const [js, text] = $$(el, '.fb-code pre');
      expect($$(el, '.fb-code code')[1]!.children).toHaveLength(0);
      expect(js!.scrollWidth).toBe(text!.scrollWidth);
      expect(js!.getBoundingClientRect().height).toBe(text!.getBoundingClientRect().height);
    });

    it('leaves the text of Copy and of the export as sent', async () => {
      const writeText = vi.fn(async (_text: string) => undefined);
      vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
      const el = await show(`Here:\n\n\`\`\`js\n${JS}\n\`\`\``);
      await coloured(el);
      $<HTMLButtonElement>(el, '.fb-code .fb-copy')!.click();
      await until(() => writeText.mock.calls.length);
      expect(writeText).toHaveBeenCalledWith(JS);
      expect(await el.exportTranscript('markdown')).toContain(`\`\`\`js\n${JS}\n\`\`\``);
    });

    it('stays plain for a language it does not read', async () => {
      const el = await show('```brainfuck\n+[-->-[>>+>-----<<]<--<---]>-.\n```');
      await highlightFile.load();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect($(el, '.fb-code code')!.children).toHaveLength(0);
      expect($(el, '.fb-code code')!.textContent).toBe('+[-->-[>>+>-----<<]<--<---]>-.');
    });

    it('colours a streamed block line by line, each coloured line staying where it was', async () => {
      await highlightFile.load();
      const host = await fixture<HTMLElement>(html`<div></div>`);
      const answer = `\`\`\`js\n${JS}\n\`\`\``;
      const stream = { text: '' };
      const at: [number, number][] = [];
      let content: HTMLElement;
      for (let end = 1; end <= answer.length; end += 3) {
        stream.text = answer.slice(0, end);
        content = renderStreamingText(stream);
        if (!content.isConnected) host.replaceChildren(content);
        const code = content.querySelector('code');
        if (!code) continue;
        // What has come of the code (and, at its end, of the closing fence, not yet told apart).
        expect(`${JS}\n\`\`\``.startsWith(code.textContent!), code.textContent!).toBe(true);
        const comment = [...code.querySelectorAll('span')].find((s) => s.textContent === '// Sums the prices.');
        if (comment) at.push([comment.getBoundingClientRect().x, comment.getBoundingClientRect().y]);
      }
      stream.text = answer;
      content = renderStreamingText(stream);
      // Coloured while it streamed (from its second line on), never moved.
      expect(at.length).toBeGreaterThan(10);
      for (const point of at) expect(point).toEqual(at[0]);
      expect(content.querySelector('code')!.textContent).toBe(JS);
      expect([...content.querySelectorAll('code span')].map((s) => s.textContent)).toContain("'free shipping'");
    });

    it(
      "colours a block of 100 KB a slice at a time: the page's own tasks run before it is all coloured",
      { timeout: 90_000 },
      async () => {
        // Markdown reads at most 50,000 characters (a message at most 20,000): a block this long is drawn
        // here from its node, as the widget draws any code block, in a box that lays it out as the widget does.
        await highlightFile.load();
        let code = '';
        for (let i = 0; code.length < 100_000; i++) code += `${JS.replace('total', `total${i}`)}\n`;
        code += '// the end';
        /** Coloured to its end: the last comment is a token of its own. */
        const done = (el: Element): boolean => {
          const last = el.lastChild;
          return last instanceof HTMLElement && last.matches('.hl-c') && last.textContent === '// the end';
        };
        const measure = async (lang: string) => {
          const box = await fixture<HTMLElement>(html`<div style="font: 13px/1.45 monospace; white-space: pre"></div>`);
          // The page's own task, posted again and again while the block is drawn: how many of them found
          // it coloured in part (some tokens drawn, not the last).
          let midway = 0;
          let ticking = true;
          let drawn: Element | null = null;
          const tick = (): void => {
            if (!ticking) return;
            if (drawn?.firstElementChild && !done(drawn)) midway++;
            setTimeout(tick);
          };
          let atOnce = false;
          const longest = await longestTask(async () => {
            setTimeout(tick);
            box.append(markdownContent([{ type: 'pre', lang, children: [{ text: code }] }]));
            drawn = box.querySelector('code')!;
            atOnce = done(drawn);
            if (lang !== 'text') await until(() => done(drawn!), 30_000);
            ticking = false;
            expect(drawn.textContent).toBe(code);
          });
          return { longest, midway, atOnce };
        };
        const plain = await measure('text');
        const coloured = await measure('js');
        console.info(
          `100 KB block: longest task ${coloured.longest.toFixed(1)} ms coloured, ${plain.longest.toFixed(1)} ms plain; ` +
            `${coloured.midway} tasks of the page ran while it was coloured in part`,
        );
        // After each slice the browser lays the whole block out again, which the widget cannot split: how
        // long that takes depends on the machine, not on the widget. What the widget owes is that its own
        // work is cut into tasks: the block is not all coloured in the task that draws it, and the page's
        // own tasks run between its slices. Coloured in one task, now or later, no task of the page would
        // find it coloured in part.
        expect(coloured.atOnce).toBe(false);
        expect(coloured.midway).toBeGreaterThanOrEqual(1);
      },
    );
  });
});
