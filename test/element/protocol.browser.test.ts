import { expect, fixture, html } from '@open-wc/testing';
import { afterEach, describe, it, vi } from 'vitest';
import type { FlowbotRedirectEvent } from '../../src/element/events.js';
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { richFile } from '../../src/element/on-demand/loader.js';
import { $, $$, botTexts, part, parts, text, userTexts } from '../support/widget-dom.js';
import { inputShown, until } from '../support/widget-actions.js';
import { startResponse, stubViewer, textMessage } from '../support/fake-viewer.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const redirect = (url: string, isNewTab = false) => ({ type: 'redirect', redirect: { url, isNewTab } });

/** Records `flowbot-redirect` events, cancelling them so the test page stays where it is. */
function catchRedirects(el: FlowbotChat, cancel = true): FlowbotRedirectEvent[] {
  const seen: FlowbotRedirectEvent[] = [];
  el.addEventListener('flowbot-redirect', (event) => {
    seen.push(event);
    if (cancel) event.preventDefault();
  });
  return seen;
}

describe('<flowbot-chat>', () => {
  describe('wait action', () => {
    it('shows the bot typing during the pause, then goes on', async () => {
      stubViewer(
        startResponse({
          messages: [textMessage('m1', 'One moment'), textMessage('m2', 'Done')],
          clientSideActions: [{ type: 'wait', wait: { secondsToWaitFor: 0.6 }, lastBubbleBlockId: 'm1' }],
        }),
      );
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await until(() => botTexts(el).length === 1);
      const since = performance.now();
      const typing = await until(() => part(el, 'typing'));
      expect(text(typing)).to.equal('Bot is typing');
      expect($(el, '.composer input')).to.equal(null);
      await until(() => botTexts(el).length === 2, 3000);
      expect(performance.now() - since).to.be.greaterThan(450);
      expect(part(el, 'typing')).to.equal(null);
      await inputShown(el);
    });
  });

  describe('redirect action', () => {
    it('follows http(s) URLs only', async () => {
      stubViewer(
        startResponse({
          clientSideActions: [
            redirect('javascript:alert(1)'),
            redirect('data:text/html,hi', true),
            redirect('ftp://example.com/file'),
            redirect('https://example.com/next'),
          ],
        }),
      );
      const el = document.createElement('flowbot-chat');
      const seen = catchRedirects(el);
      el.publicId = 'stub';
      await fixture(el);
      await inputShown(el);
      expect(seen.map((e) => e.detail)).to.deep.equal([{ url: 'https://example.com/next', newTab: false }]);
      expect(seen[0]!.cancelable).to.equal(true);
      expect(seen[0]!.composed).to.equal(true);
      expect(location.href).not.to.contain('example.com');
    });

    it('opens a new tab without giving it this page', async () => {
      const tab = { opener: window as Window | null };
      const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
      stubViewer(startResponse({ clientSideActions: [redirect('https://example.com/next', true)] }));
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await inputShown(el);
      // Opened by the rich messages' file, once it is there.
      await until(() => open.mock.calls.length);
      expect(open.mock.calls).to.deep.equal([['https://example.com/next', '_blank']]);
      expect(tab.opener).to.equal(null);
      expect(part(el, 'redirect')).to.equal(null);
    });

    it('resolves a redirect that is not an absolute URL against the host page, not the API host', async () => {
      const open = vi.spyOn(window, 'open').mockImplementation(() => ({ opener: null }) as unknown as Window);
      stubViewer(startResponse({ clientSideActions: [redirect('thanks?from=bot', true)] }));
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat public-id="stub" api-host="https://viewer.example.test"></flowbot-chat>`,
      );
      await inputShown(el);
      await until(() => open.mock.calls.length);
      expect(open.mock.calls).to.deep.equal([[new URL('thanks?from=bot', document.baseURI).href, '_blank']]);
    });

    it('shows a link when the browser blocks the new tab', async () => {
      vi.spyOn(window, 'open').mockImplementation(() => null);
      stubViewer(startResponse({ clientSideActions: [redirect('https://example.com/next?step=2', true)] }));
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await inputShown(el);
      const link = await until(() => $<HTMLAnchorElement>(el, '[part~="redirect"] a'));
      expect(link.href).to.equal('https://example.com/next?step=2');
      expect(link.target).to.equal('_blank');
      expect(link.rel).to.contain('noopener');
      expect(text(link)).to.equal('Open the page: example.com');
      expect(link.getBoundingClientRect().height).to.be.greaterThan(0);
      await expect(el).to.be.accessible();
    });

    it('lets the page handle the redirect itself', async () => {
      const open = vi.spyOn(window, 'open').mockImplementation(() => null);
      stubViewer(startResponse({ clientSideActions: [redirect('https://example.com/next', true)] }));
      const el = document.createElement('flowbot-chat');
      const seen = catchRedirects(el);
      el.publicId = 'stub';
      await fixture(el);
      await inputShown(el);
      expect(seen).to.have.length(1);
      expect(open.mock.calls).to.have.length(0);
      expect(part(el, 'redirect')).to.equal(null);
    });
  });

  describe('progress', () => {
    it('shows a progress bar that follows the responses', async () => {
      stubViewer(startResponse({ progress: 40 }), [
        { messages: [textMessage('m2', 'Almost there')], input: { id: 'in-2', type: 'text input' }, progress: 80 },
      ]);
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await inputShown(el);
      const bar = await until(() => part(el, 'progress'));
      expect(bar.getAttribute('role')).to.equal('progressbar');
      expect(bar.getAttribute('aria-valuenow')).to.equal('40');
      expect(bar.getAttribute('aria-valuetext')).to.equal('40%');
      expect(bar.getAttribute('aria-label')).to.equal('Progress');
      const fill = () => parseFloat(getComputedStyle(bar, '::before').width) / bar.getBoundingClientRect().width;
      expect(fill()).to.be.closeTo(0.4, 0.01);
      // At the top of the conversation, above the transcript.
      expect(bar.getBoundingClientRect().bottom).to.be.at.most(part(el, 'messages')!.getBoundingClientRect().top + 0.5);
      expect(bar.getBoundingClientRect().height).to.be.within(2, 8);

      const field = $<HTMLInputElement>(el, '.composer input')!;
      field.value = 'Ada';
      field.dispatchEvent(new Event('input'));
      part<HTMLButtonElement>(el, 'send-button')!.click();
      await until(() => part(el, 'progress')?.getAttribute('aria-valuenow') === '80');
      expect(fill()).to.be.closeTo(0.8, 0.01);
      await expect(el).to.be.accessible();
    });

    it("takes the theme's colours and placement, or stays hidden when the theme turns it off", async () => {
      stubViewer(
        startResponse({
          progress: 25,
          flowbot: {
            theme: {
              general: {
                progressBar: { isEnabled: true, color: '#b91c1c', backgroundColor: '#fde68a', placement: 'Bottom' },
              },
            },
          },
        }),
      );
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await inputShown(el);
      const bar = part(el, 'progress')!;
      expect(getComputedStyle(bar).backgroundColor).to.equal('rgb(253, 230, 138)');
      expect(getComputedStyle(bar, '::before').backgroundColor).to.equal('rgb(185, 28, 28)');
      expect(bar.getBoundingClientRect().top).to.be.at.least(
        part(el, 'composer')!.getBoundingClientRect().bottom - 0.5,
      );

      stubViewer(
        startResponse({ progress: 25, flowbot: { theme: { general: { progressBar: { isEnabled: false } } } } }),
      );
      const hidden = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await inputShown(hidden);
      expect(part(hidden, 'progress')).to.equal(null);
    });

    it('shows no bar when the server sends no progress', async () => {
      stubViewer(startResponse());
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await inputShown(el);
      expect(part(el, 'progress')).to.equal(null);
    });
  });

  describe('dynamic theme', () => {
    it('puts the background image behind the transcript, without inline styles', async () => {
      stubViewer(startResponse({ dynamicTheme: { backgroundUrl: 'https://cdn.example.test/bg.png' } }), [
        {
          messages: [],
          input: { id: 'in-2', type: 'text input' },
          dynamicTheme: { backgroundUrl: 'https://cdn.example.test/b"){}*{color:red}.png' },
        },
      ]);
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await inputShown(el);
      const log = part(el, 'messages')!;
      await until(() => getComputedStyle(log).backgroundImage.includes('bg.png'));
      expect(getComputedStyle(log).backgroundImage).to.equal('url("https://cdn.example.test/bg.png")');
      expect($$(el, '[style]')).to.have.length(0);

      // A URL that tries to close the rule stays one (percent-encoded) URL.
      const field = $<HTMLInputElement>(el, '.composer input')!;
      field.value = 'next';
      field.dispatchEvent(new Event('input'));
      part<HTMLButtonElement>(el, 'send-button')!.click();
      await until(() => getComputedStyle(log).backgroundImage.includes('%22'));
      expect(getComputedStyle(log).backgroundImage).to.equal(
        'url("https://cdn.example.test/b%22)%7B%7D*%7Bcolor:red%7D.png")',
      );
      expect(getComputedStyle(part(el, 'bot-message')!).color).not.to.equal('rgb(255, 0, 0)');
    });

    it('ignores background URLs that are not http(s)', async () => {
      stubViewer(startResponse({ dynamicTheme: { backgroundUrl: 'javascript:alert(1)' } }));
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await inputShown(el);
      expect(getComputedStyle(part(el, 'messages')!).backgroundImage).to.equal('none');
    });

    it("shows the visitor's avatar beside their answers", async () => {
      stubViewer(startResponse({ dynamicTheme: { guestAvatarUrl: 'https://cdn.example.test/guest.png' } }), [
        { messages: [], input: { id: 'in-2', type: 'text input' } },
      ]);
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await inputShown(el);
      const field = $<HTMLInputElement>(el, '.composer input')!;
      field.value = 'Hi';
      field.dispatchEvent(new Event('input'));
      part<HTMLButtonElement>(el, 'send-button')!.click();
      const avatar = await until(() => part<HTMLImageElement>(el, 'guest-avatar'));
      expect(avatar.src).to.equal('https://cdn.example.test/guest.png');
      expect(avatar.alt).to.equal('');
      const bubble = part(el, 'user-message')!.getBoundingClientRect();
      expect(avatar.getBoundingClientRect().left).to.be.greaterThan(bubble.right - 0.5);
    });
  });

  describe('suggested replies', () => {
    const widget = {
      defaultMessages: ['What courses do you offer?', { text: 'How do I enrol?' }, { label: 'Pricing' }, 42, {}, '  '],
    };

    it("offers the widget's default messages under a text input, and a tap sends one", async () => {
      const { calls } = stubViewer(startResponse(), [
        { messages: [textMessage('m2', 'We offer three')], input: { id: 'in-2', type: 'text input' } },
      ]);
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub" .widget=${widget}></flowbot-chat>`);
      await inputShown(el);
      // Suggestions are drawn by the on-demand part, fetched when the first one is to be shown.
      const group = await until(() => part(el, 'composer')!.querySelector('[role="group"]'));
      expect(group.getAttribute('aria-label')).to.equal('Suggested replies');
      expect(parts(el, 'suggestion').map(text)).to.deep.equal([
        'What courses do you offer?',
        'How do I enrol?',
        'Pricing',
      ]);
      await expect(el).to.be.accessible();

      parts<HTMLButtonElement>(el, 'suggestion')[1]!.click();
      await until(() => botTexts(el).includes('We offer three'));
      expect(userTexts(el)).to.deep.equal(['How do I enrol?']);
      expect(calls.filter((c) => c.kind === 'continue').map((c) => c.body)).to.deep.equal([
        { message: 'How do I enrol?' },
      ]);
    });

    it('offers them only while a text input is open', async () => {
      stubViewer(startResponse({ input: { id: 'c', type: 'choice input', items: [{ id: 'a', content: 'A' }] } }));
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub" .widget=${widget}></flowbot-chat>`);
      await inputShown(el);
      // With the code that draws them there, still none.
      await richFile.load();
      el.requestUpdate();
      await el.updateComplete;
      expect(parts(el, 'suggestion')).to.have.length(0);
    });
  });
});
