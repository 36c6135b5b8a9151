import { describe, expect, it } from 'vitest';
import { LIMITS, limitTurn, SHORTENED, SHORTENED_ID } from '../../../src/protocol/limits.js';
import { richTextToPlain } from '../../../src/protocol/rich-text.js';

const rich = (id: string, ...leaves: unknown[]) => ({
  id,
  type: 'text',
  content: { type: 'richText', richText: [{ type: 'p', children: leaves }] },
});
const plain = (message: { content: unknown }) => richTextToPlain((message.content as { richText: unknown }).richText);

describe('limitTurn', () => {
  it('keeps a response within the limits as it was sent', () => {
    const turn = {
      messages: [
        rich('a', { text: 'Hello', bold: true }),
        { id: 'i', type: 'image', content: { url: 'https://x.test/a.png' } },
      ],
      input: {
        id: 'c',
        type: 'choice input',
        items: [{ id: '1', content: 'One' }],
        options: { isMultipleChoice: true },
      },
      lastMessageNewFormat: 'Ada',
    };
    expect(limitTurn(turn)).toEqual(turn);
  });

  it('keeps a message within its limits as the same object, and counts it against the response', () => {
    const small = rich('a', { text: 'x'.repeat(LIMITS.messageChars) });
    const turn = {
      messages: Array.from({ length: 11 }, (_, i) => (i === 10 ? rich('last', { text: 'y'.repeat(1000) }) : small)),
    };
    const { messages } = limitTurn(turn);
    // Ten of them fill the response's budget (200,000 characters): they are kept as they are;
    // the eleventh no longer fits and is dropped, with the note.
    expect(messages.slice(0, 10).every((m) => m === small)).toBe(true);
    expect(messages.map((m) => m.id).slice(10)).toEqual([SHORTENED_ID]);
  });

  it('says how many characters of text each message kept holds', () => {
    const image = { id: 'i', type: 'image', content: { url: 'https://x.test/a.png' } };
    const markdown = { id: 'm', type: 'text', content: { type: 'markdown', markdown: 'A **b**' } };
    const long = rich('l', { text: 'z'.repeat(LIMITS.messageChars + 10) });
    const chars: number[] = [];
    limitTurn({ messages: [rich('a', { text: 'Hello' }, { text: ', you' }), image, markdown, long] }, chars);
    // A shortened message counts what it kept (its note aside).
    expect(chars).toEqual([10, 0, 7, LIMITS.messageChars]);
  });

  it('copies a message it shortens, leaving what it was given unchanged', () => {
    const long = rich('a', { text: 'A'.repeat(LIMITS.messageChars + 1) });
    const [m] = limitTurn({ messages: [long] }).messages;
    expect(m).not.toBe(long);
    expect(plain(long)).toHaveLength(LIMITS.messageChars + 1);
  });

  it('does not call unusable nodes a cut', () => {
    const turn = { messages: [{ id: 'x', type: 'text', content: { richText: [false] } }] };
    expect(JSON.stringify(limitTurn(turn))).not.toContain(SHORTENED);
  });

  it('shortens a long message, with the note at its end', () => {
    const [m] = limitTurn({ messages: [rich('a', { text: 'A'.repeat(100_000) })] }).messages;
    expect(plain(m!)).toBe(`${'A'.repeat(LIMITS.messageChars)}\n${SHORTENED}`);
  });

  it('shortens markdown', () => {
    const [m] = limitTurn({
      messages: [{ id: 'a', type: 'text', content: { type: 'markdown', markdown: 'B'.repeat(60_000) } }],
    }).messages;
    expect((m!.content as { markdown: string }).markdown).toBe(`${'B'.repeat(LIMITS.messageChars)}\n\n${SHORTENED}`);
  });

  it('keeps the first messages and says the rest was dropped', () => {
    const out = limitTurn({
      messages: Array.from({ length: LIMITS.messages + 500 }, (_, i) => rich(`${i}`, { text: `${i}` })),
    });
    expect(out.messages).toHaveLength(LIMITS.messages + 1);
    expect(out.messages.at(-1)!.id).toBe(SHORTENED_ID);
  });

  it('shares a text budget across the messages of a response', () => {
    const out = limitTurn({
      messages: Array.from({ length: 30 }, (_, i) => rich(`${i}`, { text: 'w '.repeat(10_000) })),
    });
    const total = out.messages.reduce((n, m) => n + plain(m).length, 0);
    expect(total).toBeLessThan(LIMITS.responseChars + 1000);
    expect(out.messages.at(-1)!.id).toBe(SHORTENED_ID);
  });

  it('keeps the first items of an input, its options read from a JSON string too', () => {
    const items = Array.from({ length: 100_000 }, (_, i) => ({ id: `${i}`, content: `Choice ${i}` }));
    const out = limitTurn({
      messages: [],
      input: { id: 'c', type: 'choice input', items, options: JSON.stringify({ buttonLabel: 'x'.repeat(10_000) }) },
    });
    expect(out.input!.items).toHaveLength(LIMITS.items);
    expect((out.input!.options as unknown as { buttonLabel: string }).buttonLabel).toHaveLength(LIMITS.inputString);
    expect((out.messages as Array<{ id: string }>).map((m) => m.id)).toEqual([SHORTENED_ID]);
  });

  it('shortens lastMessageNewFormat and the actions', () => {
    const out = limitTurn({
      messages: [],
      lastMessageNewFormat: 'D'.repeat(1e6),
      clientSideActions: Array.from({ length: 500 }, () => ({ type: 'wait' })),
    });
    expect(out.lastMessageNewFormat).toBe(`${'D'.repeat(LIMITS.answerChars)}${SHORTENED}`);
    expect(out.clientSideActions).toHaveLength(LIMITS.actions);
  });
});
