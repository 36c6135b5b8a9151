/**
 * The client's transport-independent core: request checks, reading and
 * validating a response, and mapping every failure to the client's own
 * errors. `createFetchEndpoint` sends with plain `fetch` (what the viewer
 * client, and so the widget's script-tag bundle, uses: it needs no token and
 * never retries); `http.ts` adds the ky-based endpoint of the full client.
 *
 * Nothing here runs at import time, so the module is safe to load during
 * server-side rendering.
 */
import {
  FlowbotHttpError,
  FlowbotNetworkError,
  FlowbotResponseError,
  FlowbotTimeoutError,
  FlowbotValidationError,
} from './errors.js';
import type { FieldIssue } from './viewer-schemas.js';

/**
 * A `fetch`-compatible function. The client always calls it with a `Request`
 * (and sometimes a second `init` argument carrying only non-standard options).
 */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

/**
 * The access token: a string, or a function returning one (or a promise of
 * one). A function is called before every request that needs the token,
 * retries included, so it can hand out a renewed token.
 */
export type TokenSource = string | (() => string | Promise<string>);

/** Per-call options that every verb takes as its last argument. */
export interface CallOptions {
  /**
   * Aborts the call. An aborted call rejects with the signal's reason as-is
   * (a `DOMException` named `AbortError` unless you passed your own reason),
   * never with a `FlowbotError`, so callers can tell it apart and ignore it.
   * Default none.
   * @example `{ signal: controller.signal }`
   */
  signal?: AbortSignal;
  /**
   * Milliseconds to wait for the response of this call; overrides the
   * client's `timeout` (default 15000).
   * @example `{ timeout: 5_000 }`
   */
  timeout?: number;
}

/**
 * How GET requests are retried (on the statuses below and on network
 * failures). POST, PUT and PATCH requests are never retried: a retried
 * `startChat` would open a second session.
 */
export interface FlowbotRetryOptions {
  /**
   * How many times a GET is retried. Default `2`.
   * @example { limit: 4 }
   */
  limit?: number;
  /**
   * The statuses that cause a retry. Default `[408, 429, 500, 502, 503, 504]`.
   * @example { statusCodes: [503] }
   */
  statusCodes?: number[];
  /**
   * The longest wait between two attempts in ms when the server sends no
   * `Retry-After` (the wait doubles from 300 ms). Default `3000`.
   * @example { backoffLimit: 1_000 }
   */
  backoffLimit?: number;
  /**
   * The longest wait a `Retry-After` header (honoured on 429 and 503) may
   * impose, in ms. Default `10000`.
   * @example { maxRetryAfter: 30_000 }
   */
  maxRetryAfter?: number;
}

/** Builds `CallOptions` without `undefined` members (exact optional properties). */
export function callOptions(signal: AbortSignal | undefined, timeout: number | undefined): CallOptions {
  return { ...(signal ? { signal } : {}), ...(timeout === undefined ? {} : { timeout }) };
}

/** The client's default timeout: 15 seconds. */
export const DEFAULT_TIMEOUT = 15_000;


export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Reads an untrusted value: what it is, or what is wrong with it. The full
 * client makes readers of its valibot schemas (`reader` in schema-kit.ts); the
 * widget's viewer client has hand-written ones, so it carries no schema library.
 */
export type Reader<T> = (value: unknown) => { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

/** One request of a verb. */
export interface RequestSpec<T> {
  /** The verb's name, used in error messages. */
  operation: string;
  method: HttpMethod;
  /** Path below the base URL, without a leading slash, path parameters already encoded. */
  path: string;
  /** The JSON body, if any. */
  json?: unknown;
  /** Name of the header that carries the token; none: the call is sent without one. */
  authHeader?: string;
  /** Reads a successful response body. */
  read: Reader<T>;
}

/** Requests against one base URL. */
export interface Endpoint {
  /** The absolute (or, in a browser, page-relative) URL of `path`, as used in messages. */
  url(path: string): string;
  /** Sends a request and returns the validated response body. */
  send<T>(spec: RequestSpec<T>, call?: CallOptions): Promise<T>;
}

export interface EndpointConfig {
  /** The base URL; trailing slashes are ignored. */
  baseUrl: string;
  fetch?: FetchLike | undefined;
  timeout?: number | undefined;
  retry?: number | FlowbotRetryOptions | undefined;
  headers?: Record<string, string> | undefined;
  token?: TokenSource | undefined;
}



/** Strips trailing slashes; an empty base means the page's own origin. */
export function normaliseBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/\/+$/, '');
  return trimmed === '' ? '/' : `${trimmed}/`;
}

/** Encodes one path parameter; `''` for text that is not well-formed Unicode (which `checkPathParams` refuses). */
export function segment(value: string | number): string {
  try {
    return encodeURIComponent(String(value));
  } catch {
    return '';
  }
}

