/**
 * What of a first turn the script tag's first-turn file draws (`firstTurn`): what the widget shows at
 * once, as the widget reads it, and nothing it would draw otherwise.
 */
import { describe, expect, it } from 'vitest';
import { firstTurn } from '../../../src/element/first-turn/turn.js';

const text = (id: string, words: string) => ({
  id,
  type: 'text',
  content: { type: 'richText', richText: [{ type: 'p', children: [{ text: words }] }] },
});
const flowbot = { theme: {}, settings: {} };
const answer = (extra: Record<string, unknown> = {}) => ({
  sessionId: 's',
  flowbot,
  messages: [text('a', 'Hello there.'), text('b', 'What do you need?')],
  input: { id: 'q', type: 'text input', options: { labels: { placeholder: 'Ask...', button: 'Ask' } } },
  ...extra,
});

describe('firstTurn', () => {
  it('draws every message shown at once, and the text input with its words', () => {
    const turn = firstTurn(answer());
    expect(turn?.messages).toHaveLength(2);
    expect(turn?.input).toEqual({ kind: 'text', placeholder: 'Ask...', button: 'Ask' });
  });

  it('draws single-choice buttons, not a multiple, searchable or empty choice', () => {
    const items = [
      { id: '1', content: 'Billing' },
      { id: '2', content: 'Other' },
    ];
    expect(firstTurn(answer({ input: { id: 'c', type: 'choice input', items } }))?.input).toEqual({
      kind: 'choice',
      items: ['Billing', 'Other'],
    });
    for (const options of [{ isMultipleChoice: true }, { isSearchable: true }])
      expect(firstTurn(answer({ input: { id: 'c', type: 'choice input', items, options } }))?.input).toBeUndefined();
    expect(firstTurn(answer({ input: { id: 'c', type: 'choice input', items: [] } }))?.input).toBeUndefined();
  });

  it('leaves inputs it does not draw to the widget: long text, keyboard hints, files, a prefilled value, other types', () => {
    for (const input of [
      { id: 'q', type: 'text input', options: { isLong: true } },
      { id: 'q', type: 'text input', options: { inputMode: 'numeric' } },
      { id: 'q', type: 'text input', options: { attachments: { isEnabled: true } } },
      { id: 'q', type: 'text input', prefilledValue: 'Ada' },
      { id: 'q', type: 'email input' },
    ])
      expect(firstTurn(answer({ input }))?.input, JSON.stringify(input)).toBeUndefined();
  });

  it('stops at the first message the widget delays (typing emulation), and then draws no input', () => {
    const typing = { enabled: true, speed: 400, maxDelay: 3, delayBetweenBubbles: 0, isDisabledOnFirstMessage: true };
    const turn = firstTurn(answer({ flowbot: { settings: { typingEmulation: typing } } }));
    expect(turn?.messages).toHaveLength(1);
    expect(turn?.input).toBeUndefined();
    // A pause between bubbles delays the second message too.
    const paused = { enabled: false, delayBetweenBubbles: 1 };
    expect(firstTurn(answer({ flowbot: { settings: { typingEmulation: paused } } }))?.messages).toHaveLength(1);
  });

  it('stops at markdown or media, and draws nothing when the first message is one', () => {
    const markdown = { id: 'm', type: 'text', content: { type: 'markdown', markdown: '# Hi' } };
    const image = { id: 'i', type: 'image', content: { url: 'https://example.com/a.png' } };
    expect(firstTurn(answer({ messages: [text('a', 'Hi'), markdown] }))?.messages).toHaveLength(1);
    expect(firstTurn(answer({ messages: [markdown, text('a', 'Hi')] }))).toBeUndefined();
    expect(firstTurn(answer({ messages: [image] }))).toBeUndefined();
  });

  it('draws nothing for a turn that runs actions, for malformed answers, or hostile shapes', () => {
    expect(firstTurn(answer({ clientSideActions: [{ type: 'wait', wait: { secondsToWaitFor: 1 } }] }))).toBeUndefined();
    for (const body of [
      null,
      [],
      'text',
      {},
      { messages: 'x', flowbot },
      { messages: [], flowbot },
      answer({ flowbot: 3 }),
    ])
      expect(firstTurn(body), JSON.stringify(body)).toBeUndefined();
    expect(firstTurn(answer({ progress: 'half' }))).toBeUndefined();
    expect(firstTurn(answer({ dynamicTheme: 'x' }))).toBeUndefined();
  });

  it('keeps the progress and the dynamic theme for the look', () => {
    const turn = firstTurn(answer({ progress: 40, dynamicTheme: { hostAvatarUrl: 'https://example.com/a.png' } }));
    expect(turn?.progress).toBe(40);
    expect(turn?.dynamicTheme).toEqual({ hostAvatarUrl: 'https://example.com/a.png' });
  });
});
