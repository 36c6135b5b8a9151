/**
 * The widget's viewer client: the two calls of every conversation, plus the
 * side channels (streamed answers, client logs), whose code arrives with the
 * on-demand part the first time a conversation needs it.
 */
import { viewerCalls } from '../api/viewer.js';
import type { ConversationClient } from '../conversation/options.js';
import { startRequest, takeEarlyStart } from '../script-tag/handover.js';
import { richFile } from './on-demand/loader.js';

/**
 * The client `<flowbot-chat>` (`host`) talks to the viewer at `apiHost`
 * with. Its first start takes the response of the script-tag file's early
 * start when that was sent for exactly the same request.
 */
export function createWidgetClient(apiHost: string, host: Element): ConversationClient {
  const viewer = viewerCalls({ viewerBaseUrl: apiHost });
  return {
    ...viewer,
    startChat(publicId, options = {}) {
      const { prefilledVariables, isStreamEnabled, signal } = options;
      // The request the script-tag file would have sent for these options (the widget asks for no other start field).
      const request = startRequest({
        publicId,
        apiHost,
        prefilledVariables: prefilledVariables ?? undefined,
        streaming: !!isStreamEnabled,
      });
      const early = takeEarlyStart(host, request, signal);
      // Its answer goes through the same client code, as if this client had sent the request.
      return (early ? viewerCalls({ viewerBaseUrl: apiHost, fetch: () => early }) : viewer).startChat(
        publicId,
        options,
      );
    },
    async *streamMessage(sessionId, options) {
      const { streamMessage } = await richFile.load();
      yield* streamMessage(sessionId, { viewerBaseUrl: apiHost, ...options });
    },
    clientLogs(sessionId, logs) {
      richFile.load().then(
        ({ sendClientLogs }) => sendClientLogs(apiHost, sessionId, logs),
        () => undefined,
      );
    },
  };
}