const USERINFO = /\b([a-z][a-z\d+.-]*:\/\/)[^/@\s]*@/gi;

/** Removes `user:password@` from a URL before it goes into a message. */
export function displayUrl(url: string): string {
  return url.replace(USERINFO, '$1');
}

/**
 * Keeps secrets out of a message: the token (should a server echo it), whatever
 * its length, and URL credentials. `mask` must share no character with the
 * token, or masking could make a new occurrence (`redact` sees to that).
 */
export function scrub(text: string, token: string | undefined, mask = '***'): string {
  const clean = displayUrl(text);
  return token ? clean.split(token).join(mask) : clean;
}

/** The longest issue shown in a message: valibot quotes the received value, which a server can make huge. */
const ISSUE_CHARS = 200;
/** The most issues listed in a message (all of them stay in `issues`). */
const MESSAGE_ISSUES = 10;

export function formatIssues(issues: readonly FieldIssue[]): string {
  const shown = issues.slice(0, MESSAGE_ISSUES).map((issue) => clip(`${issue.path}: ${issue.message}`, ISSUE_CHARS));
  const more = issues.length - shown.length;
  return more > 0 ? `${shown.join('; ')}; and ${more} more` : shown.join('; ');
}

export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Keeps the first issue of each field: one pipe can report several for the same value. */
export function firstIssuePerField(issues: readonly FieldIssue[]): FieldIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => !seen.has(issue.path) && seen.add(issue.path));
}

/**
 * Checks a request against a schema before anything is sent; throws one
 * `FlowbotValidationError` that lists every failing field.
 */
export function checkRequest<T>(read: Reader<T>, input: unknown, context: { operation: string; method: string; url: string }): T {
  const result = read(input);
  if (result.ok) return result.value;
  throw validationError(firstIssuePerField(result.issues), context);
}

/** The error for requests refused before sending. */
export function validationError(
  issues: readonly FieldIssue[],
  context: { operation: string; method: string; url: string },
): FlowbotValidationError {
  const url = displayUrl(context.url);
  return new FlowbotValidationError(
    `${context.operation}: invalid request, nothing was sent (${context.method} ${url}): ${formatIssues(issues)}`,
    { ...context, url, issues },
  );
}

/**
 * Refuses a path parameter that would not stay one segment of its route: a
 * blank one, `.` or `..` (a URL collapses them, sending the request to another
 * endpoint), text that is not well-formed Unicode, and a number that is not a
 * whole number. Every other character is percent-encoded by `segment`.
 */
