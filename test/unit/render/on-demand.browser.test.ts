// The parts loaded on demand, seen from a page that has not loaded them yet (each test file
// runs in a fresh page, so the module starts unloaded here).
import { describe, expect, it, vi } from 'vitest';
import { controlsFile, richFile } from '../../../src/element/on-demand/loader.js';
import { newDraft, renderInput, type InputContext } from '../../../src/render/inputs/index.js';
import { prepareMessage, renderMessageContent } from '../../../src/render/message.js';
import { stringsFor } from '../../../src/i18n/lookup.js';
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
  // One test, in order: this file runs in a page of its own, so nothing is loaded when it starts.
  it('draw markdown as plain lines and a rarer control as a placeholder until each of their parts arrives, then in full', async () => {
    expect(richFile.get()).toBeUndefined();
    expect(controlsFile.get()).toBeUndefined();
    const input = { id: 'r', type: 'rating input', options: { length: 5, startsAt: 1 } };
    const ctx = context(vi.fn());

    const plain = await mount(renderMessageContent(markdown));
    expect(plain.querySelector('strong')).toBeNull();
    expect(plain.textContent).toContain('Hello **you**');
    const placeholder = await mount(renderInput(input, ctx));
    expect(placeholder.querySelector('.bone')).not.toBeNull();
    expect(placeholder.querySelector('[part~="rating-option"]')).toBeNull();
    // Rendering asks for nothing: the element loads them before it renders.
    expect(richFile.get()).toBeUndefined();
    expect(controlsFile.get()).toBeUndefined();

    // What the controller awaits before it shows a live markdown message.
    await prepareMessage(markdown);
    expect(richFile.get()).toBeDefined();
    expect(prepareMessage(markdown)).toBeUndefined();

    const full = await mount(renderMessageContent(markdown));
    expect(full.querySelector('strong')?.textContent).toBe('you');
    expect(full.querySelector('ul li')?.textContent).toBe('a');
    // The markdown's part does not bring the controls: they are a part of their own.
    expect(controlsFile.get()).toBeUndefined();
    expect((await mount(renderInput(input, ctx))).querySelector('.bone')).not.toBeNull();
    await controlsFile.load();
    const control = await mount(renderInput(input, ctx));
    expect(control.querySelectorAll('[part~="rating-option"]').length).toBe(5);
    expect(control.querySelector('.bone')).toBeNull();
  });
});
