import { expect, fixture } from '@open-wc/testing';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { storageKey } from '../../../src/conversation/persistence.js';
import type { FlowbotStartDetail } from '../../../src/element/events.js';
import type { FlowbotChat } from '../../../src/element/flowbot-chat.js';
import { $, botTexts, part, parts, text, userTexts } from '../../support/widget-dom.js';
import { inputShown, typeAndSend, until } from '../../support/widget-actions.js';
import { spyViewer, startResponse, stubViewer, textMessage } from '../../support/fake-viewer.js';

const clearStored = () => {
  for (const storage of [localStorage, sessionStorage]) {
    for (const key of Object.keys(storage)) if (key.startsWith('flowbot-chat')) storage.removeItem(key);
  }
};

beforeEach(clearStored);
afterEach(() => {
  vi.restoreAllMocks();
  clearStored();
});

/** Loads a widget "page": the element with these attributes, its `flowbot-start` details recorded. */
async function load(attributes: Record<string, string>, widget?: Record<string, unknown>) {
  const el = document.createElement('flowbot-chat');
  const starts: FlowbotStartDetail[] = [];
  el.addEventListener('flowbot-start', (event) => starts.push(event.detail));
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  if (widget) el.widget = widget;
  await fixture(el);
  return { el, starts };
}

const choose = async (el: FlowbotChat, label: string) => {
  const button = await until(() => parts<HTMLButtonElement>(el, 'choice').find((b) => text(b) === label));
  button.click();
};

/** A support conversation up to its e-mail question; the element is then removed (the "reload"). */
async function firstVisit(persist: string) {
  const { el, starts } = await load({ 'public-id': 'support', persist });
  await choose(el, 'Billing');
  await until(() => botTexts(el).includes('Leave your e-mail and we will follow up.'));
  await inputShown(el);
  const transcript = { bot: botTexts(el), user: userTexts(el) };
  el.remove();
  return { sessionId: starts[0]!.sessionId, transcript };
}

