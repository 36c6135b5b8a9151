/**
 * The controls as a visitor sees them, by geometry: a keyboard's focus ring is never cut by a
 * list that scrolls; on a phone a 0 to 10 scale keeps one row of targets at least 24 px wide;
 * a list that cuts a control at its edge shows that it scrolls (a phone draws no scrollbar
 * until the list moves, so the list fades out there); nothing scrolls sideways.
 */
import { fixture, fixtureCleanup, html } from '@open-wc/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { FlowbotChat } from '../../../src/element/flowbot-chat.js';
import { $, $$, part } from '../../support/widget-dom.js';
import { until } from '../../support/widget-actions.js';
import { startResponse, stubViewer } from '../../support/fake-viewer.js';
import { courseCard, PICTURE } from '../../support/course-card.js';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.style.margin = '';
});

const COUNTRIES = [
  'Argentina',
  'Australia',
  'Brazil',
  'Canada',
  'France',
  'Germany',
  'India',
  'Japan',
  'Mexico',
  'Portugal',
  'South Africa',
  'Spain',
  'Sweden',
  'Switzerland',
  'United Kingdom',
  'United States',
  'Uruguay',
  'Vietnam',
];
// Long enough to scroll in a phone's full-screen bubble too.
const items = [...COUNTRIES, ...COUNTRIES.map((name) => `${name} (again)`)].map((content, i) => ({
  id: `c${i}`,
  content,
}));

/** The inputs whose controls sit in a list that may scroll, or in a row. */
const INPUTS = {
  'a long choice list': { type: 'choice input', items },
  'a searchable multiple choice': {
    type: 'choice input',
    items,
    options: { isMultipleChoice: true, isSearchable: true },
  },
  'a picture choice': {
    type: 'picture choice input',
    items: ['Cat', 'Dog', 'Fox', 'Owl', 'Bee', 'Elk', 'Yak', 'Emu', 'Ant'].map((title, i) => ({
      id: `p${i}`,
      title,
      description: 'An animal',
      pictureSrc: PICTURE,
    })),
  },
  cards: { type: 'cards', items: ['a', 'b', 'c', 'd'].map(courseCard) },
  'a 0 to 10 scale': {
    type: 'rating input',
    options: { buttonType: 'Numbers', startsAt: 0, length: 10, labels: { left: 'Not likely', right: 'Very likely' } },
  },
  stars: { type: 'rating input', options: { buttonType: 'Icons', length: 5 } },
} as const;

/** What the controls of the composer are (the focusable ones, and the rating options that hold them). */
const CONTROLS = '[part~="choice"], [part~="picture-choice"], [part~="rating-option"], [part~="send-button"]';

/**
 * Mounts the widget asking `input`: inline in a page with 16 px margins (as a phone page
 * has), or as a bubble, open (on a phone it fills the screen).
 */
