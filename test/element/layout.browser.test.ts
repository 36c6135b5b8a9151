/**
 * What a visitor sees, by geometry: after every step of a conversation longer
 * than the panel, the newest message lies inside the transcript's visible box
 * and above the composer; players and pictures are not collapsed or cropped;
 * a visitor who scrolled up to read is not moved by new messages.
 */
import { fixture, html } from '@open-wc/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { $, part, parts } from '../support/widget-dom.js';
import { inputShown, typeAndSend, until } from '../support/widget-actions.js';
import { startResponse, stubViewer, textMessage } from '../support/fake-viewer.js';
import type { Box } from '../support/box.js';

const frames = async (n = 3): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
};

const three = (step: string) =>
  [1, 2, 3].map((i) => textMessage(`${step}-${i}`, `Step ${step}, message ${i}: ${'a few words of text '.repeat(i)}`));

const SIX_CHOICES = {
  id: 'choose',
  type: 'choice input',
  items: ['Red', 'Green', 'Blue', 'Yellow', 'Purple', 'Orange'].map((content, i) => ({ id: `c${i}`, content })),
};

const AUDIO = { id: 'audio', type: 'audio', content: { url: '/demo-assets/chime.wav' } };

/** The steps: three messages each, then text, e-mail, a six-item choice, a number, an audio message. */
const TURNS = [
  { messages: three('2'), input: { id: 'email', type: 'email input' } },
  { messages: three('3'), input: SIX_CHOICES },
  { messages: three('4'), input: { id: 'number', type: 'number input' } },
  { messages: [...three('5'), AUDIO], input: { id: 'last', type: 'text input' } },
];

const box = (node: Element): Box => node.getBoundingClientRect();

/** The newest bubble lies within the transcript's visible box and above the composer. */
function expectNewestInView(el: FlowbotChat, label: string): void {
  const log = box(part(el, 'messages')!);
  const composer = box(part(el, 'composer')!);
  const newest = parts(el, 'message').at(-1)!;
  const m = box(newest);
  const where = `${label}: newest [${Math.round(m.top)}, ${Math.round(m.bottom)}], transcript [${Math.round(log.top)}, ${Math.round(log.bottom)}], composer top ${Math.round(composer.top)}`;
  expect(m.bottom, where).toBeLessThanOrEqual(log.bottom + 1);
  expect(m.top, where).toBeGreaterThanOrEqual(log.top - 1);
  expect(m.bottom, where).toBeLessThanOrEqual(composer.top + 1);
}

async function answer(el: FlowbotChat, type: string | undefined): Promise<void> {
  await inputShown(el);
  if (type === 'choice input') {
    await userEvent.click(parts(el, 'choice').at(-1)!);
  } else {
    await typeAndSend(el, type === 'email input' ? 'ada@example.com' : type === 'number input' ? '42' : 'hello there');
  }
}

