/**
 * The full client's transport: one ky instance per base URL with the
 * bearer-token hook and GET retries, on top of the shared core (request
 * checks, response validation, error mapping).
 */
import ky, { HTTPError, TimeoutError, type KyInstance, type Options as KyOptions } from 'ky';
import { FlowbotError, FlowbotNetworkError, FlowbotTimeoutError, isFlowbotError } from '../errors.js';
import {
  DEFAULT_TIMEOUT,
  displayUrl,
  normaliseBaseUrl,
  scrub,
  validationError,
  type CallOptions,
  type Endpoint,
  type EndpointConfig,
  type FlowbotRetryOptions,
  type RequestSpec,
  type TokenSource,
} from './core.js';
import { describe, httpError, readBody, readResult, REDIRECT_MODE, redirectError } from './response.js';
import { redact } from './redact.js';

export * from './core.js';

const DEFAULT_RETRY: Required<FlowbotRetryOptions> = {
  limit: 2,
  statusCodes: [408, 429, 500, 502, 503, 504],
  backoffLimit: 3_000,
  maxRetryAfter: 10_000,
};

/** What the token hook and the error mapping share about one call. */
interface CallState {
  operation: string;
  authHeader: string | undefined;
  /** The token sent (the last one, when a GET was retried), kept only to scrub it from errors. */
  token: string | undefined;
  /** Every token resolved for this call: a token function may hand out a new one per attempt. */
  tokens: string[];
}

const STATE_KEY = 'flowbotCall';

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
  checkToken(value, state.operation, method, url);
  return value;
}

/**
 * A token goes into an HTTP header: it must be visible ASCII (what a bearer
 * token is made of). Anything else is refused before `Headers` sees it, whose
 * own error would quote the raw value; the refusal never quotes it.
 */
function checkToken(token: string, operation: string, method: string, url: string): void {
  if (!/^[\x21-\x7e]+$/.test(token)) {
    throw validationError(
      [{ path: 'token', message: 'must be visible ASCII characters only (it is sent in a header)' }],
      {
        operation,
        method,
        url,
      },
    );
  }
}

/** The `ky` instance of one endpoint: its base URL, timeout, retries and headers, the `fetch` as configured, the token hook. */
function kyFor(config: EndpointConfig, prefixUrl: string, timeout: number): KyInstance {
  const userFetch = config.fetch;
  return ky.create({
    prefixUrl,
    timeout,
    retry: toKyRetry(config.retry),
    redirect: REDIRECT_MODE,
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
          state.tokens.push(token);
          const bearer = state.authHeader.toLowerCase() === 'authorization';
          request.headers.set(state.authHeader, bearer ? `Bearer ${token}` : token);
        },
      ],
    },
  });
}

/** Creates the requester for one base URL: one `ky.create()` with the token hook. */
export function createEndpoint(config: EndpointConfig): Endpoint {
  const prefixUrl = normaliseBaseUrl(config.baseUrl);
  const timeout = config.timeout ?? DEFAULT_TIMEOUT;
  const instance = kyFor(config, prefixUrl, timeout);

  const url = (path: string): string => prefixUrl + path;

  async function send<T>(spec: RequestSpec<T>, call: CallOptions = {}): Promise<T> {
    const { operation, method } = spec;
    const target = displayUrl(url(spec.path));
    const base = { operation, method, url: target };
    call.signal?.throwIfAborted();
    if (spec.authHeader && (config.token === undefined || config.token === '')) {
      throw validationError(
        [{ path: 'token', message: 'is required for this operation but none was configured' }],
        base,
      );
    }
    if (spec.authHeader && typeof config.token === 'string') checkToken(config.token, operation, method, target);
    const state: CallState = { operation, authHeader: spec.authHeader, token: undefined, tokens: [] };
    // A static token is known even before it is sent (and can be echoed in anything).
    const secrets = () => (typeof config.token === 'string' ? [config.token, ...state.tokens] : state.tokens);
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
      // The platform's responses (lists of an institution's data) have no size limit, unlike the viewer's.
      const mapped = await mapFailure(error, state, { ...base, timeout: callTimeout }, (response) =>
        readBody(response, callTimeout, stop, call.signal, Infinity),
      );
      if (aborted()) throw call.signal?.reason;
      throw redact(mapped, secrets());
    }

    const moved = redirectError(response, base, state.token);
    if (moved) throw redact(moved, secrets());
    try {
      return await readResult(response, spec.read, base, {
        timeout: callTimeout,
        stop,
        signal: call.signal,
        token: state.token,
        max: Infinity,
      });
    } catch (error) {
      if (aborted()) throw call.signal?.reason;
      throw redact(error, secrets());
    }
  }

  return { url, send };
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
    return redirectError(error.response, at, state.token) ?? httpError(error.response, at, state.token, read);
  }
  if (error instanceof TimeoutError) {
    return new FlowbotTimeoutError(`${operation} timed out after ${timeout} ms: ${method} ${url}`, { ...at, timeout });
  }
  return new FlowbotNetworkError(
    scrub(`${operation}: the request failed before any response: ${method} ${url} (${describe(error)})`, state.token),
    { ...at, cause: error },
  );
}
