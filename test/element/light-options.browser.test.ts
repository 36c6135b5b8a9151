/**
 * What the light entry (`flowbot-chat/light`) reads of a `<flowbot-chat>` whose code is not there
 * yet (`optionsOf` in `script-tag/place.ts`): a framework's properties over the attributes, and an
 * object a framework turned into text, told in the console with the fix.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { optionsOf } from '../../src/script-tag/place.js';

/** A `<flowbot-chat>` as a framework leaves it before the widget's code: not in the page, not upgraded. */
function plain(attributes: Record<string, string>, properties: Record<string, unknown> = {}): Element {
  const el = document.createElement('flowbot-chat-light-test');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  return Object.assign(el, properties);
}

afterEach(() => vi.restoreAllMocks());

describe('the light entry’s options', () => {
  it('reads the attributes, JSON included', () => {
    const start = optionsOf(
      plain({ 'public-id': 'lead', mode: 'bubble', widget: '{"title":"Help"}', 'no-preview': '' }),
    );
    expect(start).toMatchObject({ publicId: 'lead', mode: 'bubble', widget: { title: 'Help' }, preview: false });
  });

  it('takes what a framework set as properties over the attributes', () => {
    const widget = { title: 'Set as a property', aiFirstMessage: 'Hi' };
    const start = optionsOf(
      plain(
        { 'public-id': 'lead', mode: 'standard' },
        { mode: 'popup', widget, prefilledVariables: { name: 'Ada' }, noPreview: true },
      ),
    );
    expect(start).toMatchObject({
      publicId: 'lead',
      mode: 'popup',
      prefilledVariables: { name: 'Ada' },
      preview: false,
    });
    expect(start.widget).toBe(widget);
  });

  it('says what to fix for an object a framework turned into text, and throws (the widget is then fetched at once)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => optionsOf(plain({ 'public-id': 'lead', widget: '[object Object]' }))).toThrow();
    expect(error).toHaveBeenCalledOnce();
    const said = String(error.mock.calls[0]![0]);
    expect(said).toContain('widget="[object Object]"');
    expect(said).toContain(':widget.prop');
    expect(said).toContain('el.widget = …');
    // The same text under a property the page set is no mistake.
    error.mockClear();
    expect(() =>
      optionsOf(plain({ 'prefilled-variables': '[object Object]' }, { prefilledVariables: {} })),
    ).not.toThrow();
    expect(error).not.toHaveBeenCalled();
  });
});
