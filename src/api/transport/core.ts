/**
 * The client's transport-independent core: its options and request types,
 * request checks, and the message helpers every error uses (URL and token
 * scrubbing, issue lists). Reading responses and building their errors:
 * `response.ts`; the plain-`fetch` endpoint: `fetch-endpoint.ts`; the
 * ky-based endpoint of the full client: `http.ts`.
 *
 * Nothing here runs at import time, so the module is safe to load during
 * server-side rendering.
 */
import { FlowbotValidationError } from '../errors.js';
import type { FieldIssue, Reader } from '../../protocol/read.js';
import { pathParamProblem } from '../../protocol/path-param.js';

export { pathParamProblem, segment } from '../../protocol/path-param.js';

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

// The full client makes readers of its valibot schemas (`schemas/reader.ts`); the widget's viewer
// client has hand-written ones (`protocol/turn.ts`), so it carries no schema library.
export type { Read, Reader } from '../../protocol/read.js';

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

/**
 * Whether the widget can call `baseUrl`: empty (the page's own origin), `http(s)://…`, `//host…` or a
 * path from the root. Anything else (`127.0.0.1:8787`, `viewer.example.com`) would be read as a path
 * under the page's own address, or as a scheme, and sent where no viewer is.
 */
export const isCallableBase = (baseUrl: string): boolean => /^(https?:\/\/|\/|$)/i.test(baseUrl.trim());

/** Strips trailing slashes; an empty base means the page's own origin. */
export function normaliseBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/\/+$/, '');
  return trimmed === '' ? '/' : `${trimmed}/`;
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
export const ISSUE_CHARS = 200;
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
export function checkRequest<T>(
  read: Reader<T>,
  input: unknown,
  context: { operation: string; method: string; url: string },
): T {
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
    const message = pathParamProblem(value);
    if (message) issues.push({ path, message });
  }
  if (issues.length > 0) throw validationError(issues, context);
}

export { parseJson } from '../../protocol/json.js';
