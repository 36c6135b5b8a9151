import { expect, fixture, html } from '@open-wc/testing';
import { afterEach, describe, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { stringsFor, type FlowbotStrings } from '../../src/i18n/lookup.js';
import { $, $$, part, parts, text } from '../support/widget-dom.js';
import { inputShown, typeAndSend, until } from '../support/widget-actions.js';
import { startResponse, stubViewer, textMessage } from '../support/fake-viewer.js';

afterEach(async () => {
  vi.restoreAllMocks();
  localStorage.removeItem('flowbot-chat:muted');
  // Vitest's own viewport, which a test may have changed.
  await page.viewport(414, 896);
});

const en = stringsFor('en');
const pt = stringsFor('pt-BR');

/** Everything a visitor sees or hears from the widget: text, labels, placeholders, titles. */
function words(el: FlowbotChat): string[] {
  const out: string[] = [];
  for (const node of $$(el, '*')) {
    for (const name of ['aria-label', 'placeholder', 'title', 'aria-valuetext']) {
      const value = node.getAttribute(name);
      if (value) out.push(value.trim());
    }
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE && child.textContent!.trim()) out.push(child.textContent!.trim());
    }
  }
  return out;
}

/** Catalogue strings that read differently in English and Portuguese. */
const englishOnly = (Object.keys(en) as (keyof FlowbotStrings)[]).filter((k) => en[k] !== pt[k]).map((k) => en[k]);

/** Checks, once the widget has settled (its next updates drawn, up to a second), that it shows no English. */
async function expectNoEnglish(el: FlowbotChat): Promise<void> {
  const leaks = () =>
    words(el).filter((w) => englishOnly.some((e) => w === e || w.startsWith(`${e}:`) || w.startsWith(`${e}.`)));
  await until(() => leaks().length === 0, 1000).catch(() => undefined);
  expect(leaks(), `English strings in a pt-BR widget: ${leaks().join(' | ')}`).to.deep.equal([]);
}

const field = (el: FlowbotChat) => $<HTMLInputElement>(el, '.composer input')!;