for (const [width, height] of [
  [390, 760],
  [1280, 800],
] as const) {
  describe(`<flowbot-chat> layout at ${width} px`, () => {
    beforeEach(async () => {
      await page.viewport(width, height);
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('keeps the newest message in view above the composer after every step', async () => {
      stubViewer(startResponse({ messages: three('1'), input: { id: 'text', type: 'text input' } }), [
        ...TURNS,
        new Response(JSON.stringify({ message: 'boom' }), { status: 500 }),
        { messages: three('7'), input: { id: 'end', type: 'text input' } },
      ]);
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      let input = 'text input';
      await inputShown(el);
      await frames();
      expectNewestInView(el, 'start');
      for (const [i, turn] of TURNS.entries()) {
        await answer(el, input);
        input = turn.input.type;
        const last = turn.messages.at(-1)!.id;
        await until(
          () => el.shadowRoot!.querySelector(`[part~="bot-message"]`) && parts(el, 'bot-message').length >= 3 * (i + 2),
        );
        await inputShown(el);
        await until(() => $(el, '.composer .bone') === null);
        await frames();
        expectNewestInView(el, `step ${i + 2} (${input}, last message ${last})`);
      }
      // The audio message is a usable player, not a collapsed pill.
      const audio = $<HTMLAudioElement>(el, 'audio')!;
      expect(box(audio).width).toBeGreaterThanOrEqual(Math.min(240, box(part(el, 'messages')!).width * 0.6));

      // A failed send: the error with Retry is the newest thing, in view above the composer.
      await answer(el, input);
      const error = await until(() => part(el, 'error'));
      await frames();
      const e = box(error);
      expect(e.bottom).toBeLessThanOrEqual(box(part(el, 'messages')!).bottom + 1);
      expect(e.bottom).toBeLessThanOrEqual(box(part(el, 'composer')!).top + 1);
      await userEvent.click(part(el, 'retry-button')!);
      await until(() => parts(el, 'bot-message').length >= 3 * 6 + 1);
      await inputShown(el);
      await frames();
      expectNewestInView(el, 'after retry');
    });

    it('stays where the visitor scrolled to and offers the newest messages', async () => {
      const many = Array.from({ length: 12 }, (_, i) =>
        textMessage(`m${i}`, `Message ${i} ${'with some words '.repeat(4)}`),
      );
      stubViewer(startResponse({ messages: many, input: { id: 'text', type: 'text input' } }), [
        { messages: three('later'), input: { id: 'text-2', type: 'text input' } },
      ]);
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await inputShown(el);
      await frames();
      const log = part(el, 'messages')!;
      expect(log.scrollHeight).toBeGreaterThan(log.clientHeight);
      expectNewestInView(el, 'start');

      // The visitor scrolls up to read; an answer sent by the page (not by them) brings new messages.
      log.scrollTop = 0;
      await frames();
      const reading = parts(el, 'bot-message')[1]!;
      const before = box(reading).top;
      expect(el.send('from the page')).toBe(true);
      await until(() => parts(el, 'bot-message').length === 15);
      await frames();
      expect(Math.abs(box(reading).top - before)).toBeLessThanOrEqual(1);
      const jump = await until(() => part(el, 'new-messages'));
      expect(jump.textContent).toContain('New messages');

      await userEvent.click(jump);
      await frames();
      expectNewestInView(el, 'after the jump');
      expect(part(el, 'new-messages')).toBeNull();
    });

    it('keeps the newest message in view when the panel is resized', async () => {
      const many = Array.from({ length: 10 }, (_, i) =>
        textMessage(`m${i}`, `Message ${i} ${'with some words '.repeat(3)}`),
      );
      stubViewer(startResponse({ messages: many, input: SIX_CHOICES }));
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await inputShown(el);
      await frames();
      expectNewestInView(el, 'start');
      // A phone keyboard or a smaller window: the panel shrinks.
      el.style.setProperty('--flowbot-panel-height', '420px');
      await frames();
      expectNewestInView(el, 'smaller panel');
    });
  });
}

describe('<flowbot-chat> in a box of the page', () => {
  beforeEach(async () => {
    await page.viewport(1280, 1000);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const PICK = {
    id: 'pick',
    type: 'choice input',
    items: ['Alpha', 'Beta'].map((content, i) => ({ id: `p${i}`, content })),
  };

  /** Two widgets in `layout` (each `.slot` holds one), each showing a choice. */
  async function two(layout: ReturnType<typeof html>): Promise<[FlowbotChat, FlowbotChat, HTMLElement]> {
    stubViewer(startResponse({ messages: three('1'), input: PICK }), [
      { messages: three('2'), input: { id: 'text', type: 'text input' } },
      { messages: three('2'), input: { id: 'text', type: 'text input' } },
    ]);
    const root = await fixture<HTMLElement>(layout);
    const [a, b] = [...root.querySelectorAll<FlowbotChat>('flowbot-chat')] as [FlowbotChat, FlowbotChat];
    await inputShown(a);
    await inputShown(b);
    await frames();
    return [a, b, root];
  }

  const overlap = (p: Box, q: Box): number =>
    Math.max(0, Math.min(p.right, q.right) - Math.max(p.left, q.left)) *
    Math.max(0, Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top));

  /** The element a click at the middle of `target` reaches: the deepest, through the widgets' shadow roots. */
  function hitAt(target: Element): Element | null {
    target.scrollIntoView({ block: 'nearest' });
    const { left, top, width, height } = box(target);
    let hit = document.elementFromPoint(left + width / 2, top + height / 2);
    while (hit?.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(left + width / 2, top + height / 2);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  }

  for (const [name, layout, size] of [
    [
      'two boxes of 420 px, one under the other (as a React app gives them)',
      html`<div>
        <div class="slot" style="height: 420px"><flowbot-chat public-id="stub"></flowbot-chat></div>
        <div class="slot" style="height: 420px"><flowbot-chat public-id="stub"></flowbot-chat></div>
      </div>`,
      420,
    ],
    [
      'the 420 px row of a CSS grid, one widget a column',
      html`<div style="display: grid; grid-template-columns: 1fr 1fr; grid-auto-rows: 420px; gap: 8px">
        <flowbot-chat public-id="stub"></flowbot-chat>
        <flowbot-chat public-id="stub"></flowbot-chat>
      </div>`,
      420,
    ],
    [
      'a flex row 420 px high',
      html`<div style="display: flex; gap: 8px; height: 420px">
        <flowbot-chat public-id="stub" style="flex: 1; min-width: 0"></flowbot-chat>
        <flowbot-chat public-id="stub" style="flex: 1; min-width: 0"></flowbot-chat>
      </div>`,
      420,
    ],
    [
      'two boxes of 720 px with height: 100% on the element (a box taller than the widget)',
      html`<div>
        <div class="slot" style="height: 720px">
          <flowbot-chat public-id="stub" style="height: 100%"></flowbot-chat>
        </div>
        <div class="slot" style="height: 720px">
          <flowbot-chat public-id="stub" style="height: 100%"></flowbot-chat>
        </div>
      </div>`,
      720,
    ],
    [
      'its own 600 px in boxes with no height of their own',
      html`<div>
        <div class="slot"><flowbot-chat public-id="stub"></flowbot-chat></div>
        <div class="slot"><flowbot-chat public-id="stub"></flowbot-chat></div>
      </div>`,
      600,
    ],
  ] as const) {
    it(`is as high as ${name}, and each takes its own clicks`, async () => {
      const [a, b] = await two(layout);
      for (const el of [a, b]) {
        // The widget never runs past its box (its slot, or its grid track or flex line).
        const area = box(el.parentElement!.classList.contains('slot') ? el.parentElement! : el);
        const panel = box(part(el, 'panel')!);
        // The widget is its box: as high, and nothing of it outside.
        expect(Math.abs(box(el).height - size), `widget ${Math.round(box(el).height)} px`).toBeLessThanOrEqual(1);
        expect(Math.abs(panel.height - size), `panel ${Math.round(panel.height)} px`).toBeLessThanOrEqual(1);
        expect(panel.top).toBeGreaterThanOrEqual(area.top - 1);
        expect(panel.bottom).toBeLessThanOrEqual(area.bottom + 1);
        expectNewestInView(el, name);
      }
      expect(overlap(box(part(a, 'panel')!), box(part(b, 'panel')!))).toBe(0);
      // A click on the first widget's choice reaches that button, not the second widget painted over it.
      for (const el of [a, b]) {
        const choice = parts(el, 'choice')[0]!;
        expect(hitAt(choice), `what a click on ${el === a ? 'the first' : 'the second'} widget's choice reaches`).toBe(
          choice,
        );
      }
      await userEvent.click(parts(a, 'choice')[0]!);
      await until(() => $(a, '.row.user.sent'));
      expect(parts(a, 'user-message').map((m) => m.textContent?.trim())).toEqual(['Alpha']);
      expect(parts(b, 'user-message')).toHaveLength(0);
    });
  }

  // A source's chip keeps its title on one line (cut with an ellipsis where the bubble is narrower):
  // what the widget holds never makes it wider than the room the page's layout gives it.
  const SOURCES = {
    id: 'sourced',
    type: 'text',
    content: {
      type: 'markdown',
      markdown:
        'Yes.\n\n**Sources:**\n- [How to reset your password and sign in again on every device](https://help.example.com/password)',
    },
  };
  for (const [name, layout] of [
    [
      'a 300 px flex row, beside a paragraph',
      html`<div class="row" style="display: flex; gap: 8px; width: 300px">
        <flowbot-chat public-id="stub" style="height: 420px"></flowbot-chat>
        <p>Beside the chat.</p>
      </div>`,
    ],
    [
      'the cell of a 300 px table',
      html`<table class="row" style="width: 300px">
        <tr>
          <td><flowbot-chat public-id="stub" style="height: 420px"></flowbot-chat></td>
        </tr>
      </table>`,
    ],
    [
      'an inline-block in a 300 px box',
      html`<div class="row" style="width: 300px">
        Chat with us:
        <span style="display: inline-block"><flowbot-chat public-id="stub" style="height: 420px"></flowbot-chat></span>
      </div>`,
    ],
    [
      'a 200 px grid column',
      html`<div class="row" style="display: grid; grid-template-columns: 1fr; width: 200px">
        <flowbot-chat public-id="stub" style="height: 420px"></flowbot-chat>
      </div>`,
    ],
  ] as const) {
    it(`stays within ${name}, whatever its messages hold`, async () => {
      stubViewer(startResponse({ messages: [SOURCES], input: { id: 'text', type: 'text input' } }));
      const root = await fixture<HTMLElement>(layout);
      const el = root.querySelector<FlowbotChat>('flowbot-chat')!;
      await inputShown(el);
      await until(() => $(el, '[part="agent-sources"] a'));
      await frames();
      const row = box(root);
      const where = `${name}: widget [${Math.round(box(el).left)}, ${Math.round(box(el).right)}], row [${Math.round(row.left)}, ${Math.round(row.right)}]`;
      expect(box(el).right, where).toBeLessThanOrEqual(row.right + 0.5);
      expect(box(part(el, 'panel')!).right, where).toBeLessThanOrEqual(row.right + 0.5);
      expect(root.scrollWidth, where).toBeLessThanOrEqual(root.clientWidth);
      // The chip is cut inside its bubble, not drawn past it.
      const chip = box($(el, '[part="agent-sources"] a')!);
      expect(chip.right, where).toBeLessThanOrEqual(box(parts(el, 'bot-message')[0]!).right + 0.5);
      expect(chip.width, where).toBeGreaterThan(40);
    });
  }
});
