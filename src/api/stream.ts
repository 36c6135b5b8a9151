/**
 * The viewer's streamed AI answer: `POST {viewer}/api/v2/sessions/{sessionId}/streamMessage`,
 * read as the data stream format of `../protocol/stream.ts`, piece by piece.
 */
import { MAX_RESPONSE_BYTES } from '../protocol/limits.js';
import { DataStreamDecoder, type DataStreamPart } from '../protocol/stream.js';
import { checkPathParams, displayUrl, normaliseBaseUrl, type FetchLike } from './transport/core.js';
import { describe, httpError, readText, REDIRECT_MODE, redirectError } from './transport/response.js';
import { FlowbotError, FlowbotNetworkError, FlowbotResponseError, FlowbotTimeoutError } from './errors.js';
import { streamMessagePath } from '../protocol/routes.js';

/** Options of `streamMessage`. */
export interface StreamMessageOptions {
  /**
   * Base URL of the public chat sessions, as for `createViewerClient`.
   * @example 'https://viewer.example.com'
   */
  viewerBaseUrl: string;
  /**
   * The messages of the older `streamOpenAiChatCompletion` action, sent as `{ messages }`.
   * Default none (the body is `{}`).
   * @example [{ role: 'user', content: 'How do I reset my password?' }]
   */
  messages?: readonly unknown[];
  /**
   * Stops the stream: the iterator then rejects with the signal's reason as-is. Default none.
   * @example { signal: controller.signal }
   */
  signal?: AbortSignal;
  /**
   * Milliseconds to wait for the response headers, and then for each next
   * chunk, before failing with `FlowbotTimeoutError` (a stalled stream).
   * Default `30000`; `0` waits forever.
   * @example 10_000
   */
  timeout?: number;
  /**
   * The `fetch` to use. Default: the global `fetch`, looked up per request.
   * @example fetch: (request) => myFetch(request)
   */
  fetch?: FetchLike;
  /**
   * Extra headers sent with the request. Default none.
   * @example { 'x-client-version': '1.2.0' }
   */
  headers?: Record<string, string>;
}

/** The default wait for the stream's headers and for each next chunk: 30 seconds. */
export const DEFAULT_STREAM_TIMEOUT = 30_000;

const STALLED = Symbol('stalled');

/** What every error of the stream names: the operation, the method and the URL (as shown). */
interface Base {
  readonly operation: string;
  readonly method: string;
  readonly url: string;
}

/**
 * Requests the streamed answer of `sessionId` (after a `stream` client-side
 * action) and yields its text pieces as they arrive. Append them all to get
 * the whole answer, then send it back with `continueChat(sessionId, { type: 'text', text })`.
 * The agent's other parts (tool calls, reasoning, sources) are skipped: read
 * them with `streamMessageParts`.
 *
 * Fails with `FlowbotHttpError` (a non-2xx answer), `FlowbotNetworkError`
 * (no answer, or the connection broke mid-stream), `FlowbotTimeoutError`
 * (no headers or no next chunk within `timeout`) or `FlowbotError` (the
 * stream carried an error part).
 *
 * @example
 * let answer = '';
 * for await (const piece of streamMessage(sessionId, { viewerBaseUrl, signal })) {
 *   answer += piece;
 *   bubble.textContent = answer;
 * }
 * await viewer.continueChat(sessionId, { type: 'text', text: answer });
 */
export async function* streamMessage(
  sessionId: string,
  options: StreamMessageOptions,
): AsyncGenerator<string, void, undefined> {
  for await (const part of streamMessageParts(sessionId, options)) if (part.type === 'text') yield part.text;
}

/** One part of a streamed answer: a piece of its text, or another part (`code` and its parsed JSON value). */
export type StreamMessagePart = Exclude<DataStreamPart, { type: 'error' }>;

/**
 * As `streamMessage`, but yields every part of the stream in order: the text
 * pieces (`{ type: 'text', text }`) and the agent's other parts (`{ type:
 * 'other', code, value }`: `g` reasoning, `h` a source, `b`/`c`/`9`/`a` a tool
 * call, `f`/`e` steps; see the viewer protocol, "Agent activity in the
 * stream"). An error part fails it as `streamMessage` does; a malformed line is skipped.
 *
 * @example
 * for await (const part of streamMessageParts(sessionId, { viewerBaseUrl })) {
 *   if (part.type === 'text') answer += part.text;
 *   else if (part.code === 'b') console.log('tool', (part.value as { toolName: string }).toolName);
 * }
 */
