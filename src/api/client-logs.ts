/**
 * The viewer's client logs: `POST {viewer}/api/v2/sessions/{sessionId}/clientLogs`
 * with `{ clientLogs: [...] }` tells the bot's owner what went wrong in a
 * visitor's browser (a failed stream, a blocked redirect, a failed upload, an
 * ignored script action). Best-effort: it never throws and is never retried.
 */
import { clip, normaliseBaseUrl, pathParamProblem, type FetchLike } from './transport/core.js';
import { REDIRECT_MODE } from './transport/response.js';
import { clientLogsPath } from '../protocol/routes.js';

/** One client log entry. */
export interface ClientLog {
  /** `error`, `warning` or `info`. */
  status: 'error' | 'warning' | 'info';
  /** What happened, in a sentence. */
  description: string;
  /** Anything that helps the owner (no personal data). */
  details?: unknown;
  /** Where it happened, e.g. `stream`, `upload`, `redirect`. */
  context?: string;
}

/** Longest description and details sent, in characters: a log is a hint, not a dump. */
const MAX_TEXT = 1000;

/** The most logs in one batch, and the longest `context` (what the viewer takes). */
const MAX_LOGS = 20;
const MAX_CONTEXT = 200;

/**
 * Sends `logs` for `sessionId`; resolves to whether the viewer took them.
 * @example await sendClientLogs('https://viewer.example.com', sessionId, [{ status: 'error', description: 'The stream broke off', context: 'stream' }]);
 */
export async function sendClientLogs(
  viewerBaseUrl: string,
  sessionId: string,
  logs: readonly ClientLog[],
  fetchImpl?: FetchLike,
): Promise<boolean> {
  try {
    // A session id no URL can hold is refused like any other path parameter (nothing is sent).
    if (pathParamProblem(sessionId)) return false;
    // Within what the viewer takes (a batch over its limits is refused whole).
    const clientLogs = logs.slice(0, MAX_LOGS).map((log) => ({
      status: log.status,
      description: clip(String(log.description), MAX_TEXT),
      ...(log.context === undefined ? {} : { context: clip(log.context, MAX_CONTEXT) }),
      ...(log.details === undefined
        ? {}
        : { details: clip(typeof log.details === 'string' ? log.details : JSON.stringify(log.details), MAX_TEXT) }),
    }));
    const url = new URL(`${normaliseBaseUrl(viewerBaseUrl)}${clientLogsPath(sessionId)}`, globalThis.location?.href);
    const response = await (fetchImpl ?? globalThis.fetch)(
      new Request(url.href, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientLogs }),
        keepalive: true,
        redirect: REDIRECT_MODE,
      }),
    );
    return response.ok;
  } catch {
    return false;
  }
}
