import { describe, expect, it } from 'vitest';
import type { ChatInput } from '../../../src/protocol/types.js';
import {
  attachmentsAnswer,
  audioAnswer,
  choiceAnswer,
  filesAnswer,
  readChoiceItems,
  readLabels,
  readPrefilledValue,
  textAnswer,
} from '../../../src/protocol/answers.js';
import { readSystemMessages } from '../../../src/protocol/flowbot.js';
import { readInputOptions } from '../../../src/protocol/json.js';

const choice = (items: unknown[], options?: unknown): ChatInput => ({ id: 'i', type: 'choice input', items, options });

describe('answers', () => {
  it('answers a file input with the URLs joined and listed, and shows the names', () => {
    expect(filesAnswer(['https://f.example/a.pdf', 'https://f.example/b.png'], ['a.pdf', 'b.png'])).toEqual({
      answer: {
        type: 'text',
        text: 'https://f.example/a.pdf, https://f.example/b.png',
        attachedFileUrls: ['https://f.example/a.pdf', 'https://f.example/b.png'],
      },
      text: 'a.pdf, b.png',
    });
  });

  it('answers a text input with what was typed and the attached files, or plain text without files', () => {
    expect(attachmentsAnswer(' Hi ', ['https://f.example/a.pdf'], ['a.pdf'])).toEqual({
      answer: { type: 'text', text: 'Hi', attachedFileUrls: ['https://f.example/a.pdf'] },
      text: 'Hi (a.pdf)',
    });
    expect(attachmentsAnswer('', ['https://f.example/a.pdf'], ['a.pdf'])).toEqual({
      answer: { type: 'text', text: '', attachedFileUrls: ['https://f.example/a.pdf'] },
      text: 'a.pdf',
    });
    expect(attachmentsAnswer(' Hi ', [], [])).toEqual({ answer: 'Hi', text: 'Hi' });
    expect(attachmentsAnswer('  ', [], [])).toBeUndefined();
  });

  it('answers a voice message with its URL', () => {
    expect(audioAnswer('https://f.example/v.webm', 'Voice message')).toEqual({
      answer: { type: 'audio', url: 'https://f.example/v.webm' },
      text: 'Voice message',
    });
  });

  it('sends typed text trimmed, and nothing for blank text', () => {
    expect(textAnswer('  hello \n')).toEqual({ answer: 'hello', text: 'hello' });
    expect(textAnswer(' \n\t ')).toBeUndefined();
  });

  it("sends a choice's value, shows its content, and names it in replyId", () => {
    const [item] = readChoiceItems(choice([{ id: 'a', content: 'Apples', value: 'apple' }]));
    expect(choiceAnswer([item!])).toEqual({
      answer: { type: 'text', text: 'apple', metadata: { replyId: 'a' } },
      text: 'Apples',
    });
  });

  it("sends a choice's content when it has no value", () => {
    const [item] = readChoiceItems(choice([{ id: 'b', content: 'Bananas' }]));
    expect(choiceAnswer([item!])?.answer).toEqual({ type: 'text', text: 'Bananas', metadata: { replyId: 'b' } });
  });

  it('joins several choices with ", "', () => {
    const items = readChoiceItems(
      choice([
        { id: 'a', content: 'Apples', value: 'apple' },
        { id: 'b', content: 'Bananas' },
      ]),
    );
    expect(choiceAnswer(items)).toEqual({ answer: { type: 'text', text: 'apple, Bananas' }, text: 'Apples, Bananas' });
    expect(choiceAnswer([])).toBeUndefined();
  });

  it('keeps only usable items', () => {
    const items = readChoiceItems(choice([null, 'x', { id: 'a' }, { content: 'no id' }, { id: 7, content: 3 }]));
    expect(items).toEqual([{ id: '7', content: '3' }]);
    expect(readChoiceItems({ id: 'i', type: 'choice input' })).toEqual([]);
  });

  it('reads options given as an object or as a JSON string', () => {
    expect(readInputOptions({ options: { isLong: true } })).toEqual({ isLong: true });
    expect(readInputOptions({ options: '{"isLong":true}' })).toEqual({ isLong: true });
    expect(readInputOptions({ options: 'not json' })).toEqual({});
    expect(readInputOptions({ options: '[1]' })).toEqual({});
    expect(readInputOptions(undefined)).toEqual({});
  });

  it('reads labels and the prefilled value', () => {
    const input: ChatInput = {
      id: 'i',
      type: 'text input',
      options: { labels: { placeholder: 'Your name', button: 'Go', extra: 1 } },
      prefilledValue: 'Ada',
    };
    expect(readLabels(input)).toEqual({ placeholder: 'Your name', button: 'Go' });
    expect(readLabels({ id: 'i', options: { labels: { placeholder: '' } } })).toEqual({});
    expect(readPrefilledValue(input)).toBe('Ada');
    expect(readPrefilledValue({ id: 'i' })).toBe('');
  });

  it("reads the bot's system messages whatever the flowbot's shape", () => {
    expect(readSystemMessages([])).toEqual({});
    expect(
      readSystemMessages({ settings: { general: { systemMessages: { networkErrorMessage: 'Offline', x: 1 } } } }),
    ).toEqual({ networkErrorMessage: 'Offline' });
  });
});
