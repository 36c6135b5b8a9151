/**
 * What the script-tag file (`embed.ts`, small and first) hands over to the
 * widget's code (`main.ts`, fetched by it in parallel):
 *
 * - **An early start.** The first `startChat` of a widget that will start at
 *   once (inline, or opened) goes out as soon as the small file runs, while
 *   the rest of the widget downloads. The widget takes that response for its
 *   own first start when it asks for exactly the same request (same URL and
 *   body); any other request goes out as usual.
 * - **Early calls.** On an element made by `Flowbot.init`, actions called
 *   before the widget's code has arrived (`show()`, `send()`, ...) are queued
 *   and run once the element has upgraded.
 *
 * Both sides meet under registered symbols, so two copies of the script agree.
 */
import { normaliseBaseUrl } from '../api/transport/core.js';
import { MAX_RESPONSE_BYTES } from '../protocol/limits.js';
import { startChatPath } from '../protocol/routes.js';

/** What the widget needs to build its first request. */
export interface StartRequest {
  readonly publicId: string;
  readonly apiHost: string;
  readonly prefilledVariables?: Record<string, unknown> | undefined;
  readonly streaming: boolean;
}

interface Early {
  readonly url: string;
  readonly body: string | undefined;
  readonly response: Promise<Response>;
  readonly abort: AbortController;
  /** The element was in the page when its start went out (one made by `Flowbot.init` may be mounted later). */
  readonly wasConnected: boolean;
}

/** The actions queued on an element made before the widget's code arrived. */
export const QUEUED_METHODS = ['show', 'hide', 'toggle', 'restart', 'send'] as const;

const EARLY = Symbol.for('flowbot-chat/early-start');
const QUEUE = Symbol.for('flowbot-chat/queued-calls');

type Shared = { [EARLY]?: Map<Element, Early> };
/** Entries leave when the widget takes them, or when `stopOrphanedStarts` finds their element gone. */
const early = (): Map<Element, Early> => ((globalThis as Shared)[EARLY] ??= new Map());

/** The URL and body of the start request, exactly as the widget's viewer client sends them. */
export function startRequest(request: StartRequest): { url: string; body: string | undefined } {
  const path = `${normaliseBaseUrl(request.apiHost)}${startChatPath(request.publicId)}`;
  const fields = {
    ...(request.prefilledVariables ? { prefilledVariables: request.prefilledVariables } : {}),
    ...(request.streaming ? { isStreamEnabled: true } : {}),
  };
  return {
    url: new URL(path, globalThis.location?.href).href,
    body: Object.keys(fields).length ? JSON.stringify(fields) : undefined,
  };
}

/** Sends `el`'s first start now; the widget takes the response when it starts. */
export function startEarly(el: Element, request: StartRequest): void {
  // Ids the client checks (and refuses) are left to it, with its own error.
  if (!/^[\w~-][\w.~-]*$/.test(request.publicId) || /^\.+$/.test(request.publicId)) return;
  const { url, body } = startRequest(request);
  const abort = new AbortController();
  const response = fetch(url, {
    method: 'POST',
    signal: abort.signal,
    // As every API call (`REDIRECT_MODE`): a redirect would send the body elsewhere; the widget reports it.
    redirect: 'manual',
    headers: body ? { accept: 'application/json', 'content-type': 'application/json' } : { accept: 'application/json' },
    ...(body ? { body } : {}),
  }).then(async (r) => {
    // The body is read now, while the widget's code is on its way: once that code runs, the
    // response is there at once, and the first message can be drawn with the first render.
    // A redirected or failed response is left as it is, for the widget to report.
    const reader = r.ok && r.body?.getReader();
    if (!reader) return r;
    // Only as much as the widget would read: past that, it refuses the response (and the rest is never read).
    const chunks: Uint8Array[] = [];
    for (let size = 0, chunk; size <= MAX_RESPONSE_BYTES && !(chunk = await reader.read()).done;) {
      chunks.push(chunk.value);
      size += chunk.value.length;
    }
    // What was read comes out at once (a stream of this page, not of the network), then any rest.
    const body = new ReadableStream<Uint8Array>({
      pull: async (out) => {
        const next = chunks.shift() ?? (await reader.read()).value;
        if (next) out.enqueue(next);
        else out.close();
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, r);
  });
  // A failure is reported by the widget when it takes the response.
  response.catch(() => undefined);
  early().set(el, { url, body, response, abort, wasConnected: el.isConnected });
}

/**
 * `el`'s early start, if it was sent for exactly this request; taken once.
 * `signal` now stops it, as it would the widget's own request. An early start
 * for another request is stopped (the widget sends its own).
 */
export function takeEarlyStart(
  el: Element,
  url: string,
  body: string | undefined,
  signal?: AbortSignal,
): Promise<Response> | undefined {
  const entry = early().get(el);
  if (!entry) return undefined;
  early().delete(el);
  if (entry.url !== url || entry.body !== body) {
    entry.abort.abort();
    return undefined;
  }
  if (signal?.aborted) entry.abort.abort(signal.reason);
  else signal?.addEventListener('abort', () => entry.abort.abort(signal.reason), { once: true });
  return entry.response;
}

/**
 * Stops the early starts of elements that left the page before the widget's
 * code arrived (they will never take their answer). Run once that code is there.
 * An element not yet mounted when its start went out (`Flowbot.init` waiting
 * for its target) keeps it.
 */
export function stopOrphanedStarts(): void {
  for (const [el, entry] of early()) {
    if (entry.wasConnected && !el.isConnected) {
      entry.abort.abort();
      early().delete(el);
    }
  }
}

type Queued = Array<[string, unknown[]]>;
type Stubbed = Element & { [QUEUE]?: Queued } & Record<string, unknown>;

/** Gives `el` stand-ins for its actions that queue the calls until it upgrades. */
export function queueCalls(el: Element): void {
  const host = el as Stubbed;
  const queue: Queued = (host[QUEUE] = []);
  for (const name of QUEUED_METHODS) {
    host[name] = (...args: unknown[]) => {
      queue.push([name, args]);
      return false;
    };
  }
}

/** Removes the stand-ins of `el` (now upgraded) and runs the calls they queued, in order. */
export function runQueuedCalls(el: Element): void {
  const host = el as Stubbed;
  const queue = host[QUEUE];
  if (!queue) return;
  delete host[QUEUE];
  for (const name of QUEUED_METHODS) delete host[name];
  for (const [name, args] of queue) {
    const method: unknown = host[name];
    if (typeof method === 'function') (method as (...a: unknown[]) => unknown).apply(el, args);
  }
}
