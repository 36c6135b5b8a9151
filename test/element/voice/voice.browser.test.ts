import { expect, fixture, html } from '@open-wc/testing';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { FlowbotChat } from '../../../src/element/flowbot-chat.js';
import { botTexts, part } from '../../support/widget-dom.js';
import { inputShown, typeAndSend, until } from '../../support/widget-actions.js';
import { startResponse, stubViewer, textMessage } from '../../support/fake-viewer.js';

/** What the stubbed speech synthesis was asked to say. */
interface Spoken {
  text: string;
  lang: string;
  voice: { name: string } | null;
}

class FakeUtterance {
  lang = '';
  voice: { name: string } | null = null;
  constructor(readonly text: string) {}
}

let spoken: Spoken[];
let cancels: number;

const voices = [
  { name: 'Luciana', voiceURI: 'com.example.voice.luciana', lang: 'pt-BR' },
  { name: 'Daniel', voiceURI: 'com.example.voice.daniel', lang: 'en-GB' },
];

beforeEach(() => {
  spoken = [];
  cancels = 0;
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  vi.stubGlobal('speechSynthesis', {
    speak: (u: FakeUtterance) => spoken.push({ text: u.text, lang: u.lang, voice: u.voice }),
    cancel: () => cancels++,
    getVoices: () => voices,
  });
  localStorage.removeItem('flowbot-chat:muted');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.removeItem('flowbot-chat:muted');
});

const reply = (id: string, words: string) => ({
  messages: [textMessage(id, words)],
  input: { id: `in-${id}`, type: 'text input' },
});

/** A widget of the stubbed viewer, its voice on (or off), once its first field shows. */
async function voiced(voiceActive = true): Promise<FlowbotChat> {
  const el = await fixture<FlowbotChat>(
    html`<flowbot-chat public-id="stub" .widget=${{ voiceActive }}></flowbot-chat>`,
  );
  await inputShown(el);
  return el;
}

describe('<flowbot-chat>', () => {
  describe('voice', () => {
    // First in this file: the page has had no user activation yet.
    it('reads nothing before the visitor has interacted with the page, then reads bot messages', async () => {
      expect(navigator.userActivation.hasBeenActive).to.equal(false);
      stubViewer(startResponse({ messages: [textMessage('m1', 'Hello from the stub')] }), [
        reply('m2', 'Nice to meet you'),
      ]);
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat public-id="stub" .widget=${{ voiceActive: true, audioVoice: 'Daniel' }}></flowbot-chat>`,
      );
      await inputShown(el);
      expect(botTexts(el)).to.deep.equal(['Hello from the stub']);
      expect(spoken).to.deep.equal([]);

      await userEvent.click(part(el, 'input')!);
      await userEvent.keyboard('Hi{Enter}');
      await until(() => botTexts(el).includes('Nice to meet you'));
      expect(spoken).to.deep.equal([{ text: 'Nice to meet you', lang: 'en-GB', voice: voices[1] }]);
    });

    it('picks the voice by name or voiceURI, else the default voice of the language', async () => {
      for (const [audioVoice, lang, expected] of [
        ['com.example.voice.luciana', 'pt-BR', { lang: 'pt-BR', voice: voices[0] }],
        ['Nobody', 'pt-BR', { lang: 'pt-BR', voice: null }],
        [undefined, 'en', { lang: 'en', voice: null }],
      ] as const) {
        spoken = [];
        stubViewer(startResponse({ messages: [] }), [reply('m2', 'Olá')]);
        const el = await fixture<FlowbotChat>(
          html`<flowbot-chat public-id="stub" lang=${lang} .widget=${{ voiceActive: true, audioVoice }}></flowbot-chat>`,
        );
        await inputShown(el);
        await typeAndSend(el, 'oi');
        await until(() => spoken.length);
        expect(spoken).to.deep.equal([{ text: 'Olá', ...expected }]);
        vi.restoreAllMocks();
        el.remove();
      }
    });

    it('reads only text messages', async () => {
      stubViewer(startResponse({ messages: [] }), [
        {
          messages: [
            { id: 'i', type: 'image', content: { url: 'https://cdn.example.test/a.png' } },
            textMessage('t', 'A picture'),
          ],
          input: { id: 'in-2', type: 'text input' },
        },
      ]);
      const el = await voiced();
      await typeAndSend(el, 'show me');
      await until(() => spoken.length);
      expect(spoken.map((s) => s.text)).to.deep.equal(['A picture']);
    });

    it('has a mute switch in the header that is remembered', async () => {
      stubViewer(startResponse({ messages: [] }), [reply('m2', 'Muted message')]);
      const el = await voiced();
      const mute = part<HTMLButtonElement>(el, 'mute-button')!;
      expect(part(el, 'header')!.contains(mute)).to.equal(true);
      expect(mute.getAttribute('aria-label')).to.equal('Mute voice');
      expect(mute.getAttribute('aria-pressed')).to.equal('false');
      await expect(el).to.be.accessible();

      await userEvent.click(mute);
      expect(mute.getAttribute('aria-pressed')).to.equal('true');
      expect(localStorage.getItem('flowbot-chat:muted')).to.equal('1');
      await typeAndSend(el, 'one');
      await until(() => botTexts(el).includes('Muted message'));
      expect(spoken).to.deep.equal([]);

      // Another widget (or the next page) starts muted.
      stubViewer(startResponse());
      const next = await voiced();
      expect(part(next, 'mute-button')!.getAttribute('aria-pressed')).to.equal('true');

      await userEvent.click(mute);
      expect(mute.getAttribute('aria-pressed')).to.equal('false');
      expect(localStorage.getItem('flowbot-chat:muted')).to.equal('0');
    });

    it('stops reading when muted or removed', async () => {
      stubViewer(startResponse({ messages: [] }), [reply('m2', 'Long message')]);
      const el = await voiced();
      await typeAndSend(el, 'go');
      await until(() => spoken.length);
      await userEvent.click(part(el, 'mute-button')!);
      expect(cancels).to.equal(1);
      await userEvent.click(part(el, 'mute-button')!);
      el.remove();
      expect(cancels).to.equal(1); // nothing was read since unmuting
    });

    it('reads nothing for a widget that was removed', async () => {
      let answer!: (value: unknown) => void;
      stubViewer(startResponse({ messages: [] }), [() => new Promise((resolve) => (answer = resolve))]);
      const el = await voiced();
      await typeAndSend(el, 'go');
      await until(() => answer);
      el.remove();
      answer(reply('m2', 'Too late'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(spoken).to.deep.equal([]);
    });

    it('reads nothing and shows no switch unless the widget turns the voice on', async () => {
      stubViewer(startResponse(), [reply('m2', 'Quiet')]);
      const el = await voiced(false);
      await typeAndSend(el, 'x');
      await until(() => botTexts(el).includes('Quiet'));
      expect(part(el, 'mute-button')).to.equal(null);
      expect(spoken).to.deep.equal([]);
    });

    it('does nothing, and shows no switch, without speech synthesis', async () => {
      vi.stubGlobal('speechSynthesis', undefined);
      stubViewer(startResponse(), [reply('m2', 'No voice here')]);
      const el = await voiced();
      await typeAndSend(el, 'x');
      await until(() => botTexts(el).includes('No voice here'));
      expect(part(el, 'mute-button')).to.equal(null);
      expect(part(el, 'error')).to.equal(null);
    });
  });
});
