import { expect, fixture, html } from '@open-wc/testing';
import { afterEach, describe, it, vi } from 'vitest';
import pkg from '../../package.json';
import '../../src/script-tag/embed.js';
import { version } from '../../src/script-tag/version.js';
import { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { part, until } from './helpers.js';

afterEach(() => {
  vi.restoreAllMocks();
  document.querySelectorAll('body > flowbot-chat').forEach((el) => el.remove());
});

describe('<flowbot-chat>', () => {
  describe('script tag (window.Flowbot)', () => {
    it('registers the element and exposes Flowbot.init and the version', () => {
      expect(customElements.get('flowbot-chat')).to.equal(FlowbotChat);
      expect(window.Flowbot?.init).to.be.a('function');
      expect(window.Flowbot?.version).to.equal(pkg.version);
      expect(version).to.equal(pkg.version);
    });

    it('creates the element with the given options and appends it to the body', async () => {
      const el = window.Flowbot!.init({
        publicId: 'support',
        mode: 'bubble',
        widget: { title: 'Shop assistant', primaryColor: '#7c3aed', secondaryColor: '#ffffff' },
        prefilledVariables: { name: 'Ada' },
        lang: 'pt-BR',
      });
      expect(el).to.be.instanceOf(FlowbotChat);
      expect(el.parentElement).to.equal(document.body);
      expect(el.publicId).to.equal('support');
      expect(el.mode).to.equal('bubble');
      expect(el.prefilledVariables).to.deep.equal({ name: 'Ada' });
      expect(el.getAttribute('lang')).to.equal('pt-BR');
      await el.updateComplete;
      expect(part(el, 'launcher')!.getAttribute('aria-label')).to.equal('Abrir chat');
      el.show();
      await until(() => part(el, 'choice'));
      expect(part(el, 'title')!.textContent).to.equal('Shop assistant');
    });

    it('appends to a target given as an element or a selector, and can open at once', async () => {
      const host = await fixture<HTMLElement>(html`<section id="chat-host"></section>`);
      const bySelector = window.Flowbot!.init({ publicId: 'support', target: '#chat-host' });
      expect(bySelector.parentElement).to.equal(host);
      const byElement = window.Flowbot!.init({ publicId: 'lead', target: host, mode: 'popup', open: true });
      expect(byElement.parentElement).to.equal(host);
      expect(byElement.open).to.equal(true);
      await until(() => byElement.shadowRoot!.querySelector('dialog')?.open);
      byElement.hide();
    });

    it('falls back to the body, with a warning, when the selector matches nothing', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const el = window.Flowbot!.init({ publicId: 'support', target: '#nowhere' });
      expect(el.parentElement).to.equal(document.body);
      expect(warn.mock.calls.length).to.equal(1);
    });

    it('does not throw when the script runs a second time', async () => {
      const first = window.Flowbot;
      // A second copy of the entry module: as if the script tag were on the page twice.
      await import(/* @vite-ignore */ `../../src/script-tag/embed.ts?again=${Date.now()}`);
      expect(window.Flowbot).to.equal(first);
      expect(customElements.get('flowbot-chat')).to.equal(FlowbotChat);
    });
  });
});
