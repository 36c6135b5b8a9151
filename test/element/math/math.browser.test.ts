/**
 * Math in answers: a formula is drawn as MathML (displayed math as `display="block"`, on a line of its
 * own), a screen reader gets the MathML and not the TeX as well, Copy and the export give the TeX, and
 * a formula that cannot be read (or an untrusted command) shows its source. Against a fake viewer.
 */
import { fixture, html } from '@open-wc/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cdp } from 'vitest/browser';
import type { FlowbotChat } from '../../../src/element/flowbot-chat.js';
import { mathFile } from '../../../src/element/rich/math-file.js';
import { renderStreamingText } from '../../../src/element/stream/view.js';
import { $, $$ } from '../../support/widget-dom.js';
import { inputShown, until } from '../../support/widget-actions.js';
import { startResponse, stubViewer } from '../../support/fake-viewer.js';

afterEach(() => vi.restoreAllMocks());

const ANSWER = [
  'The mean is $\\bar{x} = \\frac{1}{n}\\sum_{i=1}^{n} x_i$, for prices of $5 and $10.',
  '$$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$',
  'Unknown: $\\notacommand{x}$ and untrusted: $\\href{https://example.com}{y}$; in code: `$z$`.',
].join('\n\n');

async function show(md: string): Promise<FlowbotChat> {
  stubViewer(startResponse({ messages: [{ id: 'md', type: 'text', content: { type: 'markdown', markdown: md } }] }));
  const wrapper = await fixture<HTMLElement>(html`<div lang="en"><flowbot-chat public-id="stub"></flowbot-chat></div>`);
  const el = wrapper.querySelector('flowbot-chat')!;
  await inputShown(el);
  await until(() => $(el, '.fb-content .fb-math'));
  return el;
}

const drawn = (el: FlowbotChat) => until(() => $$(el, '.fb-math math').length >= 2 && $$(el, '.fb-math math'));

describe('<flowbot-chat>', () => {
  describe('math', () => {
    it('draws $…$ as inline MathML and $$…$$ as a displayed formula on a line of its own', async () => {
      const el = await show(ANSWER);
      const [inline, display] = await drawn(el);
      expect(inline!.namespaceURI).toBe('http://www.w3.org/1998/Math/MathML');
      expect(inline!.hasAttribute('display')).toBe(false);
      expect(display!.getAttribute('display')).toBe('block');
      // The inline formula sits in its line of text; the displayed one below it, alone on its line.
      const paragraph = inline!.closest('p')!;
      const line = inline!.getBoundingClientRect();
      expect(line.height).toBeGreaterThan(10);
      expect(line.top).toBeGreaterThanOrEqual(paragraph.getBoundingClientRect().top - 1);
      const block = display!.getBoundingClientRect();
      expect(getComputedStyle(display!).display).toMatch(/^block/);
      expect(block.top).toBeGreaterThanOrEqual(paragraph.getBoundingClientRect().bottom - 1);
      // Centred in the bubble's text.
      const content = display!.closest('.fb-content')!.getBoundingClientRect();
      expect(Math.abs(block.left + block.width / 2 - (content.left + content.width / 2))).toBeLessThan(20);
      // Prices and code stay text.
      expect(paragraph.textContent).toContain('prices of $5 and $10.');
      expect($(el, '.fb-content code')!.textContent).toBe('$z$');
    });

    it('shows the source of a formula it cannot read, or with a command it does not trust', async () => {
      const el = await show(ANSWER);
      await drawn(el);
      const unread = $$(el, '.fb-math').filter((box) => !box.querySelector('math'));
      expect(unread.map((box) => box.textContent)).toEqual(['$\\notacommand{x}$', '$\\href{https://example.com}{y}$']);
      expect($$(el, '.fb-content a')).toHaveLength(0);
    });

    it('shows every formula as its source when the math file does not arrive', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      vi.spyOn(mathFile, 'get').mockReturnValue(undefined);
      vi.spyOn(mathFile, 'load').mockRejectedValue(new Error('refused'));
      const el = await show(ANSWER);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect($$(el, '.fb-math math')).toHaveLength(0);
      expect($$(el, '.fb-math').map((box) => box.textContent)).toContain('$$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$');
    });

    it('gives a screen reader the MathML, not the TeX as well', async () => {
      const el = await show(ANSWER);
      await drawn(el);
      // The tree of this test's frame (the page holds the runner's frames).
      type Frames = { frame: { id: string; url: string }; childFrames?: Frames[] };
      const { frameTree } = (await cdp().send('Page.getFrameTree', {})) as { frameTree: Frames };
      const all = (tree: Frames): Frames[] => [tree, ...(tree.childFrames ?? []).flatMap(all)];
      const frameId = all(frameTree).find((tree) => tree.frame.url === location.href)!.frame.id;
      const { nodes } = (await cdp().send('Accessibility.getFullAXTree', { frameId })) as {
        nodes: { name?: { value?: string }; role?: { value?: string } }[];
      };
      const heard = nodes.map((node) => `${node.name?.value ?? ''}`).join('\n');
      expect(heard).not.toContain('\\frac');
      expect(heard).not.toContain('\\int');
      const roles = nodes.map((node) => `${node.role?.value ?? ''}`);
      expect(
        roles.filter((role) => /math/i.test(role)),
        roles.join(),
      ).not.toHaveLength(0);
      expect(heard).toContain('Unknown');
    });

    it('gives the TeX source to Copy and to the export', async () => {
      const written: string[] = [];
      const writeText = vi.fn(async (value: string) => void written.push(value));
      vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
      const el = await show(ANSWER);
      await drawn(el);
      const copy = await until(() => $<HTMLButtonElement>(el, '[data-act="copy"]'));
      copy.click();
      await until(() => written.length === 1);
      expect(written[0]).toBe(ANSWER);
      const markdown = await el.exportTranscript('markdown');
      expect(markdown).toContain('$\\bar{x} = \\frac{1}{n}\\sum_{i=1}^{n} x_i$');
      expect(markdown).toContain('$$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$');
      expect(await el.exportTranscript('text')).toContain('$$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$');
    });

    it('draws a streamed formula once its closer has come', async () => {
      const entry = { text: 'So $a^2 + b' };
      const content = renderStreamingText(entry);
      document.body.append(content);
      expect(content.querySelector('math')).toBeNull();
      entry.text = 'So $a^2 + b^2 = c^2$ holds';
      expect(renderStreamingText(entry)).toBe(content);
      await until(() => content.querySelector('.fb-math math'));
      expect(content.textContent).toContain('holds');
      content.remove();
    });

    it('keeps a streamed formula as MathML however many pieces follow it in its list item or table', async () => {
      await mathFile.load();
      const entry = { text: '- So $a^2 + b^2 = c^2$ holds' };
      const content = renderStreamingText(entry);
      document.body.append(content);
      await until(() => content.querySelector('.fb-math math'));
      // Each piece draws the open paragraph again: more pieces than the formulas a message may draw.
      for (let i = 0; i < 250; i++) {
        entry.text += ' and more';
        renderStreamingText(entry);
      }
      expect(content.querySelector('.fb-math math')).not.toBeNull();
      expect(content.querySelector('.fb-math')!.textContent).not.toContain('a^2');
      content.remove();
    });
  });
});
