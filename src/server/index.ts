/**
 * Node entry of the reference server (`flowbot-chat/server`).
 *
 * @example
 * ```ts
 * import { startReferenceServer } from 'flowbot-chat/server';
 * const server = await startReferenceServer({ port: 0 });
 * // server.url → "http://127.0.0.1:54321", server.token, server.seed.publicId → "demo"
 * await server.close();
 * ```
 */
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getRequestListener, RequestError } from '@hono/node-server';
import { createReferenceApp, normalisePublicUrl, type ReferenceAppOptions } from './app.js';
import type { ReferenceSeed, ReferenceState } from './state-types.js';

export { createReferenceApp, DEFAULT_BODY_LIMIT, MAX_LOG_DETAILS } from './app.js';
export type { ReferenceApp, ReferenceAppOptions } from './app.js';
export { DEFAULT_TOKEN, GUEST_VIEW_FEATURE } from './state.js';
export type { ReferenceSeed, ReferenceState } from './state-types.js';
export { defineFlow, shippedFlows } from './flows.js';
export type {
  FlowAction,
  FlowBlock,
  FlowCondition,
  FlowDefinition,
  FlowInput,
  FlowItem,
  FlowMessage,
  FlowRoute,
  FlowStream,
  FlowStreamAgent,
} from './flows.js';
export { FaultQueue, parseFaultSpec, FAULT_HEADER } from './faults.js';
export { ReferenceStats } from './stats.js';
export type { ClientLogRecord } from './stats.js';
export { MAX_JSON_DEPTH } from './error-responses.js';
export type { FaultOptions, FaultSpec, StreamFault } from './faults.js';
export { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_TTL_MS } from './flow-session.js';
export { DEFAULT_RETRY_MESSAGE } from './flow-text.js';
export { DEFAULT_BODY_TIMEOUT_MS } from './request-limits.js';
export type { RateLimitOptions } from './request-limits.js';
export { DEFAULT_STREAM_PACE_MS, DEFAULT_TOOL_PAUSE_MS } from './routes-stream.js';
export { agentTurn, textTurn, TOOL_FAILURE } from './agent-turn.js';
export type { AgentFlags, StreamPart, TurnOptions } from './agent-turn.js';
export { DEFAULT_MAX_UPLOAD_BYTES, DEFAULT_UPLOAD_STORE_BYTES, UploadStore } from './uploads.js';
export { knowledgeAnswer, streamPieces } from './knowledge.js';

/** The port `startReferenceServer` uses when none is given. */
export const DEFAULT_PORT = 8787;

/** Options of `startReferenceServer`. */
export interface ReferenceServerOptions extends ReferenceAppOptions {
  /** Port to listen on; 0 picks a free one. Default 8787. */
  port?: number;
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string;
  /**
   * Milliseconds a client may take to send the request headers; slower
   * connections are closed (408). Default 10000.
   */
  headersTimeoutMs?: number;
  /** Milliseconds a client may take to send a whole request (headers and body). Default 30000. */
  requestTimeoutMs?: number;
  /** Milliseconds an idle keep-alive connection stays open. Default 5000. */
  keepAliveTimeoutMs?: number;
  /** The most open connections; further ones are refused. Default 1024. */
  maxConnections?: number;
}

/** Default time to send the request headers: 10 seconds. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/** Default time to send a whole request: 30 seconds. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Default idle time of a keep-alive connection: 5 seconds. */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** Default most open connections. */
export const DEFAULT_MAX_CONNECTIONS = 1024;

