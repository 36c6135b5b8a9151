/** What the controller asks of the network and of the browser's view of it. */
import { viewerCalls } from '../api/viewer.js';
import type { ConversationClient } from './options.js';

/** The two calls alone: no streamed answers (whole answers are asked for), no client logs. */
export function defaultClient(apiHost: string): ConversationClient {
  return viewerCalls({ viewerBaseUrl: apiHost });
}

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
