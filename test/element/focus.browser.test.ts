import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { afterEach, describe, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { $, part } from '../support/widget-dom.js';
import { until } from '../support/widget-actions.js';
import { paragraphMessage, startResponse, stubViewer, textMessage } from '../support/fake-viewer.js';

afterEach(async () => {
  vi.restoreAllMocks();
  document.documentElement.style.overflow = '';
  await page.viewport(1024, 768);
});

const active = (el: FlowbotChat) => el.shadowRoot!.activeElement as HTMLElement | null;
const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

/** What has focus, through the widget's shadow root: its part (or tag), or where outside it is. */
function focusName(el: FlowbotChat): string {
  if (document.activeElement !== el) return `outside the widget: ${document.activeElement?.textContent?.trim()}`;
  const inner = active(el);
  return inner?.getAttribute('part') ?? inner?.tagName.toLowerCase() ?? 'the host alone';
}

/**
 * A page with its own controls before and after the widget in the tab order, all of them placed
 * where the open bubble's panel covers them (on a phone, the panel covers everything).
 */
async function pageWithControlsUnderThePanel(widget: ReturnType<typeof html>): Promise<FlowbotChat> {
  const wrap = await fixture<HTMLElement>(html`<div>
    <button class="page-control">Page button before</button>
    ${widget}
    <button class="page-control">Page button after</button>
    <a class="page-control" href="#nowhere">Page link after</a>
  </div>`);
  wrap.querySelectorAll<HTMLElement>('.page-control').forEach((control, i) => {
    Object.assign(control.style, { position: 'fixed', right: '120px', top: `${260 + 60 * i}px` });
  });
  const el = wrap.querySelector<FlowbotChat>('flowbot-chat')!;
  await el.updateComplete;
  return el;
}

/**
 * Waits for the bubble's part that comes on demand (the invitation, and where Tab goes while the
 * panel is open); its live region is the sign. A script-tag page fetches it as the bubble connects.
 */
const bubbleReady = (el: FlowbotChat) => until(() => $(el, '[role="status"]'));

/** Presses `keys` `times` times; after each, what has focus. */
async function press(el: FlowbotChat, keys: string, times: number): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < times; i++) {
    await userEvent.keyboard(keys);
    seen.push(focusName(el));
  }
  return seen;
}

const choices = {
  id: 'pick',
  type: 'choice input',
  items: ['Orders', 'Returns', 'Other'].map((c) => ({ id: c, content: c })),
};

/**
 * The bubble over a page's controls (`pageWithControlsUnderThePanel`) in a viewport of this size,
 * its viewer asking `choices`, opened from its launcher with Enter.
 */
async function bubbleOpenedByKeyboard(width: number, height: number) {
  await page.viewport(width, height);
  stubViewer(startResponse({ input: choices }));
  const el = await pageWithControlsUnderThePanel(html`<flowbot-chat mode="bubble" public-id="x"></flowbot-chat>`);
  const launcher = part<HTMLButtonElement>(el, 'launcher')!;
  launcher.focus();
  await userEvent.keyboard('{Enter}');
  return { el, launcher };
}

