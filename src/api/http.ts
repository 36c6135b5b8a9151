/**
 * Internals shared by the viewer client and the full client: one ky instance
 * per base URL, the bearer-token hook, request checks, response validation
 * and the mapping of every failure to the client's own errors.
 *
 * Nothing here runs at import time, so the module is safe to load during
 * server-side rendering.
 */
import ky, { HTTPError, TimeoutError, type KyInstance, type Options as KyOptions } from 'ky';
import * as v from 'valibot';
import {
  FlowbotError,
  FlowbotHttpError,
  FlowbotNetworkError,
  FlowbotResponseError,
  FlowbotTimeoutError,
  FlowbotValidationError,
  isFlowbotError,
} from './errors.js';
import { toFieldIssues, type FieldIssue } from './schemas.js';

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

const DEFAULT_RETRY: Required<FlowbotRetryOptions> = {
  limit: 2,
  statusCodes: [408, 429, 500, 502, 503, 504],
  backoffLimit: 3_000,
  maxRetryAfter: 10_000,
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request of a verb. */
export interface RequestSpec<S extends v.GenericSchema> {
  /** The verb's name, used in error messages. */
  operation: string;
  method: HttpMethod;
  /** Path below the base URL, without a leading slash, path parameters already encoded. */
  path: string;
  /** The JSON body, if any. */
  json?: unknown;
  /** Name of the header that carries the token; none: the call is sent without one. */
  authHeader?: string;
  /** Schema of a successful response body. */
  schema: S;
}

/** Requests against one base URL. */
export interface Endpoint {
  /** The absolute (or, in a browser, page-relative) URL of `path`, as used in messages. */
  url(path: string): string;
  /** Sends a request and returns the validated response body. */
  send<S extends v.GenericSchema>(spec: RequestSpec<S>, call?: CallOptions): Promise<v.InferOutput<S>>;
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

/** What the token hook and the error mapping share about one call. */
interface CallState {
  operation: string;
  authHeader: string | undefined;
  /** The token sent, kept only to scrub it from error messages. */
  token: string | undefined;
}

const STATE_KEY = 'flowbotCall';

/** Strips trailing slashes; an empty base means the page's own origin. */
export function normaliseBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/\/+$/, '');
  return trimmed === '' ? '/' : `${trimmed}/`;
}

/** Encodes one path parameter. */
export const segment = (value: string | number): string => encodeURIComponent(String(value));

const USERINFO = /\b([a-z][a-z\d+.-]*:\/\/)[^/@\s]*@/gi;

/** Removes `user:password@` from a URL before it goes into a message. */
function displayUrl(url: string): string {
  return url.replace(USERINFO, '$1');
}

/** Keeps secrets out of a message: the token (should a server echo it) and URL credentials. */
function scrub(text: string, token: string | undefined): string {
  const clean = displayUrl(text);
  return token && token.length >= 4 ? clean.split(token).join('***') : clean;
}

function formatIssues(issues: readonly FieldIssue[]): string {
  return issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
}

/** Keeps the first issue of each field: one pipe can report several for the same value. */
function firstIssuePerField(issues: readonly FieldIssue[]): FieldIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => !seen.has(issue.path) && seen.add(issue.path));
}

/**
 * Checks a request against a schema before anything is sent; throws one
 * `FlowbotValidationError` that lists every failing field.
 */
export function checkRequest<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  context: { operation: string; method: string; url: string },
): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw validationError(firstIssuePerField(toFieldIssues(result.issues)), context);
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

/** Refuses empty path parameters: they would address another resource. */
export function checkPathParams(
  params: Record<string, unknown>,
  context: { operation: string; method: string; url: string },
): void {
  const issues: FieldIssue[] = [];
  for (const [path, value] of Object.entries(params)) {
    if (typeof value === 'number' ? !Number.isFinite(value) : typeof value !== 'string' || value.trim() === '') {
      issues.push({ path, message: 'is required (a non-empty string)' });
    }
  }
  if (issues.length > 0) throw validationError(issues, context);
}

function toKyRetry(retry: number | FlowbotRetryOptions | undefined): NonNullable<KyOptions['retry']> {
  const options = typeof retry === 'number' ? { ...DEFAULT_RETRY, limit: retry } : { ...DEFAULT_RETRY, ...retry };
  return {
    limit: options.limit,
    methods: ['get'],
    statusCodes: options.statusCodes,
    afterStatusCodes: [429, 503],
    backoffLimit: options.backoffLimit,
    maxRetryAfter: options.maxRetryAfter,
    // Our own errors (a missing token, say) are final.
    shouldRetry: ({ error }) => (isFlowbotError(error) ? false : undefined),
  };
}

