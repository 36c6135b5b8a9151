/**
 * What of a first turn the script tag's first-turn file draws (`firstTurn`): what the widget shows at
 * once, as the widget reads it, and nothing it would draw otherwise.
 */
import { describe, expect, it } from 'vitest';
import { FIRST_TURN_BYTES, firstTurn, peekTurn } from '../../../src/element/first-turn/turn.js';

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

describe('peekTurn', () => {
  const json = (body: BodyInit, init: ResponseInit = {}) =>
    new Response(body, { ...init, headers: { 'content-type': 'application/json', 'x-kept': 'yes' } });

  it('reads a start answer of a few kilobytes, and gives the widget the same status, headers and bytes', async () => {
    const body = JSON.stringify(answer());
    const [again, turn] = await peekTurn(json(body, { status: 200 }));
    expect(turn?.messages).toHaveLength(2);
    expect(again.status).toBe(200);
    expect(again.headers.get('x-kept')).toBe('yes');
    expect(await again.text()).toBe(body);
  });

  it('stops reading past the bytes it draws from: a larger answer is for the widget to draw, whole', async () => {
    const long = JSON.stringify(
      answer({ messages: Array.from({ length: 400 }, (_, i) => text(`m${i}`, 'A line of a long turn.')) }),
    );
    expect(long.length).toBeGreaterThan(FIRST_TURN_BYTES);
    const [again, turn] = await peekTurn(json(long));
    expect(turn).toBeUndefined();
    expect(await again.text()).toBe(long);
  });

  it('passes on a network failure half-way to the widget', async () => {
    let n = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (n++ < 2) controller.enqueue(new TextEncoder().encode('{"messages":['));
        else controller.error(new TypeError('network'));
      },
    });
    const [again, turn] = await peekTurn(json(failing));
    expect(turn).toBeUndefined();
    await expect(again.text()).rejects.toThrow('network');
  });

  it('draws nothing from a failed answer or one that is not JSON, and hands it on untouched', async () => {
    const failed = new Response('{}', { status: 500, headers: { 'content-type': 'application/json' } });
    expect(await peekTurn(failed)).toEqual([failed, undefined]);
    const html = new Response(JSON.stringify(answer()), { headers: { 'content-type': 'text/html' } });
    expect(await peekTurn(html)).toEqual([html, undefined]);
  });
});
