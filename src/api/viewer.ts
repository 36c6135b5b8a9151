/**
 * The viewer client: the two public, token-less calls a conversation needs.
 * Kept apart from the full client so the script-tag bundle of the widget
 * carries no ky and no schema library: its requests and responses are read
 * by the hand-written readers of `protocol/turn.ts`.
 */
import {
  callOptions,
  checkPathParams,
  checkRequest,
  type CallOptions,
  type FetchLike,
  type Reader,
} from './transport/core.js';
import { createFetchEndpoint } from './transport/fetch-endpoint.js';
import { checkAnswer, checkStartOptions, readContinueResult, readStartResult } from '../protocol/turn.js';
import type { ChatAnswer, ContinueChatResult, StartChatOptions, StartChatResult } from '../protocol/schemas.js';
import { continueChatPath, startChatPath } from '../protocol/routes.js';

/** Options of `createViewerClient`. */
export interface ViewerClientOptions {
  /**
   * Base URL of the public chat sessions (`{viewer_base_url}` in the
   * interface document). A trailing slash is ignored; `''` means the page's
   * own origin (browsers only).
   * @example 'https://viewer.example.com'
   */
  viewerBaseUrl: string;
  /**
   * The `fetch` to use. Default: the global `fetch`, looked up per request.
   * @example fetch: (request) => myFetch(request)
   */
  fetch?: FetchLike;
  /**
   * Milliseconds to wait for a response (for the headers, then again for the
   * body) before failing with `FlowbotTimeoutError`. Default `15000`.
   * @example 30_000
   */
  timeout?: number;
  /**
   * Extra headers sent with every request.
   * Default none.
   * @example { 'x-client-version': '1.2.0' }
   */
  headers?: Record<string, string>;
}

/**
 * Options of `startChat`: the viewer protocol's start fields (`StartChatOptions`
 * without its open index signature, so any `CallOptions` value fits) plus
 * `signal` and `timeout`.
 */
export type StartChatCallOptions = Pick<
  StartChatOptions,
  'prefilledVariables' | 'resultId' | 'isStreamEnabled' | 'isOnlyRegistering' | 'textBubbleContentFormat'
> &
  CallOptions;

/** The viewer's two calls. Neither ever sends an access token. */
export interface ViewerClient {
  /**
   * Starts a chat session with a published flow-bot (4.7):
   * `POST {viewer}/api/v1/flowbots/{publicId}/startChat`, never retried.
   * Without start fields no body and no `Content-Type` is sent (the document
   * sends no payload, and a browser then needs no CORS preflight); start fields
   * such as `isStreamEnabled: true` go as a JSON body.
   * @example const { sessionId, messages, input } = await viewer.startChat('my-bot', { prefilledVariables: { Name: 'Ada' } });
   */
  startChat(publicId: string, options?: StartChatCallOptions): Promise<StartChatResult>;
  /**
   * Sends the visitor's answer, or continues without one:
   * `POST {viewer}/api/v1/sessions/{sessionId}/continueChat` with `{ message: answer }` or `{}`.
   * An answer is a string, `{ type: 'text', text, attachedFileUrls?, metadata? }`
   * or, for a recorded clip, `{ type: 'audio', url }`.
   * @example await viewer.continueChat(sessionId, 'Ada');
   */
  continueChat(sessionId: string, answer?: ChatAnswer, options?: CallOptions): Promise<ContinueChatResult>;
}

/** Drops `undefined`/`null` fields: the wire only carries what was set. */
function defined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined && value !== null));
}

/**
 * Creates the viewer client.
 * @example
 * const viewer = createViewerClient({ viewerBaseUrl: 'https://viewer.example.com' });
 * const start = await viewer.startChat('my-bot');
 * const next = await viewer.continueChat(start.sessionId, 'hello');
 */
export function createViewerClient(options: ViewerClientOptions): ViewerClient {
  return viewerCalls(options, { start: checkStartOptions, answer: checkAnswer });
}

/** How a request is checked before it goes: what a caller may give, and what goes on the wire. */
interface RequestChecks {
  start: Reader<StartChatOptions>;
  answer: Reader<ChatAnswer>;
}

/**
 * The two calls; `checks` refuses a malformed request before anything is sent (`createViewerClient`).
 * The widget builds its requests itself and leaves them out, so its first file carries no request
 * checks; ids that go in a URL are always checked.
 */
export function viewerCalls(options: ViewerClientOptions, checks?: RequestChecks): ViewerClient {
  const viewer = createFetchEndpoint({
    baseUrl: options.viewerBaseUrl,
    fetch: options.fetch,
    timeout: options.timeout,
    headers: options.headers,
  });

  return {
    async startChat(publicId, startOptions = {}) {
      const operation = 'startChat';
      const path = startChatPath(publicId);
      const context = { operation, method: 'POST', url: viewer.url(path) };
      const { signal, timeout, ...fields } = startOptions;
      checkPathParams({ publicId }, context);
      const body = checks ? checkRequest(checks.start, defined(fields), context) : defined(fields);
      return viewer.send(
        { operation, method: 'POST', path, ...(Object.keys(body).length ? { json: body } : {}), read: readStartResult },
        callOptions(signal, timeout),
      );
    },

    async continueChat(sessionId, answer, callOpts = {}) {
      const operation = 'continueChat';
      const path = continueChatPath(sessionId);
      const context = { operation, method: 'POST', url: viewer.url(path) };
      checkPathParams({ sessionId }, context);
      const json =
        answer === undefined ? {} : { message: checks ? checkRequest(checks.answer, answer, context) : answer };
      return viewer.send({ operation, method: 'POST', path, json, read: readContinueResult }, callOpts);
    },
  };
}
