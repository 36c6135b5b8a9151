import { describe, expect, it } from 'vitest';
import { countWords, messageDelay, readTypingEmulation, typingDelay } from '../../../src/conversation/typing.js';

describe('typing emulation', () => {
  it('is off when the flow-bot has no typingEmulation settings', () => {
    expect(readTypingEmulation(undefined)).toBeUndefined();
    expect(readTypingEmulation([])).toBeUndefined();
    expect(readTypingEmulation({ settings: {} })).toBeUndefined();
    expect(messageDelay(50, undefined, { isFirstOfConversation: false, isFirstOfBatch: false })).toEqual({
      pause: 0,
      typing: 0,
    });
  });

  it('fills in the protocol defaults', () => {
    expect(readTypingEmulation({ settings: { typingEmulation: {} } })).toEqual({
      enabled: true,
      speed: 400,
      maxDelay: 3,
      delayBetweenBubbles: 0,
      isDisabledOnFirstMessage: true,
    });
  });

  it('ignores values that are not usable numbers', () => {
    const settings = readTypingEmulation({
      settings: { typingEmulation: { speed: 0, maxDelay: -1, delayBetweenBubbles: 'x' } },
    });
    expect(settings).toMatchObject({ speed: 400, maxDelay: 3, delayBetweenBubbles: 0 });
  });

  it('counts words on white space', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  one\ttwo\n three  ')).toBe(3);
  });

  it('waits word count ÷ speed, capped at maxDelay', () => {
    const settings = readTypingEmulation({ settings: { typingEmulation: { speed: 60, maxDelay: 5 } } });
    expect(typingDelay(2, settings)).toBe(2000);
    expect(typingDelay(30, settings)).toBe(5000);
    expect(typingDelay(0, settings)).toBe(0);
    // 400 wpm: 150 ms a word
    expect(typingDelay(4, readTypingEmulation({ settings: { typingEmulation: {} } }))).toBe(600);
  });

  it('does not wait when disabled', () => {
    const settings = readTypingEmulation({ settings: { typingEmulation: { enabled: false, delayBetweenBubbles: 1 } } });
    expect(typingDelay(10, settings)).toBe(0);
  });

  it('never delays the first message when isDisabledOnFirstMessage', () => {
    const on = readTypingEmulation({ settings: { typingEmulation: { speed: 60 } } });
    const off = readTypingEmulation({ settings: { typingEmulation: { speed: 60, isDisabledOnFirstMessage: false } } });
    const first = { isFirstOfConversation: true, isFirstOfBatch: true };
    expect(messageDelay(2, on, first).typing).toBe(0);
    expect(messageDelay(2, off, first).typing).toBe(2000);
  });

  it('pauses delayBetweenBubbles between the messages of one response, and only types text', () => {
    const settings = readTypingEmulation({ settings: { typingEmulation: { speed: 60, delayBetweenBubbles: 0.5 } } });
    expect(messageDelay(1, settings, { isFirstOfConversation: false, isFirstOfBatch: true })).toEqual({
      pause: 0,
      typing: 1000,
    });
    expect(messageDelay(1, settings, { isFirstOfConversation: false, isFirstOfBatch: false })).toEqual({
      pause: 500,
      typing: 1000,
    });
    expect(messageDelay(undefined, settings, { isFirstOfConversation: false, isFirstOfBatch: false })).toEqual({
      pause: 500,
      typing: 0,
    });
  });
});
