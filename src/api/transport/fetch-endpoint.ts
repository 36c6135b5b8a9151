/**
 * The endpoint that sends with plain `fetch`: what the viewer client, and so
 * the widget's script-tag bundle, uses (it needs no token and never retries).
 */
import { FlowbotNetworkError, FlowbotTimeoutError } from '../errors.js';
import {
  DEFAULT_TIMEOUT,
  displayUrl,
  normaliseBaseUrl,
  type CallOptions,
  type Endpoint,
  type EndpointConfig,
  type RequestSpec,
} from './core.js';
import { describe, httpError, readBody, readResult, REDIRECT_MODE, redirectError } from './response.js';

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
      callTimeout > 0 && Number.isFinite(callTimeout)
        ? setTimeout(() => stop.abort(HEADERS_TIMEOUT), callTimeout)
        : undefined;
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