/** A running reference server. */
export interface RunningReferenceServer {
  /** Base URL, e.g. `http://127.0.0.1:8787` (no trailing slash). */
  url: string;
  /** The seeded account's access token. */
  token: string;
  /** The fixed ids of the seeded data. */
  seed: ReferenceSeed;
  /** The live state (`state.faults` injects faults). */
  state: ReferenceState;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

/**
 * Starts the reference server on `host:port` with fresh seeded state.
 *
 * Requests that never reach the app get the app's error shape too: one that
 * Node cannot parse (a bad request line, method or header; a broken chunked
 * body) a 400 `{ message }` (431 for headers over Node's size limit), and one
 * the adapter refuses (a missing or malformed `Host`, a backslash in the
 * path) a 400 `{ message }`.
 */
export function startReferenceServer(options: ReferenceServerOptions = {}): Promise<RunningReferenceServer> {
  const {
    port = DEFAULT_PORT,
    host = '127.0.0.1',
    headersTimeoutMs = DEFAULT_HEADERS_TIMEOUT_MS,
    requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs = DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
    maxConnections = DEFAULT_MAX_CONNECTIONS,
    ...appOptions
  } = options;
  let reference: ReturnType<typeof createReferenceApp>;
  try {
    reference = createReferenceApp(appOptions);
  } catch (error) {
    return Promise.reject(error);
  }
  const { app, token, seed, state } = reference;
  const listener = getRequestListener(app.fetch, {
    hostname: host,
    errorHandler: (error) => {
      if (error instanceof RequestError) return errorJson(400, `Bad request: ${error.message}.`);
      console.error('[reference server]', error);
      return errorJson(500, 'Internal server error.');
    },
  });
  // Node's own limits cut slow clients: headers, whole request, idle keep-alive. Node
  // wants the headers' limit within the request's; the checks run every
  // `connectionsCheckingInterval`, so it is kept short enough for the limits to bite on time.
  const requestTimeout = Math.max(0, requestTimeoutMs);
  const headersTimeout =
    requestTimeout > 0 ? Math.min(Math.max(1, headersTimeoutMs), requestTimeout) : Math.max(1, headersTimeoutMs);
  const server = createServer(
    {
      // Node would answer a missing Host with an empty 400 of its own.
      requireHostHeader: false,
      headersTimeout,
      requestTimeout,
      keepAliveTimeout: Math.max(0, keepAliveTimeoutMs),
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(headersTimeout / 4))),
    },
    (incoming, outgoing) => {
      if (incoming.httpVersion === '1.1' && !incoming.headers.host) {
        outgoing.writeHead(400, { ...ERROR_HEADERS, connection: 'close' });
        outgoing.end(JSON.stringify({ message: 'Bad request: the Host header is missing.' }));
        return;
      }
      void listener(incoming, outgoing);
    },
  );
  server.maxConnections = maxConnections;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => answerUnparsable(error, socket));
  return new Promise((resolve, reject) => {
    server.listen(port, host, () => {
      server.off('error', reject);
      const info = server.address() as AddressInfo;
      const shownHost = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      const url = `http://${shownHost}:${info.port}`;
      state.publicUrl = normalisePublicUrl(appOptions.publicUrl ?? url);
      resolve({
        url,
        token,
        seed,
        state,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
    server.once('error', reject);
  });
}

const ERROR_HEADERS = {
  'content-type': 'application/json',
  'access-control-allow-origin': '*',
  'x-content-type-options': 'nosniff',
};

function errorJson(status: number, message: string): Response {
  return new Response(JSON.stringify({ message }), { status, headers: ERROR_HEADERS });
}

/** Answers a request Node could not parse, in the one error shape, then closes. */
function answerUnparsable(error: NodeJS.ErrnoException, socket: Socket): void {
  // Like Node's own handler: once bytes went out, a second answer would corrupt the stream.
  if (error.code === 'ECONNRESET' || !socket.writable || socket.bytesWritten > 0) {
    socket.destroy();
    return;
  }
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive.']
        : [400, 'Bad Request', 'Bad request: the request is not valid HTTP.'];
  const body = JSON.stringify({ message });
  const headers = Object.entries({
    ...ERROR_HEADERS,
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  // Then close both ways: a client that never reads nor closes must not keep the socket half-open.
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${headers}\r\n${body}`, () => socket.destroy());
  setTimeout(() => socket.destroy(), 1_000).unref();
}
