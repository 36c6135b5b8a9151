/**
 * A module loaded on demand, once: the caller says what to import, the loader
 * keeps the promise and the result. A failed load (offline, a missing file)
 * is remembered for a few seconds (or until the page is back online), so
 * renders meanwhile do not fetch again and again, then forgotten so a later
 * need tries again; callers fall back meanwhile, and hear when to ask again (`retryable`).
 */

/** How long a failed load is remembered before a later need tries again. */
export const RETRY_AFTER_MS = 10_000;

/** A module that arrives on demand. */
export interface OnDemandLoader<T> {
  /** The module, if it has arrived. */
  get(): T | undefined;
  /** Starts (or joins) the load. */
  load(): Promise<T>;
  /** Calls `then` once a failed load is forgotten, so that asking again fetches again (at once if none is remembered). */
  retryable(then: () => void): void;
}

/** A loader of what `importer` imports. */
export function createLoader<T>(importer: () => Promise<T>): OnDemandLoader<T> {
  let loading: Promise<T> | undefined;
  let loaded: T | undefined;
  /** Who waits for a remembered failure to be forgotten; undefined while none is remembered. */
  let waiting: (() => void)[] | undefined;
  return {
    get: () => loaded,
    retryable: (then) => void (waiting ? waiting.push(then) : then()),
    load() {
      loading ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          waiting = [];
          // Forgotten after a while, or as soon as the page is back online.
          const forget = (): void => {
            loading = undefined;
            clearTimeout(timer);
            globalThis.removeEventListener?.('online', forget);
            const callers = waiting ?? [];
            waiting = undefined;
            for (const then of callers) then();
          };
          const timer = setTimeout(forget, RETRY_AFTER_MS);
          globalThis.addEventListener?.('online', forget);
          throw error;
        },
      );
      return loading;
    },
  };
}