export async function* streamMessageParts(
  sessionId: string,
  options: StreamMessageOptions,
): AsyncGenerator<StreamMessagePart, void, undefined> {
  const operation = 'streamMessage';
  const method = 'POST';
  const url = `${normaliseBaseUrl(options.viewerBaseUrl)}${streamMessagePath(sessionId)}`;
  const base = { operation, method, url: displayUrl(url) };
  checkPathParams({ sessionId }, base);
  const caller = options.signal;
  caller?.throwIfAborted();
  const timeout = options.timeout ?? DEFAULT_STREAM_TIMEOUT;
  const stop = new AbortController();
  const signal = caller ? AbortSignal.any([caller, stop.signal]) : stop.signal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    if (timeout > 0 && Number.isFinite(timeout)) timer = setTimeout(() => stop.abort(STALLED), timeout);
  };
  const failure = (error: unknown, what: string): unknown => streamFailure(error, what, base, timeout, caller, stop);

  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let read = false;
  try {
    arm();
    let response: Response;
    try {
      response = await post(url, options, signal);
    } catch (error) {
      throw failure(error, 'before the response');
    }
    const moved = redirectError(response, base, undefined);
    if (moved) throw moved;
    if (!response.ok) throw await refusal(response, base, caller);
    if (!response.body) return;
    reader = response.body.getReader();
    const decoder = new DataStreamDecoder();
    let finished = false;
    // Bytes as they arrive (inflated): an answer is never this large, so a bigger body is refused before it is parsed.
    let size = 0;
    const aborted = rejectOnAbort(signal);
    // Chunk by chunk: the stall timer and the abort watch are per chunk; the parts of a chunk
    // (often many, from a buffering proxy or a connection catching up) come out one after the other.
    while (!read) {
      arm();
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await Promise.race([reader.read(), aborted]);
      } catch (error) {
        throw failure(error, 'mid-stream');
      }
      // The consumer's own pace between pieces is not the server's stall.
      clearTimeout(timer);
      read = chunk.done;
      size += chunk.value?.byteLength ?? 0;
      if (size > MAX_RESPONSE_BYTES) throw tooLarge(base, response.status);
      for (const part of chunk.done ? decoder.end() : decoder.push(chunk.value)) {
        if (part.type === 'other' && part.code === 'd') finished = true;
        if (part.type !== 'error') yield part;
        else {
          throw new FlowbotError(
            `${operation}: the server reported an error mid-stream: ${method} ${base.url}: ${part.message}`,
            base,
          );
        }
        // Stopped while the consumer took the last piece: nothing more of this chunk.
        signal.throwIfAborted();
      }
    }
    // A stream ends with its finish part (`d`); a body that just stops broke off (some
    // browsers report a dropped connection as a normal end).
    if (!finished) throw failure(new Error('the stream ended without its finish part'), 'mid-stream');
  } finally {
    clearTimeout(timer);
    // Stop the request when the consumer leaves early (break) or a failure ends the loop.
    stop.abort();
    // Not awaited: a read still pending would hold it back (aborting the request ends that read).
    if (reader && !read) void reader.cancel().catch(() => undefined);
  }
}

/** What a non-2xx answer is to the caller (its own reason when it stopped the call meanwhile). */
async function refusal(response: Response, base: Base, caller: AbortSignal | undefined): Promise<unknown> {
  const error = await httpError(response, base, undefined, (r) => readText(r));
  return caller?.aborted ? caller.reason : error;
}

/** A stream larger than any answer: refused as it arrives, before it is parsed. */
function tooLarge(base: Base, status: number): FlowbotResponseError {
  return new FlowbotResponseError(
    `${base.operation}: unexpected response from ${base.method} ${base.url}: a stream over ${MAX_RESPONSE_BYTES} bytes`,
    { ...base, status, issues: [], body: undefined },
  );
}

/** Sends the stream's request (`fetch` as given, or the global one). */
function post(url: string, options: StreamMessageOptions, signal: AbortSignal): Promise<Response> {
  const body = JSON.stringify(options.messages ? { messages: options.messages } : {});
  const request = new Request(new URL(url, globalThis.location?.href).href, {
    method: 'POST',
    headers: { accept: 'text/plain', 'content-type': 'application/json', ...options.headers },
    body,
    signal,
    redirect: REDIRECT_MODE,
  });
  return (options.fetch ?? globalThis.fetch)(request);
}

/**
 * What a failure of the stream is to its caller (`what`: before the response, or mid-stream): the
 * caller's own reason when it stopped it, a timeout when the stall timer did (`stop`), else a
 * network error.
 */
function streamFailure(
  error: unknown,
  what: string,
  base: Base,
  timeout: number,
  caller: AbortSignal | undefined,
  stop: AbortController,
): unknown {
  const { operation, method, url } = base;
  if (caller?.aborted) return caller.reason;
  if (stop.signal.reason === STALLED) {
    return new FlowbotTimeoutError(
      `${operation} timed out: nothing arrived for ${timeout} ms ${what}: ${method} ${url}`,
      {
        ...base,
        timeout,
      },
    );
  }
  return new FlowbotNetworkError(
    `${operation}: ${what === 'before the response' ? 'the request failed before any response' : 'the stream broke off'}: ${method} ${url} (${describe(error)})`,
    {
      ...base,
      cause: error,
    },
  );
}

/**
 * A promise that rejects with `signal`'s reason once it aborts: a body whose fetch ignores the
 * signal (a stub, some polyfills) must still stop reading on abort.
 */
function rejectOnAbort(signal: AbortSignal): Promise<never> {
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => undefined);
  return aborted;
}
