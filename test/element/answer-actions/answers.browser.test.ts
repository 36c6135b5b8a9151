/**
 * What a visitor can do with the answers: copy one, rate it (thumbs, then a
 * reason), read when each message was shown, download or print the
 * conversation; and what a page gets: `flowbot-feedback` and
 * `exportTranscript()`. Against a fake viewer, and against the reference
 * server's `assistant` flow for streamed answers. Computed styles and
 * geometry say what is seen; the accessibility tree what is heard.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { cdp, userEvent } from 'vitest/browser';
import { storageKey } from '../../../src/conversation/persistence.js';
import { LIMITS, SHORTENED } from '../../../src/protocol/limits.js';
import { parseMarkdown } from '../../../src/protocol/markdown/index.js';
import type { FlowbotFeedbackDetail } from '../../../src/element/events.js';
import type { FlowbotChat } from '../../../src/element/flowbot-chat.js';
import { focused, settle } from '../controls-helpers.js';
import { $, $$, botTexts, part, text } from '../../support/widget-dom.js';
import { inputShown, typeAndSend, until } from '../../support/widget-actions.js';
import { startResponse, stubViewer, textMessage } from '../../support/fake-viewer.js';
import { longestTask } from '../../support/long-task.js';

const MARKDOWN = '**Refunds** within *14 days*. See [the help page](https://example.com/help?x=1).';
const markdownMessage = (id: string, markdown: string) => ({
  id,
  type: 'text',
  content: { type: 'markdown', markdown },
});
const imageMessage = { id: 'img', type: 'image', content: { url: 'https://cdn.example.test/cat.png' } };

/** A conversation of a rich-text greeting, a markdown answer and an image, then a text input. */
const conversation = () =>
  startResponse({
    messages: [textMessage('m1', 'Hello from the stub'), markdownMessage('m2', MARKDOWN), imageMessage],
  });

