/**
 * What the visitor sees of their own conversation: media and controls at a size that shows them
 * whole, no empty band where nothing can be answered, their answers in their own words and
 * language, and a launcher that shows it will close the panel.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { mountInput } from './controls-helpers.js';
import { $, $$, botTexts, part, parts, userTexts } from '../support/widget-dom.js';
import { until } from '../support/widget-actions.js';
import { startResponse, stubViewer, textMessage } from '../support/fake-viewer.js';
import { courseCard, PICTURE } from '../support/course-card.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const box = (node: Element): DOMRect => node.getBoundingClientRect();

/** A text field whose answer, `hello`, the viewer refused (500): the error shows under it. */
async function failedSend(): Promise<FlowbotChat> {
  const { el } = await mountInput({ type: 'text input' }, [new Response('{"message":"x"}', { status: 500 })]);
  part<HTMLInputElement>(el, 'input')!.value = 'hello';
  part<HTMLInputElement>(el, 'input')!.dispatchEvent(new Event('input'));
  part<HTMLButtonElement>(el, 'send-button')!.click();
  await until(() => part(el, 'error'));
  return el;
}

for (const width of [390, 1280]) {
  describe(`<flowbot-chat> at ${width} px`, () => {
    beforeEach(async () => {
      await page.viewport(width, 800);
    });

    it('shows an embed at its height and the width of the conversation, not 300 px', async () => {
      const embed = { id: 'e', type: 'embed', content: { url: '/demo-assets/embed.html', height: 520 } };
      const video = { id: 'v', type: 'video', content: { url: '/demo-assets/clip.webm' } };
      stubViewer(startResponse({ messages: [embed, video], input: { id: 'in', type: 'text input' } }));
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      const frame = await until(() => $<HTMLIFrameElement>(el, 'iframe'));
      const log = box(part(el, 'messages')!);
      expect(box(frame).height).to.be.closeTo(520, 1);
      expect(box(frame).width).to.be.greaterThan((log.width - 32) * 0.75);
      const player = $<HTMLVideoElement>(el, 'video')!;
      expect(box(player).width).to.be.greaterThan((log.width - 32) * 0.75);
    });

    it('shows each picture choice whole', async () => {
      const items = ['Cat', 'Dog', 'Fox'].map((title, i) => ({ id: `p${i}`, title, pictureSrc: PICTURE }));
      const { el } = await mountInput({ type: 'picture choice input', items });
      const images = $$<HTMLImageElement>(el, '[part~="picture-choice"] img');
      await until(() => images.every((img) => img.complete && img.naturalWidth > 0));
      for (const img of images) {
        expect(getComputedStyle(img).objectFit).to.equal('contain');
        const choice = box(img.closest('button')!);
        const shown = box(img);
        expect(shown.width).to.be.greaterThan(40);
        expect(shown.left >= choice.left && shown.right <= choice.right && shown.bottom <= choice.bottom).to.equal(
          true,
        );
      }
    });

    it('leaves the conversation at least half the panel under cards', async () => {
      const { el } = await mountInput({ type: 'cards', items: [courseCard('a'), courseCard('b'), courseCard('c')] });
      const panel = box(part(el, 'panel')!);
      expect(box(part(el, 'composer')!).height).to.be.at.most(panel.height / 2 + 1);
      expect(box(part(el, 'messages')!).height).to.be.at.least(panel.height * 0.35);
    });
  });
}

