/**
 * A widget's earlier conversations (`persist`), beside its current one: the records of the
 * conversations it left by Start again or New conversation, newest first, under a key of their own
 * in the same storage area (`flowbot-chat-past:` and the rest of the widget's key). A conversation
 * is kept only when the visitor answered in it (a greeting alone is no conversation to come back to). Bounded: the newest 20, at most 1,000,000 characters
 * of JSON in all; the oldest leave silently.
 *
 * The records are kept as they were stored and read like wire data: the list shows only records of
 * this widget's key with a session and a save time, and one that is opened becomes the current
 * record again, which the store reads in full (`persistence.ts`) before anything of it is shown.
 * The persist file adds to the list; the conversations' file (`element/history/`) reads it, opens
 * and deletes.
 */
import { isObject, parseJson } from '../protocol/json.js';
import { besideKey } from './storage-key.js';

/** How long a record is used after it was saved: 24 hours (an earlier conversation older than that opens as expired). */
export const MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** The most earlier conversations kept. */
export const MAX_PAST = 20;
/** The most characters of JSON the earlier conversations take together. */
export const MAX_PAST_CHARS = 1_000_000;

/** A stored conversation's record, as stored. */
export type PastRecord = Record<string, unknown> & { readonly sessionId: string; readonly savedAt: number };

/** Where the earlier conversations of the widget whose record is at `key` are kept. */
export const pastKey = (key: string): string => besideKey(key, 'past');

/** The earlier conversations stored for `key`, newest first (none when storage refuses). */
export function readPast(storage: Storage, key: string): PastRecord[] {
  let value: unknown;
  try {
    value = parseJson(storage.getItem(pastKey(key)) ?? '');
  } catch {
    return [];
  }
  return Array.isArray(value)
    ? value.filter(
        (record): record is PastRecord =>
          isObject(record) &&
          record.key === key &&
          typeof record.sessionId === 'string' &&
          typeof record.savedAt === 'number' &&
          Array.isArray(record.entries),
      )
    : [];
}

/**
 * Stores `list` (newest first) for `key`: the newest `MAX_PAST` that fit in `MAX_PAST_CHARS`, the
 * rest left out; an empty list removes the key. Storage that refuses keeps what it had.
 */
export function writePast(storage: Storage, key: string, list: readonly PastRecord[]): void {
  let kept = list.slice(0, MAX_PAST);
  let json = JSON.stringify(kept);
  while (json.length > MAX_PAST_CHARS) json = JSON.stringify((kept = kept.slice(0, -1)));
  try {
    if (kept.length) storage.setItem(pastKey(key), json);
    else storage.removeItem(pastKey(key));
  } catch {
    // Full or blocked: the list stays as it was.
  }
}

/**
 * Puts `record` (a conversation as stored, read from `raw`) first among the earlier conversations of
 * `key`, when the visitor answered in it; an older copy of it leaves the list.
 */
export function addPast(storage: Storage, key: string, raw: string | null | undefined): void {
  const record = parseJson(raw ?? '');
  if (
    !isObject(record) ||
    typeof record.sessionId !== 'string' ||
    !Array.isArray(record.entries) ||
    !record.entries.some((entry) => isObject(entry) && entry.kind === 'answer')
  )
    return;
  writePast(storage, key, [
    record as PastRecord,
    ...readPast(storage, key).filter((past) => past.sessionId !== record.sessionId),
  ]);
}
