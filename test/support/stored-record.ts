import { storageKey } from '../../src/conversation/persistence.js';

/** Leaves `fields` in `area` as the stored record of the bot `bot` on `https://viewer.test`, saved at `savedAt`; returns its key. */
export function storeRecord(area: Storage, fields: object, savedAt = Date.now()): string {
  const key = storageKey('bot', 'https://viewer.test');
  area.setItem(key, JSON.stringify({ v: 2, key, savedAt, ...fields }));
  return key;
}
