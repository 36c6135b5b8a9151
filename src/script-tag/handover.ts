/**
 * What the script-tag file (`embed.ts`, small and first) hands over to the
 * widget's code (`main.ts`, fetched by it in parallel):
 *
 * - **An early start.** The first `startChat` of a widget that will start at
 *   once (inline, or opened) goes out as soon as the small file runs, while
 *   the rest of the widget downloads. The widget's viewer client takes that
 *   response for its own first request when that is exactly the same request
 *   (same URL and body: its first start); any other request goes out as usual.
 * - **Early calls.** On an element made by `Flowbot.init`, actions called
 *   before the widget's code has arrived (`show()`, `send()`, ...) are queued
 *   and run once the element has upgraded.
 *
 * Both sides meet under registered symbols, so two copies of the script agree.
 */
import { isCallableBase, normaliseBaseUrl } from '../api/transport/core.js';
import { startChatRoute } from '../protocol/routes.js';

/** What the script-tag file needs to build a widget's first request. */
export interface StartRequest {
  readonly publicId: string;
  readonly apiHost: string;
  readonly prefilledVariables?: Record<string, unknown> | undefined;
  readonly streaming: boolean;
}

interface Early {
  readonly url: string;
  /** `''`: none. */
  readonly body: string;
  /** Read first by the first turn's drawing, if it asks (`readEarlyStart`), then by the widget. */
  response: Promise<Response>;
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

/**
 * The URL and body (`''`: none) of the start request, exactly as the widget's viewer client sends
 * them; none for an id that is not one plain path segment (`[\w.~-]`, not starting with a dot, so never `.`
 * or `..`), or an `apiHost` that is not a URL it can call (`isCallableBase`): ids the client checks
 * (and may refuse, with its own error) and such hosts are left to it.
 */
export function startRequest(request: StartRequest): { url: string; body: string } | undefined {
  // An api-host the widget will refuse (and say why) sends nothing, here too.
  if (!/^[\w~-][\w.~-]*$/.test(request.publicId) || !isCallableBase(request.apiHost)) return undefined;
  // Such an id is its own encoding.
  const path = `${normaliseBaseUrl(request.apiHost)}${startChatRoute(request.publicId)}`;
  const fields = {
    ...(request.prefilledVariables ? { prefilledVariables: request.prefilledVariables } : {}),
    ...(request.streaming ? { isStreamEnabled: true } : {}),
  };
  return {
    url: new URL(path, location.href).href,
    body: Object.keys(fields).length ? JSON.stringify(fields) : '',
  };
}

/** Sends `el`'s first start now; the widget takes the response when it starts. */
export function startEarly(el: Element, request: StartRequest): void {
  const start = startRequest(request);
  if (!start) return;
  const { url, body } = start;
  const abort = new AbortController();
  const response = fetch(url, {
    method: 'POST',
    signal: abort.signal,
    // As every API call (`REDIRECT_MODE`): a redirect would send the body elsewhere; the widget reports it.
    redirect: 'manual',
    headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body || null,
  });
  // The body is left to the widget's code, which reads it as any answer: counted, and refused past
  // the widget's limit before it is parsed (meanwhile the browser holds what has arrived). A
  // failure is reported by the widget when it takes the response.
  response.catch(() => undefined);
  early().set(el, { url, body, response, abort, wasConnected: el.isConnected });
}

/**
 * Lets `read` (the first turn's drawing before the widget's code is there, `element/first-turn/`)
 * read `el`'s early start's answer first: it gives back the answer the widget then takes in its
 * place, with the same status, headers and bytes (the body is read once, never copied: a copy of a
 * body that inflates without end is held whole by some engines). False once the widget took it.
 */
export function readEarlyStart(el: Element, read: (response: Response) => Promise<Response>): boolean {
  const entry = early().get(el);
  if (entry) {
    entry.response = entry.response.then(read);
    // As the answer itself: a failure is the widget's to report, and nobody's when it never takes it.
    entry.response.catch(() => undefined);
  }
  return !!entry;
}

/** Whether the script-tag file sent an early start for `el` that the widget has not taken yet. */
export const hasEarlyStart = (el: Element): boolean => early().has(el);

/**
 * `el`'s early start, if it was sent for exactly `request` (its URL and body, as `startRequest`
 * makes them); taken once. The request's signal now stops it, as it would the request. An early
 * start for another request is stopped (the widget's own request goes out instead).
 */
export async function takeEarlyStart(el: Element, request: Request): Promise<Response | undefined> {
  const entry = early().get(el);
  if (!entry) return;
  early().delete(el);
  const { signal } = request;
  if (entry.url !== request.url || entry.body !== (await request.clone().text())) entry.abort.abort();
  else {
    if (signal.aborted) entry.abort.abort(signal.reason);
    else signal.addEventListener('abort', () => entry.abort.abort(signal.reason), { once: true });
    return entry.response;
  }
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

/** The actions queued on `el` so far: each its name and arguments. */
export const queuedOn = (el: Element): Queued => (el as Stubbed)[QUEUE] ?? [];

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
