/**
 * The earlier conversations (`persist`, issue 46): kept by Start again and New conversation, listed by
 * the menu's Conversations, opened (going on with the same session, or read-only once too old),
 * deleted and forgotten; walked by keyboard; their events; stored data shown as text.
 */
import { expect, fixture } from '@open-wc/testing';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { pastKey } from '../../../src/conversation/past.js';
import { storageKey } from '../../../src/conversation/storage-key.js';
import type {
  FlowbotConversationDeleteDetail,
  FlowbotConversationOpenDetail,
  FlowbotStartDetail,
} from '../../../src/element/events.js';
import type { FlowbotChat } from '../../../src/element/flowbot-chat.js';
import { $, $$, botTexts, part, parts, text, userTexts } from '../../support/widget-dom.js';
import { inputShown, typeAndSend, until } from '../../support/widget-actions.js';
import { spyViewer } from '../../support/fake-viewer.js';
import { userEvent } from 'vitest/browser';
import {
  backgroundOf,
  clippersOf,
  contrast,
  controlsOf,
  focusRingOf,
  largeText,
  outlineBox,
  textColourOf,
  textElements,
  within,
} from '../wcag-helpers.js';

const clearStored = () => {
  for (const storage of [localStorage, sessionStorage])
    for (const key of Object.keys(storage)) if (key.startsWith('flowbot-chat')) storage.removeItem(key);
};

beforeEach(clearStored);
afterEach(() => {
  vi.restoreAllMocks();
  clearStored();
});

interface Heard {
  starts: FlowbotStartDetail[];
  opened: FlowbotConversationOpenDetail[];
  deleted: FlowbotConversationDeleteDetail[];
}

async function load(persist = 'local', id = '', lang = ''): Promise<{ el: FlowbotChat } & Heard> {
  const el = document.createElement('flowbot-chat');
  const heard: Heard = { starts: [], opened: [], deleted: [] };
  el.addEventListener('flowbot-start', (event) => heard.starts.push(event.detail));
  el.addEventListener('flowbot-conversation-open', (event) => heard.opened.push(event.detail));
  el.addEventListener('flowbot-conversation-delete', (event) => heard.deleted.push(event.detail));
  el.setAttribute('public-id', 'support');
  el.setAttribute('persist', persist);
  if (id) el.id = id;
  if (lang) el.lang = lang;
  await fixture(el);
  return { el, ...heard };
}

/** Picks a topic of the support bot, then waits for its e-mail question. */
async function pick(el: FlowbotChat, topic: string): Promise<void> {
  const button = await until(() => parts<HTMLButtonElement>(el, 'choice').find((b) => text(b) === topic));
  button.click();
  await until(() => botTexts(el).includes('Leave your e-mail and we will follow up.'));
  await inputShown(el);
}

/** Starts again and waits for the new conversation's greeting. */
async function startAgain(el: FlowbotChat, starts: FlowbotStartDetail[]): Promise<void> {
  const count = starts.length;
  el.restart();
  await until(() => starts.length > count && botTexts(el).includes('What do you need help with?'));
}

/** Opens the menu's Conversations; resolves with the list. */
async function openList(el: FlowbotChat): Promise<HTMLElement> {
  const button = await until(() => part<HTMLButtonElement>(el, 'menu-button'));
  button.click();
  const item = await until(() => $$<HTMLButtonElement>(el, '.menu-item').find((b) => text(b) === 'Conversations'));
  item.click();
  return until(() => part(el, 'history'));
}

const titles = (el: FlowbotChat): string[] => $$(el, '.history-title').map(text);
const active = (el: FlowbotChat): Element | null => el.shadowRoot!.activeElement;

