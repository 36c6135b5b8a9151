import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { afterEach, describe, it, vi } from 'vitest';
import '../../src/define.js';
import { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { $, $$, botTexts, part, parts, text, userTexts } from '../support/widget-dom.js';
import { inputShown, typeAndSend, until } from '../support/widget-actions.js';
import { spyViewer, startResponse, stubViewer, textMessage } from '../support/fake-viewer.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const choice = (el: FlowbotChat, label: string) =>
  parts<HTMLButtonElement>(el, 'choice').find((b) => text(b) === label)!;

describe('<flowbot-chat>', () => {
  it('renders', async () => {
    const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="support"></flowbot-chat>`);
    expect(el).to.be.instanceOf(FlowbotChat);
    expect(document.createElement('flowbot-chat')).to.be.instanceOf(FlowbotChat);
    expect(el.shadowRoot!.mode).to.equal('open');
    expect(el.mode).to.equal('standard');
    expect(part(el, 'panel')).to.exist;
    expect(part(el, 'composer')).to.exist;
    const log = part(el, 'messages')!;
    expect(log.getAttribute('role')).to.equal('log');
    expect(log.getAttribute('aria-live')).to.equal('polite');
    await until(() => botTexts(el).length > 0);
    expect(botTexts(el)).to.deep.equal(["Hi! I'm the Acme support bot.", 'What do you need help with?']);
  });

  it('is accessible', async () => {
    const el = await fixture<FlowbotChat>(
      html`<flowbot-chat public-id="support" .widget=${{ title: 'Support', subTitle: 'We answer fast' }}></flowbot-chat>`,
    );
    await until(() => part(el, 'choice'));
    await expect(el).to.be.accessible();
    choice(el, 'Billing').click();
    await until(() => $(el, '.composer input'));
    await expect(el).to.be.accessible();
  });

  describe('attributes', () => {
    it('adds no attribute the page did not write', async () => {
      stubViewer(startResponse());
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await inputShown(el);
      // The README's reserve rule, `flowbot-chat:not([mode])`, keeps matching once the widget runs.
      expect(el.getAttributeNames().sort()).to.deep.equal(['public-id']);
      expect(el.matches(':not([mode])')).to.equal(true);
    });

    it('reflects a mode the page set as a property, and goes back to inline when the attribute goes', async () => {
      stubViewer(startResponse());
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      el.mode = 'bubble';
      await el.updateComplete;
      expect(el.getAttribute('mode')).to.equal('bubble');
      el.removeAttribute('mode');
      await el.updateComplete;
      expect(el.mode).to.equal('standard');
      expect(el.hasAttribute('mode')).to.equal(false);
    });

    it('reflects open, the state a visitor changes, only while the bubble is open', async () => {
      stubViewer(startResponse());
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub" mode="bubble"></flowbot-chat>`);
      await el.updateComplete;
      expect(el.hasAttribute('open')).to.equal(false);
      part<HTMLButtonElement>(el, 'launcher')!.click();
      await el.updateComplete;
      expect(el.hasAttribute('open')).to.equal(true);
      part<HTMLButtonElement>(el, 'launcher')!.click();
      await el.updateComplete;
      expect(el.getAttributeNames().sort()).to.deep.equal(['mode', 'public-id']);
    });
  });

  describe('conversation', () => {
    it('holds a whole conversation and ends it', async () => {
      const { calls } = spyViewer();
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="support"></flowbot-chat>`);
      await until(() => part(el, 'choice'));
      choice(el, 'Billing').click();
      await until(() => $(el, '.composer input'));
      expect(botTexts(el)).to.include('Invoices are in Settings > Billing. You can download each one as a PDF.');
      await typeAndSend(el, 'ada@example.com');
      await oneEvent(el, 'flowbot-end');
      expect(botTexts(el).at(-1)).to.equal('Thanks! Ticket opened about "Billing". We will write to ada@example.com.');
      expect(userTexts(el)).to.deep.equal(['Billing', 'ada@example.com']);
      expect(part(el, 'input')).to.equal(null);
      expect(calls.map((c) => c.kind)).to.deep.equal(['start', 'continue', 'continue']);
      expect(calls[0]!.url).to.equal(`${location.origin}/api/v1/flowbots/support/startChat`);
    });

    it('shows every message type of the demo flow, skipping unknown ones and never running custom embeds', async () => {
      const title = document.title;
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="demo"></flowbot-chat>`);
      await until(() => part(el, 'choice'));
      choice(el, 'Every input').click();
      await until(() => $<HTMLInputElement>(el, '.composer input')?.placeholder === 'Your name', 8000);

      const bubbles = parts(el, 'bot-message');
      const rich = bubbles.find((b) => text(b).startsWith('Plain, bold'))!;
      expect(rich.querySelector('strong')?.textContent).to.equal('bold');
      expect(rich.querySelector('em')?.textContent).to.equal('italic');
      expect(rich.querySelector('u')?.textContent).to.equal('underlined');
      expect(rich.querySelector<HTMLAnchorElement>('a')!.href).to.equal('https://example.com/');
      const lists = bubbles.find((b) => text(b).startsWith('Lists'))!;
      expect(lists.querySelectorAll('ul > li')).to.have.length(2);
      expect(lists.querySelectorAll('ol > li')).to.have.length(3);

      const image = el.shadowRoot!.querySelector<HTMLImageElement>('[part~="bot-message"] img')!;
      expect(image.alt).to.equal('Mountains under a yellow sun');
      expect(image.closest('a')!.href).to.equal('https://example.com/');
      const frames = $$<HTMLIFrameElement>(el, '[part~="bot-message"] iframe');
      expect(frames.some((f) => f.src.includes('youtube'))).to.equal(true);
      expect(frames.some((f) => f.src.includes('vimeo'))).to.equal(true);
      const embed = frames.find((f) => f.src.includes('embed.html'))!;
      expect(embed.getAttribute('height')).to.equal('200');
      expect(embed.hasAttribute('sandbox')).to.equal(true);
      expect($(el, '[part~="bot-message"] video')).to.exist;
      expect($(el, '[part~="bot-message"] audio')).to.exist;
      expect(botTexts(el).some((t) => t.includes('custom-embed') || t.includes('hologram'))).to.equal(false);
      expect($$(el, '[data-type="custom-embed"], [data-type="hologram"]')).to.have.length(0);
      expect(document.title).to.equal(title);
      expect(botTexts(el)).to.include("Now the inputs. A short text first: what's your name?");
    });

    it('starts again with restart(), dropping the old conversation', async () => {
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="support"></flowbot-chat>`);
      await until(() => part(el, 'choice'));
      choice(el, 'Billing').click();
      await until(() => $(el, '.composer input'));
      const restarted = oneEvent(el, 'flowbot-start');
      el.restart();
      await restarted;
      await until(() => part(el, 'choice'));
      expect(userTexts(el)).to.deep.equal([]);
      expect(botTexts(el)).to.deep.equal(["Hi! I'm the Acme support bot.", 'What do you need help with?']);
    });

    it('sends prefilled-variables with the start', async () => {
      const { calls } = spyViewer();
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat public-id="lead" prefilled-variables='{"name":"Ada","plan":"pro"}'></flowbot-chat>`,
      );
      await inputShown(el);
      expect(el.prefilledVariables).to.deep.equal({ name: 'Ada', plan: 'pro' });
      expect(calls[0]!.body).to.deep.equal({ prefilledVariables: { name: 'Ada', plan: 'pro' }, isStreamEnabled: true });
    });

    it('talks to the server named by api-host', async () => {
      const { calls } = stubViewer(startResponse());
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat public-id="my bot" api-host="https://viewer.example.test/"></flowbot-chat>`,
      );
      await inputShown(el);
      expect(calls[0]!.url).to.equal('https://viewer.example.test/api/v1/flowbots/my%20bot/startChat');
    });

    it('starts over when public-id changes', async () => {
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="goodbye"></flowbot-chat>`);
      await until(() => part(el, 'end'));
      el.publicId = 'support';
      await until(() => part(el, 'choice'));
      expect(botTexts(el)).to.deep.equal(["Hi! I'm the Acme support bot.", 'What do you need help with?']);
      expect(part(el, 'end')).to.equal(null);
    });

    it('waits for a public id before starting', async () => {
      const { calls } = stubViewer(startResponse());
      const el = await fixture<FlowbotChat>(html`<flowbot-chat></flowbot-chat>`);
      await new Promise((r) => setTimeout(r, 50));
      expect(calls).to.have.length(0);
      el.publicId = 'later';
      await inputShown(el);
      expect(calls).to.have.length(1);
    });

    it('aborts the call in flight when removed from the page, without an error event', async () => {
      let signal: AbortSignal | undefined;
      vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
        signal = new Request(input, init).signal;
        return new Promise((_resolve, reject) => signal!.addEventListener('abort', () => reject(signal!.reason)));
      });
      const errors: Event[] = [];
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="support"></flowbot-chat>`);
      el.addEventListener('flowbot-error', (e) => errors.push(e));
      await until(() => signal);
      el.remove();
      await until(() => signal!.aborted);
      await new Promise((r) => setTimeout(r, 20));
      expect(errors).to.have.length(0);
    });
  });

  describe('client-side actions', () => {
    it('ignores code, continues when a reply is expected, and opens redirects in a new tab', async () => {
      const open = vi.spyOn(window, 'open').mockImplementation(() => null);
      const { calls } = stubViewer(
        startResponse({
          messages: [textMessage('m1', 'Working on it')],
          input: undefined,
          clientSideActions: [
            {
              type: 'scriptToExecute',
              scriptToExecute: { content: 'document.title = "ran"' },
              lastBubbleBlockId: 'm1',
            },
            { type: 'setVariable', setVariable: { scriptToExecute: { content: 'x' } }, expectsDedicatedReply: true },
          ],
        }),
        [
          {
            messages: [textMessage('m2', 'Opening the page')],
            clientSideActions: [
              { type: 'redirect', redirect: { url: 'javascript:alert(1)' } },
              {
                type: 'redirect',
                redirect: { url: 'https://example.com/next', isNewTab: true },
                lastBubbleBlockId: 'm2',
              },
            ],
            input: { id: 'in-2', type: 'text input' },
          },
        ],
      );
      const title = document.title;
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await inputShown(el);
      expect(botTexts(el)).to.deep.equal(['Working on it', 'Opening the page']);
      expect(calls.filter((c) => c.kind !== 'other').map((c) => [c.kind, c.body])).to.deep.equal([
        ['start', { isStreamEnabled: true }],
        ['continue', {}],
      ]);
      // The ignored page code is reported to the bot's owner.
      await until(() => calls.filter((c) => c.url.includes('/clientLogs')).length >= 2);
      expect(
        calls
          .filter((c) => c.url.includes('/clientLogs'))
          .map((c) => (c.body.clientLogs as Array<{ context: string }>)[0]!.context),
      ).to.include('action');
      expect(open.mock.calls).to.deep.equal([['https://example.com/next', '_blank']]);
      expect(document.title).to.equal(title);
      expect(part(el, 'end')).to.equal(null);
    });
  });

  describe('events', () => {
    it('fires each event, bubbling and composed, with its detail', async () => {
      stubViewer(
        startResponse({
          messages: [textMessage('m1', 'Hello'), { id: 'x', type: 'hologram', content: {} }],
          input: { id: 'in-1', type: 'text input' },
        }),
        [{ messages: [textMessage('m2', 'Bye')] }],
      );
      const seen: { type: string; detail: unknown; composed: boolean }[] = [];
      const names = [
        'flowbot-start',
        'flowbot-message',
        'flowbot-input',
        'flowbot-answer',
        'flowbot-end',
        'flowbot-error',
      ];
      const listen = (event: Event) =>
        seen.push({ type: event.type, detail: (event as CustomEvent).detail, composed: event.composed });
      for (const name of names) document.addEventListener(name, listen);
      try {
        const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
        await inputShown(el);
        await typeAndSend(el, 'Ada');
        await until(() => part(el, 'end'));
      } finally {
        for (const name of names) document.removeEventListener(name, listen);
      }
      expect(seen.map((e) => e.type)).to.deep.equal([
        'flowbot-start',
        'flowbot-message',
        'flowbot-input',
        'flowbot-answer',
        'flowbot-message',
        'flowbot-end',
      ]);
      expect(seen.every((e) => e.composed)).to.equal(true);
      expect(seen[0]!.detail).to.deep.equal({ sessionId: 'session-1', resultId: 'result-1', restored: false });
      expect((seen[1]!.detail as { message: { id: string } }).message.id).to.equal('m1');
      expect((seen[2]!.detail as { input: { id: string } }).input.id).to.equal('in-1');
      expect(seen[3]!.detail).to.deep.equal({ answer: 'Ada', text: 'Ada' });
      expect(seen[5]!.detail).to.deep.equal({ sessionId: 'session-1' });
    });

    it('fires flowbot-error with the error and what failed', async () => {
      stubViewer(Response.json({ message: 'Origin not allowed' }, { status: 403 }));
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      const event = await oneEvent(el, 'flowbot-error');
      expect(event.detail.action).to.equal('start');
      const error = event.detail.error as { name: string; status: number; serverMessage: string };
      expect(error.name).to.equal('FlowbotHttpError');
      expect(error.status).to.equal(403);
      expect(error.serverMessage).to.equal('Origin not allowed');
    });
  });

  describe('language', () => {
    it('speaks the language of its lang attribute', async () => {
      stubViewer(startResponse());
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub" lang="pt-BR"></flowbot-chat>`);
      const input = await until(() => $<HTMLInputElement>(el, '.composer input'));
      await until(() => input.placeholder === 'Digite sua resposta...');
      expect(text(part(el, 'send-button'))).to.equal('Enviar');
      el.lang = 'en';
      await el.updateComplete;
      expect(input.placeholder).to.equal('Type your answer...');
    });

    it('follows the closest lang of the page, else English', async () => {
      stubViewer(startResponse());
      const wrap = await fixture<HTMLElement>(
        html`<div lang="pt-BR"><flowbot-chat public-id="stub"></flowbot-chat></div>`,
      );
      const el = wrap.querySelector('flowbot-chat')!;
      expect((await until(() => $<HTMLInputElement>(el, '.composer input'))).placeholder).to.equal(
        'Digite sua resposta...',
      );
      const plain = await fixture<FlowbotChat>(html`<flowbot-chat mode="bubble" lang="xx"></flowbot-chat>`);
      expect(part(plain, 'launcher')!.getAttribute('aria-label')).to.equal('Open chat');
    });
  });
});
