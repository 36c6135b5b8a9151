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
import { $, inputShown, part, parts, startResponse, stubViewer, textMessage, typeAndSend, until } from './helpers.js';

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

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
  width: number;
  height: number;
}
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