describe('<flowbot-chat> earlier conversations', () => {
  it('Start again keeps the conversation; opening it from the list goes on with the same session', async () => {
    const { el, starts, opened } = await load();
    await pick(el, 'Billing');
    const first = starts[0]!.sessionId;
    await startAgain(el, starts);
    const second = starts.at(-1)!.sessionId;
    expect(second).to.not.equal(first);

    const list = await openList(el);
    expect(titles(el)).to.deep.equal(['Billing']);
    const time = $<HTMLTimeElement>(el, '.history-date')!;
    expect(Math.abs(Date.parse(time.dateTime) - Date.now())).to.be.below(60_000);
    expect(text(time)).to.not.equal('');
    // The heading takes focus; the rest of the panel is out of reach while the list shows.
    expect(active(el)?.id).to.equal('history-title');
    expect(part(el, 'composer')!.closest('[inert]')).to.not.equal(null);
    expect(part(el, 'menu-button')!.closest('[inert]')).to.not.equal(null);
    expect(list.closest('[inert]')).to.equal(null);
    // The list covers the panel.
    const panel = part(el, 'panel')!.getBoundingClientRect();
    const box = list.getBoundingClientRect();
    expect([box.top, box.left, box.width, box.height].map(Math.round)).to.deep.equal(
      [panel.top + 1, panel.left + 1, panel.width - 2, panel.height - 2].map(Math.round),
    );

    const { calls } = spyViewer();
    $<HTMLButtonElement>(el, '.history-open')!.click();
    await until(() => starts.length === 3);
    expect(starts[2]).to.include({ sessionId: first, restored: true });
    expect(opened).to.deep.equal([{ sessionId: first, previousSessionId: second }]);
    expect(part(el, 'history')).to.equal(null);
    expect(part(el, 'composer')!.closest('[inert]')).to.equal(null);
    expect(userTexts(el)).to.deep.equal(['Billing']);
    expect(botTexts(el)).to.include('Leave your e-mail and we will follow up.');
    await typeAndSend(el, 'ada@example.com');
    await until(() => botTexts(el).some((t) => t.includes('We will write to ada@example.com')));
    expect(calls.map((c) => c.kind)).to.deep.equal(['continue']);
    expect(calls[0]!.url).to.contain(`/sessions/${first}/continueChat`);
    // The conversation left had no answer: nothing to come back to, so it is not listed.
    await openList(el);
    expect(titles(el)).to.deep.equal([]);
    expect(text($(el, '.history-empty'))).to.contain('No earlier conversations');
  });

  it('lists newest first; deletes one and forgets them all, keeping focus in the list', async () => {
    const { el, starts, deleted } = await load('session');
    await pick(el, 'Billing');
    const billing = starts[0]!.sessionId;
    await startAgain(el, starts);
    await pick(el, "I can't log in");
    const login = starts[1]!.sessionId;
    await startAgain(el, starts);
    await pick(el, 'Something else');
    const current = starts[2]!.sessionId;

    await openList(el);
    expect(titles(el)).to.deep.equal(["I can't log in", 'Billing']);
    const remove = $$<HTMLButtonElement>(el, '.history-delete');
    expect(remove.map((b) => b.getAttribute('aria-label'))).to.deep.equal([
      "Delete “I can't log in”",
      'Delete “Billing”',
    ]);
    remove[0]!.click();
    await until(() => titles(el).length === 1);
    expect(titles(el)).to.deep.equal(['Billing']);
    expect(deleted).to.deep.equal([{ sessionIds: [login], all: false }]);
    // Focus goes to the conversation that took the deleted one's place.
    await until(() => active(el)?.classList.contains('history-open'));
    // Said to screen readers, from a status the list leaves heard.
    await until(() => text($(el, '[role="status"]')) === 'Conversation deleted');
    expect($(el, '[role="status"]')!.closest('[inert]')).to.equal(null);

    // Forgetting asks first; Cancel (focused) keeps everything.
    $<HTMLButtonElement>(el, '.history-forget-all')!.click();
    await until(() => active(el)?.classList.contains('history-cancel'));
    expect(text($(el, '.history-ask p'))).to.contain('Forget every conversation');
    $<HTMLButtonElement>(el, '.history-forget')!.click();
    await until(() => starts.length === 4);
    expect(deleted[1]).to.deep.equal({ sessionIds: [current, billing], all: true });
    expect(sessionStorage.getItem(pastKey(storageKey('support', '')))).to.equal(null);
    expect(userTexts(el)).to.deep.equal([]);
    expect(part(el, 'history')).to.equal(null);
    await openList(el);
    expect(titles(el)).to.deep.equal([]);
  });

  it("lists the earlier conversations of a widget kept apart by its id (no persist-key), and not another widget's", async () => {
    const { el, starts } = await load('local', 'help');
    await pick(el, 'Billing');
    await startAgain(el, starts);
    await openList(el);
    expect(titles(el)).to.deep.equal(['Billing']);
    el.remove();
    const other = await load('local');
    await openList(other.el);
    expect(titles(other.el)).to.deep.equal([]);
  });

  it("speaks the widget's language: a Portuguese list has no English word", async () => {
    const { el, starts } = await load('local', '', 'pt-BR');
    await pick(el, 'Billing');
    await startAgain(el, starts);
    // The menu's item is the answers' words of the language, once its file is in.
    const button = await until(() => part<HTMLButtonElement>(el, 'menu-button'));
    button.click();
    const item = await until(() => $$<HTMLButtonElement>(el, '.menu-item').find((b) => text(b) === 'Conversas'));
    item.click();
    const list = await until(() => part(el, 'history'));
    expect(text($(el, '#history-title'))).to.equal('Conversas');
    expect(text($(el, '.history-new'))).to.equal('Nova conversa');
    expect(text($(el, '.history-forget-all'))).to.equal('Esquecer minhas conversas');
    expect($(el, '.history-delete')!.getAttribute('aria-label')).to.equal('Excluir “Billing”');
    expect($$(el, '.history-bar button')[0]!.getAttribute('aria-label')).to.equal('Voltar à conversa');
    // Dates in the language too.
    const date = new Date(Date.parse($<HTMLTimeElement>(el, '.history-date')!.dateTime));
    expect(text($(el, '.history-date'))).to.equal(
      new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium', timeStyle: 'short' }).format(date),
    );
    expect(list.closest('[inert]')).to.equal(null);
  });

  it('Escape closes the list and gives focus back to the menu button; Tab stays in the list', async () => {
    const { el, starts } = await load();
    await pick(el, 'Billing');
    await startAgain(el, starts);
    await openList(el);
    const reachable = $$<HTMLElement>(el, 'button, input, textarea, [tabindex="0"]').filter(
      (node) => !node.closest('[inert]') && !(node as HTMLButtonElement).disabled,
    );
    expect(reachable.every((node) => node.closest('.history'))).to.equal(true);
    // Back, New conversation, the one conversation and its delete button, Forget my conversations.
    expect(reachable.length).to.equal(5);
    part(el, 'history')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await until(() => !part(el, 'history'));
    await until(() => active(el) === part(el, 'menu-button'));
    expect(part(el, 'composer')!.closest('[inert]')).to.equal(null);
  });

  it('opens a conversation saved more than a day ago read-only, with the expired notice, asking the viewer nothing', async () => {
    const { el, starts } = await load();
    await pick(el, 'Billing');
    await startAgain(el, starts);
    const key = storageKey('support', '');
    const past = JSON.parse(localStorage.getItem(pastKey(key))!) as { savedAt: number }[];
    past[0]!.savedAt = Date.now() - 2 * 24 * 60 * 60 * 1000;
    localStorage.setItem(pastKey(key), JSON.stringify(past));

    await openList(el);
    const { calls } = spyViewer();
    $<HTMLButtonElement>(el, '.history-open')!.click();
    await until(() => part(el, 'start-again-button'));
    expect(userTexts(el)).to.deep.equal(['Billing']);
    expect(part(el, 'input')).to.equal(null);
    expect(calls).to.deep.equal([]);
  });

  it('shows what storage holds as text, and lists only sound records of this widget', async () => {
    const { el, starts } = await load();
    await pick(el, 'Billing');
    await startAgain(el, starts);
    const key = storageKey('support', '');
    const [real] = JSON.parse(localStorage.getItem(pastKey(key))!) as Record<string, unknown>[];
    const hostile = '<img src=x onerror="window.__hit=1">';
    localStorage.setItem(
      pastKey(key),
      JSON.stringify([
        { ...real, sessionId: 'hostile', entries: [{ kind: 'answer', text: hostile }] },
        { ...real, sessionId: 'other', key: storageKey('another-bot', '') },
        { ...real, sessionId: 'no-time', savedAt: 'yesterday' },
        'not a record',
        real,
      ]),
    );
    await openList(el);
    expect(titles(el)).to.deep.equal([hostile, 'Billing']);
    expect($(el, '.history img')).to.equal(null);
    expect((window as { __hit?: number }).__hit).to.equal(undefined);
  });

  for (const scheme of ['light', 'dark'])
    it(`WCAG 2.2 AA in the list, ${scheme}: texts 4.5:1, targets 24 px, a whole focus ring on every control`, async () => {
      const { el, starts } = await load();
      el.setAttribute('color-scheme', scheme);
      await pick(el, 'Billing');
      await startAgain(el, starts);
      const list = await openList(el);
      // Dark: once the dark palette has come.
      if (scheme === 'dark') await until(() => contrast(backgroundOf(list), [255, 255, 255, 1]) > 10);
      const texts = textElements(el).filter((node) => list.contains(node));
      expect(texts.length).to.be.at.least(5);
      for (const node of texts) {
        const ratio = contrast(textColourOf(node), backgroundOf(node));
        expect(ratio, `${text(node)}`).to.be.at.least(largeText(node) ? 3 : 4.5);
      }
      // Pointed at, too: a conversation's title and date keep their contrast.
      for (const open of $$<HTMLElement>(el, '.history-open')) {
        await userEvent.hover(open);
        for (const node of textElements(el).filter((n) => open.contains(n)))
          expect(contrast(textColourOf(node), backgroundOf(node)), `${text(node)}, pointed at`).to.be.at.least(4.5);
      }
      await userEvent.unhover($(el, '.history-open')!);
      // The ask of Forget my conversations too.
      $<HTMLButtonElement>(el, '.history-forget-all')!.click();
      await until(() => $(el, '.history-ask'));
      for (const node of textElements(el).filter((n) => n.closest('.history-ask')))
        expect(contrast(textColourOf(node), backgroundOf(node)), text(node)).to.be.at.least(4.5);
      const controls = controlsOf(el).filter((node) => list.contains(node));
      expect(controls.length).to.equal(6);
      for (const control of controls) {
        const rect = control.getBoundingClientRect();
        expect(Math.min(rect.width, rect.height), control.className).to.be.at.least(24);
        control.focus({ focusVisible: true } as FocusOptions);
        await el.updateComplete;
        const ring = focusRingOf(control);
        expect(ring, `${control.className} shows a focus ring`).to.exist;
        for (const clip of clippersOf(ring!))
          expect(within(outlineBox(ring!), clip), `${control.className}'s ring is clipped`).to.equal(true);
      }
    });
});
