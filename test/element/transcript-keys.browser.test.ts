/**
 * The transcript walked by keyboard, after BotFramework Web Chat's transcript navigation: one Tab
 * stop, Up and Down from message to message, Home and End, Escape to the answer field; a message
 * walked to says who said it and when, and its actions follow it in Tab order.
 */
import { expect as chai, fixture } from '@open-wc/testing';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { $$, botTexts, part, startResponse, stubViewer, text, textMessage, typeAndSend, until } from './helpers.js';

const conversation = () =>
  startResponse({
    messages: [
      textMessage('m1', 'Hello from the stub'),
      {
        id: 'm2',
        type: 'text',
        content: {
          type: 'markdown',
          markdown: '**Refunds** within 14 days. See [the help page](https://example.com/help).',
        },
      },
    ],
  });

async function mount(start: unknown = conversation(), turns: unknown[] = []): Promise<FlowbotChat> {
  stubViewer(start, turns);
  const el = document.createElement('flowbot-chat');
  el.setAttribute('public-id', 'stub');
  await fixture(el);
  // The latest answer's actions; the others' come when walked to.
  await until(() => $$(el, '.row.bot').length >= 2 && $$(el, '[part~="actions"]').length >= 1);
  await el.updateComplete;
  return el as FlowbotChat;
}

const rowOf = (el: FlowbotChat, words: string) => $$(el, '.row.bot').find((row) => text(row).includes(words))!;

describe("<flowbot-chat> transcript, walked by keyboard (BotFramework Web Chat's transcript navigation)", () => {
  const focused = (el: FlowbotChat) => el.shadowRoot!.activeElement as HTMLElement | null;
  const said = (el: FlowbotChat) => [focused(el)?.getAttribute('role'), focused(el)?.getAttribute('aria-label')];

  it('moves from message to message with the arrows, Home and End, and goes to the answer field with Escape', async () => {
    const el = await mount(conversation(), [
      { messages: [textMessage('m3', 'Thanks, noted.')], input: { id: 'i2', type: 'text input' } },
    ]);
    await typeAndSend(el, 'Where is my order?');
    await until(() => botTexts(el).includes('Thanks, noted.'));
    await until(() => rowOf(el, 'Thanks, noted.').querySelector('time'));
    const log = part(el, 'messages')!;
    expect(log.getAttribute('tabindex')).toBe('0');
    expect(log.getAttribute('aria-description')).toContain('Escape');
    log.focus();
    // The first press goes to the newest message, which says who said it and when.
    await userEvent.keyboard('{ArrowUp}');
    expect(text(focused(el)!)).toContain('Thanks, noted.');
    const time = focused(el)!.querySelector('time')!.textContent;
    expect(said(el)).toEqual(['article', `Bot, ${time}`]);
    expect(el.shadowRoot!.getElementById(focused(el)!.getAttribute('aria-describedby')!)!.textContent).toContain(
      'Thanks, noted.',
    );
    await userEvent.keyboard('{ArrowUp}');
    expect(focused(el)!.classList.contains('user')).toBe(true);
    expect(said(el)[1]).toMatch(/^You, /);
    await userEvent.keyboard('{Home}');
    expect(text(focused(el)!)).toContain('Hello from the stub');
    await userEvent.keyboard('{ArrowUp}');
    expect(text(focused(el)!)).toContain('Hello from the stub');
    await userEvent.keyboard('{ArrowDown}');
    expect(text(focused(el)!)).toContain('Refunds');
    // Its own link, then its actions, come next in Tab order.
    await userEvent.keyboard('{Tab}');
    expect(focused(el)!.tagName).toBe('A');
    await userEvent.keyboard('{Tab}');
    expect(focused(el)!.closest('[part~="actions"]')).not.toBeNull();
    // Back on the transcript, End goes to the newest message.
    log.focus();
    await userEvent.keyboard('{End}');
    expect(text(focused(el)!)).toContain('Thanks, noted.');
    await chai(el).to.be.accessible();
    await userEvent.keyboard('{Escape}');
    expect(focused(el)!.matches('[part~="input"]')).toBe(true);
  });

  it("leaves the keys of a message's own controls to them", async () => {
    const el = await mount();
    const link = rowOf(el, 'Refunds').querySelector<HTMLAnchorElement>('a')!;
    link.focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(focused(el)).toBe(link);
  });
});