async function resolveToken(token: TokenSource | undefined, state: CallState, method: string, url: string) {
  let value: unknown;
  try {
    value = typeof token === 'function' ? await token() : token;
  } catch (cause) {
    throw new FlowbotError(`${state.operation}: the token function failed, nothing was sent (${method} ${url})`, {
      operation: state.operation,
      method,
      url,
      cause,
    });
  }
  if (typeof value !== 'string' || value === '') {
    throw validationError([{ path: 'token', message: 'is required for this operation but none was given' }], {
      operation: state.operation,
      method,
      url,
    });
  }
  return value;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const BODY_TIMEOUT = Symbol('body timeout');

/**
 * Reads the body within `ms`: ky's own timeout stops once the headers are in,
 * and a server that stalls mid-body must not hang the caller forever.
 */
function readBody(response: Response, ms: number, stop: AbortController, caller?: AbortSignal): Promise<string> {
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

/** Creates the requester for one base URL: one `ky.create()` with the token hook. */
export function createEndpoint(config: EndpointConfig): Endpoint {
  const prefixUrl = normaliseBaseUrl(config.baseUrl);
  const timeout = config.timeout ?? DEFAULT_TIMEOUT;
  const userFetch = config.fetch;
  const instance: KyInstance = ky.create({
    prefixUrl,
    timeout,
    retry: toKyRetry(config.retry),
    headers: { accept: 'application/json', ...config.headers },
    // The global fetch is looked up per request (not at import), so tests and
    // polyfills that replace it later are honoured.
    fetch: (input, init) =>
      (userFetch ?? globalThis.fetch)(input instanceof Request ? input : new Request(input), init),
    hooks: {
      beforeRequest: [
        async (request, options) => {
          const state = options.context[STATE_KEY] as CallState | undefined;
          if (!state?.authHeader) return;
          const token = await resolveToken(config.token, state, request.method, displayUrl(request.url));
          state.token = token;
          const bearer = state.authHeader.toLowerCase() === 'authorization';
          request.headers.set(state.authHeader, bearer ? `Bearer ${token}` : token);
        },
      ],
    },
  });

  const url = (path: string): string => prefixUrl + path;

  async function send<S extends v.GenericSchema>(
    spec: RequestSpec<S>,
    call: CallOptions = {},
  ): Promise<v.InferOutput<S>> {
    const { operation, method } = spec;
    const target = displayUrl(url(spec.path));
    const base = { operation, method, url: target };
    call.signal?.throwIfAborted();
    if (spec.authHeader && (config.token === undefined || config.token === '')) {
      throw validationError([{ path: 'token', message: 'is required for this operation but none was configured' }], base);
    }
    const state: CallState = { operation, authHeader: spec.authHeader, token: undefined };
    const callTimeout = call.timeout ?? timeout;
    // Aborted by the body timer; ky's own signal handling covers the rest.
    const stop = new AbortController();
    const signal = call.signal ? AbortSignal.any([call.signal, stop.signal]) : stop.signal;
    const aborted = () => call.signal?.aborted === true;

    let response: Response;
    try {
      response = await instance(spec.path, {
        method,
        timeout: callTimeout,
        signal,
        context: { [STATE_KEY]: state },
        ...(spec.json === undefined ? {} : { json: spec.json }),
      });
    } catch (error) {
      if (aborted()) throw call.signal?.reason;
      const mapped = await mapFailure(error, state, { ...base, timeout: callTimeout }, (response) =>
        readBody(response, callTimeout, stop, call.signal),
      );
      if (aborted()) throw call.signal?.reason;
      throw mapped;
    }

    const finalUrl = displayUrl(response.url || target);
    const at = { ...base, url: finalUrl };
    let text: string;
    try {
      text = await readBody(response, callTimeout, stop, call.signal);
    } catch (error) {
      if (aborted()) throw call.signal?.reason;
      if (error === BODY_TIMEOUT) {
        throw new FlowbotTimeoutError(
          `${operation} timed out after ${callTimeout} ms reading the response: ${method} ${finalUrl}`,
          { ...at, timeout: callTimeout },
        );
      }
      throw new FlowbotNetworkError(
        scrub(`${operation}: the response could not be read: ${method} ${finalUrl} (${describe(error)})`, state.token),
        { ...at, cause: error },
      );
    }

    const parsed = parseJson(text);
    if (!parsed.ok) {
      const kind = text.trim() === '' ? 'an empty body' : 'a body that is not JSON';
      throw new FlowbotResponseError(
        scrub(`${operation}: unexpected response from ${method} ${finalUrl}: ${response.status} with ${kind}`, state.token),
        { ...at, status: response.status, issues: [], body: text },
      );
    }
    const result = v.safeParse(spec.schema, parsed.value);
    if (!result.success) {
      const issues = firstIssuePerField(toFieldIssues(result.issues));
      throw new FlowbotResponseError(
        scrub(`${operation}: unexpected response shape from ${method} ${finalUrl}: ${formatIssues(issues)}`, state.token),
        { ...at, status: response.status, issues, body: parsed.value },
      );
    }
    return result.output;
  }

  return { url, send };
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error && cause.message ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}

/**
 * Turns what ky threw into the client's errors. ky's `HTTPError` and
 * `TimeoutError` are not kept as `cause`: they hold the request, whose headers
 * carry the token, and logging an error prints its cause.
 */
async function mapFailure(
  error: unknown,
  state: CallState,
  base: { operation: string; method: string; url: string; timeout: number },
  read: (response: Response) => Promise<string>,
): Promise<Error> {
  const { operation, method, url, timeout } = base;
  const at = { operation, method, url };
  if (isFlowbotError(error)) return error;
  if (error instanceof HTTPError) {
    const response = error.response;
    at.url = displayUrl(response.url || url);
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
      scrub(
        `${operation} failed: ${method} ${at.url} answered ${status}${serverMessage ? `: ${serverMessage}` : ''}`,
        state.token,
      ),
      {
        ...at,
        status: response.status,
        statusText: response.statusText,
        serverMessage: serverMessage === undefined ? undefined : scrub(serverMessage, state.token),
        body,
      },
    );
  }
  if (error instanceof TimeoutError) {
    return new FlowbotTimeoutError(`${operation} timed out after ${timeout} ms: ${method} ${url}`, { ...at, timeout });
  }
  return new FlowbotNetworkError(
    scrub(`${operation}: the request failed before any response: ${method} ${url} (${describe(error)})`, state.token),
    { ...at, cause: error },
  );
}
