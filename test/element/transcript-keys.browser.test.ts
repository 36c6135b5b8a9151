/**
 * The transcript walked by keyboard, after BotFramework Web Chat's transcript navigation: one Tab
 * stop, Up and Down from message to message wherever focus is in it, Home and End, Enter into a
 * message (Tab goes round its controls and back to it, Escape back to it), Escape to the answer
 * field; a message walked to says who said it and when.
 */
import { expect as chai, fixture } from '@open-wc/testing';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { $, $$, botTexts, part, text } from '../support/widget-dom.js';
import { typeAndSend, until } from '../support/widget-actions.js';
import { startResponse, stubViewer, textMessage } from '../support/fake-viewer.js';

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

async function mount(
  start: unknown = conversation(),
  turns: unknown[] = [],
  attributes: Record<string, string> = {},
): Promise<FlowbotChat> {
  stubViewer(start, turns);
  const el = document.createElement('flowbot-chat');
  el.setAttribute('public-id', 'stub');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
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
    // Its link and its actions are no Tab stops: Enter goes to them, Tab round them and back to the message.
    const refunds = focused(el)!;
    await userEvent.keyboard('{Enter}');
    expect(focused(el)!.tagName).toBe('A');
    await userEvent.keyboard('{Tab}');
    expect(focused(el)!.closest('[part~="actions"]')).not.toBeNull();
    while (focused(el) !== refunds && focused(el)!.closest('[part~="actions"]')) await userEvent.keyboard('{Tab}');
    expect(focused(el)).toBe(refunds);
    // Shift+Tab before its first control goes back to it too; Escape from any of them.
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    expect(focused(el)).toBe(refunds);
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Tab}');
    expect(focused(el)!.closest('[part~="actions"]')).not.toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(focused(el)).toBe(refunds);
    // Back on the transcript, End goes to the newest message.
    log.focus();
    await userEvent.keyboard('{End}');
    expect(text(focused(el)!)).toContain('Thanks, noted.');
    // The contrast is read once the focused answer's actions and time have faded in whole (0.15 s),
    // not half-way, which a busy machine could catch.
    const fading = el.shadowRoot!.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.all(fading.map((transition) => transition.finished));
    await chai(el).to.be.accessible();
    await userEvent.keyboard('{Escape}');
    expect(focused(el)!.matches('[part~="input"]')).toBe(true);
  });

  it('is one Tab stop: Shift+Tab from the answer field reaches it, again leaves it for the header, and back', async () => {
    const el = await mount(
      startResponse({
        messages: [
          { id: 'a1', type: 'audio', content: { url: '/demo-assets/chime.wav' } },
          textMessage('m1', 'Hello from the stub'),
          {
            id: 'm2',
            type: 'text',
            content: { type: 'markdown', markdown: 'See [the help page](https://example.com/help).' },
          },
        ],
      }),
    );
    await until(() => part(el, 'menu-button') && $$(el, '.row audio').length === 1);
    const log = part(el, 'messages')!;
    const field = await until(() => $<HTMLElement>(el, '.composer [part~="input"]'));
    field.focus();
    await userEvent.tab({ shift: true });
    expect(focused(el)).toBe(log);
    await userEvent.tab({ shift: true });
    expect(focused(el)!.closest('[part~="header"]')).not.toBeNull();
    await userEvent.tab();
    expect(focused(el)).toBe(log);
    await userEvent.tab();
    expect(focused(el)).toBe(field);
    // A message walked to is the transcript's stop: Tab leaves from it, Shift+Tab comes back to it.
    log.focus();
    await userEvent.keyboard('{ArrowUp}');
    const latest = focused(el)!;
    expect(text(latest)).toContain('help page');
    await userEvent.tab();
    expect(focused(el)).toBe(field);
    await userEvent.tab({ shift: true });
    expect(focused(el)).toBe(latest);
    await userEvent.tab({ shift: true });
    expect(focused(el)!.closest('[part~="header"]')).not.toBeNull();
    // Nothing inside a message is a Tab stop (links, actions, the player's controls): Tab goes from
    // the header through the transcript's one stop to the answer field.
    const stops: Element[] = [];
    for (let i = 0; i < 6 && focused(el) !== field; i++) {
      await userEvent.tab();
      stops.push(focused(el)!);
    }
    expect(stops).toEqual([latest, field]);
    // Entered, the audio message's player is its control.
    latest.focus();
    await userEvent.keyboard('{Home}');
    expect(focused(el)!.querySelector('audio')).not.toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(focused(el)!.localName).toBe('audio');
    await userEvent.keyboard('{Escape}');
    expect(focused(el)!.querySelector('audio')).not.toBeNull();
  });

  it('moves between messages with the arrows wherever focus is in the transcript, a Copy button or a link', async () => {
    const el = await mount();
    const log = part(el, 'messages')!;
    log.focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(text(focused(el)!)).toContain('Refunds');
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Tab}');
    expect(focused(el)!.matches('[part~="actions"] [data-act="copy"]')).toBe(true);
    await userEvent.keyboard('{ArrowUp}');
    expect(text(focused(el)!)).toContain('Hello from the stub');
    expect(focused(el)!.parentElement).toBe(log);
    const link = rowOf(el, 'Refunds').querySelector<HTMLAnchorElement>('a')!;
    link.focus();
    await userEvent.keyboard('{Home}');
    expect(text(focused(el)!)).toContain('Hello from the stub');
  });

  it('goes round every control of a message entered, a link inside a table included, and back to it', async () => {
    const el = await mount(
      startResponse({
        messages: [
          textMessage('m1', 'Hello from the stub'),
          {
            id: 't1',
            type: 'text',
            content: {
              type: 'markdown',
              markdown:
                'Plans:\n\n| Plan | Price |\n| --- | --- |\n| Teams | [ask us](https://example.com/sales) |\n\nSee [the help page](https://example.com/help).',
            },
          },
        ],
      }),
    );
    await until(() => $(el, '.fb-table'));
    part(el, 'messages')!.focus();
    await userEvent.keyboard('{ArrowUp}');
    const message = focused(el)!;
    await userEvent.keyboard('{Enter}');
    const visited: string[] = [];
    for (let i = 0; i < 10 && focused(el) !== message; i++) {
      const at = focused(el)!;
      visited.push(at.localName === 'a' ? text(at) : (at.getAttribute('aria-label') ?? at.className));
      await userEvent.keyboard('{Tab}');
    }
    expect(focused(el)).toBe(message);
    expect(visited.slice(0, 4)).toEqual(['Plan, Price', 'ask us', 'the help page', 'Copy answer']);
  });

  it('leaves the arrows to a control inside a message that uses them (a field)', async () => {
    const el = await mount(conversation(), [], { feedback: 'all' });
    const log = part(el, 'messages')!;
    log.focus();
    await userEvent.keyboard('{ArrowUp}');
    await userEvent.keyboard('{Enter}');
    while (!focused(el)!.matches('[data-act="down"]') && focused(el)!.closest('.row'))
      await userEvent.keyboard('{Tab}');
    expect(focused(el)!.matches('[data-act="down"]')).toBe(true);
    await userEvent.keyboard('{Enter}');
    const radio = await until(() => (focused(el)?.matches('input') ? focused(el) : null));
    await userEvent.keyboard('{ArrowUp}');
    expect(focused(el)!.closest('.row')).toBe(radio.closest('.row'));
    expect(focused(el)!.localName).toBe('input');
  });
});
