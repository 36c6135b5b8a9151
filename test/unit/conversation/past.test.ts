/** The earlier conversations' list in storage (`conversation/past.ts`): what is kept, in which order, within which bounds. */
import { describe, expect, it } from 'vitest';
import { addPast, MAX_PAST, MAX_PAST_CHARS, pastKey, readPast, writePast } from '../../../src/conversation/past.js';
import { storageKey } from '../../../src/conversation/storage-key.js';
import { MemoryStorage } from '../../support/memory-storage.js';

const key = storageKey('support', 'https://viewer.example');

/** A stored record of session `id` whose visitor answered `answer` (none: a greeting alone). */
const record = (id: string, answer?: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    v: 2,
    key,
    savedAt: 1_700_000_000_000,
    sessionId: id,
    resultId: `r-${id}`,
    entries: [
      { kind: 'bot', message: { id: 'm', type: 'text', content: { type: 'richText', richText: [] } } },
      ...(answer === undefined ? [] : [{ kind: 'answer', text: answer }]),
    ],
    ...extra,
  });

const ids = (storage: Storage) => readPast(storage, key).map((r) => r.sessionId);

describe('earlier conversations', () => {
  it('are kept beside the current record, under a key no record can have', () => {
    expect(pastKey(key)).toBe(`flowbot-chat-past:${key.slice('flowbot-chat:'.length)}`);
    expect(pastKey(key)).not.toBe(key);
  });

  it('keeps a conversation the visitor answered in, newest first, once each', () => {
    const storage = new MemoryStorage();
    addPast(storage, key, record('a', 'Billing'));
    addPast(storage, key, record('greeting-only'));
    addPast(storage, key, record('b', 'Login'));
    addPast(storage, key, record('a', 'Billing, again'));
    expect(ids(storage)).toEqual(['a', 'b']);
    expect(readPast(storage, key)[0]!.entries).toHaveLength(2);
  });

  it(`keeps the newest ${MAX_PAST}; the oldest leave silently`, () => {
    const storage = new MemoryStorage();
    for (let i = 0; i < MAX_PAST + 5; i++) addPast(storage, key, record(`s${i}`, `question ${i}`));
    const kept = ids(storage);
    expect(kept).toHaveLength(MAX_PAST);
    expect(kept[0]).toBe(`s${MAX_PAST + 4}`);
    expect(kept.at(-1)).toBe('s5');
  });

  it(`keeps at most ${MAX_PAST_CHARS.toLocaleString('en')} characters, dropping the oldest`, () => {
    const storage = new MemoryStorage();
    const long = 'x'.repeat(300_000);
    for (const id of ['a', 'b', 'c', 'd']) addPast(storage, key, record(id, long));
    expect(ids(storage)).toEqual(['d', 'c', 'b']);
    expect(storage.getItem(pastKey(key))!.length).toBeLessThanOrEqual(MAX_PAST_CHARS);
    // One conversation larger than the cap is not kept at all.
    writePast(storage, key, [JSON.parse(record('huge', 'y'.repeat(MAX_PAST_CHARS))) as never]);
    expect(storage.getItem(pastKey(key))).toBe(null);
  });

  it("reads only this widget's sound records; anything else stored there is no list", () => {
    const storage = new MemoryStorage();
    const good = JSON.parse(record('good', 'ok')) as Record<string, unknown>;
    storage.setItem(
      pastKey(key),
      JSON.stringify([
        good,
        { ...good, sessionId: 'other-widget', key: storageKey('other', 'https://viewer.example') },
        { ...good, sessionId: 'no-time', savedAt: '2026-01-01' },
        { ...good, sessionId: 7 },
        { ...good, sessionId: 'no-entries', entries: 'many' },
        null,
        'text',
      ]),
    );
    expect(ids(storage)).toEqual(['good']);
    for (const junk of ['{not json', '"a string"', '{"list":[]}', 'null']) {
      storage.setItem(pastKey(key), junk);
      expect(ids(storage), junk).toEqual([]);
    }
    addPast(storage, key, '{not json');
    addPast(storage, key, null);
    expect(ids(storage)).toEqual([]);
  });

  it('leaves the list as it was when storage refuses the write', () => {
    const storage = new MemoryStorage();
    addPast(storage, key, record('a', 'Billing'));
    storage.full = true;
    expect(() => addPast(storage, key, record('b', 'Login'))).not.toThrow();
    expect(ids(storage)).toEqual(['a']);
  });
});
