/**
 * Where a widget's remembered conversation is kept (`persist`), and whether
 * there is one: the part of persistence the first turn needs. With nothing
 * stored, a widget with `persist` starts at once, as one without, while the
 * storage code (`persistence.ts`, on demand) arrives for the first save.
 */

/**
 * The storage key of a widget: `flowbot-chat:` and the JSON of
 * `[viewer host, publicId]`, or `[viewer host, publicId, instance]` when the
 * widget has a key of its own. JSON keeps the parts apart whatever they hold
 * (a host `http://a:1` with id `x` and a host `http://a` with id `1:x` differ).
 * An empty `apiHost` is the page's origin.
 */
export function storageKey(publicId: string, apiHost: string, instance = ''): string {
  const host = (apiHost.trim() || globalThis.location?.origin || '').replace(/\/+$/, '');
  return `flowbot-chat:${JSON.stringify(instance ? [host, publicId, instance] : [host, publicId])}`;
}

/** The key of what is kept beside a widget's conversation (`kind`: `past`, `consent`), from its key. */
export const besideKey = (key: string, kind: string): string => key.replace(':', `-${kind}:`);

/**
 * The storage area of `persist`'s `mode`: none without it, or where storage is blocked. (The first
 * file's `isStored` reads it the same way, written out: a call costs bytes before every first message.)
 */
export function storageOf(mode: string | undefined): Storage | undefined {
  try {
    return mode === 'local' ? localStorage : mode === 'session' ? sessionStorage : undefined;
  } catch {
    // Storage blocked (cookies off, a sandboxed frame).
    return undefined;
  }
}

/**
 * Whether `mode`'s storage holds something under the widget's key (sound or not: the store
 * decides). Blocked storage holds nothing.
 */
export function isStored(mode: string | undefined, publicId: string, apiHost: string, instance = ''): boolean {
  try {
    const storage = mode === 'local' ? localStorage : mode === 'session' ? sessionStorage : undefined;
    return !!storage?.getItem(storageKey(publicId, apiHost, instance.trim()));
  } catch {
    return false;
  }
}
