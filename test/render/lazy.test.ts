// The parts loaded on demand, seen from a page that has not loaded them yet (each test file
// runs in a fresh page, so the module starts unloaded here).
import { describe, expect, it, vi } from 'vitest';
import { onDemand } from '../../src/render/on-demand-import.js';
import { newDraft, renderInput, type InputContext } from '../../src/render/inputs/index.js';
import { prepareMessage, renderMessageContent } from '../../src/render/message.js';
import { stringsFor } from '../../src/i18n.js';
import { mount } from './helpers.js';

const markdown = { id: 'm1', type: 'text', content: { type: 'markdown', markdown: 'Hello **you**\n- a' } };

function context(changed: () => void): InputContext {
  const input = { id: 'r', type: 'rating input' };
  return {
    strings: stringsFor('en'),
    busy: false,
    draft: newDraft(input),
    submit: () => undefined,
    skip: () => undefined,
    changed,
    apiHost: '',
    sessionId: 's',
    log: () => undefined,
    adoptStyles: () => undefined,
  };
}

describe('parts loaded on demand', () => {
  it('show markdown as plain lines first, then in full once the parser arrived', async () => {
    expect(onDemand.get()).toBeUndefined();
    const onReady = vi.fn();
    const before = await mount(renderMessageContent(markdown, { onReady }));
    expect(before.querySelector('strong')).toBeNull();
    expect(before.textContent).toContain('Hello **you**');

    await prepareMessage(markdown);
    await vi.waitFor(() => expect(onReady).toHaveBeenCalled());
    const after = await mount(renderMessageContent(markdown));
    expect(after.querySelector('strong')?.textContent).toBe('you');
    expect(after.querySelector('ul li')?.textContent).toBe('a');
    expect(prepareMessage(markdown)).toBeUndefined();
  });

  it('show a placeholder for a rarer control, then the control', async () => {
    const changed = vi.fn();
    const input = { id: 'r', type: 'rating input', options: { length: 5, startsAt: 1 } };
    const ctx = context(changed);
    const first = await mount(renderInput(input, ctx));
    // Either still loading (a placeholder) or, if the first test already loaded it, the control.
    if (!onDemand.get()) {
      expect(first.querySelector('.bone')).not.toBeNull();
      await vi.waitFor(() => expect(changed).toHaveBeenCalled());
    }
    const second = await mount(renderInput(input, ctx));
    expect(second.querySelectorAll('[part~="rating-option"]').length).toBe(5);
  });
});
