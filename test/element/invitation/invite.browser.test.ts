import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { storageKey } from '../../../src/conversation/storage-key.js';
import type { FlowbotPreviewDismissEvent, FlowbotUnreadEvent } from '../../../src/element/events.js';
import type { FlowbotChat } from '../../../src/element/flowbot-chat.js';
import { botTexts, part, text } from '../../support/widget-dom.js';
import { until } from '../../support/widget-actions.js';

const widget = {
  title: 'Acme help',
  primaryColor: '#7c3aed',
  secondaryColor: '#ffffff',
  aiFirstMessage: 'Hi! Questions about your order? I can help.',
};
const visible = (node: Element | null) => !!node && node.getBoundingClientRect().height > 0;
const status = (el: FlowbotChat) => text(el.shadowRoot!.querySelector('[role="status"]'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(async () => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
  await page.viewport(1024, 768);
});

describe('<flowbot-chat>', () => {
  describe('the preview message', () => {
    it("shows the widget's first message beside the launcher after its delay, without taking focus", async () => {
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" public-id="support" preview-delay="0.4" .widget=${widget}></flowbot-chat>`,
      );
      const shown = oneEvent(el, 'flowbot-preview-show');
      await sleep(200);
      expect(part(el, 'preview')).to.equal(null);
      expect((await shown).detail).to.deep.equal({ text: widget.aiFirstMessage });
      const preview = part(el, 'preview')!;
      expect(visible(preview)).to.equal(true);
      expect(text(preview)).to.contain(widget.aiFirstMessage);
      expect(status(el)).to.equal(widget.aiFirstMessage);
      expect(document.activeElement).to.not.equal(el);
      // Above the launcher, inside the viewport, and aligned with its end edge.
      const box = preview.getBoundingClientRect();
      const launcher = part(el, 'launcher')!.getBoundingClientRect();
      expect(box.bottom).to.be.at.most(launcher.top);
      expect(Math.round(box.right)).to.equal(Math.round(launcher.right));
      expect(el.open).to.equal(false);
    });

    it('is accessible', async () => {
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" public-id="support" preview-delay="0" .widget=${widget}></flowbot-chat>`,
      );
      await until(() => part(el, 'preview'));
      expect(part(el, 'preview-close')!.getAttribute('aria-label')).to.equal('Dismiss');
      await expect(el).to.be.accessible();
    });

    it('opens the panel when clicked', async () => {
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" public-id="support" preview-delay="0" .widget=${widget}></flowbot-chat>`,
      );
      const card = await until(() => el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="preview"] button'));
      const dismissed = oneEvent(el, 'flowbot-preview-dismiss') as Promise<FlowbotPreviewDismissEvent>;
      card.click();
      expect((await dismissed).detail.reason).to.equal('open');
      expect(el.open).to.equal(true);
      expect(part(el, 'preview')).to.equal(null);
      await until(() => part(el, 'choice'));
    });

    it('goes away with its close button or Escape, for the rest of the visit', async () => {
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" public-id="support" preview-delay="0" .widget=${widget}></flowbot-chat>`,
      );
      await until(() => part(el, 'preview'));
      const dismissed = oneEvent(el, 'flowbot-preview-dismiss') as Promise<FlowbotPreviewDismissEvent>;
      part<HTMLButtonElement>(el, 'preview-close')!.click();
      expect((await dismissed).detail.reason).to.equal('close');
      expect(part(el, 'preview')).to.equal(null);
      expect(el.open).to.equal(false);

      // The next page of the visit: no preview.
      el.remove();
      const next = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" public-id="support" preview-delay="0" .widget=${widget}></flowbot-chat>`,
      );
      await sleep(300);
      expect(part(next, 'preview')).to.equal(null);

      // Another widget, with its own key: its preview comes, and Escape anywhere dismisses it.
      const other = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" id="sales" public-id="support" preview-delay="0" .widget=${widget}></flowbot-chat>`,
      );
      await until(() => part(other, 'preview'));
      const escaped = oneEvent(other, 'flowbot-preview-dismiss') as Promise<FlowbotPreviewDismissEvent>;
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      expect((await escaped).detail.reason).to.equal('escape');
      expect(part(other, 'preview')).to.equal(null);

      // Escape pressed with the keyboard inside the preview (focus on its close button) dismisses it once.
      const third = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" id="billing" public-id="support" preview-delay="0" .widget=${widget}></flowbot-chat>`,
      );
      await until(() => part(third, 'preview'));
      const reasons: string[] = [];
      third.addEventListener('flowbot-preview-dismiss', (event) =>
        reasons.push((event as FlowbotPreviewDismissEvent).detail.reason),
      );
      part<HTMLButtonElement>(third, 'preview-close')!.focus();
      await userEvent.keyboard('{Escape}');
      await until(() => part(third, 'preview') === null);
      expect(reasons).to.deep.equal(['escape']);
      expect(third.open).to.equal(false);
    });

    it('takes its text from `preview`, and shows none with `no-preview` or without a text', async () => {
      const custom = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" id="a" preview="Need a hand?" preview-delay="0" .widget=${widget}></flowbot-chat>`,
      );
      expect(text(await until(() => part(custom, 'preview')))).to.contain('Need a hand?');
      const off = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" id="b" no-preview preview-delay="0" .widget=${widget}></flowbot-chat>`,
      );
      const silent = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" id="c" preview-delay="0"></flowbot-chat>`,
      );
      const inline = await fixture<FlowbotChat>(
        html`<flowbot-chat id="d" preview-delay="0" .widget=${widget}></flowbot-chat>`,
      );
      await sleep(300);
      expect(part(off, 'preview')).to.equal(null);
      expect(part(silent, 'preview')).to.equal(null);
      expect(part(inline, 'preview')).to.equal(null);
    });

    it('fits a 390 px phone, in the page direction', async () => {
      await page.viewport(390, 844);
      const el = await fixture<FlowbotChat>(
        html`<div dir="rtl">
          <flowbot-chat mode="bubble" preview=${'A long invitation. '.repeat(20)} preview-delay="0"></flowbot-chat>
        </div>`,
      ).then((div) => div.querySelector('flowbot-chat')!);
      const box = (await until(() => part(el, 'preview'))).getBoundingClientRect();
      expect(box.left).to.be.at.least(0);
      expect(box.right).to.be.at.most(390);
      expect(box.height).to.be.below(140);
      // Bottom-left in a right-to-left page, with the launcher.
      expect(Math.round(box.left)).to.equal(Math.round(part(el, 'launcher')!.getBoundingClientRect().left));
    });
  });

  describe('the timed opening', () => {
    it('opens the panel after its seconds', async () => {
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" public-id="support" auto-open="0.3" no-preview .widget=${widget}></flowbot-chat>`,
      );
      expect(el.open).to.equal(false);
      await oneEvent(el, 'flowbot-open');
      await until(() => part(el, 'choice'));
      // Opening by itself never takes focus from the page.
      expect(el.shadowRoot!.activeElement).to.equal(null);
    });

    it('does not open once the visitor opened or closed the panel during the visit', async () => {
      const first = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" public-id="support" no-preview .widget=${widget}></flowbot-chat>`,
      );
      await until(() => (first.shadowRoot!.adoptedStyleSheets.length > 1 ? first : null));
      first.show();
      await oneEvent(first, 'flowbot-open');
      first.hide();
      await oneEvent(first, 'flowbot-close');
      first.remove();
      const next = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" public-id="support" auto-open="0.1" no-preview .widget=${widget}></flowbot-chat>`,
      );
      await sleep(500);
      expect(next.open).to.equal(false);
    });

    it('stays closed on narrow screens unless auto-open-narrow', async () => {
      await page.viewport(390, 844);
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" id="a" public-id="support" auto-open="0.1" no-preview></flowbot-chat>`,
      );
      const asked = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="popup" id="b" public-id="support" auto-open="0.1" auto-open-narrow></flowbot-chat>`,
      );
      await oneEvent(asked, 'flowbot-open');
      await sleep(200);
      expect(el.open).to.equal(false);
      expect(asked.open).to.equal(true);
    });
  });

  describe('the unread badge', () => {
    it('counts bot messages that arrive while the panel is closed and clears on opening', async () => {
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" public-id="support" no-preview .widget=${widget}></flowbot-chat>`,
      );
      el.show();
      await until(() => part(el, 'choice'));
      expect(el.unreadCount).to.equal(0);
      el.hide();
      await oneEvent(el, 'flowbot-close');
      const counts: number[] = [];
      el.addEventListener('flowbot-unread', (event: FlowbotUnreadEvent) => counts.push(event.detail.count));
      // The answer is taken while closed (as a wait or a slow reply would leave it): its messages are unread.
      expect(el.send('Billing')).to.equal(true);
      await until(() => el.unreadCount === 2);
      const badge = await until(() => part(el, 'badge'));
      expect(text(badge)).to.equal('2');
      expect(badge.getAttribute('role')).to.equal('img');
      expect(badge.getAttribute('aria-label')).to.equal('2 unread messages');
      expect(status(el)).to.equal('2 unread messages');
      expect(counts).to.deep.equal([1, 2]);
      // On the launcher's top corner, over it.
      const launcher = part(el, 'launcher')!.getBoundingClientRect();
      const box = badge.getBoundingClientRect();
      expect(box.top).to.be.below(launcher.top + 4);
      expect(box.right).to.be.above(launcher.right - 4);
      await expect(el).to.be.accessible();

      part<HTMLButtonElement>(el, 'launcher')!.click();
      await until(() => el.unreadCount === 0);
      await el.updateComplete;
      expect(part(el, 'badge')).to.equal(null);
      expect(counts).to.deep.equal([1, 2, 0]);
      expect(botTexts(el).at(-1)).to.contain('e-mail');
    });

    it('keeps the count across a reload with persist', async () => {
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" persist="session" public-id="support" no-preview .widget=${widget}></flowbot-chat>`,
      );
      el.show();
      await until(() => part(el, 'choice'));
      el.hide();
      el.send('Billing');
      await until(() => el.unreadCount === 2);
      // Remembered once the storage code has arrived (the conversation did not wait for it).
      await until(() => sessionStorage.getItem(storageKey('support', '')));
      el.remove();
      const again = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" persist="session" public-id="support" no-preview .widget=${widget}></flowbot-chat>`,
      );
      expect(text(await until(() => part(again, 'badge')))).to.equal('2');
      expect(again.unreadCount).to.equal(2);
      again.show();
      await until(() => again.unreadCount === 0);
      await until(() => botTexts(again).some((t) => t.includes('e-mail')));
    });

    it('keeps no count without persist', async () => {
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" public-id="support" no-preview .widget=${widget}></flowbot-chat>`,
      );
      el.show();
      await until(() => part(el, 'choice'));
      el.hide();
      el.send('Billing');
      await until(() => el.unreadCount === 2);
      el.remove();
      const again = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" public-id="support" no-preview .widget=${widget}></flowbot-chat>`,
      );
      await sleep(200);
      expect(again.unreadCount).to.equal(0);
      expect(part(again, 'badge')).to.equal(null);
    });

    it('chimes only when asked, and only after the visitor used the page', async () => {
      const started: number[] = [];
      const original = OscillatorNode.prototype.start;
      vi.spyOn(OscillatorNode.prototype, 'start').mockImplementation(function (this: OscillatorNode, when?: number) {
        started.push(when ?? 0);
        return original.call(this, when);
      });
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" public-id="support" notify-sound no-preview .widget=${widget}></flowbot-chat>`,
      );
      const activated = () =>
        (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation?.hasBeenActive;
      el.show();
      await until(() => part(el, 'choice'));
      el.hide();
      if (!activated()) {
        el.send('Billing');
        await until(() => el.unreadCount === 2);
        expect(started).to.deep.equal([]);
      } else {
        el.send('Billing');
        await until(() => el.unreadCount === 2);
        started.length = 0;
        await sleep(2100);
      }
      // The visitor uses the page: the next unread message chimes, once.
      await userEvent.click(document.body);
      el.send('ada@example.com');
      await until(() => el.unreadCount === 3);
      expect(started).to.have.length(1);
    });
  });
});
