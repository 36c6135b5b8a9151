/**
 * The errors of the client. ky stays hidden behind them: every failure of a
 * verb is one of these classes (or, for a call the caller aborted, the abort
 * reason itself; see `isAbortError`).
 *
 * Messages name the operation, the method and the URL. They never carry the
 * access token (one a server echoes back is replaced by `***`). `cause` holds
 * the underlying error where there is one worth keeping (a network failure,
 * a failing token function); ky's own HTTP and timeout errors are not kept,
 * because they hold the request, whose headers carry the token, and logging
 * an error prints its cause.
 */
import type { FieldIssue } from '../protocol/read.js';

/** Where a failed call was going: shared by every error of the client. */
export interface FlowbotErrorContext {
  /** The verb that failed, such as `createLesson`. */
  operation: string;
  /** The HTTP method, upper-case. */
  method: string;
  /** The request URL. */
  url: string;
  /** The underlying error, when there is one. */
  cause?: unknown;
}

/** Base class of every error the client throws. */
export class FlowbotError extends Error {
  override name = 'FlowbotError';
  /** The verb that failed, such as `createLesson`. */
  readonly operation: string;
  /** The HTTP method, upper-case. */
  readonly method: string;
  /** The request URL. */
  readonly url: string;

  constructor(message: string, context: FlowbotErrorContext) {
    super(message, 'cause' in context ? { cause: context.cause } : undefined);
    this.operation = context.operation;
    this.method = context.method;
    this.url = context.url;
  }
}

/** The server answered with a non-2xx status. */
export class FlowbotHttpError extends FlowbotError {
  override name = 'FlowbotHttpError';
  /** The HTTP status code, such as 404. */
  readonly status: number;
  /** The HTTP status text (may be empty). */
  readonly statusText: string;
  /** The `message` field of the server's JSON error body, when it has one. */
  readonly serverMessage: string | undefined;
  /** The error body: parsed JSON, else the raw text, else `undefined`. */
  readonly body: unknown;

  constructor(
    message: string,
    context: FlowbotErrorContext & {
      status: number;
      statusText: string;
      serverMessage: string | undefined;
      body: unknown;
    },
  ) {
    super(message, context);
    this.status = context.status;
    this.statusText = context.statusText;
    this.serverMessage = context.serverMessage;
    this.body = context.body;
  }
}

/** No response arrived within the timeout. */
export class FlowbotTimeoutError extends FlowbotError {
  override name = 'FlowbotTimeoutError';
  /** The timeout that elapsed, in milliseconds. */
  readonly timeout: number;

  constructor(message: string, context: FlowbotErrorContext & { timeout: number }) {
    super(message, context);
    this.timeout = context.timeout;
  }
}

/** The request could not be sent or the response not read (offline, DNS, CORS, reset). */
export class FlowbotNetworkError extends FlowbotError {
  override name = 'FlowbotNetworkError';
}

/** The client refused to send the request: its parameters break the interface's rules. */
export class FlowbotValidationError extends FlowbotError {
  override name = 'FlowbotValidationError';
  /** Every failing field, one entry per field. */
  readonly issues: readonly FieldIssue[];

  constructor(message: string, context: FlowbotErrorContext & { issues: readonly FieldIssue[] }) {
    super(message, context);
    this.issues = context.issues;
  }
}

/** A 2xx response whose body is not JSON or does not have the documented shape. */
export class FlowbotResponseError extends FlowbotError {
  override name = 'FlowbotResponseError';
  /** The HTTP status of the response. */
  readonly status: number;
  /** The fields that break the documented shape (empty when the body is not JSON at all). */
  readonly issues: readonly FieldIssue[];
  /** The body: parsed JSON, else the raw text. */
  readonly body: unknown;

  constructor(
    message: string,
    context: FlowbotErrorContext & { status: number; issues: readonly FieldIssue[]; body: unknown },
  ) {
    super(message, context);
    this.status = context.status;
    this.issues = context.issues;
    this.body = context.body;
  }
}

const ERROR_NAMES: ReadonlySet<string> = new Set([
  'FlowbotError',
  'FlowbotHttpError',
  'FlowbotTimeoutError',
  'FlowbotNetworkError',
  'FlowbotValidationError',
  'FlowbotResponseError',
]);

// `instanceof` fails across realms (iframes) and across two copies of this
// package on one page; the name does not.
function hasName(value: unknown, name: string): boolean {
  return typeof value === 'object' && value !== null && (value as { name?: unknown }).name === name;
}

/** Whether `value` is any error of this client. */
export function isFlowbotError(value: unknown): value is FlowbotError {
  return (
    value instanceof FlowbotError ||
    (typeof value === 'object' &&
      value !== null &&
      ERROR_NAMES.has(String((value as { name?: unknown }).name)) &&
      typeof (value as { operation?: unknown }).operation === 'string')
  );
}

/** Whether `value` is a `FlowbotHttpError` (the server answered with a non-2xx status). */
export function isFlowbotHttpError(value: unknown): value is FlowbotHttpError {
  return value instanceof FlowbotHttpError || hasName(value, 'FlowbotHttpError');
}

/** Whether `value` is a `FlowbotTimeoutError`. */
export function isFlowbotTimeoutError(value: unknown): value is FlowbotTimeoutError {
  return value instanceof FlowbotTimeoutError || hasName(value, 'FlowbotTimeoutError');
}

/** Whether `value` is a `FlowbotNetworkError`. */
export function isFlowbotNetworkError(value: unknown): value is FlowbotNetworkError {
  return value instanceof FlowbotNetworkError || hasName(value, 'FlowbotNetworkError');
}

/** Whether `value` is a `FlowbotValidationError` (nothing was sent). */
export function isFlowbotValidationError(value: unknown): value is FlowbotValidationError {
  return value instanceof FlowbotValidationError || hasName(value, 'FlowbotValidationError');
}

/** Whether `value` is a `FlowbotResponseError` (a 2xx response of the wrong shape). */
export function isFlowbotResponseError(value: unknown): value is FlowbotResponseError {
  return value instanceof FlowbotResponseError || hasName(value, 'FlowbotResponseError');
}

/**
 * Whether `value` is the error of an aborted call. A verb whose `signal` is
 * aborted rethrows the abort as-is (a `DOMException` named `AbortError`,
 * unless the caller passed its own reason to `abort()`), so callers can
 * ignore it: `catch (e) { if (isAbortError(e)) return; throw e; }`.
 */
export function isAbortError(value: unknown): boolean {
  return hasName(value, 'AbortError');
}

/**
 * Whether `value` says the viewer no longer knows the session (it expired after its idle time,
 * the viewer restarted, the bot was republished): a 404 on a session's call, or a 400 or 410
 * whose message says the session expired or does not exist (`anyNotFound: false`: a 404 only
 * with such a message). Repeating the call cannot succeed.
 */
export function isSessionExpiredError(value: unknown, { anyNotFound = true } = {}): boolean {
  if (!isFlowbotHttpError(value)) return false;
  const said = value.serverMessage ?? '';
  // A call without a session in its path (an upload's) may answer 404 for want of the route: only its message tells.
  if (value.status === 404 && anyNotFound) return true;
  return (
    [400, 404, 410].includes(value.status) &&
    /session/i.test(said) &&
    /expired|not found|does not exist|unknown/i.test(said)
  );
}