describe('<flowbot-chat>', () => {
  // A page that sizes the widget by its content (a grid or flex item without min-width: 0) must
  // not be pushed wider than a phone by a field's own width.
  for (const [name, input] of [
    ['a text field', { type: 'text input' }],
    ['a long-text field', { type: 'text input', options: { isLong: true } }],
  ] as const) {
    it(`fits a 300 px column by its content with ${name}`, async () => {
      const { el } = await mountInput(input);
      el.style.width = 'min-content';
      await el.updateComplete;
      expect(part(el, 'input')).not.to.equal(null);
      expect(el.getBoundingClientRect().width).to.be.at.most(300);
    });
  }

  it('keeps 8 px between the lines of the log: messages, answers and a notice', async () => {
    const el = await failedSend();
    const lines = [...part(el, 'messages')!.children];
    expect(
      lines.map((line) => ['.row.bot', '.row.user.failed', '[part="error"]'].find((s) => line.matches(s))),
    ).to.deep.equal(['.row.bot', '.row.user.failed', '[part="error"]']);
    for (let i = 1; i < lines.length; i++) expect(box(lines[i]!).top - box(lines[i - 1]!).bottom).to.be.closeTo(8, 0.5);
  });

  describe('has no empty composer band', () => {
    it('when the start failed: the error and its retry end the panel', async () => {
      stubViewer(new Response(JSON.stringify({ message: 'boom' }), { status: 500 }));
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await until(() => part(el, 'error'));
      expect(part(el, 'composer')).to.equal(null);
    });

    it('when the widget is unavailable', async () => {
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat public-id="stub" .widget=${{ isActivated: false }}></flowbot-chat>`,
      );
      await until(() => part(el, 'unavailable'));
      expect(part(el, 'composer')).to.equal(null);
    });

    it('but keeps the input after a failed send, to retry', async () => {
      const el = await failedSend();
      expect(part(el, 'composer')?.querySelector('input')).to.not.equal(null);
    });
  });

  describe("shows the visitor's answer in their words, and sends the protocol's value", () => {
    const answer = async (input: Record<string, unknown>, values: string[], lang = 'en', newFormat?: string) => {
      const { calls } = stubViewer(startResponse({ input: { id: 'in', ...input } }), [
        { messages: [textMessage('ok', 'Noted')], ...(newFormat ? { lastMessageNewFormat: newFormat } : {}) },
      ]);
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub" lang=${lang}></flowbot-chat>`);
      const fields = await until(() => {
        const found = $$<HTMLInputElement>(el, '.composer [part~="input"]');
        return found.length ? found : null;
      });
      fields.forEach((field, i) => {
        field.value = values[i]!;
        field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      });
      part<HTMLButtonElement>(el, 'send-button')!.click();
      await until(() => botTexts(el).includes('Noted'));
      const sent = calls.filter((c) => c.kind === 'continue').map((c) => c.body.message);
      return { sent, shown: userTexts(el) };
    };
    const day = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

    it('a date in the page language, even when the server echoes the wire form', async () => {
      const { sent, shown } = await answer({ type: 'date input' }, ['2030-01-02'], 'en', '2030-01-02');
      expect(sent).to.deep.equal(['2030-01-02']);
      expect(shown).to.deep.equal([new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(day(2030, 1, 2))]);
      expect(shown[0]).to.contain('Jan');
    });

    it('a date in Brazilian Portuguese', async () => {
      const { shown } = await answer({ type: 'date input' }, ['2030-01-02'], 'pt-BR');
      expect(shown).to.deep.equal([new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium' }).format(day(2030, 1, 2))]);
      expect(shown[0]).to.contain('jan');
    });

    it('a date range as one span, a date with a time, a time', async () => {
      const range = await answer({ type: 'date input', options: { isRange: true } }, ['2030-07-01', '2030-07-14']);
      expect(range.sent).to.deep.equal(['2030-07-01 to 2030-07-14']);
      const format = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
      expect(range.shown).to.deep.equal([format.formatRange(day(2030, 7, 1), day(2030, 7, 14))]);
      vi.restoreAllMocks();

      const withTime = await answer({ type: 'date input', options: { hasTime: true } }, ['2030-03-04T09:30']);
      expect(withTime.sent).to.deep.equal(['2030-03-04T09:30']);
      expect(withTime.shown).to.deep.equal([
        new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(day(2030, 3, 4, 9, 30)),
      ]);
      vi.restoreAllMocks();

      const time = await answer({ type: 'time input' }, ['18:45']);
      expect(time.sent).to.deep.equal(['18:45']);
      expect(time.shown[0]).to.match(/^6:45\sPM$/);
    });

    it('a phone number as typed, sent without its separators', async () => {
      const { sent, shown } = await answer(
        { type: 'phone number input' },
        ['+55 11 98765-4321'],
        'en',
        '+5511987654321',
      );
      expect(sent).to.deep.equal(['+5511987654321']);
      expect(shown).to.deep.equal(['+55 11 98765-4321']);
    });

    it("a choice's label, not its value", async () => {
      const items = [{ id: 'a', content: 'Marketing', value: 'marketing' }];
      const { calls } = stubViewer(startResponse({ input: { id: 'in', type: 'choice input', items } }), [
        { messages: [textMessage('ok', 'Noted')], lastMessageNewFormat: 'marketing' },
      ]);
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      (await until(() => part<HTMLButtonElement>(el, 'choice'))).click();
      await until(() => botTexts(el).includes('Noted'));
      expect(
        calls.filter((c) => c.kind === 'continue').map((c) => (c.body.message as { text: string }).text),
      ).to.deep.equal(['marketing']);
      expect(userTexts(el)).to.deep.equal(['Marketing']);
    });
  });

  describe('launcher', () => {
    it('shows a chevron while the panel is open, the chat icon or the widget icon while closed', async () => {
      stubViewer(startResponse());
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat public-id="stub" mode="bubble" .widget=${{ widgetIcon: PICTURE }}></flowbot-chat>`,
      );
      const launcher = part<HTMLButtonElement>(el, 'launcher')!;
      const drawn = () =>
        launcher.querySelector('img') ? 'widget icon' : launcher.querySelector('path')!.getAttribute('d');
      expect(drawn()).to.equal('widget icon');
      launcher.click();
      await el.updateComplete;
      expect(drawn()).to.equal('m6 9 6 6 6-6');
      expect(launcher.getAttribute('aria-expanded')).to.equal('true');
      launcher.click();
      await el.updateComplete;
      expect(drawn()).to.equal('widget icon');
      el.widget = {};
      await el.updateComplete;
      expect(drawn()).to.not.equal('m6 9 6 6 6-6');
      expect(parts(el, 'launcher')).to.have.length(1);
    });
  });
});

describe('<flowbot-chat> on the demo flow', () => {
  it("shows the avatar the page picks (the demo's Avatar picker), and none when it picks none", async () => {
    const el = await fixture<FlowbotChat>(
      html`<flowbot-chat public-id="demo" .widget=${{ avatarIcon: '/demo-assets/fox.svg' }}></flowbot-chat>`,
    );
    const avatar = await until(() => part<HTMLImageElement>(el, 'avatar'));
    expect(new URL(avatar.src).pathname).to.equal('/demo-assets/fox.svg');
    el.widget = { avatarIcon: '/demo-assets/cat.svg' };
    await el.updateComplete;
    expect(new URL(part<HTMLImageElement>(el, 'avatar')!.src).pathname).to.equal('/demo-assets/cat.svg');
    el.widget = {};
    await el.updateComplete;
    expect($$(el, '[part~="bot-message"]').length).to.be.greaterThan(0);
    expect($$(el, '.row.bot > [part~="avatar"]')).to.have.length(0);
  });
});
