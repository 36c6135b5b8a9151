/** Reading a call's response within its timeout, and the errors of a failed call: HTTP status, redirect, unreadable or unexpected body. */
import { FlowbotHttpError, FlowbotNetworkError, FlowbotResponseError, FlowbotTimeoutError } from '../errors.js';
import {
  clip,
  displayUrl,
  firstIssuePerField,
  formatIssues,
  ISSUE_CHARS,
  parseJson,
  scrub,
  type Reader,
} from './core.js';
import { MAX_RESPONSE_BYTES } from '../../protocol/limits.js';

export const BODY_TIMEOUT = Symbol('body timeout');
/** A body larger than the reader takes: the rest of it was not read. */
export const TOO_LARGE = Symbol('too large');

/**
 * The body's text, refused with `TOO_LARGE` (the rest unread) as soon as it
 * passes `max` bytes, counted as they arrive, after decompression: a body
 * that inflates to a gigabyte or never ends costs no more than `max` bytes.
 */
export async function readText(response: Response, max = MAX_RESPONSE_BYTES): Promise<string> {
  const reader = response.body?.getReader();
  const utf8 = new TextDecoder();
  let text = '';
  for (let size = 0; reader;) {
    const { done, value } = await reader.read();
    if (done) break;
    if ((size += value.length) > max) {
      void reader.cancel();
      throw TOO_LARGE;
    }
    text += utf8.decode(value, { stream: true });
  }
  return text + utf8.decode();
}

/**
 * Reads the body within `ms` and `max` bytes: ky's own timeout stops once the
 * headers are in, and a server that stalls mid-body must not hang the caller
 * forever, nor one that sends without end fill its memory.
 */
export function readBody(
  response: Response,
  ms: number,
  stop: AbortController,
  caller?: AbortSignal,
  max?: number,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const expire = () => {
      stop.abort();
      reject(BODY_TIMEOUT);
    };
    const timer = ms > 0 && Number.isFinite(ms) ? setTimeout(expire, ms) : undefined;
    const onAbort = () => reject(caller?.reason);
    caller?.addEventListener('abort', onAbort, { once: true });
    readText(response, max)
      .then(resolve, reject)
      .finally(() => {
        clearTimeout(timer);
        caller?.removeEventListener('abort', onAbort);
      });
  });
}

export function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error && cause.message ? `${error.message}: ${cause.message}` : error.message;
  }
  // A fetch may reject with anything, even an object that cannot become a string.
  try {
    return clip(String(error), ISSUE_CHARS);
  } catch {
    return 'unknown error';
  }
}

/** Where a call goes, for error messages. */
export interface CallContext {
  operation: string;
  method: string;
  url: string;
}

/**
 * The error for a non-2xx response: status, method, URL and the server's
 * `message` (scrubbed of the token, should a server echo it).
 */
export async function httpError(
  response: Response,
  base: CallContext,
  token: string | undefined,
  read: (response: Response) => Promise<string>,
): Promise<FlowbotHttpError> {
  const { operation, method } = base;
  const url = displayUrl(response.url || base.url);
  let body: unknown;
  try {
    const text = await read(response);
    const parsed = parseJson(text);
    body = parsed !== undefined ? parsed : text === '' ? undefined : text;
  } catch {
    body = undefined;
  }
  const message = (body as { message?: unknown } | undefined)?.message;
  const serverMessage = typeof message === 'string' ? message : undefined;
  const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return new FlowbotHttpError(
    scrub(
      `${operation} failed: ${method} ${url} answered ${status}${serverMessage ? `: ${serverMessage}` : ''}`,
      token,
    ),
    {
      operation,
      method,
      url,
      status: response.status,
      statusText: response.statusText,
      serverMessage: serverMessage === undefined ? undefined : scrub(serverMessage, token),
      body,
    },
  );
}

/**
 * Reads a successful response's body within the timeout (and `max` bytes:
 * default `MAX_RESPONSE_BYTES`), parses it and validates it against the
 * verb's schema.
 */
export async function readResult<T>(
  response: Response,
  read: Reader<T>,
  base: CallContext,
  options: {
    timeout: number;
    stop: AbortController;
    signal: AbortSignal | undefined;
    token: string | undefined;
    max?: number;
  },
): Promise<T> {
  const { operation, method } = base;
  const { timeout, stop, signal, token, max } = options;
  const finalUrl = displayUrl(response.url || base.url);
  const at = { operation, method, url: finalUrl };
  let text: string | undefined;
  try {
    text = await readBody(response, timeout, stop, signal, max);
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (error === BODY_TIMEOUT) {
      throw new FlowbotTimeoutError(
        `${operation} timed out after ${timeout} ms reading the response: ${method} ${finalUrl}`,
        {
          ...at,
          timeout,
        },
      );
    }
    // Too large: refused below, unread beyond the limit, like a body that is not JSON.
    if (error !== TOO_LARGE)
      throw new FlowbotNetworkError(
        scrub(`${operation}: the response could not be read: ${method} ${finalUrl} (${describe(error)})`, token),
        { ...at, cause: error },
      );
  }

  const value = text === undefined ? text : parseJson(text);
  if (value === undefined) {
    const kind =
      text === undefined
        ? `a body over ${max ?? MAX_RESPONSE_BYTES} bytes`
        : text.trim() === ''
          ? 'an empty body'
          : 'a body that is not JSON';
    throw new FlowbotResponseError(
      scrub(`${operation}: unexpected response from ${method} ${finalUrl}: ${response.status} with ${kind}`, token),
      { ...at, status: response.status, issues: [], body: text },
    );
  }
  const result = read(value);
  if (!result.ok) {
    const issues = firstIssuePerField(result.issues);
    throw new FlowbotResponseError(
      scrub(`${operation}: unexpected response shape from ${method} ${finalUrl}: ${formatIssues(issues)}`, token),
      { ...at, status: response.status, issues, body: value },
    );
  }
  return result.value;
}

/**
 * API calls follow no redirect, to any origin: a 307 or 308 would re-send the
 * body (a visitor's answer) and the token header to wherever the server
 * points, and the answer would come from there. Requests go out with
 * `redirect: 'manual'`, and `redirectError` fails the call instead.
 */
export const REDIRECT_MODE: RequestRedirect = 'manual';

/**
 * The error for a response that is a redirect (or that a custom `fetch`
 * fetched from elsewhere after one); undefined for any other response.
 */
export function redirectError(
  response: Response,
  base: CallContext,
  token: string | undefined,
): FlowbotHttpError | undefined {
  const { status } = response;
  if (response.type !== 'opaqueredirect' && !response.redirected && ![301, 302, 303, 307, 308].includes(status))
    return undefined;
  const { operation, method } = base;
  const to = response.headers.get('location') ?? (response.redirected ? response.url : '');
  return new FlowbotHttpError(
    scrub(
      `${operation} failed: ${method} ${base.url} answered with a redirect${to ? ` to ${to}` : ''}, which API calls never follow`,
      token,
    ),
    {
      ...base,
      url: displayUrl(base.url),
      status,
      statusText: response.statusText,
      serverMessage: undefined,
      body: undefined,
    },
  );
}