async function mount(input: Record<string, unknown>, bubble = false): Promise<FlowbotChat> {
  fixtureCleanup();
  vi.restoreAllMocks();
  stubViewer(startResponse({ input: { id: 'in', ...input } }));
  document.body.style.margin = '0';
  const wrapper = await fixture<HTMLElement>(
    bubble
      ? html`<div><flowbot-chat public-id="stub" mode="bubble" open></flowbot-chat></div>`
      : html`<div><flowbot-chat public-id="stub"></flowbot-chat></div>`,
  );
  wrapper.style.padding = '0 16px';
  const el = wrapper.querySelector('flowbot-chat')!;
  // Pictures, ratings and cards arrive with the on-demand part.
  await until(() => $(el, '.composer :is(.choice-input, .cards, .rating-input)'), 15_000);
  await el.updateComplete;
  // Pictures and card images have their size once loaded; those scrolled out of view wait
  // (`loading="lazy"`) until the visitor scrolls to them.
  const inView = (img: HTMLImageElement) => {
    const r = img.getBoundingClientRect();
    const box = clipBox(clippers(img)[0] ?? document.documentElement);
    return r.bottom > box.top && r.top < box.bottom && r.right > box.left && r.left < box.right;
  };
  await until(() => $$<HTMLImageElement>(el, '.composer img').every((img) => img.complete || !inView(img)), 15_000);
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  return el;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** What of `node` its clipping box shows: its padding box, less a scrollbar. */
function clipBox(node: Element): Box {
  const r = node.getBoundingClientRect();
  const left = r.left + node.clientLeft;
  const top = r.top + node.clientTop;
  return { left, top, right: left + node.clientWidth, bottom: top + node.clientHeight };
}

/** The elements between `node` and the shadow root that clip what overflows them. */
function clippers(node: Element): Element[] {
  const found: Element[] = [];
  for (let up = node.parentElement; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (style.overflowX !== 'visible' || style.overflowY !== 'visible') found.push(up);
  }
  return found;
}

const describeBox = (b: Box) => `[${[b.left, b.top, b.right, b.bottom].map((n) => n.toFixed(1)).join(', ')}]`;

/** Where the focus ring of the focused control is cut, if it is. */
function ringCut(el: FlowbotChat): string | undefined {
  const active = el.shadowRoot!.activeElement!;
  // A rating option's radio is hidden: the option around it wears the ring.
  const ringed = active.closest('[part~="rating-option"]') ?? active;
  const style = getComputedStyle(ringed);
  const name = `${ringed.getAttribute('part')} "${(ringed.textContent ?? '').trim().slice(0, 20)}"`;
  if (style.outlineStyle === 'none') return `${name} shows no focus ring`;
  const grow = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
  const r = ringed.getBoundingClientRect();
  const ring = { left: r.left - grow, top: r.top - grow, right: r.right + grow, bottom: r.bottom + grow };
  for (const clipper of clippers(ringed)) {
    const box = clipBox(clipper);
    const inside =
      ring.left >= box.left - 0.5 &&
      ring.top >= box.top - 0.5 &&
      ring.right <= box.right + 0.5 &&
      ring.bottom <= box.bottom + 0.5;
    if (!inside) return `${name}: ring ${describeBox(ring)} cut by .${clipper.className} ${describeBox(box)}`;
  }
  return undefined;
}

/** The size a CSS length (a mask's size) comes to along a box of `extent` px. */
function lengthIn(value: string, extent: number): number {
  const holder = document.body.appendChild(document.createElement('div'));
  holder.style.width = `${extent}px`;
  const probe = holder.appendChild(document.createElement('div'));
  probe.style.width = value;
  const px = probe.getBoundingClientRect().width;
  holder.remove();
  return px;
}

/**
 * Whether `list` shows that more waits past its end along `axis`: it fades out there (a mask
 * whose gradient ends inside its box, not past it).
 */
function fadesAtEnd(list: Element, axis: 'x' | 'y'): boolean {
  const style = getComputedStyle(list);
  if (!style.maskImage.includes('gradient')) return false;
  const [width = 'auto', height = width] = style.maskSize.split(/ (?![^(]*\))/);
  const box = list.getBoundingClientRect();
  return axis === 'x'
    ? lengthIn(width, box.width) <= box.width + 0.5
    : lengthIn(height, box.height) <= box.height + 0.5;
}

describe('<flowbot-chat> controls', () => {
  for (const width of [390, 1280]) {
    describe(`focus rings at ${width} px`, () => {
      beforeEach(async () => {
        await page.viewport(width, 800);
      });

      it('keeps the focus ring of every choice, picture, card button and rating option whole', async () => {
        const cuts: string[] = [];
        for (const [name, input] of Object.entries(INPUTS)) {
          const el = await mount(input);
          const seen = new Set<Element>();
          // Through the controls by keyboard: Tab, and the arrow keys along a rating's options.
          for (let i = 0; i < 60; i++) {
            const active = el.shadowRoot!.activeElement;
            const option = active?.closest('[part~="rating-option"]');
            if (option?.nextElementSibling) await userEvent.keyboard('{ArrowRight}');
            else await userEvent.tab();
            const now = el.shadowRoot!.activeElement;
            if (!now || !part(el, 'composer')!.contains(now)) continue;
            const control = now.closest(CONTROLS);
            if (!control || seen.has(control)) continue;
            seen.add(control);
            const cut = ringCut(el);
            if (cut) cuts.push(`${name}: ${cut}`);
          }
          const controls = $$<HTMLButtonElement>(el, `.composer :is(${CONTROLS})`).filter((node) => !node.disabled);
          expect(seen.size, `${name}: controls reached by keyboard`).toBe(controls.length);
        }
        expect(cuts).toEqual([]);
      });
    });
  }

  for (const [width, height] of [
    [390, 844],
    [320, 640],
  ] as const) {
    describe(`on a ${width} px phone`, () => {
      beforeEach(async () => {
        await page.viewport(width, height);
      });

      it('shows the eleven numbers of a 0 to 10 scale in one row, each at least 24 px, inline and in the bubble', async () => {
        for (const bubble of [false, true]) {
          const where = bubble ? 'in the bubble' : 'inline';
          const el = await mount(INPUTS['a 0 to 10 scale'], bubble);
          const options = $$(el, '[part~="rating-option"]').map((node) => node.getBoundingClientRect());
          expect(options).toHaveLength(11);
          expect(new Set(options.map((box) => Math.round(box.top))).size, `rows ${where}`).toBe(1);
          for (const box of options) {
            expect(box.width, where).toBeGreaterThanOrEqual(24);
            expect(box.height, where).toBeGreaterThanOrEqual(24);
          }
          const composer = clipBox(part(el, 'composer')!);
          expect(options.at(-1)!.right, where).toBeLessThanOrEqual(composer.right);
        }
      });

      for (const bubble of [false, true]) {
        const where = bubble ? 'in the bubble' : 'inline';
        for (const name of [
          'a long choice list',
          'a searchable multiple choice',
          'a picture choice',
          'cards',
        ] as const) {
          it(`shows that ${name} goes on where it cuts a control, and scrolls nothing sideways, ${where}`, async () => {
            const el = await mount(INPUTS[name], bubble);
            const composer = part(el, 'composer')!;
            const lists = [composer, ...composer.querySelectorAll('*')].filter((node) => {
              const style = getComputedStyle(node);
              return style.overflowX !== 'visible' || style.overflowY !== 'visible';
            });
            const silent: string[] = [];
            let cutting = 0;
            for (const list of lists) {
              for (const axis of ['x', 'y'] as const) {
                const more =
                  axis === 'x' ? list.scrollWidth > list.clientWidth + 1 : list.scrollHeight > list.clientHeight + 1;
                if (!more) continue;
                cutting++;
                if (!fadesAtEnd(list, axis)) silent.push(`.${list.className} cuts along ${axis} without a sign`);
              }
            }
            // The lists are long enough to be cut here.
            expect(cutting).toBeGreaterThan(0);
            expect(silent).toEqual([]);
            if (name === 'cards') {
              // The next card shows in part.
              const box = clipBox($(el, '.cards')!);
              const cut = $$(el, '[part~="card"]')
                .map((node) => node.getBoundingClientRect())
                .find((r) => r.left < box.right && r.right > box.right)!;
              expect(cut, 'a card cut by the edge').toBeDefined();
              expect((box.right - cut.left) / cut.width).toBeGreaterThan(0.2);
            }
            const root = document.scrollingElement!;
            expect(root.scrollWidth, 'the page').toBeLessThanOrEqual(root.clientWidth);
            for (const name of ['panel', 'messages', 'composer']) {
              const node = part(el, name)!;
              expect(node.scrollWidth, name).toBeLessThanOrEqual(node.clientWidth);
            }
          });
        }
      }
    });
  }
});
