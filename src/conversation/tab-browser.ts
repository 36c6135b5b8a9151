/**
 * What the tabs' sync (`persist="local"`, see `tabs.ts`) uses of the browser besides the storage:
 * the page's events, and the turn's Web Lock. The tab that holds the lock is the one that calls,
 * or takes over what a tab gone away owed: two tabs that both read the record before either wrote
 * its lease (within the few milliseconds a write takes to reach the others) cannot both call, the
 * second finds the lock taken.
 */

/** The Web Locks of the origin, where there are (secure pages of current browsers). */
export const turnLocks = (): LockManager | undefined => (globalThis.navigator as Navigator | undefined)?.locks;

/**
 * Asks for the turn's lock of the conversation `key` without waiting: true when it is granted (and
 * held until the release `hold` is given is called) or Web Locks fail, false when another tab holds it.
 */
export const requestTurn = (locks: LockManager, key: string, hold: (release: () => void) => void): Promise<boolean> =>
  new Promise<boolean>((granted) => {
    locks
      .request(`flowbot-chat-turn:${key}`, { ifAvailable: true }, (lock) => {
        granted(!!lock);
        return lock ? new Promise<void>(hold) : undefined;
      })
      .catch(() => granted(true));
  });

/** What a tab does on the page's events: another tab wrote, the page goes away, the page is back from its cache. */
interface PageEvents {
  storage(event: StorageEvent): void;
  pagehide(): void;
  pageshow(): void;
}

/** Follows the page's events with `handlers` (where there is a page); returns what stops following them. */
export function watchPage(handlers: PageEvents): () => void {
  const each = (method: 'addEventListener' | 'removeEventListener'): void => {
    for (const [type, handler] of Object.entries(handlers)) globalThis[method]?.(type, handler as EventListener);
  };
  each('addEventListener');
  return () => each('removeEventListener');
}
