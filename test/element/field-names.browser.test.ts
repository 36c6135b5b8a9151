/**
 * Every control is named by the question it answers (the bot's last text message), not by its
 * placeholder; a rating is a radio group that Space selects in, like any other.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { afterEach, describe, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { focused, mountInput, oneClickStars, tabTo } from './controls-helpers.js';
import { $$, part } from '../support/widget-dom.js';
import { until } from '../support/widget-actions.js';
import { startResponse, stubViewer } from '../support/fake-viewer.js';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The stub's question (see `startResponse`). */
const QUESTION = 'Hello from the stub';

/** The control of `role` whose accessible name is exactly `name`, as the browser computes it. */
const named = (role: Parameters<typeof page.getByRole>[0], name: string): Element =>
  page.getByRole(role, { name, exact: true }).element();

describe('<flowbot-chat>', () => {
  describe('names each control by its question', () => {
    for (const [type, role, options] of [
      ['text input', 'textbox', { labels: { placeholder: 'Type here' } }],
      ['text input', 'textbox', { isLong: true }],
      ['email input', 'textbox', {}],
      ['number input', 'spinbutton', {}],
      ['phone number input', 'textbox', {}],
      ['choice input', 'group', {}],
      ['rating input', 'radiogroup', {}],
    ] as const) {
      it(`${type}${'isLong' in options ? ' (long)' : ''}: ${role} named "${QUESTION}"`, async () => {
        const items = type === 'choice input' ? [{ id: 'a', content: 'Yes' }] : undefined;
        const { el } = await mountInput({ type, options, ...(items ? { items } : {}) });
        const control = named(role, QUESTION);
        expect(el.shadowRoot!.contains(control)).to.equal(true);
        expect(control.closest('[part~="composer"]')).to.not.equal(null);
      });
    }

    it('names the two fields of a date range by the question and their own label', async () => {
      const { el } = await mountInput({ type: 'date input', options: { isRange: true } });
      const [from, to] = $$<HTMLInputElement>(el, '.composer [part~="input"]');
      const nameOf = (field: HTMLInputElement) =>
        field
          .getAttribute('aria-labelledby')!
          .split(' ')
          .map((id) => el.shadowRoot!.getElementById(id)!.textContent!.trim())
          .join(' ');
      expect(nameOf(from!)).to.equal(`${QUESTION} From`);
      expect(nameOf(to!)).to.equal(`${QUESTION} To`);
    });

    it('keeps its own label when no text message asked anything', async () => {
      const image = { id: 'pic', type: 'image', content: { url: '/demo-assets/cat.svg' } };
      stubViewer(
        startResponse({
          messages: [image],
          input: { id: 'in', type: 'text input', options: { labels: { placeholder: 'Type here' } } },
        }),
      );
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      const field = await until(() => part<HTMLInputElement>(el, 'input'));
      expect(field.hasAttribute('aria-labelledby')).to.equal(false);
      expect(named('textbox', 'Type here')).to.equal(field);
    });
  });

  describe('rating input', () => {
    const numbers = { type: 'rating input', options: { buttonType: 'Numbers', startsAt: 1, length: 5 } };
    const radios = (el: FlowbotChat) => $$<HTMLInputElement>(el, '[part~="rating-option"] input');

    it('selects the focused option with Space, as any radio group does', async () => {
      const { el, sent } = await mountInput(numbers);
      await tabTo(el, '[part~="rating-option"] input');
      expect(focused(el)).to.equal(radios(el)[0]);
      await userEvent.keyboard(' ');
      await el.updateComplete;
      expect(radios(el).findIndex((r) => r.checked)).to.equal(0);
      expect(part<HTMLButtonElement>(el, 'send-button')!.disabled).to.equal(false);
      await userEvent.keyboard('{ArrowRight}{ArrowRight} ');
      await el.updateComplete;
      expect(radios(el).findIndex((r) => r.checked)).to.equal(2);
      expect(sent()).to.deep.equal([]);
    });

    it('sends the focused option with Space when one click sends (arrow keys only move)', async () => {
      const { el, sent } = await mountInput(oneClickStars);
      await tabTo(el, '[part~="rating-option"] input');
      await userEvent.keyboard('{ArrowRight}');
      await el.updateComplete;
      expect(sent()).to.deep.equal([]);
      await userEvent.keyboard(' ');
      await until(() => sent().length === 1);
      expect(sent()).to.deep.equal([{ message: '2' }]);
    });
  });
});