/** Mounts a widget (its attributes as given) against a fake viewer; resolves once the answers' actions are there. */
async function mount(attributes = '', start: unknown = conversation(), turns: unknown[] = []): Promise<FlowbotChat> {
  stubViewer(start, turns);
  const el = document.createElement('flowbot-chat');
  el.setAttribute('public-id', 'stub');
  for (const [, name, value] of attributes.matchAll(/([\w-]+)(?:="([^"]*)")?/g)) el.setAttribute(name!, value ?? '');
  await fixture(el);
  // The rows come one by one: each new latest answer sends the line of the one before back to waiting.
  await until(() => (pointAtRows(el), $$(el, '[part~="actions"]').length >= 2));
  await el.updateComplete;
  return el;
}

/** Points at every bot row whose actions wait (see "are drawn where a visitor can use them"). */
function pointAtRows(el: FlowbotChat): void {
  for (const row of $$(el, '.row.waits')) row.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
}

/** Each bot row's actions, by the row's bubble text. */
const rows = (el: FlowbotChat) => $$(el, '.row.bot').filter((row) => !row.querySelector('.streaming'));
const actionsOf = (row: HTMLElement) => row.querySelector<HTMLElement>('[part~="actions"]');
const buttonsOf = (row: HTMLElement) => [...row.querySelectorAll<HTMLButtonElement>('[part~="actions"] button')];
const labels = (row: HTMLElement) => buttonsOf(row).map((b) => b.getAttribute('aria-label'));
const rowOf = (el: FlowbotChat, words: string) => rows(el).find((row) => text(row).includes(words))!;
const button = (row: HTMLElement, act: string) => row.querySelector<HTMLButtonElement>(`[data-act="${act}"]`)!;
const opacity = (node: Element | null) => Number(getComputedStyle(node!).opacity);
const status = (el: FlowbotChat) => $(el, '[role="status"]')?.textContent ?? '';

/** The `flowbot-feedback` details `el` fires. */
function feedbackOf(el: FlowbotChat): FlowbotFeedbackDetail[] {
  const seen: FlowbotFeedbackDetail[] = [];
  el.addEventListener('flowbot-feedback', (event) => seen.push(event.detail));
  return seen;
}

/** A stubbed clipboard: what was written, and whether it refuses. */
function clipboard(refuse = false): string[] {
  const written: string[] = [];
  const writeText = vi.fn(async (value: string) => {
    if (refuse) throw new DOMException('Write permission denied.', 'NotAllowedError');
    written.push(value);
  });
  vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
  return written;
}

const emulate = (media: string, features: { name: string; value: string }[] = []) =>
  cdp().send('Emulation.setEmulatedMedia', { media, features });

afterEach(async () => {
  vi.restoreAllMocks();
  await emulate('');
});

describe('<flowbot-chat>', () => {
  describe('answers', () => {
    it('is accessible with the menu open and the reason form shown', async () => {
      const el = await mount('feedback="all"');
      part(el, 'menu-button')!.click();
      await until(() => part(el, 'menu'));
      button(rowOf(el, 'Refunds'), 'down').click();
      await until(() => part(el, 'feedback-form'));
      expect(part(el, 'menu'), 'the menu still open').not.to.equal(null);
      await expect(el).to.be.accessible();
    });

    describe('the actions under an answer', () => {
      it('offer Copy under every text answer, none under media, and thumbs per `feedback`', async () => {
        const el = await mount();
        // The default: thumbs for streamed answers only.
        expect(labels(rowOf(el, 'Hello'))).to.deep.equal(['Copy answer']);
        expect(labels(rowOf(el, 'Refunds'))).to.deep.equal(['Copy answer']);
        const image = rows(el).find((row) => row.querySelector('[data-type="image"]'))!;
        expect(buttonsOf(image)).to.have.length(0);
        // The image still tells its time.
        expect(image.querySelector('time')).not.to.equal(null);

        el.feedback = 'all';
        await el.updateComplete;
        expect(labels(rowOf(el, 'Refunds'))).to.deep.equal(['Copy answer', 'Good answer', 'Bad answer']);
        el.noCopy = true;
        await el.updateComplete;
        expect(labels(rowOf(el, 'Refunds'))).to.deep.equal(['Good answer', 'Bad answer']);
        el.feedback = 'none';
        await el.updateComplete;
        expect(labels(rowOf(el, 'Refunds'))).to.deep.equal([]);
        // Nothing left to do: no group of actions, only the time.
        expect(actionsOf(rowOf(el, 'Refunds'))!.getAttribute('role')).to.equal(null);
      });

      it('are drawn where a visitor can use them: the latest at once, another once pointed at, walked to or printed, in the room kept for them', async () => {
        const many = Array.from({ length: LIMITS.messages }, (_, i) => textMessage(`m${i}`, `Answer ${i}`));
        stubViewer(startResponse({ messages: many }));
        // The pointer away, on top of everything: rows passing under a pointer get their actions.
        const away = document.body.appendChild(document.createElement('div'));
        away.style.cssText = 'position:fixed;right:0;bottom:0;width:4px;height:4px;z-index:2147483647';
        await userEvent.hover(away);
        const el = document.createElement('flowbot-chat') as FlowbotChat;
        el.setAttribute('public-id', 'stub');
        await fixture(el);
        await until(() => rows(el).length === LIMITS.messages && actionsOf(rows(el).at(-1)!), 10_000);
        away.remove();
        await settle();
        const all = rows(el);
        expect(all.filter(actionsOf), 'the latest answer only').to.deep.equal([all.at(-1)]);
        // A row costs what a plain row costs: no line of actions, no time, until it is used.
        const log = part(el, 'messages')!;
        const nodes = document.createTreeWalker(log, NodeFilter.SHOW_ALL);
        let count = 0;
        while (nodes.nextNode()) count++;
        expect(count / all.length, 'DOM nodes per message').to.be.at.most(8);

        // Pointed at (a real pointer): its actions come, and nothing below it moves.
        const row = all.at(-3)!;
        row.scrollIntoView({ block: 'center' });
        await settle();
        const next = all.at(-2)!;
        const before = { row: row.getBoundingClientRect().top, next: next.getBoundingClientRect().top };
        await userEvent.hover(row.querySelector('.bubble')!);
        await until(() => actionsOf(row));
        await settle(200);
        expect(opacity(actionsOf(row)), 'shown').to.equal(1);
        expect(labels(row)).to.deep.equal(['Copy answer']);
        // Its line came into the room kept for it: neither it nor the next row moved.
        expect(row.getBoundingClientRect().top, 'the row stays').to.equal(before.row);
        expect(next.getBoundingClientRect().top, 'the next row stays').to.equal(before.next);

        // Walked to by keyboard: it says its time.
        log.focus();
        await userEvent.keyboard('{Home}');
        const first = all[0]!;
        expect(el.shadowRoot!.activeElement).to.equal(first);
        const time = first.querySelector('time')?.textContent;
        expect(time, 'drawn before it is said').to.be.a('string');
        expect(first.getAttribute('aria-label')).to.equal(`Bot, ${time}`);
        expect(labels(first)).to.deep.equal(['Copy answer']);

        // Printed: every message with its time.
        dispatchEvent(new Event('beforeprint'));
        expect(rows(el).every((r) => r.querySelector('time'))).to.equal(true);
      });

      it('offer thumbs under a streamed answer by default (reference server)', async () => {
        const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="assistant"></flowbot-chat>`);
        await inputShown(el);
        await typeAndSend(el, 'How do refunds work?');
        await until(() => botTexts(el).some((t) => t.includes('Did that answer your question')), 10_000);
        await until(() => buttonsOf(rowOf(el, '14 days')).length === 3);
        expect(labels(rowOf(el, '14 days'))).to.deep.equal(['Copy answer', 'Good answer', 'Bad answer']);
        // The plain question after it: Copy alone, once its line is drawn (not always with the answer's).
        await until(() => buttonsOf(rowOf(el, 'Did that answer')).length > 0);
        expect(labels(rowOf(el, 'Did that answer'))).to.deep.equal(['Copy answer']);
      });

      it('name the answer they act on, say which thumb is pressed, and are targets of 24 px at least', async () => {
        const el = await mount('feedback="all"');
        const row = rowOf(el, 'Refunds');
        const group = actionsOf(row)!;
        const time = row.querySelector('time')!;
        expect(group.getAttribute('role')).to.equal('group');
        expect(group.getAttribute('aria-label')).to.equal(`Answer from ${time.textContent}`);
        for (const b of buttonsOf(row)) {
          const description = el.shadowRoot!.getElementById(b.getAttribute('aria-describedby')!);
          expect(text(description)).to.equal('Refunds within 14 days. See the help page.');
          const box = b.getBoundingClientRect();
          expect(box.width, b.getAttribute('aria-label')!).to.be.at.least(24);
          expect(box.height, b.getAttribute('aria-label')!).to.be.at.least(24);
        }
        expect(button(row, 'up').getAttribute('aria-pressed')).to.equal('false');
        button(row, 'up').click();
        expect(button(row, 'up').getAttribute('aria-pressed')).to.equal('true');
        expect(button(row, 'down').getAttribute('aria-pressed')).to.equal('false');
      });

      it('show on hover and on focus, and stay out of sight otherwise', async () => {
        const el = await mount('feedback="all"');
        const row = rowOf(el, 'Refunds');
        const other = rowOf(el, 'Hello');
        expect(opacity(actionsOf(row))).to.equal(0);
        await userEvent.hover(row.querySelector('.bubble')!);
        await until(() => opacity(actionsOf(row)) === 1);
        expect(opacity(actionsOf(other))).to.equal(0);
        await userEvent.unhover(row.querySelector('.bubble')!);
        await until(() => opacity(actionsOf(row)) === 0);
        button(other, 'copy').focus();
        await until(() => opacity(actionsOf(other)) === 1);
        expect(opacity(actionsOf(row))).to.equal(0);
      });

      it('are reached inside their message: Enter on it, then Tab in its order, each message in turn', async () => {
        const el = await mount('feedback="all"');
        part(el, 'messages')!.focus();
        await userEvent.keyboard('{Home}');
        const order: string[] = [];
        for (let m = 0; m < 2; m++) {
          const message = focused(el) as HTMLElement;
          await userEvent.keyboard('{Enter}');
          for (let i = 0; i < 5 && focused(el) !== message; i++) {
            const at = focused(el) as HTMLElement;
            order.push(
              `${text(at.closest('.row')!.querySelector('.bubble')).slice(0, 5)}: ${at.getAttribute('aria-label') ?? text(at)}`,
            );
            await userEvent.tab();
          }
          await userEvent.keyboard('{ArrowDown}');
        }
        // Each answer's own controls (a link), then its actions, then the next answer's.
        expect(order).to.deep.equal([
          'Hello: Copy answer',
          'Hello: Good answer',
          'Hello: Bad answer',
          'Refun: the help page',
          'Refun: Copy answer',
          'Refun: Good answer',
          'Refun: Bad answer',
        ]);
      });

      it('mirror in a right-to-left page', async () => {
        const ltr = await mount('feedback="all"');
        const leftToRight = buttonsOf(rowOf(ltr, 'Refunds')).map((b) => b.getBoundingClientRect().left);
        expect(leftToRight[0]).to.be.below(leftToRight[2]!);
        ltr.remove();
        const rtl = await mount('feedback="all" dir="rtl"');
        const row = rowOf(rtl, 'Refunds');
        const [copy, , down] = buttonsOf(row).map((b) => b.getBoundingClientRect());
        expect(copy!.left).to.be.above(down!.left);
        // Under the bubble, from its right edge: the time first, then Copy (however long the time reads).
        const bubble = row.querySelector('.bubble')!.getBoundingClientRect();
        const time = row.querySelector('time')!.getBoundingClientRect();
        expect(time.left).to.be.above(copy!.right - 1);
        expect(bubble.right - copy!.right).to.be.below(time.width + 16);
      });

      it('read their times in their own direction in a right-to-left page ("9:39 AM", never "AM 9:39")', async () => {
        const el = await mount('feedback="all" dir="rtl" lang="en"');
        for (const time of $$(el, '.messages time')) {
          const words = time.firstChild as Text;
          const digit = words.data.search(/\d/);
          const letter = words.data.search(/[AP]M/);
          expect(letter, words.data).to.be.above(digit);
          const at = (index: number): number => {
            const range = document.createRange();
            range.setStart(words, index);
            range.setEnd(words, index + 1);
            return range.getBoundingClientRect().left;
          };
          // The hour is drawn to the left of "AM"/"PM", as in a left-to-right page.
          expect(at(digit), words.data).to.be.below(at(letter));
        }
      });

      it('speak Portuguese, times included', async () => {
        const el = await mount('feedback="all" lang="pt-BR"');
        const row = rowOf(el, 'Refunds');
        // The Portuguese words are a file of their own: drawn once they have arrived.
        await until(() => labels(row)[0] === 'Copiar resposta');
        expect(labels(row)).to.deep.equal(['Copiar resposta', 'Resposta boa', 'Resposta ruim']);
        const time = row.querySelector('time')!;
        const at = new Date(time.getAttribute('datetime')!);
        expect(time.textContent).to.equal(
          new Intl.DateTimeFormat('pt-BR', { hour: 'numeric', minute: '2-digit' }).format(at),
        );
        expect(actionsOf(row)!.getAttribute('aria-label')).to.equal(`Resposta das ${time.textContent}`);
        part(el, 'menu-button')!.click();
        await until(() => part(el, 'menu'));
        expect($$(el, '[role="menuitem"]').map(text)).to.deep.equal(['Baixar conversa', 'Imprimir']);
      });

      it('keep visible edges in forced colours', async () => {
        const el = await mount('feedback="all"');
        const copy = button(rowOf(el, 'Refunds'), 'copy');
        await emulate('', [{ name: 'forced-colors', value: 'active' }]);
        await until(() => matchMedia('(forced-colors: active)').matches);
        const style = getComputedStyle(copy);
        expect(style.borderTopWidth).to.equal('1px');
        expect(style.borderTopStyle).to.equal('solid');
        expect(style.borderTopColor).not.to.equal('rgba(0, 0, 0, 0)');
        expect(style.borderTopColor).not.to.equal(getComputedStyle(copy.parentElement!).backgroundColor);
      });

      it('join the rows the live log announced, in place, and are not read out with them', async () => {
        // The first messages are drawn before the actions are made (their code is asked for once
        // there is a message): the log announces the rows, then the actions join them.
        stubViewer(conversation());
        const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
        const added: Node[] = [];
        const removed: Node[] = [];
        new MutationObserver((records) => {
          for (const record of records) {
            added.push(...record.addedNodes);
            removed.push(...record.removedNodes);
          }
        }).observe(part(el, 'messages')!, { childList: true, subtree: true });
        // The latest text answer: its actions are drawn at once.
        const first = await until(() => rowOf(el, 'Refunds'));
        const bubble = first.querySelector('.bubble')!;
        const words = bubble.firstChild;
        await until(() => actionsOf(first));
        await settle();
        // The row came in without its actions.
        expect(added.indexOf(first)).to.be.below(added.indexOf(actionsOf(first)!));
        // The same row, the same words: nothing the log said is replaced.
        expect(rowOf(el, 'Refunds')).to.equal(first);
        expect(first.querySelector('.bubble')).to.equal(bubble);
        expect(bubble.firstChild).to.equal(words);
        expect(removed.filter((node) => node instanceof Element && node.matches('.row, .bubble'))).to.deep.equal([]);
        // What joined the rows is in boxes the log does not announce.
        const joined = added.filter((node) => node instanceof Element && !node.matches('.row'));
        expect(joined.length).to.be.above(0);
        for (const node of joined)
          expect((node as Element).closest('[aria-live]')!.getAttribute('aria-live')).to.equal('off');
      });
    });

    describe('feedback', () => {
      it('fires flowbot-feedback on a thumb, and changed: true when the visitor changes it', async () => {
        const el = await mount('feedback="all"');
        const seen = feedbackOf(el);
        const row = rowOf(el, 'Refunds');
        button(row, 'up').click();
        button(row, 'up').click();
        expect(seen).to.deep.equal([{ messageId: 'm2', sessionId: 'session-1', rating: 'up', text: MARKDOWN }]);
        button(row, 'down').click();
        expect(seen[1]).to.deep.equal({
          messageId: 'm2',
          sessionId: 'session-1',
          rating: 'down',
          text: MARKDOWN,
          changed: true,
        });
      });

      it('offers reasons after a thumbs down, sends them once, then says thanks quietly', async () => {
        const el = await mount('feedback="all"');
        const seen = feedbackOf(el);
        const row = rowOf(el, 'Hello');
        button(row, 'down').click();
        const form = await until(() => part<HTMLFormElement>(el, 'feedback-form'));
        expect(row.contains(form)).to.equal(true);
        expect([...form.querySelectorAll('label')].map(text)).to.deep.equal([
          'Not accurate',
          'Not helpful',
          'Too long',
          'Other',
          'Tell us more (optional)',
        ]);
        // Focus goes to the first reason, so the keyboard is already there.
        expect(focused(el)).to.equal(form.querySelector('input[value="inaccurate"]'));
        await userEvent.click(form.querySelector('input[value="too-long"]')!);
        const comment = form.querySelector<HTMLInputElement>('input[name="comment"]')!;
        await userEvent.fill(comment, '  Three paragraphs for a yes.  ');
        await userEvent.click(form.querySelector('[type="submit"]')!);
        expect(seen.map((d) => [d.rating, d.reason, d.comment, d.changed])).to.deep.equal([
          ['down', undefined, undefined, undefined],
          ['down', 'too-long', 'Three paragraphs for a yes.', true],
        ]);
        expect(part(el, 'feedback-form')).to.equal(null);
        expect(text(row.querySelector('.thanks'))).to.equal('Thanks for your feedback');
        await until(() => status(el) === 'Thanks for your feedback');
        expect(focused(el)).to.equal(button(row, 'down'));
      });

      it('closes the reasons on Escape, back on the thumb, without another event', async () => {
        const el = await mount('feedback="all" mode="popup" open');
        const seen = feedbackOf(el);
        const row = rowOf(el, 'Refunds');
        button(row, 'down').click();
        await until(() => part(el, 'feedback-form'));
        await userEvent.keyboard('{Escape}');
        expect(part(el, 'feedback-form')).to.equal(null);
        expect(focused(el)).to.equal(button(row, 'down'));
        expect(seen).to.have.length(1);
        // The popup stays open: Escape was the form's.
        expect(el.open).to.equal(true);
      });

      it('fires on the widget whose answer was rated, and only there', async () => {
        const first = await mount('feedback="all" id="one"');
        const second = await mount('feedback="all" id="two"');
        const seenFirst = feedbackOf(first);
        const seenSecond = feedbackOf(second);
        button(rowOf(second, 'Hello'), 'up').click();
        expect(seenFirst).to.deep.equal([]);
        expect(seenSecond.map((d) => d.messageId)).to.deep.equal(['m1']);
      });
    });

    describe('copy', () => {
      it("puts the answer on the clipboard (a markdown answer's source) and says it did", async () => {
        const written = clipboard();
        const el = await mount();
        button(rowOf(el, 'Refunds'), 'copy').click();
        await until(() => written.length === 1);
        expect(written).to.deep.equal([MARKDOWN]);
        await until(() => status(el) === 'Copied');
        expect($(el, '[role="status"]')!.getAttribute('aria-live')).to.equal('polite');
        // Unseen: the status is visually hidden.
        expect($(el, '[role="status"]')!.getBoundingClientRect().width).to.be.at.most(1);
        button(rowOf(el, 'Hello'), 'copy').click();
        await until(() => written.length === 2);
        expect(written[1]).to.equal('Hello from the stub');
      });

      it('selects the text and says the keys that copy it when the clipboard refuses', async () => {
        clipboard(true);
        const el = await mount();
        const row = rowOf(el, 'Refunds');
        button(row, 'copy').click();
        const field = await until(() => row.querySelector<HTMLTextAreaElement>('.copy-fallback textarea'));
        expect(field.value).to.equal(MARKDOWN);
        expect(focused(el)).to.equal(field);
        expect([field.selectionStart, field.selectionEnd]).to.deep.equal([0, MARKDOWN.length]);
        const hint = el.shadowRoot!.getElementById(field.getAttribute('aria-describedby')!)!;
        const keys = /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘C' : 'Ctrl+C';
        expect(text(hint)).to.equal(`Press ${keys} to copy`);
        await until(() => status(el) === `Press ${keys} to copy`);
        // The visitor presses the keys: said, and the field goes, focus back on Copy.
        field.dispatchEvent(new ClipboardEvent('copy', { bubbles: true, composed: true }));
        await until(() => !row.querySelector('.copy-fallback'));
        await until(() => status(el) === 'Copied');
        expect(focused(el)).to.equal(button(row, 'copy'));
      });

      it('says ⌘C on Apple platforms, and falls back where there is no Clipboard API', async () => {
        vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel');
        if ('userAgentData' in navigator)
          vi.spyOn(navigator as Navigator & { userAgentData: unknown }, 'userAgentData', 'get').mockReturnValue({
            platform: 'macOS',
          });
        vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue(undefined as unknown as Clipboard);
        const el = await mount();
        const row = rowOf(el, 'Hello');
        button(row, 'copy').click();
        const hint = await until(() => row.querySelector('.copy-hint'));
        expect(text(hint)).to.equal('Press ⌘C to copy');
        await userEvent.keyboard('{Escape}');
        expect(row.querySelector('.copy-fallback')).to.equal(null);
        expect(focused(el)).to.equal(button(row, 'copy'));
      });
    });

    describe('times', () => {
      beforeEach(() => sessionStorage.clear());

      it("tell when each message was shown, in the visitor's local time and the widget's language", async () => {
        const before = Date.now();
        const el = await mount('', conversation(), [{ messages: [textMessage('m4', 'Noted.')] }]);
        await inputShown(el);
        await typeAndSend(el, 'A question');
        await until(() => botTexts(el).includes('Noted.'));
        await until(() => $$(el, '.row.user time').length === 1);
        // The bot's times are in their lines of actions, drawn for the rows pointed at.
        pointAtRows(el);
        await until(() => $$(el, '.messages time').length === 5);
        const times = $$(el, '.messages time');
        expect(times.length).to.equal(5);
        for (const time of times) {
          const at = Date.parse(time.getAttribute('datetime')!);
          expect(at).to.be.within(before - 1000, Date.now() + 1000);
          expect(time.textContent).to.equal(
            new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' }).format(at),
          );
        }
        // Shown with the actions: on hover, on focus.
        const user = $(el, '.row.user')!;
        await userEvent.hover(user.querySelector('.bubble')!);
        await until(() => opacity(user.querySelector('.acts')) === 1);
        await userEvent.hover(part(el, 'composer')!);
        await until(() => opacity(user.querySelector('.acts')) === 0);
      });

      it('keep their times across a reload with persist, and records of older versions still restore', async () => {
        const first = await mount('persist="session"');
        const shown = $$(first, '.messages time').map((t) => t.getAttribute('datetime'));
        expect(shown).to.have.length(3);
        // Remembered once the storage code has arrived (the first message does not wait for it).
        await until(() => sessionStorage.getItem(storageKey('stub', '')));
        first.remove();
        const again = await mount('persist="session"');
        expect(botTexts(again)).to.include('Hello from the stub');
        expect($$(again, '.messages time').map((t) => t.getAttribute('datetime'))).to.deep.equal(shown);
        again.remove();

        // A record saved before messages had times: read as before, shown without one.
        const key = storageKey('stub', '');
        const record = JSON.parse(sessionStorage.getItem(key)!);
        for (const entry of record.entries) delete entry.at;
        sessionStorage.setItem(key, JSON.stringify(record));
        const old = document.createElement('flowbot-chat');
        old.setAttribute('public-id', 'stub');
        old.setAttribute('persist', 'session');
        await fixture(old);
        await until(() => botTexts(old).includes('Hello from the stub'));
        await until(() => (pointAtRows(old), $$(old, '[part~="actions"]').length >= 2));
        expect($$(old, '.messages time')).to.have.length(0);
        expect(labels(rowOf(old, 'Hello'))).to.deep.equal(['Copy answer']);
        expect(actionsOf(rowOf(old, 'Hello'))!.getAttribute('aria-label')).to.equal('Answer');
      });
    });

    describe('exportTranscript()', () => {
      beforeEach(() => sessionStorage.clear());

      /** A widget showing a remembered conversation (files and all), as a reload would. */
      async function remembered(entries: unknown[]): Promise<FlowbotChat> {
        const key = storageKey('stub', '');
        const record = { v: 2, key, savedAt: Date.now(), sessionId: 's-9', resultId: 'r-9', flowbot: {}, entries };
        sessionStorage.setItem(key, JSON.stringify(record));
        const el = document.createElement('flowbot-chat');
        el.setAttribute('public-id', 'stub');
        el.setAttribute('persist', 'session');
        el.widget = { title: 'Acme support' };
        await fixture(el);
        await until(() => botTexts(el).length > 0);
        return el;
      }

      it('gives who said what and when, links as [text](url), files by name and URL, in Markdown or text', async () => {
        const at = Date.now() - 60_000;
        const el = await remembered([
          { kind: 'bot', message: markdownMessage('m1', MARKDOWN), at },
          {
            kind: 'answer',
            text: 'report.pdf',
            answer: {
              type: 'text',
              text: 'https://files.example/report.pdf',
              attachedFileUrls: ['https://files.example/report.pdf'],
            },
            at: at + 30_000,
          },
          { kind: 'bot', message: textMessage('m2', 'Got it, thanks.'), at: at + 31_000 },
        ]);
        const time = (t: number) => new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' }).format(t);
        const day = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(at);
        expect(await el.exportTranscript()).to.equal(
          [
            '# Acme support',
            `## ${day}`,
            `**Bot**, ${time(at)}:\n\n**Refunds** within _14 days_. See [the help page](https://example.com/help?x=1).`,
            `**You**, ${time(at + 30_000)}:\n\n- [report.pdf](https://files.example/report.pdf)`,
            `**Bot**, ${time(at + 31_000)}:\n\nGot it, thanks.`,
          ].join('\n\n') + '\n',
        );
        expect(await el.exportTranscript('text')).to.equal(
          [
            'Acme support',
            day,
            `Bot, ${time(at)}:\nRefunds within 14 days. See the help page (https://example.com/help?x=1).`,
            `You, ${time(at + 30_000)}:\n- report.pdf (https://files.example/report.pdf)`,
            `Bot, ${time(at + 31_000)}:\nGot it, thanks.`,
          ].join('\n\n') + '\n',
        );
      });

      it(
        'exports a hostile answer as inert text within the response limits, without a long task',
        { retry: 2 },
        async () => {
          const hostile =
            '<script>alert(1)</script> <img src=x onerror=alert(2)>\n\n[click](javascript:alert(3)) [me](data:text/html,x)\n\n' +
            '```\n<b>code</b>\n```\n\n'.repeat(10_000) +
            'A'.repeat(1024 * 1024);
          // Streamed, the one way an answer comes without the response limits.
          const line = (piece: string) => `0:${JSON.stringify(piece)}\n`;
          vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
            const url = new Request(input, init).url;
            if (url.includes('/startChat'))
              return Response.json(
                startResponse({
                  messages: [
                    textMessage('q', 'Asking the assistant…'),
                    { ...textMessage('leaf', 'B'.repeat(1024 * 1024)) },
                  ],
                  input: undefined,
                  clientSideActions: [{ type: 'stream', stream: true, lastBubbleBlockId: 'leaf' }],
                }),
              );
            if (url.includes('/streamMessage'))
              return new Response(`${line(hostile)}e:{}\nd:{"finishReason":"stop"}\n`);
            if (url.includes('/clientLogs')) return new Response(null, { status: 204 });
            return Response.json({ messages: [textMessage('after', 'Anything else?')] });
          });
          const written = clipboard();
          const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
          await until(() => botTexts(el).includes('Anything else?'), 15_000);
          const row = await until(() => rows(el).find((r) => r.querySelector('[data-act="up"]')));

          let markdown = '';
          let plain = '';
          // Only the widget's work is watched: the checks below (a Markdown parser among them) run after.
          const longest = await longestTask(
            async () => {
              markdown = await el.exportTranscript();
              plain = await el.exportTranscript('text');
              button(row, 'copy').click();
              await until(() => written.length === 1);
            },
            { after: 'paint' },
          );
          // Text only: outside code (which a Markdown viewer shows as text), no markup it would turn
          // into HTML, and no link but safe ones anywhere.
          const outsideCode = markdown.replace(/(`+)[\s\S]*?\1/g, '');
          expect(/[<>]/.test(outsideCode), 'raw HTML outside code').to.equal(false);
          expect(/javascript:|data:text/.test(markdown), 'unsafe link in Markdown').to.equal(false);
          expect(JSON.stringify(parseMarkdown(markdown)).includes('"url":"javascript'), 'a link read back').to.equal(
            false,
          );
          expect(/javascript:|data:text/.test(plain), 'unsafe link in text').to.equal(false);
          expect(markdown).to.contain('&lt;script&gt;alert(1)&lt;/script&gt;');
          // Within the limits: each message at most its 20,000 characters (and a note where cut).
          expect(markdown.length).to.be.below(3 * LIMITS.messageChars + 1000);
          expect(plain.length).to.be.below(3 * LIMITS.messageChars + 1000);
          expect(markdown.includes(SHORTENED), 'the cut said').to.equal(true);
          expect(written[0]!.length).to.equal(LIMITS.messageChars + 2 + SHORTENED.length);
          console.info(`[long-task] exporting and copying a hostile answer: ${longest.toFixed(0)} ms`);
          expect(longest, 'longest task (ms)').to.be.below(50);
        },
      );
    });

    describe('the conversation menu', () => {
      it('opens from a button in the header, goes by arrows, and Escape closes it back on the button', async () => {
        const el = await mount();
        // Inline, without a title: the header appears for the menu.
        const menuButton = part<HTMLButtonElement>(el, 'menu-button')!;
        expect(part(el, 'header')!.contains(menuButton)).to.equal(true);
        expect(menuButton.getAttribute('aria-label')).to.equal('Conversation options');
        expect(menuButton.getAttribute('aria-haspopup')).to.equal('menu');
        expect(menuButton.getAttribute('aria-expanded')).to.equal('false');
        menuButton.focus();
        await userEvent.keyboard('{Enter}');
        const menu = await until(() => part(el, 'menu'));
        expect(menu.getAttribute('role')).to.equal('menu');
        expect(menuButton.getAttribute('aria-expanded')).to.equal('true');
        expect(menuButton.getAttribute('aria-controls')).to.equal(menu.id);
        const items = $$(el, '[role="menuitem"]');
        expect(items.map(text)).to.deep.equal(['Download conversation', 'Print']);
        await until(() => focused(el) === items[0]);
        await userEvent.keyboard('{ArrowDown}');
        expect(focused(el)).to.equal(items[1]);
        await userEvent.keyboard('{ArrowDown}');
        expect(focused(el)).to.equal(items[0]);
        await userEvent.keyboard('{Escape}');
        await until(() => !part(el, 'menu'));
        expect(focused(el)).to.equal(menuButton);
        expect(menuButton.getAttribute('aria-expanded')).to.equal('false');
        // Seen over the transcript, inside the panel.
        await userEvent.keyboard('{ArrowUp}');
        await until(() => focused(el) === $$(el, '[role="menuitem"]')[1]);
        const box = part(el, 'menu')!.getBoundingClientRect();
        const panel = part(el, 'panel')!.getBoundingClientRect();
        expect(box.top).to.be.at.least(part(el, 'header')!.getBoundingClientRect().top);
        expect(box.bottom).to.be.at.most(panel.bottom);
        // A click elsewhere closes it.
        await userEvent.click(part(el, 'messages')!);
        await until(() => !part(el, 'menu'));
      });

      for (const mode of ['bubble', 'popup']) {
        it(`closes on Escape without closing the ${mode} around it`, async () => {
          const el = await mount(`mode="${mode}" open`);
          part(el, 'menu-button')!.click();
          await until(() => focused(el)?.getAttribute('role') === 'menuitem');
          await userEvent.keyboard('{Escape}');
          await until(() => !part(el, 'menu'));
          await settle();
          expect(el.open).to.equal(true);
          expect(focused(el)).to.equal(part(el, 'menu-button'));
          // A second Escape is the panel's again.
          await userEvent.keyboard('{Escape}');
          await until(() => !el.open);
        });
      }

      it('has its header from the first render inline, so the first message does not move when the menu arrives', async () => {
        stubViewer(conversation());
        const el = document.createElement('flowbot-chat');
        el.setAttribute('public-id', 'stub');
        await fixture(el);
        const first = await until(() => $$(el, '[part~="bot-message"]')[0]);
        expect(part(el, 'header')).to.not.equal(null);
        const top = first.getBoundingClientRect().top;
        await until(() => part(el, 'menu-button'));
        await el.updateComplete;
        expect(Math.abs(first.getBoundingClientRect().top - top)).to.be.below(1);
      });

      it('is left out with no-menu (and so is the header it needed)', async () => {
        const el = await mount('no-menu');
        expect(part(el, 'menu-button')).to.equal(null);
        expect(part(el, 'header')).to.equal(null);
      });

      it('downloads the conversation as a Markdown file', async () => {
        const el = await mount('', conversation(), []);
        el.widget = { title: 'Acme Support' };
        await el.updateComplete;
        const clicked: HTMLAnchorElement[] = [];
        vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
          clicked.push(this);
        });
        part(el, 'menu-button')!.click();
        const download = await until(() => $$(el, '[role="menuitem"]')[0]);
        download.click();
        await until(() => clicked.length === 1);
        const [link] = clicked;
        expect(link!.download).to.match(/^acme-support-\d{4}-\d{2}-\d{2}\.md$/);
        expect(link!.href).to.match(/^blob:/);
        // Read as a browser saves it (fetch is the fake viewer's here).
        const file = await new Promise<XMLHttpRequest>((resolve) => {
          const request = new XMLHttpRequest();
          request.open('GET', link!.href);
          request.onload = () => resolve(request);
          request.send();
        });
        expect(file.getResponseHeader('content-type')).to.equal('text/markdown;charset=utf-8');
        const markdown = file.responseText;
        expect(markdown).to.equal(await el.exportTranscript('markdown'));
        expect(markdown).to.match(/^# Acme Support\n/);
        expect(markdown).to.contain('[the help page](https://example.com/help?x=1)');
        expect(focused(el)).to.equal(part(el, 'menu-button'));
      });

      it('prints the transcript alone: no controls, every message laid out, the rest of the page left out', async () => {
        const page = await fixture<HTMLElement>(html`<main><p id="page-text">The host page</p></main>`);
        const el = await mount('feedback="all"');
        page.append(el);
        await el.updateComplete;
        const print = vi.spyOn(window, 'print').mockImplementation(() => {});
        part(el, 'menu-button')!.click();
        (await until(() => $$(el, '[role="menuitem"]')[1])).click();
        expect(print.mock.calls).to.have.length(1);
        await emulate('print');
        await until(() => matchMedia('print').matches);
        const shown = (node: Element | null) => getComputedStyle(node!).display !== 'none';
        expect(shown(part(el, 'header')), 'header').to.equal(false);
        expect(shown(part(el, 'composer')), 'composer').to.equal(false);
        expect(buttonsOf(rowOf(el, 'Refunds')).some(shown), 'action buttons').to.equal(false);
        expect(getComputedStyle(part(el, 'messages')!).overflowY).to.equal('visible');
        for (const row of $$(el, '.row')) expect(getComputedStyle(row).contentVisibility).to.equal('visible');
        expect(opacity(rowOf(el, 'Refunds').querySelector('time'))).to.equal(1);
        expect(shown(document.getElementById('page-text')), 'the page around').to.equal(false);
        expect(shown(el)).to.equal(true);
        // After the print, the page prints as it did.
        window.dispatchEvent(new Event('afterprint'));
        expect(shown(document.getElementById('page-text'))).to.equal(true);
        expect(el.hasAttribute('data-flowbot-printing')).to.equal(false);
      });
    });
  });
});
