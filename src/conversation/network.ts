/** What the conversation reads of the browser's view of the network, and of a refusal. */

/** The browser says it has no network: a request would not leave it. */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * A refusal that may say the viewer no longer knows the session (a 4xx): only the expiry's code
 * (`expiry.ts`, on demand) can tell, so it is waited for.
 */
export function mayBeExpired(error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status ?? 0;
  return status >= 400 && status < 500;
}
