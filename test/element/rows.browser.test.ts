/**
 * A bot message's row is drawn once and changed in place: the live log (and a
 * screen reader) sees each message arrive once, whatever is redrawn around it.
 */
import { fixture, html } from '@open-wc/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { richFile } from '../../src/element/on-demand/loader.js';
import { parts } from '../support/widget-dom.js';
import { inputShown } from '../support/widget-actions.js';
import { startResponse, stubViewer, textMessage } from '../support/fake-viewer.js';

afterEach(() => vi.restoreAllMocks());

describe('bot message rows', () => {
  it('stay the same elements when the avatar, the language or the on-demand part change', async () => {
    stubViewer(
      startResponse({
        messages: [
          textMessage('m1', 'First'),
          textMessage('m2', 'Second'),
          { id: 'm3', type: 'text', content: { type: 'markdown', markdown: 'A **third**' } },
        ],
      }),
    );
    const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
    await inputShown(el);
    const before = parts(el, 'bot-message');
    expect(before).toHaveLength(3);
    const firstText = before[0]!.firstChild;

    el.widget = { avatarIcon: 'https://cdn.example.test/avatar.png' };
    await el.updateComplete;
    el.lang = 'pt-BR';
    await el.updateComplete;
    await richFile.load();
    el.requestUpdate();
    await el.updateComplete;

    const after = parts(el, 'bot-message');
    // The very same elements (toEqual would compare DOM nodes by their structure).
    expect(after.map((bubble, i) => bubble === before[i])).toEqual([true, true, true]);
    // Plain rich text depends on none of these: not even its content was drawn again.
    expect(after[0]!.firstChild).toBe(firstText);
    // The avatar came beside the first of the group, a space of its width beside the others.
    const rows = after.map((bubble) => bubble.parentElement!);
    expect(rows[0]!.querySelector('img[part~="avatar"]')?.getAttribute('src')).toBe(
      'https://cdn.example.test/avatar.png',
    );
    expect(rows.slice(1).map((row) => row.firstElementChild!.className)).toEqual(['avatar-space', 'avatar-space']);
    // The markdown, parsed once its parser arrived, in the same bubble.
    expect(after[2]!.querySelector('strong')?.textContent).toBe('third');
  });
});
