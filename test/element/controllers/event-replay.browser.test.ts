import { expect, fixture, html } from '@open-wc/testing';
import { describe, it } from 'vitest';
import type { FlowbotStartEvent } from '../../../src/element/events.js';
import type { FlowbotChat } from '../../../src/element/flowbot-chat.js';
import { inputShown } from '../../support/widget-actions.js';

describe('<flowbot-chat>', () => {
  describe('listeners that arrive late (a framework hydrating server-rendered HTML)', () => {
    it('replays the start, messages and input to the first listener of each type, without bubbling', async () => {
      const outside: string[] = [];
      const host = await fixture<HTMLElement>(html`<div></div>`);
      host.addEventListener('flowbot-start', (e) => outside.push(`${e.type}${e.replayed ? ' (replayed)' : ''}`));
      const el = document.createElement('flowbot-chat');
      el.publicId = 'lead';
      host.append(el);
      await inputShown(el);

      const late: FlowbotStartEvent[] = [];
      el.addEventListener('flowbot-start', (e) => late.push(e));
      const messages: string[] = [];
      el.addEventListener('flowbot-message', (e) => messages.push(e.detail.message.id));
      expect(late).to.have.length(0); // on the next microtask, not inside addEventListener
      await Promise.resolve();
      expect(late).to.have.length(1);
      expect(late[0]!.replayed).to.equal(true);
      expect(late[0]!.bubbles).to.equal(false);
      expect(late[0]!.target).to.equal(el);
      expect(late[0]!.detail.sessionId).to.be.a('string').and.not.empty;
      expect(messages.length).to.be.greaterThan(0);
      expect(outside).to.deep.equal(['flowbot-start']); // ancestors hear the original only
    });

    it('does not replay to a listener that was there in time, nor twice', async () => {
      const el = document.createElement('flowbot-chat');
      const starts: boolean[] = [];
      el.addEventListener('flowbot-start', (e) => starts.push(e.replayed));
      el.publicId = 'lead';
      await fixture<HTMLElement>(html`<div></div>`).then((host) => host.append(el));
      await inputShown(el);
      const later: boolean[] = [];
      el.addEventListener('flowbot-start', (e) => later.push(e.replayed));
      await new Promise((r) => setTimeout(r, 20));
      expect(starts).to.deep.equal([false]);
      expect(later).to.deep.equal([]);
    });
  });

  describe('open', () => {
    it('is a property and an attribute, with show(), hide() and toggle() as its actions', async () => {
      const el = await fixture<FlowbotChat>(html`<flowbot-chat mode="bubble" .open=${false}></flowbot-chat>`);
      expect(el.open).to.equal(false);
      expect(el.hasAttribute('open')).to.equal(false);
      expect(typeof el.show).to.equal('function');
      el.show();
      await el.updateComplete;
      expect(el.hasAttribute('open')).to.equal(true);
      el.open = false;
      await el.updateComplete;
      expect(el.hasAttribute('open')).to.equal(false);
      el.setAttribute('open', '');
      expect(el.open).to.equal(true);
      el.hide();
      el.toggle();
      expect(el.open).to.equal(true);
    });
  });
});
