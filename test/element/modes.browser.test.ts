import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { afterEach, describe, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { $, part } from '../support/widget-dom.js';
import { inputShown, typeAndSend, until } from '../support/widget-actions.js';
import { spyViewer } from '../support/fake-viewer.js';

afterEach(async () => {
  vi.restoreAllMocks();
  await page.viewport(1024, 768);
});

const widget = { title: 'Acme help', primaryColor: '#7c3aed', secondaryColor: '#ffffff' };
const active = (el: FlowbotChat) => el.shadowRoot!.activeElement;
const visible = (node: Element | null) => !!node && node.getBoundingClientRect().height > 0;

describe('<flowbot-chat>', () => {
  describe('bubble mode', () => {
    it('shows only the launcher, and starts the chat when it opens', async () => {
      const { calls } = spyViewer();
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" public-id="support" .widget=${widget}></flowbot-chat>`,
      );
      const launcher = part<HTMLButtonElement>(el, 'launcher')!;
      expect(visible(launcher)).to.equal(true);
      expect(launcher.getAttribute('aria-expanded')).to.equal('false');
      expect(launcher.getAttribute('aria-label')).to.equal('Open chat');
      expect(visible(part(el, 'panel'))).to.equal(false);
      await new Promise((r) => setTimeout(r, 100));
      expect(calls).to.have.length(0);
      await expect(el).to.be.accessible();

      const opened = oneEvent(el, 'flowbot-open');
      launcher.click();
      await opened;
      expect(el.open).to.equal(true);
      expect(el.hasAttribute('open')).to.equal(true);
      expect(launcher.getAttribute('aria-expanded')).to.equal('true');
      expect(visible(part(el, 'panel'))).to.equal(true);
      await until(() => part(el, 'choice'));
      expect(calls.filter((c) => c.kind === 'start')).to.have.length(1);
      await expect(el).to.be.accessible();
    });

    it('sits in the bottom-right corner (bottom-left in right-to-left pages)', async () => {
      const el = await fixture<FlowbotChat>(html`<flowbot-chat mode="bubble"></flowbot-chat>`);
      const box = part(el, 'launcher')!.getBoundingClientRect();
      expect(innerWidth - box.right).to.be.within(10, 40);
      expect(innerHeight - box.bottom).to.be.within(10, 40);
      const rtl = await fixture<HTMLElement>(html`<div dir="rtl"><flowbot-chat mode="bubble"></flowbot-chat></div>`);
      // Its first render comes in the task after the page's (the fixture waited for the wrapper only).
      await rtl.querySelector('flowbot-chat')!.updateComplete;
      const rtlBox = part(rtl.querySelector('flowbot-chat')!, 'launcher')!.getBoundingClientRect();
      expect(rtlBox.left).to.be.within(10, 40);
    });

    it('warns, once, when two bubbles sit on the same spot: which hides which, and what to change', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const wrap = await fixture<HTMLElement>(html`<div>
        <flowbot-chat mode="bubble" public-id="support"></flowbot-chat>
        <flowbot-chat mode="bubble" public-id="lead"></flowbot-chat>
      </div>`);
      const [first, second] = [...wrap.querySelectorAll<FlowbotChat>('flowbot-chat')] as [FlowbotChat, FlowbotChat];
      const overlapping = () => warn.mock.calls.map(([m]) => String(m)).filter((m) => m.includes('same spot'));
      await until(() => overlapping().length);
      const [message] = overlapping();
      // The one drawn last (later in the page) is on top: it hides the other.
      expect(message).to.match(/bubble "lead" hides bubble "support"/);
      expect(message).to.contain('--flowbot-offset');
      // The second is where the first is, and takes the clicks there.
      const box = part(first, 'launcher')!.getBoundingClientRect();
      const hit = second.shadowRoot!.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      expect(hit?.closest('[part~="launcher"]')).to.equal(part(second, 'launcher'));
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      expect(overlapping()).to.have.length(1);
    });

    it('says nothing of two bubbles the page placed apart', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const wrap = await fixture<HTMLElement>(html`<div>
        <flowbot-chat mode="bubble" public-id="support"></flowbot-chat>
        <flowbot-chat mode="bubble" public-id="lead" style="--flowbot-offset: 96px"></flowbot-chat>
      </div>`);
      for (const el of wrap.querySelectorAll<FlowbotChat>('flowbot-chat')) await el.updateComplete;
      await new Promise((r) => setTimeout(r, 200));
      expect(warn.mock.calls.map(([m]) => String(m)).filter((m) => m.includes('same spot'))).to.deep.equal([]);
    });

    it('closes on Escape and gives focus back to the launcher', async () => {
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" public-id="support" .widget=${widget}></flowbot-chat>`,
      );
      part<HTMLButtonElement>(el, 'launcher')!.click();
      const choice = await until(() => part<HTMLButtonElement>(el, 'choice'));
      choice.focus();
      const closed = oneEvent(el, 'flowbot-close');
      await userEvent.keyboard('{Escape}');
      await closed;
      expect(el.open).to.equal(false);
      expect(visible(part(el, 'panel'))).to.equal(false);
      await until(() => active(el) === part(el, 'launcher'));
    });

    it('closes with its close button, keeping the conversation', async () => {
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" open public-id="support" .widget=${widget}></flowbot-chat>`,
      );
      await until(() => part(el, 'choice'));
      const closeButton = part<HTMLButtonElement>(el, 'close-button')!;
      expect(closeButton.getAttribute('aria-label')).to.equal('Close chat');
      closeButton.click();
      await oneEvent(el, 'flowbot-close');
      el.show();
      await oneEvent(el, 'flowbot-open');
      expect(part(el, 'choice')).to.exist;
    });

    it('fills a phone screen, with 16px fields', async () => {
      await page.viewport(390, 844);
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" open public-id="lead" .widget=${widget}></flowbot-chat>`,
      );
      const input = await until(() => $<HTMLInputElement>(el, '.composer input'));
      const panel = part(el, 'panel')!.getBoundingClientRect();
      expect(panel.left).to.equal(0);
      expect(panel.top).to.equal(0);
      expect(panel.width).to.equal(innerWidth);
      expect(panel.height).to.equal(innerHeight);
      expect(parseFloat(getComputedStyle(input).fontSize)).to.be.at.least(16);
      const box = input.getBoundingClientRect();
      expect(box.bottom).to.be.at.most(innerHeight);
    });
  });

  describe('popup mode', () => {
    it('opens as a modal dialog named by the title, and closes on Escape', async () => {
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="popup" public-id="support" .widget=${widget}></flowbot-chat>`,
      );
      const dialog = $<HTMLDialogElement>(el, 'dialog')!;
      expect(dialog.open).to.equal(false);
      expect(part(el, 'launcher')).to.equal(null);
      el.show();
      await oneEvent(el, 'flowbot-open');
      expect(dialog.open).to.equal(true);
      expect(dialog.matches(':modal')).to.equal(true);
      const labelledBy = dialog.getAttribute('aria-labelledby')!;
      expect(el.shadowRoot!.getElementById(labelledBy)!.textContent).to.equal('Acme help');
      await until(() => part(el, 'choice'));
      await expect(el).to.be.accessible();

      const closed = oneEvent(el, 'flowbot-close');
      await userEvent.keyboard('{Escape}');
      await closed;
      expect(dialog.open).to.equal(false);
      expect(el.open).to.equal(false);
    });

    it('toggles with toggle()', async () => {
      const el = await fixture<FlowbotChat>(html`<flowbot-chat mode="popup" .widget=${widget}></flowbot-chat>`);
      el.toggle();
      await el.updateComplete;
      expect($<HTMLDialogElement>(el, 'dialog')!.open).to.equal(true);
      el.toggle();
      await el.updateComplete;
      expect($<HTMLDialogElement>(el, 'dialog')!.open).to.equal(false);
      el.hide();
      expect(el.open).to.equal(false);
    });
  });

  describe('focus', () => {
    it('does not focus the first input on load (no phone keyboard popping up)', async () => {
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="lead"></flowbot-chat>`);
      await inputShown(el);
      await new Promise((r) => setTimeout(r, 50));
      expect(active(el)).to.equal(null);
    });

    it('focuses each new input once the visitor has answered', async () => {
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="support"></flowbot-chat>`);
      await until(() => part(el, 'choice'));
      part<HTMLButtonElement>(el, 'choice')!.click();
      const email = await until(() => $<HTMLInputElement>(el, '.composer input'));
      await until(() => active(el) === email);
    });

    it('can be used with the keyboard alone', async () => {
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="support"></flowbot-chat>`);
      const first = await until(() => part<HTMLButtonElement>(el, 'choice'));
      first.focus();
      await userEvent.keyboard('{Enter}');
      const email = await until(() => $<HTMLInputElement>(el, '.composer input'));
      await until(() => active(el) === email);
      await userEvent.keyboard('ada@example.com{Enter}');
      const restart = await until(() => part<HTMLButtonElement>(el, 'restart-button'));
      restart.focus();
      await userEvent.keyboard('{Enter}');
      await until(() => part(el, 'choice'));
    });
  });

  it('runs two elements on one page independently', async () => {
    const { calls } = spyViewer();
    const sessions: Record<string, string> = {};
    const record = (event: Event) => {
      sessions[(event.target as Element).id] = (event as CustomEvent<{ sessionId: string }>).detail.sessionId;
    };
    document.addEventListener('flowbot-start', record);
    const wrap = await fixture<HTMLElement>(html`<div>
      <flowbot-chat id="a" public-id="support"></flowbot-chat>
      <flowbot-chat id="b" public-id="lead"></flowbot-chat>
    </div>`);
    const [a, b] = [wrap.querySelector<FlowbotChat>('#a')!, wrap.querySelector<FlowbotChat>('#b')!];
    await until(() => sessions.a && sessions.b);
    document.removeEventListener('flowbot-start', record);
    expect(sessions.a).not.to.equal(sessions.b);
    await until(() => $(b, '.composer input'));
    await typeAndSend(b, 'Ada');
    await until(() => $(b, '.row.user.sent'));
    expect(a.shadowRoot!.querySelectorAll('[part~="user-message"]')).to.have.length(0);
    expect(part(a, 'choice')).to.exist;
    const continued = calls.filter((c) => c.kind === 'continue');
    expect(continued).to.have.length(1);
    expect(continued[0]!.url).to.contain(sessions.b);
    a.restart();
    await oneEvent(a, 'flowbot-start');
    expect(b.shadowRoot!.querySelectorAll('[part~="user-message"]')).to.have.length(1);
  });
});
