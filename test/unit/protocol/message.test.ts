/**
 * A message is read once per reader: the element (is it shown?), the renderer
 * and the voice all ask for a text message's model, and markdown, whose
 * reading is what costs, is parsed once.
 */
import { describe, expect, it, vi } from 'vitest';
import { readMessage } from '../../../src/protocol/message.js';
import type { RichTextNode } from '../../../src/protocol/rich-text.js';

const paragraph = (text: string): RichTextNode[] => [{ type: 'p', children: [{ text }] }];

describe('readMessage', () => {
  it('parses a markdown message once per parser, however often it is asked', () => {
    const parse = vi.fn((source: string) => paragraph(`parsed ${source}`));
    const message = { id: 'm1', type: 'text', content: { type: 'markdown', markdown: '**Hi**' } };
    const first = readMessage(message, { markdown: parse });
    expect(readMessage(message, { markdown: parse })).toBe(first);
    expect(readMessage(message, { markdown: parse, labels: {} })).toBe(first);
    expect(parse).toHaveBeenCalledTimes(1);
    // Before the parser arrived: plain lines; with another parser, read again.
    expect(readMessage(message)).toEqual({ kind: 'text', nodes: paragraph('**Hi**') });
    const other = vi.fn((source: string) => paragraph(`other ${source}`));
    expect(readMessage(message, { markdown: other })).toEqual({ kind: 'text', nodes: paragraph('other **Hi**') });
    expect(other).toHaveBeenCalledTimes(1);
  });

  it('reads a rich-text message once whatever the markdown parser, and a copy afresh', () => {
    const parse = vi.fn(paragraph);
    const message = { id: 'm2', type: 'text', content: { type: 'richText', richText: paragraph('Hello') } };
    const first = readMessage(message);
    expect(readMessage(message, { markdown: parse })).toBe(first);
    expect(parse).not.toHaveBeenCalled();
    const copy = structuredClone(message);
    expect(readMessage(copy)).not.toBe(first);
    expect(readMessage(copy)).toEqual(first);
  });

  it('still skips what cannot be shown, every time', () => {
    const broken = { id: 'm3', type: 'text', content: { type: 'richText', richText: [] } };
    expect(readMessage(broken)).toBe(null);
    expect(readMessage(broken)).toBe(null);
    expect(readMessage({ id: 'm4', type: 'custom-embed', content: {} })).toBe(null);
  });
});