describe('<flowbot-chat>', () => {
  describe('languages', () => {
    it('has every string in English and Brazilian Portuguese', () => {
      expect(Object.keys(pt).sort()).to.deep.equal(Object.keys(en).sort());
      for (const key of Object.keys(en) as (keyof FlowbotStrings)[]) {
        expect(pt[key], key).to.be.a('string').and.not.equal('');
      }
      expect(stringsFor('pt')).to.equal(pt);
      expect(stringsFor('pt_BR')).to.equal(pt);
      expect(stringsFor('fr-CA')).to.equal(en);
    });

    it('speaks Portuguese with lang="pt-BR"', async () => {
      stubViewer(startResponse());
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub" lang="pt-BR"></flowbot-chat>`);
      await inputShown(el);
      // Its words are a file of their own, fetched at once: drawn once they have arrived.
      await until(() => field(el).placeholder === 'Digite sua resposta...');
      expect(text(part(el, 'send-button'))).to.equal('Enviar');
      expect(part(el, 'messages')!.getAttribute('aria-label')).to.equal('Conversa');
      // The panel is named by its header's title (the Portuguese "Chat" is the same word).
      const panel = part(el, 'panel')!;
      const name =
        panel.getAttribute('aria-label') ?? text(el.shadowRoot!.getElementById(panel.getAttribute('aria-labelledby')!));
      expect(name).to.equal('Chat');
      await expectNoEnglish(el);
      await expect(el).to.be.accessible();
    });

    it("follows the page's language: the closest lang, then <html lang>", async () => {
      stubViewer(startResponse());
      const wrapper = await fixture<HTMLElement>(
        html`<div lang="pt-BR"><flowbot-chat public-id="stub"></flowbot-chat></div>`,
      );
      const inner = wrapper.querySelector('flowbot-chat')!;
      await inputShown(inner);
      expect(field(inner).placeholder).to.equal('Digite sua resposta...');

      const before = document.documentElement.lang;
      document.documentElement.lang = 'pt-BR';
      try {
        const page = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
        await inputShown(page);
        expect(field(page).placeholder).to.equal('Digite sua resposta...');
        // The element's own lang wins over the page's.
        const english = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub" lang="en"></flowbot-chat>`);
        await inputShown(english);
        expect(field(english).placeholder).to.equal('Type your answer...');
      } finally {
        document.documentElement.lang = before;
      }
    });

    it('switches language when lang changes', async () => {
      stubViewer(startResponse());
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub" lang="en"></flowbot-chat>`);
      await inputShown(el);
      el.lang = 'pt-BR';
      await el.updateComplete;
      expect(text(part(el, 'send-button'))).to.equal('Enviar');
    });

    it("follows a change of <html lang> or an ancestor's lang made after it mounted, mid-conversation", async () => {
      stubViewer(startResponse());
      const before = document.documentElement.lang;
      document.documentElement.lang = 'en';
      try {
        const wrapper = await fixture<HTMLElement>(html`<div><flowbot-chat public-id="stub"></flowbot-chat></div>`);
        const el = wrapper.querySelector('flowbot-chat')!;
        await inputShown(el);
        void typeAndSend(el, 'Ada');
        await until(() => $$(el, '[part~="user-message"]').length === 1);
        const label = () => part(el, 'messages')!.getAttribute('aria-label');
        expect(label()).to.equal('Conversation');

        // The page's language switcher: the widget's words follow, the conversation stays.
        document.documentElement.lang = 'pt-BR';
        await until(() => label() === 'Conversa');
        expect(text($$(el, '[part~="user-message"]')[0]!)).to.equal('Ada');

        // An ancestor's lang is closer than the page's, and is followed too.
        wrapper.lang = 'en';
        await until(() => label() === 'Conversation');
        wrapper.removeAttribute('lang');
        await until(() => label() === 'Conversa');
      } finally {
        document.documentElement.lang = before;
      }
    });

    it('formats numbers with Intl in the widget language', async () => {
      stubViewer(startResponse({ progress: 40 }));
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub" lang="de"></flowbot-chat>`);
      await inputShown(el);
      expect(part(el, 'progress')!.getAttribute('aria-valuetext')).to.equal('40\u00a0%');
    });

    it('leaves no English in the states, notices and announcements of a pt-BR widget', async () => {
      vi.spyOn(window, 'open').mockImplementation(() => null);
      const widget = { title: 'Suporte', defaultMessages: ['Quais cursos?'], voiceActive: true };
      vi.stubGlobal('speechSynthesis', { speak() {}, cancel() {}, getVoices: () => [] });
      try {
        stubViewer(
          startResponse({
            progress: 10,
            messages: [
              textMessage('m1', 'Olá!'),
              { id: 'v', type: 'video', content: { url: 'https://cdn.example.test/clip.mp4' } },
              { id: 'a', type: 'audio', content: { url: 'https://cdn.example.test/clip.mp3' } },
            ],
            clientSideActions: [{ type: 'redirect', redirect: { url: 'https://example.com/', isNewTab: true } }],
          }),
          [
            new Response('{"message":"down"}', { status: 503, headers: { 'content-type': 'application/json' } }),
            {
              messages: [],
              input: {
                id: 'c',
                type: 'choice input',
                options: { isSearchable: true },
                items: [{ id: 'x', content: 'Sim' }],
              },
            },
            { messages: [textMessage('end', 'Tchau')] },
          ],
        );
        const el = await fixture<FlowbotChat>(
          html`<flowbot-chat public-id="stub" lang="pt-BR" mode="bubble" open .widget=${widget}></flowbot-chat>`,
        );
        await inputShown(el);
        await until(() => part(el, 'redirect'));
        // The voice's code arrives on demand.
        await until(() => part(el, 'mute-button'));
        expect(part(el, 'mute-button')!.getAttribute('aria-label')).to.equal('Silenciar voz');
        expect(part(el, 'progress')!.getAttribute('aria-label')).to.equal('Progresso');
        expect(text(part(el, 'redirect'))).to.equal('Abrir a página: example.com');
        expect(parts(el, 'bot-message').map((b) => b.querySelector('.visually-hidden')?.textContent)).to.deep.equal([
          undefined,
          'Vídeo',
          'Áudio',
        ]);
        await expectNoEnglish(el);

        // A failed send: the error, the "not sent" mark and the retry button.
        await typeAndSend(el, 'oi');
        await until(() => part(el, 'error'));
        expect(text(part(el, 'retry-button'))).to.equal('Tentar novamente');
        await expectNoEnglish(el);

        // Searchable choice with no match.
        part<HTMLButtonElement>(el, 'retry-button')!.click();
        const search = await until(() => $<HTMLInputElement>(el, '[part~="search"]'));
        expect(search.placeholder).to.equal('Pesquisar…');
        search.value = 'zzz';
        search.dispatchEvent(new Event('input'));
        await until(() => el.shadowRoot!.textContent!.includes('Nenhum resultado'));
        await expectNoEnglish(el);

        search.value = '';
        search.dispatchEvent(new Event('input'));
        (await until(() => part<HTMLButtonElement>(el, 'choice'))).click();
        await until(() => part(el, 'end'));
        expect(text(part(el, 'end'))).to.contain('A conversa terminou.');
        await expectNoEnglish(el);
        expect(part(el, 'launcher')!.getAttribute('aria-label')).to.equal('Fechar chat');
        await expect(el).to.be.accessible();
      } finally {
        vi.unstubAllGlobals();
      }
    });

    it('shows the unavailable notice in Portuguese', async () => {
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat public-id="stub" lang="pt-BR" .widget=${{ isActivated: false }}></flowbot-chat>`,
      );
      expect(text(part(el, 'unavailable'))).to.equal('Este chat não está disponível');
    });
  });

  describe('right-to-left', () => {
    async function conversation(template: ReturnType<typeof html>): Promise<FlowbotChat> {
      stubViewer(startResponse(), [
        { messages: [textMessage('m2', 'مرحبا')], input: { id: 'in-2', type: 'text input' } },
      ]);
      const root = await fixture<HTMLElement>(template);
      const el = (root.matches('flowbot-chat') ? root : root.querySelector('flowbot-chat')!) as FlowbotChat;
      await inputShown(el);
      await typeAndSend(el, 'سلام');
      await until(() => el.shadowRoot!.querySelector('.row.user.sent'));
      return el;
    }

    for (const [where, template] of [
      ['an ancestor', html`<div dir="rtl" style="width: 420px"><flowbot-chat public-id="stub"></flowbot-chat></div>`],
      ['the element', html`<flowbot-chat dir="rtl" public-id="stub" style="width: 420px"></flowbot-chat>`],
    ] as const) {
      it(`mirrors the conversation when dir="rtl" is on ${where}`, async () => {
        const el = await conversation(template);
        const panel = part(el, 'panel')!.getBoundingClientRect();
        const bot = part(el, 'bot-message')!.getBoundingClientRect();
        const user = part(el, 'user-message')!.getBoundingClientRect();
        // Bot bubbles start on the right, the visitor's on the left.
        expect(panel.right - bot.right).to.be.lessThan(24);
        expect(user.left - panel.left).to.be.lessThan(24);
        expect(bot.left - panel.left).to.be.greaterThan(24);
        // The send button sits at the inline end: the left.
        expect(part(el, 'send-button')!.getBoundingClientRect().right).to.be.lessThan(
          field(el).getBoundingClientRect().left + 1,
        );
      });
    }

    for (const lang of ['ar', 'he']) {
      it(`lays its own chrome out right to left on a page in lang="${lang}" that gives no dir`, async () => {
        const el = await conversation(
          html`<div lang=${lang} style="width: 420px"><flowbot-chat public-id="stub"></flowbot-chat></div>`,
        );
        const panel = part(el, 'panel')!.getBoundingClientRect();
        for (const name of ['header', 'composer', 'messages'])
          expect(getComputedStyle(part(el, name)!).direction, name).to.equal('rtl');
        // The title at the header's right, the send button left of the field, the bot's bubbles on the right.
        expect(panel.right - part(el, 'title')!.getBoundingClientRect().right).to.be.lessThan(24);
        expect(part(el, 'send-button')!.getBoundingClientRect().right).to.be.lessThan(
          field(el).getBoundingClientRect().left + 1,
        );
        expect(panel.right - part(el, 'bot-message')!.getBoundingClientRect().right).to.be.lessThan(24);
        // Each message still reads in its own direction.
        expect(getComputedStyle(part(el, 'bot-message')!).unicodeBidi).to.equal('plaintext');
        // No attribute of the page's is added.
        expect(el.hasAttribute('dir')).to.equal(false);
      });
    }

    it('keeps the direction the page gives, and left to right in a language written so', async () => {
      const ltr = await conversation(
        html`<div lang="ar" dir="ltr" style="width: 420px"><flowbot-chat public-id="stub"></flowbot-chat></div>`,
      );
      expect(getComputedStyle(part(ltr, 'header')!).direction).to.equal('ltr');
      const french = await conversation(
        html`<div lang="fr" style="width: 420px"><flowbot-chat public-id="stub"></flowbot-chat></div>`,
      );
      expect(getComputedStyle(part(french, 'header')!).direction).to.equal('ltr');
    });

    it('keeps the bubble in the corner of the page, its panel on screen, in lang="ar" without dir', async () => {
      await page.viewport(1280, 800);
      stubViewer(startResponse());
      const wrapper = await fixture<HTMLElement>(
        html`<div lang="ar"><flowbot-chat public-id="stub" mode="bubble"></flowbot-chat></div>`,
      );
      const el = wrapper.querySelector('flowbot-chat')!;
      await el.updateComplete;
      part<HTMLButtonElement>(el, 'launcher')!.click();
      await inputShown(el);
      const panel = part(el, 'panel')!.getBoundingClientRect();
      expect(panel.left).to.be.at.least(0);
      expect(panel.right).to.be.at.most(innerWidth);
      expect(panel.left).to.be.greaterThan(innerWidth / 2);
      // The close button at the header's inline end: its left side.
      const header = part(el, 'header')!.getBoundingClientRect();
      expect(part(el, 'close-button')!.getBoundingClientRect().left - header.left).to.be.lessThan(24);
    });

    it('puts the bubble launcher and panel on the left', async () => {
      stubViewer(startResponse());
      const wrapper = await fixture<HTMLElement>(
        html`<div dir="rtl"><flowbot-chat public-id="stub" mode="bubble"></flowbot-chat></div>`,
      );
      const el = wrapper.querySelector('flowbot-chat')!;
      // Its first render comes in the task after the page's (the fixture waited for the wrapper only).
      await el.updateComplete;
      const launcher = part(el, 'launcher')!.getBoundingClientRect();
      expect(launcher.left).to.be.lessThan(innerWidth / 2);
      part<HTMLButtonElement>(el, 'launcher')!.click();
      await inputShown(el);
      const panel = part(el, 'panel')!.getBoundingClientRect();
      expect(panel.left).to.be.lessThan(innerWidth / 2);
      // The close button at the header's inline end: its left side.
      const header = part(el, 'header')!.getBoundingClientRect();
      expect(part(el, 'close-button')!.getBoundingClientRect().left - header.left).to.be.lessThan(24);
    });
  });
});
