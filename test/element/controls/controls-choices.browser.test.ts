import { expect } from '@open-wc/testing';
import { afterEach, describe, it, vi } from 'vitest';
import { cdp, page, userEvent } from 'vitest/browser';
import type { FlowbotChat } from '../../../src/element/flowbot-chat.js';
import { focused, mountInput, oneClickStars, settle, tabTo, unavailable } from '../controls-helpers.js';
import { $, $$, botTexts, part, parts, text, userTexts } from '../../support/widget-dom.js';
import { until } from '../../support/widget-actions.js';
import { backgroundOf, contrast, type Rgba } from '../wcag-helpers.js';
import { screenshotPixels } from '../../support/screenshot-pixels.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const pictureItems = [
  { id: 'p-cat', pictureSrc: '/demo-assets/cat.svg', title: 'Cat', description: 'Independent', value: 'cat' },
  { id: 'p-dog', pictureSrc: '/demo-assets/dog.svg', title: 'Dog', description: 'Loyal' },
  { id: 'p-fox', pictureSrc: 'javascript:alert(1)', title: 'Fox', value: 'fox' },
];
const pictures = (el: FlowbotChat) => parts<HTMLButtonElement>(el, 'picture-choice');
const picture = (el: FlowbotChat, title: string) =>
  pictures(el).find((b) => b.querySelector('strong')?.textContent === title)!;
const radios = (el: FlowbotChat) => $$<HTMLInputElement>(el, '[part~="rating-option"] input');
const sendButton = (el: FlowbotChat) => part<HTMLButtonElement>(el, 'send-button');

/** A screenshot of `box` as pixels, to read what is painted around and inside its items. */
async function paintedPixels(box: Element): Promise<{ at: (x: number, y: number) => Rgba; rect: DOMRect }> {
  const { data, width, rect, scale } = await screenshotPixels(box);
  return {
    rect,
    at: (x, y) => {
      const i = (Math.floor((y - rect.top) * scale) * width + Math.floor((x - rect.left) * scale)) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!, 1];
    },
  };
}

/**
 * What is painted at an item's top and bottom edges, along their straight part: just outside the
 * edge (where a ring drawn on it would be), 2–3 px out (where the focus ring is, past its gap), and
 * inside, past any line along the edge (whether the item is filled or a frame).
 */
async function ringsOf(group: Element, item: HTMLElement): Promise<{ on: boolean; away: boolean; filled: boolean }> {
  const { at } = await paintedPixels(group);
  const r = item.getBoundingClientRect();
  const behind = backgroundOf(group);
  const xs = Array.from({ length: 9 }, (_, i) => r.left + r.height / 2 + ((r.width - r.height) * i) / 8);
  const inked = (ys: number[], against: Rgba) =>
    xs.flatMap((x) => ys.map((y) => contrast(at(x, y), against) >= 2)).filter(Boolean).length >
    (xs.length * ys.length) / 2;
  return {
    on: inked([r.top - 1, r.bottom + 0.5], behind),
    away: inked([r.top - 2.5, r.bottom + 2.5], behind),
    filled: inked([r.top + 4, r.bottom - 4.5], behind),
  };
}

