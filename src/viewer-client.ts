/**
 * The widget's viewer client: the two calls of every conversation, plus the
 * side channels (streamed answers, client logs), whose code arrives with the
 * on-demand part the first time a conversation needs it.
 */
import type { FetchLike } from './api/core.js';
import { sentBody } from './api/fetch-endpoint.js';
import { createViewerClient } from './api/viewer.js';
import type { ConversationClient } from './conversation/options.js';
import { takeEarlyStart } from './handover.js';
import { onDemand } from './render/on-demand-import.js';

/**
 * The client `<flowbot-chat>` (`host`) talks to the viewer at `viewerBaseUrl`
 * with. Its first start takes the response of the script-tag file's early
 * start when that was sent for exactly the same request.
 */
export function createWidgetClient(viewerBaseUrl: string, host: Element): ConversationClient {
  const fetchFirst: FetchLike = async (request) => {
    if (request.method === 'POST' && request.url.endsWith('/startChat')) {
      // The body the viewer client made the request with (undefined: it has none).
      const early = takeEarlyStart(host, request.url, sentBody(request), request.signal);
      if (early) return early;
    }
    return fetch(request);
  };
  return {
    ...createViewerClient({ viewerBaseUrl, fetch: fetchFirst }),
    async *streamMessage(sessionId, options) {
      const { streamMessage } = await onDemand.load();
      yield* streamMessage(sessionId, { viewerBaseUrl, ...options });
    },
    clientLogs(sessionId, logs) {
      onDemand.load().then(
        ({ sendClientLogs }) => sendClientLogs(viewerBaseUrl, sessionId, logs),
        () => undefined,
      );
    },
  };
}
