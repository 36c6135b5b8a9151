/// <reference types="vite/client" />
import { expect, fixture, html } from '@open-wc/testing';
import { afterEach, describe, it, vi } from 'vitest';
import pkg from '../../package.json';
import frameworks from '../../docs/frameworks.md?raw';
import embedSource from '../../src/script-tag/embed.ts?raw';
// The script runs as it loads: `window.Flowbot`.
import '../../src/script-tag/embed.js';
import type { FlowbotInitOptions } from '../../src/script-tag/embed.js';
import { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { codeOf, readmeTable } from '../support/readme-snippets.js';
import { part } from '../support/widget-dom.js';
import { until } from '../support/widget-actions.js';

/** A value for every option of `Flowbot.init`, and whether the element it made took it. */
const EVERY_OPTION: {
  [K in keyof FlowbotInitOptions]-?: { value: Required<FlowbotInitOptions>[K]; took(el: FlowbotChat): boolean };
} = {
  publicId: { value: 'support', took: (el) => el.publicId === 'support' },
  apiHost: { value: location.origin, took: (el) => el.apiHost === location.origin },
  mode: { value: 'bubble', took: (el) => el.mode === 'bubble' && el.getAttribute('mode') === 'bubble' },
  widget: { value: { title: 'Every option' }, took: (el) => el.widget?.title === 'Every option' },
  prefilledVariables: { value: { name: 'Ada' }, took: (el) => el.prefilledVariables?.name === 'Ada' },
  lang: { value: 'pt-BR', took: (el) => el.lang === 'pt-BR' },
  open: { value: true, took: (el) => el.open && el.hasAttribute('open') },
  persist: { value: 'session', took: (el) => el.persist === 'session' },
  persistKey: { value: 'footer-chat', took: (el) => el.persistKey === 'footer-chat' },
  disableStreaming: { value: true, took: (el) => el.disableStreaming },
  preview: { value: 'Questions about your order?', took: (el) => el.preview === 'Questions about your order?' },
  previewDelay: { value: 5, took: (el) => el.previewDelay === 5 },
  autoOpen: { value: 30, took: (el) => el.autoOpen === 30 },
  autoOpenNarrow: { value: true, took: (el) => el.autoOpenNarrow },
  notifySound: { value: true, took: (el) => el.notifySound },
  feedback: { value: 'all', took: (el) => el.feedback === 'all' },
  noCopy: { value: true, took: (el) => el.noCopy },
  noMenu: { value: true, took: (el) => el.noMenu },
  colorScheme: { value: 'dark', took: (el) => el.colorScheme === 'dark' },
  notice: { value: 'You are chatting with an AI.', took: (el) => el.notice === 'You are chatting with an AI.' },
  consent: { value: 'required', took: (el) => el.consent === 'required' },
  target: { value: '#every-option', took: (el) => el.parentElement?.id === 'every-option' },
};

/** The options `FlowbotInitOptions` declares, read from its source. */
function declaredOptions(): string[] {
  const start = embedSource.indexOf('export interface FlowbotInitOptions {');
  const body = embedSource.slice(start, embedSource.indexOf('\n}\n', start));
  return [...body.matchAll(/^ {2}(\w+)\??:/gm)].map((m) => m[1]!);
}

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
      await until(() => part(el, 'launcher')?.getAttribute('aria-label') === 'Abrir chat');
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

    it('takes every option docs/frameworks.md documents, and it documents every option', async () => {
      const declared = declaredOptions().sort();
      const rows = readmeTable(frameworks, 'init-options', 'docs/frameworks.md');
      expect(rows.map((row) => codeOf(row[0]!)).sort(), 'the docs/frameworks.md table').to.deep.equal(declared);
      for (const row of rows) {
        expect(row.length, row[0]).to.equal(4);
        expect(row.every(Boolean), `${row[0]}: type, default and what`).to.equal(true);
      }
      expect(Object.keys(EVERY_OPTION).sort(), 'this test').to.deep.equal(declared);

      await fixture(html`<section id="every-option"></section>`);
      const options = Object.fromEntries(Object.entries(EVERY_OPTION).map(([name, { value }]) => [name, value]));
      const el = window.Flowbot!.init(options as unknown as FlowbotInitOptions);
      await el.updateComplete;
      const missed = Object.entries(EVERY_OPTION).flatMap(([name, { took }]) => (took(el) ? [] : [name]));
      expect(missed, 'options the element did not take').to.deep.equal([]);
      // `preview: false` is the one option that sets another property.
      const quiet = window.Flowbot!.init({ publicId: 'support', mode: 'bubble', preview: false });
      expect(quiet.noPreview).to.equal(true);
      el.hide();
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