describe('<flowbot-chat>', () => {
  describe('multiple choice: picked and focused differ in shape', () => {
    for (const forced of [false, true]) {
      it(`a picked item is filled, one not picked a frame, the focused one has a ring outside it${forced ? ' (forced colours)' : ''}`, async () => {
        // A frame that fits the window is drawn at its own scale: one CSS pixel, one pixel of the picture.
        await page.viewport(414, 640);
        if (forced) {
          await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'forced-colors', value: 'active' }] });
        }
        try {
          const { el } = await mountInput({
            type: 'choice input',
            items: ['Apples', 'Bananas', 'Cherries', 'Dates'].map((content, i) => ({ id: `i${i}`, content })),
            options: { isMultipleChoice: true },
          });
          const [apples, bananas, cherries, dates] = parts<HTMLButtonElement>(el, 'choice');
          const group = $(el, '.choices')!;
          apples!.click();
          bananas!.click();
          await el.updateComplete;
          // Focus by keyboard on an item not picked, then on a picked one.
          await tabTo(el, '[part~="choice"]');
          while (focused(el) !== cherries) await userEvent.tab();
          await settle();
          expect(await ringsOf(group, cherries!), 'focused').to.deep.equal({ on: false, away: true, filled: false });
          expect(await ringsOf(group, apples!), 'picked').to.deep.equal({ on: false, away: false, filled: true });
          expect(await ringsOf(group, dates!), 'neither').to.deep.equal({ on: false, away: false, filled: false });
          await userEvent.tab({ shift: true });
          expect(focused(el)).to.equal(bananas);
          await settle();
          expect(await ringsOf(group, bananas!), 'picked and focused').to.deep.equal({
            on: false,
            away: true,
            filled: true,
          });
        } finally {
          if (forced) await cdp().send('Emulation.setEmulatedMedia', { features: [] });
          await page.viewport(414, 896);
        }
      });
    }
  });

  describe('picture choice input', () => {
    it('shows pictures with title and description, and sends a single pick by keyboard', async () => {
      const { el, sent } = await mountInput({ type: 'picture choice input', items: pictureItems });
      expect(pictures(el).map(text)).to.deep.equal(['Cat Independent', 'Dog Loyal', 'Fox']);
      const images = pictures(el).map((b) => b.querySelector('img'));
      expect(images[0]!.src).to.equal(`${location.origin}/demo-assets/cat.svg`);
      // A picture URL that is not http(s) is never loaded.
      expect(images[2]).to.equal(null);
      expect(pictures(el).every((b) => !b.hasAttribute('aria-pressed'))).to.equal(true);
      await tabTo(el, '[part~="picture-choice"]');
      await userEvent.tab();
      expect(focused(el)).to.equal(picture(el, 'Dog'));
      await userEvent.keyboard('{Enter}');
      await until(() => botTexts(el).includes('Thanks!'));
      expect(sent()).to.deep.equal([{ message: { type: 'text', text: 'Dog', metadata: { replyId: 'p-dog' } } }]);
      expect(userTexts(el)).to.deep.equal(['Dog']);
    });

    it('sends the value of a picked item, with its id', async () => {
      const { el, sent } = await mountInput({ type: 'picture choice input', items: pictureItems });
      picture(el, 'Cat').click();
      await until(() => sent().length === 1);
      expect(sent()).to.deep.equal([{ message: { type: 'text', text: 'cat', metadata: { replyId: 'p-cat' } } }]);
    });

    it('toggles several pictures (Space) and sends them joined with ", "', async () => {
      const { el, sent } = await mountInput({
        type: 'picture choice input',
        items: pictureItems,
        options: { isMultipleChoice: true, buttonLabel: 'These' },
      });
      expect(sendButton(el)!.disabled).to.equal(true);
      expect(text(sendButton(el))).to.equal('These');
      await tabTo(el, '[part~="picture-choice"]');
      await userEvent.keyboard(' ');
      await userEvent.tab();
      await userEvent.tab();
      await userEvent.keyboard(' ');
      await el.updateComplete;
      expect(pictures(el).map((b) => b.getAttribute('aria-pressed'))).to.deep.equal(['true', 'false', 'true']);
      await tabTo(el, '[part~="send-button"]');
      await userEvent.keyboard('{Enter}');
      await until(() => sent().length === 1);
      expect(sent()).to.deep.equal([{ message: { type: 'text', text: 'cat, fox' } }]);
      await until(() => userTexts(el).length === 1);
      expect(userTexts(el)).to.deep.equal(['Cat, Fox']);
    });

    it('keeps the picks when the send fails', async () => {
      const { el } = await mountInput(
        { type: 'picture choice input', items: pictureItems, options: { isMultipleChoice: true } },
        [unavailable()],
      );
      picture(el, 'Dog').click();
      await el.updateComplete;
      sendButton(el)!.click();
      await until(() => part(el, 'retry-button'));
      expect(pictures(el).map((b) => b.getAttribute('aria-pressed'))).to.deep.equal(['false', 'true', 'false']);
    });

    it('is accessible', async () => {
      const { el } = await mountInput({
        type: 'picture choice input',
        items: pictureItems,
        options: { isMultipleChoice: true },
      });
      await expect(el).to.be.accessible();
    });
  });

  describe('rating input', () => {
    const numbers = {
      type: 'rating input',
      options: {
        buttonType: 'Numbers',
        startsAt: 0,
        length: 10,
        labels: { left: 'Not likely', right: 'Very likely', button: 'Rate' },
      },
    };

    it('is a radio group of numbers from startsAt to length, with the end labels', async () => {
      const { el } = await mountInput(numbers);
      const group = el.shadowRoot!.querySelector('[role="radiogroup"]')!;
      expect(group.getAttribute('aria-label')).to.equal('Rating');
      expect(parts(el, 'rating-option').map(text)).to.deep.equal([
        '0',
        '1',
        '2',
        '3',
        '4',
        '5',
        '6',
        '7',
        '8',
        '9',
        '10',
      ]);
      expect(text(el.shadowRoot!.getElementById(group.getAttribute('aria-describedby')!))).to.equal(
        'Not likely Very likely',
      );
      expect(text(sendButton(el))).to.equal('Rate');
      expect(sendButton(el)!.disabled).to.equal(true);
    });

    it('moves with the arrow keys and sends with Enter, without one-click', async () => {
      const { el, sent } = await mountInput(numbers);
      await tabTo(el, '[part~="rating-option"] input');
      await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
      await el.updateComplete;
      expect(radios(el).findIndex((r) => r.checked)).to.equal(3);
      await settle();
      expect(sent()).to.deep.equal([]);
      await userEvent.keyboard('{ArrowLeft}{Enter}');
      await until(() => sent().length === 1);
      expect(sent()).to.deep.equal([{ message: '2' }]);
      await until(() => botTexts(el).includes('Thanks!'));
      expect(userTexts(el)).to.deep.equal(['2']);
    });

    it('sends at once on a click with isOneClickSubmitEnabled, and has no send button', async () => {
      const { el, sent } = await mountInput(oneClickStars);
      expect(sendButton(el)).to.equal(null);
      expect(parts(el, 'rating-option').map(text)).to.deep.equal(['1', '2', '3', '4', '5']);
      expect(parts(el, 'rating-option').every((o) => o.querySelector('svg'))).to.equal(true);
      await userEvent.click(parts(el, 'rating-option')[3]!);
      await until(() => sent().length === 1);
      expect(sent()).to.deep.equal([{ message: '4' }]);
      await until(() => userTexts(el).length === 1);
      expect(userTexts(el)).to.deep.equal(['4/5']);
    });

    it('does not send on arrow keys with one-click, only on Enter', async () => {
      const { el, sent } = await mountInput(oneClickStars);
      await tabTo(el, '[part~="rating-option"] input');
      await userEvent.keyboard('{ArrowRight}');
      await el.updateComplete;
      // Stars up to the chosen one are filled.
      expect(parts(el, 'rating-option').map((o) => o.classList.contains('on'))).to.deep.equal([
        true,
        true,
        false,
        false,
        false,
      ]);
      await settle();
      expect(sent()).to.deep.equal([]);
      await userEvent.keyboard('{Enter}');
      await until(() => sent().length === 1);
      expect(sent()).to.deep.equal([{ message: '2' }]);
    });

    it('keeps the rating when the send fails', async () => {
      const { el } = await mountInput(numbers, [unavailable()]);
      await userEvent.click(parts(el, 'rating-option')[7]!);
      sendButton(el)!.click();
      await until(() => part(el, 'retry-button'));
      expect(radios(el).findIndex((r) => r.checked)).to.equal(7);
    });

    it('is accessible', async () => {
      const { el } = await mountInput(numbers);
      await expect(el).to.be.accessible();
      const stars = await mountInput({ type: 'rating input', options: { buttonType: 'Icons', length: 5 } });
      await expect(stars.el).to.be.accessible();
    });
  });

  describe('cards', () => {
    const items = [
      {
        id: 'basics',
        imageUrl: '/demo-assets/course-basics.svg',
        title: 'Basics',
        description: 'Four weeks.',
        paths: [
          { id: 'basics-enrol', text: 'Enrol in Basics' },
          { id: 'basics-more', text: 'More about Basics' },
        ],
      },
      { id: 'advanced', title: 'Advanced', paths: [{ id: 'advanced-enrol', text: 'Enrol in Advanced' }] },
    ];

    it('shows each card with its image, title, description and one button per path', async () => {
      const { el } = await mountInput({ type: 'cards', items });
      const cards = parts(el, 'card');
      expect(cards).to.have.length(2);
      expect(cards[0]!.querySelector('img')!.src).to.equal(`${location.origin}/demo-assets/course-basics.svg`);
      expect(text(cards[0]!.querySelector('strong'))).to.equal('Basics');
      expect(text(cards[0]!.querySelector('p'))).to.equal('Four weeks.');
      expect([...cards[0]!.querySelectorAll('button')].map(text)).to.deep.equal([
        'Enrol in Basics',
        'More about Basics',
      ]);
      expect([...cards[1]!.querySelectorAll('button')].map(text)).to.deep.equal(['Enrol in Advanced']);
    });

    it("sends the path's text with its id as replyId, by keyboard", async () => {
      const { el, sent } = await mountInput({ type: 'cards', items });
      await tabTo(el, '.card button');
      await userEvent.tab();
      await userEvent.keyboard('{Enter}');
      await until(() => sent().length === 1);
      expect(sent()).to.deep.equal([
        { message: { type: 'text', text: 'More about Basics', metadata: { replyId: 'basics-more' } } },
      ]);
      await until(() => userTexts(el).length === 1);
      expect(userTexts(el)).to.deep.equal(['More about Basics']);
    });

    it('is accessible', async () => {
      const { el } = await mountInput({ type: 'cards', items });
      await expect(el).to.be.accessible();
    });
  });
});