describe('<flowbot-chat>', () => {
  describe('persist', () => {
    for (const [persist, area, other] of [
      ['session', sessionStorage, localStorage],
      ['local', localStorage, sessionStorage],
    ] as const) {
      it(`persist="${persist}" restores the conversation and continues the same session`, async () => {
        const before = await firstVisit(persist);
        expect(Object.keys(area).filter((k) => k.startsWith('flowbot-chat:'))).to.have.length(1);
        expect(Object.keys(other).filter((k) => k.startsWith('flowbot-chat:'))).to.have.length(0);

        const { calls } = spyViewer();
        const { el, starts } = await load({ 'public-id': 'support', persist });
        expect(starts).to.deep.equal([{ sessionId: before.sessionId, resultId: starts[0]!.resultId, restored: true }]);
        expect(botTexts(el)).to.deep.equal(before.transcript.bot);
        expect(userTexts(el)).to.deep.equal(['Billing']);
        const field = await until(() => $<HTMLInputElement>(el, '.composer [part~="input"]'));
        expect(field.placeholder).to.equal('you@example.com');

        await typeAndSend(el, 'ada@example.com');
        // The server remembers the topic picked before the reload: the same session goes on.
        await until(() =>
          botTexts(el).some((t) => t.includes('Ticket opened about "Billing". We will write to ada@example.com.')),
        );
        expect(calls.map((c) => c.kind)).to.deep.equal(['continue']);
        expect(calls[0]!.url).to.contain(`/sessions/${before.sessionId}/continueChat`);
        await until(() => part(el, 'restart-button'));
      });
    }

    describe('two widgets of one bot on one page', () => {
      /** A stub viewer whose every start opens a new session, greeting with its number. */
      const sessions = () => {
        let n = 0;
        return stubViewer(() => {
          n++;
          return startResponse({ sessionId: `session-${n}`, messages: [textMessage(`m${n}`, `Conversation ${n}`)] });
        });
      };
      const pageOf = async (attributes: Array<Record<string, string>>) => {
        const els = [];
        for (const a of attributes) els.push((await load({ 'public-id': 'stub', persist: 'local', ...a })).el);
        for (const el of els) await until(() => botTexts(el).length > 0);
        return els;
      };

      it('keeps a conversation for each when they have ids', async () => {
        sessions();
        const before = await pageOf([{ id: 'sales' }, { id: 'help' }]);
        expect(before.map((el) => botTexts(el))).to.deep.equal([['Conversation 1'], ['Conversation 2']]);
        for (const el of before) el.remove();

        const after = await pageOf([{ id: 'sales' }, { id: 'help' }]);
        expect(after.map((el) => botTexts(el))).to.deep.equal([['Conversation 1'], ['Conversation 2']]);
      });

      it('keeps them apart by persist-key too', async () => {
        sessions();
        const before = await pageOf([{ 'persist-key': 'left' }, { 'persist-key': 'right' }]);
        for (const el of before) el.remove();
        const after = await pageOf([{ 'persist-key': 'left' }, { 'persist-key': 'right' }]);
        expect(after.map((el) => botTexts(el))).to.deep.equal([['Conversation 1'], ['Conversation 2']]);
      });

      it('warns, and loses neither conversation, when nothing tells them apart', async () => {
        sessions();
        const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
        const before = await pageOf([{}, {}]);
        expect(warn.mock.calls.map((c) => String(c[0])).some((m) => m.includes('persist-key'))).to.equal(true);
        for (const el of before) el.remove();

        const after = await pageOf([{}]);
        expect(botTexts(after[0]!)).to.deep.equal(['Conversation 1']);
      });
    });

    it('never autoplays restored media again', async () => {
      const audio = {
        id: 'a1',
        type: 'audio',
        content: { url: 'https://example.com/hello.mp3', isAutoplayEnabled: true },
      };
      stubViewer(startResponse(), [{ messages: [audio], input: { id: 'in-2', type: 'text input' } }]);
      const first = await load({ 'public-id': 'stub', persist: 'local' });
      await inputShown(first.el);
      await typeAndSend(first.el, 'play it');
      const live = await until(() => $<HTMLAudioElement>(first.el, 'audio'));
      expect(live.autoplay, 'a reply to the visitor may autoplay').to.equal(true);
      first.el.remove();

      const again = await load({ 'public-id': 'stub', persist: 'local' });
      expect(again.starts[0]!.restored).to.equal(true);
      const restored = await until(() => $<HTMLAudioElement>(again.el, 'audio'));
      expect(restored.autoplay).to.equal(false);
    });

    it('remembers nothing by default', async () => {
      await firstVisit('none');
      expect(
        Object.keys(localStorage)
          .concat(Object.keys(sessionStorage))
          .filter((k) => k.startsWith('flowbot-chat:')),
      ).to.deep.equal([]);
      const { starts } = await load({ 'public-id': 'support' });
      await until(() => starts.length);
      expect(starts[0]!.restored).to.equal(false);
    });

    it('says whether the session is new or restored in flowbot-start', async () => {
      const { el, starts } = await load({ 'public-id': 'support', persist: 'local' });
      await until(() => starts.length);
      expect(starts[0]!.restored).to.equal(false);
      await until(() => part(el, 'choice'));
      el.remove();
      const again = await load({ 'public-id': 'support', persist: 'local' });
      expect(again.starts.map((s) => s.restored)).to.deep.equal([true]);
      expect(again.starts[0]!.sessionId).to.equal(starts[0]!.sessionId);
    });

    it('keeps one conversation per public id and viewer host', async () => {
      const support = await firstVisit('local');
      const { calls } = spyViewer();
      const lead = await load({ 'public-id': 'lead', persist: 'local' });
      await until(() => lead.starts.length);
      expect(lead.starts[0]!.restored).to.equal(false);
      expect(calls.filter((c) => c.kind === 'start')).to.have.length(1);

      // The same bot on another viewer host is another conversation.
      vi.restoreAllMocks();
      stubViewer(startResponse());
      const elsewhere = await load({
        'public-id': 'support',
        persist: 'local',
        'api-host': 'https://viewer.example.test',
      });
      await inputShown(elsewhere.el);
      expect(elsewhere.starts[0]).to.include({ restored: false, sessionId: 'session-1' });

      // The page's own origin written out is the same host as none at all.
      vi.restoreAllMocks();
      const same = await load({ 'public-id': 'support', persist: 'local', 'api-host': `${location.origin}/` });
      expect(same.starts[0]).to.include({ restored: true, sessionId: support.sessionId });
      expect(localStorage.getItem(storageKey('support', ''))).to.be.a('string');
      expect(localStorage.getItem(storageKey('lead', ''))).to.be.a('string');
      expect(localStorage.getItem(storageKey('support', 'https://viewer.example.test'))).to.be.a('string');
    });

    it('shows a stored conversation the server no longer knows as expired, and starts again on request', async () => {
      const before = await firstVisit('local');
      const key = storageKey('support', '');
      const stored = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...stored, sessionId: 'expired-session' }));

      const { calls } = spyViewer();
      const { el, starts } = await load({ 'public-id': 'support', persist: 'local' });
      const errors: Array<{ code?: string }> = [];
      el.addEventListener('flowbot-error', (e) => errors.push(e.detail as { code?: string }));
      expect(userTexts(el)).to.deep.equal(['Billing']);
      await typeAndSend(el, 'ada@example.com');
      // The transcript stays, read-only, with the notice and one way on; nothing started by itself.
      await until(() => part(el, 'expired'));
      expect(botTexts(el)).to.deep.equal(before.transcript.bot);
      expect(userTexts(el)).to.deep.equal(['Billing', 'ada@example.com']);
      expect(part(el, 'retry-button')).to.equal(null);
      expect(errors.map((e) => e.code)).to.deep.equal(['session-expired']);
      expect(calls.map((c) => c.kind)).to.deep.equal(['continue']);
      expect(starts.map((s) => s.restored)).to.deep.equal([true]);

      part<HTMLButtonElement>(el, 'start-again-button')!.click();
      await until(() => starts.length === 2);
      expect(starts[1]).to.include({ restored: false, expiredSessionId: 'expired-session' });
      await until(() => part(el, 'choice'));
      expect(calls.map((c) => c.kind)).to.deep.equal(['continue', 'start']);
      expect(JSON.parse(localStorage.getItem(key)!).sessionId).to.equal(starts[1]!.sessionId);
    });

    it('drops the stored conversation when the bot was republished', async () => {
      stubViewer(startResponse({ flowbot: { id: 'bot', publishedAt: '2026-01-01T00:00:00.000Z' } }));
      const first = await load({ 'public-id': 'stub', persist: 'local' });
      await inputShown(first.el);
      first.el.remove();

      vi.restoreAllMocks();
      const { calls } = stubViewer(
        startResponse({
          sessionId: 'session-2',
          flowbot: { id: 'bot', publishedAt: '2026-02-01T00:00:00.000Z' },
          messages: [textMessage('n1', 'New version')],
        }),
        [
          {
            messages: [textMessage('x', 'Old flow')],
            input: { id: 'in-2', type: 'text input' },
            flowbot: { publishedAt: '2026-02-01T00:00:00.000Z' },
          },
        ],
      );
      const { el, starts } = await load({ 'public-id': 'stub', persist: 'local' });
      expect(botTexts(el)).to.deep.equal(['Hello from the stub']);
      await typeAndSend(el, 'Hi');
      await until(() => botTexts(el).includes('New version'));
      expect(botTexts(el)).to.deep.equal(['New version']);
      expect(starts.map((s) => [s.sessionId, s.restored])).to.deep.equal([
        ['session-1', true],
        ['session-2', false],
      ]);
      expect(calls.map((c) => c.kind)).to.deep.equal(['continue', 'start']);
      expect(JSON.parse(localStorage.getItem(storageKey('stub', ''))!).sessionId).to.equal('session-2');
    });

    it('ignores and replaces corrupt or foreign stored data', async () => {
      const key = storageKey('support', '');
      for (const junk of [
        '{corrupt',
        JSON.stringify({ v: 1, key: storageKey('lead', ''), sessionId: 'x' }),
        JSON.stringify({ v: 99 }),
      ]) {
        localStorage.setItem(key, junk);
        const { el, starts } = await load({ 'public-id': 'support', persist: 'local' });
        await until(() => part(el, 'choice'));
        expect(starts.map((s) => s.restored)).to.deep.equal([false]);
        expect(JSON.parse(localStorage.getItem(key)!)).to.include({ v: 2, key, sessionId: starts[0]!.sessionId });
        el.remove();
      }
    });

    it('only turns persistence off when storage is full', async () => {
      const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      });
      const { el } = await load({ 'public-id': 'support', persist: 'local' });
      const errors: Event[] = [];
      el.addEventListener('flowbot-error', (e) => errors.push(e));
      await choose(el, 'Billing');
      await typeAndSend(el, 'ada@example.com');
      await until(() => part(el, 'restart-button'));
      expect(setItem.mock.calls.length).to.be.greaterThan(0);
      expect(localStorage.getItem(storageKey('support', ''))).to.equal(null);
      expect(errors).to.have.length(0);
      expect(part(el, 'error')).to.equal(null);
    });

    it('restart() forgets the stored conversation and starts a new session', async () => {
      const before = await firstVisit('local');
      const { el, starts } = await load({ 'public-id': 'support', persist: 'local' });
      el.restart();
      await until(() => starts.length === 2 && part(el, 'choice'));
      expect(starts[1]!.restored).to.equal(false);
      expect(starts[1]!.sessionId).not.to.equal(before.sessionId);
      expect(userTexts(el)).to.deep.equal([]);
      el.remove();

      const again = await load({ 'public-id': 'support', persist: 'local' });
      expect(again.starts[0]).to.include({ restored: true, sessionId: starts[1]!.sessionId });
      expect(userTexts(again.el)).to.deep.equal([]);
    });

    it('restores the greeting once, with the theme and the input', async () => {
      const widget = { aiFirstMessage: 'Welcome back!' };
      const { el } = await load({ 'public-id': 'support', persist: 'session' }, widget);
      await until(() => part(el, 'choice'));
      const shown = botTexts(el);
      el.remove();
      const again = await load({ 'public-id': 'support', persist: 'session' }, widget);
      expect(botTexts(again.el)).to.deep.equal(shown);
      expect(botTexts(again.el).filter((t) => t === 'Welcome back!')).to.have.length(1);
      expect(parts(again.el, 'choice').map(text)).to.deep.equal(['Billing', "I can't log in", 'Something else']);
      // The bot's theme (from the stored start response) still colours the bubbles.
      expect(getComputedStyle(part(again.el, 'bot-message')!).backgroundColor).to.equal('rgb(238, 242, 255)');
      await expect(again.el).to.be.accessible();
    });
  });
});
