import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { afterEach, describe, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { $, botTexts, part, parts, text, userTexts } from '../support/widget-dom.js';
import { inputShown, typeAndSend, until } from '../support/widget-actions.js';
import { spyViewer, startResponse, stubViewer, textMessage } from '../support/fake-viewer.js';

afterEach(() => {
  vi.restoreAllMocks();
});

function gate<T>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

const field = (el: FlowbotChat) => $<HTMLInputElement>(el, '.composer [part~="input"]')!;
const continues = (calls: { kind: string }[]) => calls.filter((c) => c.kind === 'continue').length;

/** The lead bot, whose viewer refuses every answer (503): the visitor's `Ada` failed, Retry is offered. */
async function refusedAda() {
  const { calls } = spyViewer({ spec: 'status=503', match: '/continueChat' });
  const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="lead"></flowbot-chat>`);
  await until(() => $(el, '.composer input'));
  await typeAndSend(el, 'Ada');
  await until(() => part(el, 'retry-button'));
  return { el, calls };
}

describe('<flowbot-chat>', () => {
  describe('states', () => {
    it('shows a skeleton while starting, in the space the conversation will take', async () => {
      const start = gate<unknown>();
      stubViewer(() => start.promise);
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await until(() => $(el, '.skeleton'));
      const log = part(el, 'messages')!;
      expect(log.getAttribute('aria-busy')).to.equal('true');
      const composer = part(el, 'composer')!;
      const before = { panel: part(el, 'panel')!.getBoundingClientRect(), composer: composer.getBoundingClientRect() };
      expect(before.composer.height).to.be.greaterThan(0);

      start.open(startResponse());
      await inputShown(el);
      expect($(el, '.skeleton')).to.equal(null);
      expect(log.getAttribute('aria-busy')).to.equal('false');
      const after = { panel: part(el, 'panel')!.getBoundingClientRect(), composer: composer.getBoundingClientRect() };
      expect(after.panel.height).to.equal(before.panel.height);
      expect(after.composer.height).to.equal(before.composer.height);
      expect(after.composer.top).to.equal(before.composer.top);
    });

    it('shows the first message as soon as the response arrives', async () => {
      const start = gate<unknown>();
      stubViewer(() => start.promise);
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await until(() => $(el, '.skeleton'));
      const arrived = oneEvent(el, 'flowbot-start');
      start.open(startResponse());
      await arrived;
      // Within one frame of the response.
      await new Promise((resolve) => requestAnimationFrame(resolve));
      expect(botTexts(el)).to.deep.equal(['Hello from the stub']);
    });

    it('shows the bot typing for the typing-emulation delay between messages', async () => {
      stubViewer(
        startResponse({
          flowbot: { settings: { typingEmulation: { enabled: true, speed: 60, maxDelay: 0.6 } } },
          messages: [textMessage('m1', 'First'), textMessage('m2', 'two words and more')],
        }),
      );
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await until(() => botTexts(el).length === 1);
      const shownAt = performance.now();
      const typing = await until(() => part(el, 'typing'));
      expect(text(typing)).to.equal('Bot is typing');
      expect(part(el, 'input')).to.equal(null);
      await until(() => botTexts(el).length === 2, 3000);
      const waited = performance.now() - shownAt;
      expect(waited).to.be.within(500, 1200);
      expect(part(el, 'typing')).to.equal(null);
      await inputShown(el);
    });

    it('does not show typing without typing-emulation settings', async () => {
      stubViewer(startResponse({ messages: [textMessage('m1', 'a'), textMessage('m2', 'b c d e f g h')] }));
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await until(() => botTexts(el).length === 2);
      expect(part(el, 'typing')).to.equal(null);
    });

    it('stops the typing animation for visitors who prefer reduced motion', async () => {
      const el = await fixture<FlowbotChat>(html`<flowbot-chat></flowbot-chat>`);
      const rules = el.shadowRoot!.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules]);
      const reduced = rules.filter(
        (rule): rule is CSSMediaRule =>
          rule instanceof CSSMediaRule && rule.conditionText.includes('prefers-reduced-motion: reduce'),
      );
      const stopsDots = reduced.some((media) =>
        [...media.cssRules].some(
          (rule) =>
            rule instanceof CSSStyleRule && rule.selectorText.includes('.dot') && rule.style.animationName === 'none',
        ),
      );
      expect(stopsDots).to.equal(true);
    });

    it('shows an error with a retry when the start fails, and starts on retry', async () => {
      const { calls } = spyViewer({ spec: 'status=503', match: '/startChat' });
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="support"></flowbot-chat>`);
      const failed = await oneEvent(el, 'flowbot-error');
      expect(failed.detail.action).to.equal('start');
      expect((failed.detail.error as { status?: number }).status).to.equal(503);
      const error = await until(() => part(el, 'error'));
      expect(error.getAttribute('role')).to.equal('alert');
      expect(text(error)).to.contain('Something went wrong…');
      await expect(el).to.be.accessible();

      part<HTMLButtonElement>(el, 'retry-button')!.click();
      await until(() => part(el, 'choice'));
      expect(part(el, 'error')).to.equal(null);
      expect(calls.filter((c) => c.kind === 'start')).to.have.length(2);
    });

    it('says the visitor is offline, and starts once when the connection is back', async () => {
      const { calls } = spyViewer({ spec: 'status=503', match: '/startChat', times: 1 });
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
      try {
        const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="support"></flowbot-chat>`);
        const error = await until(() => part(el, 'error'));
        expect(text(error)).to.contain('You are offline');
        Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
        window.dispatchEvent(new Event('online'));
        window.dispatchEvent(new Event('online'));
        await until(() => part(el, 'choice'));
        expect(calls.filter((c) => c.kind === 'start')).to.have.length(2);
      } finally {
        delete (navigator as { onLine?: boolean }).onLine;
      }
    });

    it('says the chat is unavailable when the bot does not exist', async () => {
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="no-such-bot"></flowbot-chat>`);
      const error = await until(() => part(el, 'error'));
      expect(text(error)).to.contain('This chat is unavailable');
    });

    it('keeps the typed answer when the send fails', async () => {
      spyViewer({ spec: 'status=503', match: '/continueChat' });
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="lead"></flowbot-chat>`);
      await until(() => $(el, '.composer input'));
      await typeAndSend(el, 'Ada');
      const failed = await oneEvent(el, 'flowbot-error');
      expect(failed.detail.action).to.equal('send');
      await until(() => part(el, 'error'));
      expect(userTexts(el)).to.deep.equal(['Ada']);
      expect(text($(el, '.row.user'))).to.contain('Not sent');
      expect(field(el).value).to.equal('Ada');
      expect(part(el, 'retry-button')).to.exist;
    });

    it('sends exactly once after retry', async () => {
      const { el, calls } = await refusedAda();
      expect(continues(calls)).to.equal(1);
      const answered = oneEvent(el, 'flowbot-answer');
      const retry = part<HTMLButtonElement>(el, 'retry-button')!;
      retry.click();
      retry.click();
      expect((await answered).detail.answer).to.equal('Ada');
      await until(() => botTexts(el).some((t) => t.includes('Ada')), 8000);
      expect(continues(calls)).to.equal(2);
      expect(userTexts(el)).to.deep.equal(['Ada']);
      expect(text($(el, '.row.user'))).not.to.contain('Not sent');
      expect(part(el, 'error')).to.equal(null);
    });

    it('sends the field instead when the visitor types a new answer after a failure', async () => {
      const { el, calls } = await refusedAda();
      await typeAndSend(el, 'Grace');
      await until(() => botTexts(el).some((t) => t.includes('Grace')), 8000);
      expect(continues(calls)).to.equal(2);
      expect(userTexts(el)).to.deep.equal(['Grace']);
    });

    it('never sends twice while a send is in flight', async () => {
      const { calls } = spyViewer({ spec: 'delay=400', match: '/continueChat', times: 2 });
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="support"></flowbot-chat>`);
      await until(() => part(el, 'choice'));
      const billing = part<HTMLButtonElement>(el, 'choice')!;
      billing.click();
      await el.updateComplete;
      expect(billing.disabled).to.equal(true);
      billing.click();
      expect(el.send('Billing')).to.equal(false);
      const email = await until(() => $<HTMLInputElement>(el, '.composer input'), 3000);
      expect(continues(calls)).to.equal(1);
      email.focus();
      await userEvent.keyboard('ada@example.com{Enter}');
      await userEvent.keyboard('{Enter}');
      part<HTMLButtonElement>(el, 'send-button')!.click();
      expect(el.send('ada@example.com')).to.equal(false);
      await until(() => part(el, 'end'), 3000);
      expect(continues(calls)).to.equal(2);
      expect(userTexts(el)).to.deep.equal(['Billing', 'ada@example.com']);
    });

    /** Each continueChat call of the page: whether a frame ran between the Enter and it, and the visitor's bubble then. */
    const watchCalls = () => {
      const original = globalThis.fetch.bind(globalThis);
      const calls: { framed: boolean; bubble: number }[] = [];
      let framed = false;
      let widget: FlowbotChat | undefined;
      vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
        const request = new Request(input, init);
        if (request.url.includes('/continueChat')) {
          const bubble = widget ? (parts(widget, 'user-message').at(-1)?.getBoundingClientRect().height ?? 0) : 0;
          calls.push({ framed, bubble });
        }
        return original(request);
      });
      const send = async (el: FlowbotChat, value: string) => {
        widget = el;
        framed = false;
        await typeAndSend(el, value);
        requestAnimationFrame(() => (framed = true));
      };
      return { calls, send };
    };

    it("paints the visitor's answer before its call leaves; a page whose frames are held back sends without it", async () => {
      const { calls, send } = watchCalls();
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="lead"></flowbot-chat>`);
      await inputShown(el);
      await send(el, 'Ada');
      await until(() => calls.length === 1);
      expect(calls[0]!.framed, 'the call waited for a frame').to.equal(true);
      expect(calls[0]!.bubble, "the visitor's bubble was laid out by then").to.be.greaterThan(0);

      // A page that paints few frames or none (a tab behind another in its window, a hidden one):
      // the answer leaves all the same, without the frame.
      await until(() => $(el, '.composer input[type="email"]'), 3000);
      vi.spyOn(globalThis, 'requestAnimationFrame').mockReturnValue(0);
      await send(el, 'ada@example.com');
      await until(() => calls.length === 2, 2000);
      expect(calls[1]!.framed, 'no frame came').to.equal(false);
      await until(() => botTexts(el).some((t) => t.includes('phone number')), 3000);
      expect(userTexts(el)).to.deep.equal(['Ada', 'ada@example.com']);
    });

    it("sends a remembered conversation's answer at once: its record takes it with the call", async () => {
      sessionStorage.clear();
      const { calls, send } = watchCalls();
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="lead" persist="session"></flowbot-chat>`);
      await inputShown(el);
      await until(() => Object.keys(sessionStorage).some((key) => key.startsWith('flowbot-chat:')), 3000);
      await send(el, 'Ada');
      await until(() => calls.length === 1);
      expect(calls[0]!.framed, 'the call left before the next frame').to.equal(false);
      await until(() => $(el, '.composer input[type="email"]'), 3000);
      sessionStorage.clear();
    });

    it('shows the end with a restart button that starts a new conversation', async () => {
      const { calls } = spyViewer();
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="goodbye"></flowbot-chat>`);
      await oneEvent(el, 'flowbot-end');
      const restart = await until(() => part<HTMLButtonElement>(el, 'restart-button'));
      expect(text(restart)).to.equal('Restart');
      expect(text(part(el, 'end'))).to.contain('The conversation has ended.');
      const first = botTexts(el);
      await expect(el).to.be.accessible();
      const started = oneEvent(el, 'flowbot-start');
      restart.click();
      await started;
      await until(() => part(el, 'restart-button'));
      expect(calls.filter((c) => c.kind === 'start')).to.have.length(2);
      expect(botTexts(el)).to.deep.equal(first);
    });

    it('shows "unavailable" and requests nothing when the widget is not activated', async () => {
      const { calls } = spyViewer();
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat public-id="support" .widget=${{ title: 'Help', isActivated: false }}></flowbot-chat>`,
      );
      const notice = await until(() => part(el, 'unavailable'));
      expect(text(notice)).to.equal('This chat is unavailable');
      await new Promise((r) => setTimeout(r, 100));
      expect(calls).to.have.length(0);
      expect(part(el, 'input')).to.equal(null);

      el.widget = { title: 'Help', isActivated: true };
      await until(() => part(el, 'choice'));
      expect(part(el, 'unavailable')).to.equal(null);
      expect(calls.filter((c) => c.kind === 'start')).to.have.length(1);
    });
  });
});
