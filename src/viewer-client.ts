/**
 * The widget's viewer client: the two calls of every conversation, plus the
 * side channels (streamed answers, client logs), whose code arrives with the
 * on-demand part the first time a conversation needs it.
 */
import { createViewerClient } from './api/viewer.js';
import type { ConversationClient } from './conversation/options.js';
import { onDemand } from './render/on-demand-import.js';

/** The client `<flowbot-chat>` talks to the viewer at `viewerBaseUrl` with. */
export function createWidgetClient(viewerBaseUrl: string): ConversationClient {
  return {
    ...createViewerClient({ viewerBaseUrl }),
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