export function checkPathParams(
  params: Record<string, unknown>,
  context: { operation: string; method: string; url: string },
): void {
  const issues: FieldIssue[] = [];
  for (const [path, value] of Object.entries(params)) {
    const message =
      typeof value === 'number'
        ? Number.isSafeInteger(value) && value >= 0
          ? ''
          : 'must be a whole number'
        : typeof value !== 'string' || value.trim() === ''
          ? 'is required (a non-empty string)'
          : value === '.' || value === '..'
            ? 'must not be "." or ".."'
            : !segment(value)
              ? 'must be well-formed Unicode'
              : '';
    if (message) issues.push({ path, message });
  }
  if (issues.length > 0) throw validationError(issues, context);
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export const BODY_TIMEOUT = Symbol('body timeout');

/**
 * Reads the body within `ms`: ky's own timeout stops once the headers are in,
 * and a server that stalls mid-body must not hang the caller forever.
 */
export function readBody(response: Response, ms: number, stop: AbortController, caller?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const expire = () => {
      stop.abort();
      reject(BODY_TIMEOUT);
    };
    const timer = ms > 0 && Number.isFinite(ms) ? setTimeout(expire, ms) : undefined;
    const onAbort = () => reject(caller?.reason);
    caller?.addEventListener('abort', onAbort, { once: true });
    response
      .text()
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
    body = parsed.ok ? parsed.value : text === '' ? undefined : text;
  } catch {
    body = undefined;
  }
  const message = (body as { message?: unknown } | undefined)?.message;
  const serverMessage = typeof message === 'string' ? message : undefined;
  const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return new FlowbotHttpError(
    scrub(`${operation} failed: ${method} ${url} answered ${status}${serverMessage ? `: ${serverMessage}` : ''}`, token),
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
 * Reads a successful response's body within the timeout, parses it and
 * validates it against the verb's schema.
 */
export async function readResult<T>(
  response: Response,
  read: Reader<T>,
  base: CallContext,
  options: { timeout: number; stop: AbortController; signal: AbortSignal | undefined; token: string | undefined },
): Promise<T> {
  const { operation, method } = base;
  const { timeout, stop, signal, token } = options;
  const finalUrl = displayUrl(response.url || base.url);
  const at = { operation, method, url: finalUrl };
  let text: string;
  try {
    text = await readBody(response, timeout, stop, signal);
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (error === BODY_TIMEOUT) {
      throw new FlowbotTimeoutError(`${operation} timed out after ${timeout} ms reading the response: ${method} ${finalUrl}`, {
        ...at,
        timeout,
      });
    }
    throw new FlowbotNetworkError(
      scrub(`${operation}: the response could not be read: ${method} ${finalUrl} (${describe(error)})`, token),
      { ...at, cause: error },
    );
  }

  const parsed = parseJson(text);
  if (!parsed.ok) {
    const kind = text.trim() === '' ? 'an empty body' : 'a body that is not JSON';
    throw new FlowbotResponseError(
      scrub(`${operation}: unexpected response from ${method} ${finalUrl}: ${response.status} with ${kind}`, token),
      { ...at, status: response.status, issues: [], body: text },
    );
  }
  const result = read(parsed.value);
  if (!result.ok) {
    const issues = firstIssuePerField(result.issues);
    throw new FlowbotResponseError(
      scrub(`${operation}: unexpected response shape from ${method} ${finalUrl}: ${formatIssues(issues)}`, token),
      { ...at, status: response.status, issues, body: parsed.value },
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
export function redirectError(response: Response, base: CallContext, token: string | undefined): FlowbotHttpError | undefined {
  const { status } = response;
  if (response.type !== 'opaqueredirect' && !response.redirected && ![301, 302, 303, 307, 308].includes(status)) return undefined;
  const { operation, method } = base;
  const to = response.headers.get('location') ?? (response.redirected ? response.url : '');
  return new FlowbotHttpError(
    scrub(`${operation} failed: ${method} ${base.url} answered with a redirect${to ? ` to ${to}` : ''}, which API calls never follow`, token),
    { ...base, url: displayUrl(base.url), status, statusText: response.statusText, serverMessage: undefined, body: undefined },
  );
}

const HEADERS_TIMEOUT = Symbol('headers timeout');

/**
 * Requests against one base URL with plain `fetch`: no token, no retries
 * (the viewer's calls are POSTs, which are never retried), the same timeout,
 * abort and error behaviour as the ky-based endpoint.
 */
export function createFetchEndpoint(config: Omit<EndpointConfig, 'retry' | 'token'>): Endpoint {
  const prefix = normaliseBaseUrl(config.baseUrl);
  const timeout = config.timeout ?? DEFAULT_TIMEOUT;
  const url = (path: string): string => prefix + path;

  async function send<T>(spec: RequestSpec<T>, call: CallOptions = {}): Promise<T> {
    const { operation, method } = spec;
    const base = { operation, method, url: displayUrl(url(spec.path)) };
    call.signal?.throwIfAborted();
    const callTimeout = call.timeout ?? timeout;
    const stop = new AbortController();
    const signal = call.signal ? AbortSignal.any([call.signal, stop.signal]) : stop.signal;
    const timer =
      callTimeout > 0 && Number.isFinite(callTimeout) ? setTimeout(() => stop.abort(HEADERS_TIMEOUT), callTimeout) : undefined;
    const headers: Record<string, string> = { accept: 'application/json', ...config.headers };
    if (spec.json !== undefined) headers['content-type'] = 'application/json';

    let response: Response;
    try {
      const target = new URL(url(spec.path), globalThis.location?.href).href;
      const request = new Request(target, {
        method,
        headers,
        signal,
        redirect: REDIRECT_MODE,
        ...(spec.json === undefined ? {} : { body: JSON.stringify(spec.json) }),
      });
      response = await (config.fetch ?? globalThis.fetch)(request);
    } catch (error) {
      if (call.signal?.aborted) throw call.signal.reason;
      if (stop.signal.reason === HEADERS_TIMEOUT) {
        throw new FlowbotTimeoutError(`${operation} timed out after ${callTimeout} ms: ${method} ${base.url}`, {
          ...base,
          timeout: callTimeout,
        });
      }
      throw new FlowbotNetworkError(
        `${operation}: the request failed before any response: ${method} ${base.url} (${describe(error)})`,
        { ...base, cause: error },
      );
    } finally {
      clearTimeout(timer);
    }

    const read = (r: Response) => readBody(r, callTimeout, stop, call.signal);
    const moved = redirectError(response, base, undefined);
    if (moved) throw moved;
    if (!response.ok) {
      const error = await httpError(response, base, undefined, read);
      if (call.signal?.aborted) throw call.signal.reason;
      throw error;
    }
    return readResult(response, spec.read, base, { timeout: callTimeout, stop, signal: call.signal, token: undefined });
  }

  return { url, send };
}
