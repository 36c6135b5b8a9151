/**
 * What the bubble's invitation remembers of a visit, and its reads and writes of the storage (see
 * `element/invitation/invite.ts`; the preview drawn before the widget's code, `element/preview/`, reads
 * and writes the same record).
 */
import { isObject, parseJson } from '../protocol/json.js';
import { besideKey, storageKey } from './storage-key.js';

/** What this visit has seen of the widget, kept in `sessionStorage` (and `localStorage` with `persist="local"`). */
export interface Visit {
  /** The preview was dismissed. */
  dismissed?: boolean;
  /** The panel was opened (and maybe closed). */
  opened?: boolean;
}

/** A visit as read from storage: only its two flags count. */
export const visitOf = (value: Record<string, unknown> | undefined): Visit => ({
  ...(value?.dismissed === true ? { dismissed: true } : {}),
  ...(value?.opened === true ? { opened: true } : {}),
});

export function storageOf(area: 'session' | 'local'): Storage | undefined {
  try {
    return area === 'local' ? localStorage : sessionStorage;
  } catch {
    // Blocked storage (cookies off, sandboxed frame): nothing is remembered.
    return undefined;
  }
}

export function readJson(storage: Storage | undefined, key: string): Record<string, unknown> | undefined {
  let text: string | null | undefined;
  try {
    text = storage?.getItem(key);
  } catch {
    // Blocked storage reads as empty.
  }
  const value = parseJson(text ?? 'null');
  return isObject(value) ? value : undefined;
}

export function writeJson(storage: Storage | undefined, key: string, value: object | undefined): void {
  try {
    if (value) storage?.setItem(key, JSON.stringify(value));
    else storage?.removeItem(key);
  } catch {
    // A full or blocked storage only forgets.
  }
}

/** Who a widget is, for its records: its flow-bot, viewer host and own key (`persist-key`, else `id`). */
export interface Who {
  readonly publicId: string;
  readonly apiHost: string;
  readonly persistKey: string;
  readonly id: string;
}

/** The storage key of a widget's visit (`visit`) or unread count (`unread`), beside its conversation's. */
export const recordKey = (kind: 'visit' | 'unread', { publicId, apiHost, persistKey, id }: Who): string =>
  besideKey(storageKey(publicId, apiHost, (persistKey || id).trim()), kind);
