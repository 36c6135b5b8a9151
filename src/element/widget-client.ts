/**
 * The widget's viewer client: the two calls of every conversation, plus the
 * side channels (streamed answers, client logs), whose code arrives with the
 * on-demand parts (the streams' file, the rich messages') the first time a conversation needs it.
 */
import { viewerCalls } from '../api/viewer.js';
import type { ConversationClient } from '../conversation/options.js';
import { hasEarlyStart, takeEarlyStart } from '../script-tag/handover.js';
import { richFile, streamFile } from './on-demand/loader.js';

/**
 * The client `<flowbot-chat>` (`host`) talks to the viewer at `apiHost` with. With the script-tag
 * file's early start on its way, its first request (its first start) takes that response when the
 * early start was sent for exactly this request (`takeEarlyStart`), read as any answer, as if this
 * client had sent it; any other request goes out with `fetch`, as it does for a client made
 * without one.
 */
export function createWidgetClient(apiHost: string, host: Element): ConversationClient {
  return {
    ...viewerCalls({
      viewerBaseUrl: apiHost,
      ...(hasEarlyStart(host) && { fetch: async (request) => (await takeEarlyStart(host, request)) || fetch(request) }),
    }),
    async *streamMessage(sessionId, options) {
      const { streamMessage } = await streamFile.load();
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