describe('<flowbot-chat>', () => {
  describe('keyboard and focus', () => {
    describe('the open bubble beside the page', () => {
      it('keeps Tab and Shift+Tab in the panel and its launcher, never on page controls under the panel', async () => {
        const { el, launcher } = await bubbleOpenedByKeyboard(1024, 768);
        await until(() => part(el, 'choice'));
        await bubbleReady(el);
        // The panel floats over the page controls: they are there, under it.
        const panel = part(el, 'panel')!.getBoundingClientRect();
        for (const control of document.querySelectorAll('.page-control')) {
          const box = control.getBoundingClientRect();
          expect(box.left >= panel.left && box.right <= panel.right && box.top >= panel.top).to.equal(true);
        }
        expect(part(el, 'panel')!.hasAttribute('aria-modal')).to.equal(false);

        const forward = await press(el, '{Tab}', 14);
        expect(forward.filter((f) => f.startsWith('outside'))).to.deep.equal([]);
        expect(forward).to.include.members(['launcher', 'menu-button', 'close-button', 'messages', 'choice']);
        const back = await press(el, '{Shift>}{Tab}{/Shift}', 14);
        expect(back.filter((f) => f.startsWith('outside'))).to.deep.equal([]);
        expect(back).to.include.members(['launcher', 'menu-button', 'close-button', 'messages', 'choice']);

        // Escape closes and leaves focus on the launcher, from where Tab goes on into the page.
        await userEvent.keyboard('{Escape}');
        await until(() => !el.open && active(el) === launcher);
        await userEvent.keyboard('{Tab}');
        expect(focusName(el)).to.equal('outside the widget: Page button after');
      });
    });

    describe('the bubble opened again by keyboard', () => {
      for (const [width, height] of [
        [1024, 768],
        [390, 844],
      ] as const) {
        it(`moves focus into the panel each time, as the first opening does (${width} px)`, async () => {
          const { el, launcher } = await bubbleOpenedByKeyboard(width, height);
          const panel = () => part(el, 'panel')!;
          await until(() => part(el, 'choice'));
          await bubbleReady(el);
          await until(() => panel().contains(active(el)));
          const first = focusName(el);
          for (let round = 0; round < 2; round++) {
            await userEvent.keyboard('{Escape}');
            await until(() => !el.open && active(el) === launcher);
            await userEvent.keyboard('{Enter}');
            await until(() => el.open);
            await frame();
            expect(focusName(el), `opening ${round + 2}`).to.equal(first);
            expect(panel().contains(active(el))).to.equal(true);
          }
        });
      }
    });

    describe('the open bubble on a phone', () => {
      it('is a modal dialog: focus goes in, Tab and Shift+Tab stay in the panel, Escape gives it back to the launcher', async () => {
        const { el, launcher } = await bubbleOpenedByKeyboard(390, 844);
        const panel = part(el, 'panel')!;
        // The launcher is under the panel now: focus does not stay there.
        await until(() => panel.getAttribute('aria-modal') === 'true' && panel.contains(active(el)));
        expect(panel.getAttribute('role')).to.equal('dialog');
        await until(() => part(el, 'choice'));

        const forward = await press(el, '{Tab}', 12);
        expect(forward.filter((f) => f.startsWith('outside') || f === 'launcher')).to.deep.equal([]);
        expect(forward).to.include.members(['menu-button', 'close-button', 'messages', 'choice']);
        const back = await press(el, '{Shift>}{Tab}{/Shift}', 12);
        expect(back.filter((f) => f.startsWith('outside') || f === 'launcher')).to.deep.equal([]);
        expect(back).to.include.members(['menu-button', 'close-button', 'messages', 'choice']);

        const closed = oneEvent(el, 'flowbot-close');
        await userEvent.keyboard('{Escape}');
        await closed;
        await until(() => active(el) === launcher);
        expect(panel.hasAttribute('aria-modal')).to.equal(false);
      });

      it('holds the page still behind it, and gives the page its own overflow back on close', async () => {
        await page.viewport(390, 844);
        stubViewer(startResponse({ input: choices }));
        const root = document.documentElement.style;
        // The page's own setting, which must come back as it was.
        root.overflowY = 'scroll';
        const el = await pageWithControlsUnderThePanel(html`<flowbot-chat mode="bubble" public-id="x"></flowbot-chat>`);
        const tall = document.createElement('div');
        tall.style.height = '3000px';
        el.parentElement!.append(tall);
        expect(document.documentElement.scrollHeight).to.be.above(innerHeight + 1000);

        el.show();
        await until(() => part(el, 'choice'));
        await bubbleReady(el);
        // The visitor scrolls over the panel (its header, and the conversation at its end), and
        // tabs on: the page behind does not move.
        await userEvent.wheel(part(el, 'header')!, { delta: { y: 600 } });
        await userEvent.wheel(part(el, 'messages')!, { delta: { y: 600 } });
        await press(el, '{Tab}', 8);
        await frame();
        expect(scrollY).to.equal(0);
        expect(root.overflow).to.equal('hidden');

        el.hide();
        await oneEvent(el, 'flowbot-close');
        await el.updateComplete;
        expect(root.overflowY).to.equal('scroll');
        expect(root.overflowX).to.equal('');
        await userEvent.wheel(tall, { delta: { y: 300 } });
        await until(() => scrollY > 0);
      });
    });

    it('never hides the focused control under the "New messages" button, the composer or the launcher', async () => {
      await page.viewport(1024, 768);
      const linkMessage = (i: number) =>
        paragraphMessage(
          `m${i}`,
          { text: `Message ${i}: see ` },
          { type: 'a', url: `https://example.com/${i}`, children: [{ text: `the page number ${i}` }] },
          { text: ' for more.' },
        );
      const messages = (from: number, n: number) => Array.from({ length: n }, (_, i) => linkMessage(from + i));
      stubViewer(startResponse({ messages: messages(1, 20), input: choices }), [
        {
          messages: messages(21, 8),
          input: { id: 'again', type: 'choice input', items: [{ id: 'a', content: 'Again' }] },
        },
      ]);
      const el = await fixture<FlowbotChat>(html`<flowbot-chat mode="bubble" open public-id="x"></flowbot-chat>`);
      await until(() => part(el, 'choice'));
      // The visitor scrolls up to read; an answer sent by the page brings new messages below.
      const log = part(el, 'messages')!;
      await until(() => log.scrollTop > 0);
      // The header's menu comes in idle time after the first message: it is there before the wheel
      // (the locator of the log, found by its name, must not meet a second name on its way).
      await until(() => part(el, 'menu-button'));
      await userEvent.wheel(log, { delta: { y: -5000 } });
      await until(() => log.scrollTop === 0);
      el.send('Orders');
      await until(() => part(el, 'new-messages') && part(el, 'choice')?.textContent?.trim() === 'Again');

      const root = el.shadowRoot!;
      const covers = [part(el, 'new-messages')!, part(el, 'composer')!, part(el, 'launcher')!];
      let linksWithTheButton = 0;
      const clear = async (): Promise<void> => {
        await frame();
        const focused = active(el)!;
        const box = focused.getBoundingClientRect();
        const top = root.elementsFromPoint(box.x + box.width / 2, box.y + box.height / 2)[0]!;
        const cover = covers.find((c) => c !== focused && c.contains(top) && !focused.contains(top));
        expect(cover, `${focused.textContent?.trim()} is under ${cover?.getAttribute('part')}`).to.equal(undefined);
        if (focused.localName === 'a' && part(el, 'new-messages')) linksWithTheButton++;
      };
      // Each message walked to from the first (the arrows), then its link (Enter goes into the message).
      log.focus();
      await userEvent.keyboard('{Home}');
      for (let i = 0; i < 40; i++) {
        const message = active(el);
        await clear();
        await userEvent.keyboard('{Enter}');
        await clear();
        await userEvent.keyboard('{Escape}{ArrowDown}');
        if (active(el) === message) break;
      }
      // The links were reached while the button was shown.
      expect(linksWithTheButton).to.be.above(5);
    });

    describe('after an answer', () => {
      it('keeps focus in the widget when the answered choice goes, and Tab reaches the close button', async () => {
        await page.viewport(1024, 768);
        let release!: () => void;
        const replied = new Promise<void>((resolve) => (release = resolve));
        stubViewer(startResponse({ input: choices }), [
          async () => {
            await replied;
            return { messages: [textMessage('m2', 'Found it.')], input: { id: 'more', type: 'text input' } };
          },
        ]);
        const el = await pageWithControlsUnderThePanel(
          html`<flowbot-chat mode="bubble" open public-id="x"></flowbot-chat>`,
        );
        const choice = await until(() => part<HTMLButtonElement>(el, 'choice'));
        await bubbleReady(el);
        choice.focus();
        await userEvent.keyboard('{Enter}');
        // While the answer is sent, the choices cannot be used: focus is on the conversation.
        await until(() => choice.disabled);
        await frame();
        expect(focusName(el)).to.equal('messages');
        // From the conversation (one Tab stop: the answer's Copy button is inside its message), Tab
        // goes round the panel (the launcher, the header's menu, then its close button).
        await until(() => part(el, 'actions')?.querySelector('button'));
        const path = await press(el, '{Tab}', 3);
        expect(path).to.deep.equal(['launcher', 'menu-button', 'close-button']);

        // The next input takes focus as it appears.
        release();
        const field = await until(() => $<HTMLInputElement>(el, '.composer input'));
        await until(() => active(el) === field);
      });

      it('moves focus to the conversation, without moving the page, when the flow ends after the answer', async () => {
        stubViewer(startResponse({ input: choices }), [{ messages: [textMessage('m2', 'Goodbye.')] }]);
        const wrap = await fixture<HTMLElement>(html`<div>
          <flowbot-chat public-id="x"></flowbot-chat>
        </div>`);
        const el = wrap.querySelector('flowbot-chat')!;
        const tall = document.createElement('div');
        tall.style.height = '3000px';
        wrap.append(tall);
        const choice = await until(() => part<HTMLButtonElement>(el, 'choice'));
        // The page is scrolled so that the conversation's top is above the window.
        scrollTo(0, el.getBoundingClientRect().top + scrollY + 200);
        const scrolled = scrollY;
        expect(scrolled).to.be.above(0);
        choice.focus({ preventScroll: true });
        await userEvent.keyboard('{Enter}');
        await until(() => part(el, 'restart-button'));
        expect(focusName(el)).to.equal('messages');
        expect(scrollY).to.equal(scrolled);
      });
    });
  });
});
