import { expect, fixture, html } from '@open-wc/testing';
import { afterEach, describe, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { $, $$, botTexts, part, parts, text, userTexts } from '../support/widget-dom.js';
import { inputShown, typeAndSend, until } from '../support/widget-actions.js';
import { spyViewer, startResponse, stubViewer, textMessage } from '../support/fake-viewer.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const mount = () => fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
const field = (el: FlowbotChat) => $<HTMLInputElement | HTMLTextAreaElement>(el, '.composer [part~="input"]')!;
const choiceButton = (el: FlowbotChat, label: string) =>
  parts<HTMLButtonElement>(el, 'choice').find((b) => text(b) === label)!;

describe('<flowbot-chat>', () => {
  describe('text input', () => {
    it('sends the typed text when Enter is pressed', async () => {
      const { calls } = stubViewer(startResponse(), [{ messages: [textMessage('m2', 'Got it')] }]);
      const el = await mount();
      const input = await until(() => field(el));
      expect(input.tagName).to.equal('INPUT');
      input.focus();
      await userEvent.keyboard('Ada Lovelace{Enter}');
      await until(() => botTexts(el).includes('Got it'));
      expect(calls.filter((c) => c.kind === 'continue').map((c) => c.body)).to.deep.equal([
        { message: 'Ada Lovelace' },
      ]);
      expect(userTexts(el)).to.deep.equal(['Ada Lovelace']);
    });

    it('makes a new line with Shift+Enter in long text, and sends with Enter', async () => {
      const { calls } = stubViewer(
        startResponse({ input: { id: 'story', type: 'text input', options: { isLong: true } } }),
      );
      const el = await mount();
      const area = await until(() => field(el));
      expect(area.tagName).to.equal('TEXTAREA');
      area.focus();
      await userEvent.keyboard('line one{Shift>}{Enter}{/Shift}line two');
      expect(area.value).to.equal('line one\nline two');
      expect(calls.filter((c) => c.kind === 'continue')).to.have.length(0);
      await userEvent.keyboard('{Enter}');
      await until(() => calls.some((c) => c.kind === 'continue'));
      expect(calls.find((c) => c.kind === 'continue')!.body).to.deep.equal({ message: 'line one\nline two' });
      await until(() => userTexts(el).length === 1);
      expect(part(el, 'user-message')!.textContent).to.equal('line one\nline two');
    });

    it('does not send blank text', async () => {
      const { calls } = stubViewer(startResponse());
      const el = await mount();
      await inputShown(el);
      await typeAndSend(el, '   ');
      await new Promise((r) => setTimeout(r, 50));
      expect(calls.filter((c) => c.kind === 'continue')).to.have.length(0);
      expect(userTexts(el)).to.deep.equal([]);
    });

    it('takes its placeholder and button label from options.labels', async () => {
      stubViewer(
        startResponse({
          input: { id: 'n', type: 'text input', options: { labels: { placeholder: 'Your name', button: 'Go' } } },
        }),
      );
      const el = await mount();
      const input = await until(() => field(el));
      expect(input.placeholder).to.equal('Your name');
      expect(input.getAttribute('aria-label')).to.equal('Your name');
      expect(text(part(el, 'send-button'))).to.equal('Go');
    });

    it('uses the default placeholder and label otherwise, also when options come as a JSON string', async () => {
      stubViewer(startResponse({ input: { id: 'n', type: 'text input', options: '{"isLong":false}' } }));
      const el = await mount();
      const input = await until(() => field(el));
      expect(input.placeholder).to.equal('Type your answer...');
      expect(text(part(el, 'send-button'))).to.equal('Send');
    });

    it('fills the field with prefilledValue', async () => {
      stubViewer(startResponse({ input: { id: 'n', type: 'text input', prefilledValue: 'Ada' } }));
      const el = await mount();
      expect((await until(() => field(el))).value).to.equal('Ada');
    });

    it("shows the server's normalised answer (lastMessageNewFormat) in place of the typed one", async () => {
      stubViewer(startResponse({ input: { id: 'u', type: 'url input' } }), [
        { messages: [textMessage('m2', 'Thanks')], lastMessageNewFormat: 'https://example.com' },
      ]);
      const el = await mount();
      await inputShown(el);
      await typeAndSend(el, 'example.com');
      await until(() => botTexts(el).includes('Thanks'));
      expect(userTexts(el)).to.deep.equal(['https://example.com']);
    });

    it("re-shows the same input after the server's retry message", async () => {
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="support"></flowbot-chat>`);
      await until(() => part(el, 'choice'));
      choiceButton(el, 'Billing').click();
      await until(() => $(el, '.composer input'));
      const before = botTexts(el).length;
      // Valid to the browser, refused by the server (no dot in the domain): the server re-asks.
      await typeAndSend(el, 'ada@example');
      await until(() => botTexts(el).length > before && field(el) && !field(el).readOnly);
      expect(botTexts(el).at(-1)).to.equal('Sorry, I did not get that. Could you try again?');
      expect(field(el).placeholder).to.equal('you@example.com');
      expect(field(el).value).to.equal('');
      await typeAndSend(el, 'ada@example.com');
      await until(() => part(el, 'end'));
    });

    it('falls back to a text field for input types without their own control', async () => {
      const { calls } = stubViewer(
        startResponse({ input: { id: 'x', type: 'hologram input', options: { labels: { placeholder: 'Beam it' } } } }),
      );
      const el = await mount();
      const input = await until(() => field(el));
      expect(input.placeholder).to.equal('Beam it');
      await typeAndSend(el, 'beam');
      await until(() => calls.some((c) => c.kind === 'continue'));
      expect(calls.find((c) => c.kind === 'continue')!.body).to.deep.equal({ message: 'beam' });
    });

    it('gives the fallback of a number input a numeric keyboard', async () => {
      stubViewer(startResponse({ input: { id: 'age', type: 'number input' } }));
      const el = await mount();
      expect((await until(() => field(el))).getAttribute('inputmode')).to.equal('decimal');
    });
  });

  describe('choice input', () => {
    const items = [
      { id: 'a', content: 'Apples', value: 'apple' },
      { id: 'b', content: 'Bananas' },
      { id: 'c', content: 'Cherries' },
    ];

    it("sends a single choice's value (else its content) with its id as replyId, and shows its label", async () => {
      const { calls } = stubViewer(startResponse({ input: { id: 'fruit', type: 'choice input', items } }), [
        { messages: [], input: { id: 'fruit2', type: 'choice input', items } },
        { messages: [textMessage('m3', 'Done')] },
      ]);
      const el = await mount();
      await until(() => part(el, 'choice'));
      expect(parts(el, 'choice').map(text)).to.deep.equal(['Apples', 'Bananas', 'Cherries']);
      choiceButton(el, 'Apples').click();
      await until(
        () => calls.filter((c) => c.kind === 'continue').length === 1 && !part(el, 'choice')?.hasAttribute('disabled'),
      );
      choiceButton(el, 'Bananas').click();
      await until(() => part(el, 'end'));
      expect(calls.filter((c) => c.kind === 'continue').map((c) => c.body)).to.deep.equal([
        { message: { type: 'text', text: 'apple', metadata: { replyId: 'a' } } },
        { message: { type: 'text', text: 'Bananas', metadata: { replyId: 'b' } } },
      ]);
      expect(userTexts(el)).to.deep.equal(['Apples', 'Bananas']);
    });

    it('sends the choice the support flow understands', async () => {
      const { calls } = spyViewer();
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="support"></flowbot-chat>`);
      await until(() => part(el, 'choice'));
      choiceButton(el, "I can't log in").click();
      await until(() => $(el, '.composer input'));
      expect(calls.find((c) => c.kind === 'continue')!.body).to.deep.equal({
        message: { type: 'text', text: "I can't log in", metadata: { replyId: 'topic-login' } },
      });
      expect(userTexts(el)).to.deep.equal(["I can't log in"]);
    });

    it('toggles several choices and sends them joined with ", " in list order', async () => {
      const { calls } = stubViewer(
        startResponse({
          input: { id: 'f', type: 'choice input', items, options: { isMultipleChoice: true, buttonLabel: 'Done' } },
        }),
      );
      const el = await mount();
      await until(() => part(el, 'choice'));
      const done = part<HTMLButtonElement>(el, 'send-button')!;
      expect(text(done)).to.equal('Done');
      expect(done.disabled).to.equal(true);
      choiceButton(el, 'Cherries').click();
      choiceButton(el, 'Apples').click();
      choiceButton(el, 'Bananas').click();
      choiceButton(el, 'Bananas').click();
      await el.updateComplete;
      expect(parts(el, 'choice').map((b) => b.getAttribute('aria-pressed'))).to.deep.equal(['true', 'false', 'true']);
      expect(done.disabled).to.equal(false);
      done.click();
      await until(() => calls.some((c) => c.kind === 'continue'));
      expect(calls.find((c) => c.kind === 'continue')!.body).to.deep.equal({
        message: { type: 'text', text: 'apple, Cherries' },
      });
      await until(() => userTexts(el).length === 1);
      expect(userTexts(el)).to.deep.equal(['Apples, Cherries']);
    });

    it('filters the choices with a search field when isSearchable', async () => {
      stubViewer(
        startResponse({
          input: {
            id: 'f',
            type: 'choice input',
            items,
            options: { isSearchable: true, searchInputPlaceholder: 'Find a fruit' },
          },
        }),
      );
      const el = await mount();
      const search = await until(() => part<HTMLInputElement>(el, 'search'));
      expect(search.placeholder).to.equal('Find a fruit');
      search.focus();
      await userEvent.keyboard('an');
      await until(() => parts(el, 'choice').length === 1);
      expect(parts(el, 'choice').map(text)).to.deep.equal(['Bananas']);
      await userEvent.keyboard('{Backspace}{Backspace}zzz');
      await until(() => parts(el, 'choice').length === 0);
      expect(text($(el, '.no-matches'))).to.equal('No matches');
    });

    it('picks the one item left when Enter is pressed in the search', async () => {
      const { calls } = stubViewer(
        startResponse({ input: { id: 'f', type: 'choice input', items, options: { isSearchable: true } } }),
      );
      const el = await mount();
      const search = await until(() => part<HTMLInputElement>(el, 'search'));
      search.focus();
      // Two left: Enter does nothing.
      await userEvent.keyboard('e{Enter}');
      await until(() => parts(el, 'choice').length === 2);
      expect(calls.some((c) => c.kind === 'continue')).to.equal(false);
      await userEvent.keyboard('{Backspace}cher{Enter}');
      await until(() => calls.some((c) => c.kind === 'continue'));
      expect(calls.find((c) => c.kind === 'continue')!.body).to.deep.equal({
        message: { type: 'text', text: 'Cherries', metadata: { replyId: 'c' } },
      });
      await until(() => userTexts(el).length === 1);
      expect(userTexts(el)).to.deep.equal(['Cherries']);
    });

    it('adds the one item left to a multiple choice when Enter is pressed, and empties the search', async () => {
      stubViewer(
        startResponse({
          input: { id: 'f', type: 'choice input', items, options: { isMultipleChoice: true, isSearchable: true } },
        }),
      );
      const el = await mount();
      const search = await until(() => part<HTMLInputElement>(el, 'search'));
      search.focus();
      await userEvent.keyboard('ban{Enter}');
      await until(() => parts(el, 'choice').length === 3);
      expect(search.value).to.equal('');
      const pressed = parts(el, 'choice').filter((b) => b.getAttribute('aria-pressed') === 'true');
      expect(pressed.map(text)).to.deep.equal(['Bananas']);
      expect(el.shadowRoot!.activeElement).to.equal(search);
    });

    it('is accessible', async () => {
      stubViewer(
        startResponse({
          input: { id: 'f', type: 'choice input', items, options: { isMultipleChoice: true, isSearchable: true } },
        }),
      );
      const el = await mount();
      await until(() => part(el, 'choice'));
      await expect(el).to.be.accessible();
    });
  });

  it('sends a choice by its label through send(text), once', async () => {
    const { calls } = stubViewer(
      startResponse({ input: { id: 'f', type: 'choice input', items: [{ id: 'y', content: 'Yes', value: 'yes' }] } }),
    );
    const el = await mount();
    await until(() => part(el, 'choice'));
    expect(el.send('Yes')).to.equal(true);
    expect(el.send('Yes')).to.equal(false);
    await until(() => calls.some((c) => c.kind === 'continue'));
    expect(calls.find((c) => c.kind === 'continue')!.body).to.deep.equal({
      message: { type: 'text', text: 'yes', metadata: { replyId: 'y' } },
    });
    expect($$(el, '[part~="user-message"]')).to.have.length(1);
  });
});
