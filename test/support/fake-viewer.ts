/**
 * A fake viewer for the component tests: `fetch` replaced by scripted replies (`stubViewer`), or
 * passed through to the reference server and recorded (`spyViewer`); and the messages it sends.
 */
import { vi } from 'vitest';
import { startChatResult } from './controller-host.js';

/** A recorded viewer call. */
export interface ViewerCall {
  readonly kind: 'start' | 'continue' | 'other';
  readonly url: string;
  readonly body: Record<string, unknown>;
}

function kindOf(url: string): ViewerCall['kind'] {
  if (url.includes('/startChat')) return 'start';
  if (url.includes('/continueChat')) return 'continue';
  return 'other';
}

async function record(calls: ViewerCall[], request: Request): Promise<void> {
  let body: Record<string, unknown> = {};
  try {
    const raw = await request.clone().text();
    body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    // Not JSON: keep {}.
  }
  calls.push({ kind: kindOf(request.url), url: request.url, body });
}

/** Something that answers a stubbed call: a JSON body, a Response, or a function of the request body. */
export type StubReply = unknown | ((body: Record<string, unknown>) => unknown);

/**
 * Replaces `fetch` with a fake viewer: `start` answers startChat, `turns`
 * answer continueChat in order (then `{ messages: [] }`). A reply that is a
 * `Response` or a function returning one is used as is; an `Error` is thrown.
 */
export function stubViewer(start: StubReply, turns: StubReply[] = []): { calls: ViewerCall[] } {
  const calls: ViewerCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    await record(calls, request);
    const last = calls.at(-1)!;
    let reply: unknown =
      last.kind === 'start' ? start : last.kind === 'continue' ? (turns.shift() ?? { messages: [] }) : {};
    if (typeof reply === 'function') reply = await (reply as (body: unknown) => unknown)(last.body);
    if (reply instanceof Error) throw reply;
    if (reply instanceof Response) return reply;
    return Response.json(reply);
  });
  return { calls };
}

/**
 * Lets requests reach the real reference server, recording them; the next
 * `times` requests whose URL matches `match` carry the server's fault header
 * (`status=503`, `delay=2000`, `hang`, ...).
 */
export function spyViewer(fault?: { spec: string; match: string; times?: number }): { calls: ViewerCall[] } {
  const calls: ViewerCall[] = [];
  const original = globalThis.fetch.bind(globalThis);
  let left = fault?.times ?? 1;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    await record(calls, request);
    if (fault && left > 0 && request.url.includes(fault.match)) {
      left--;
      request.headers.set('x-reference-fault', fault.spec);
    }
    return original(request);
  });
  return { calls };
}

/** A rich-text message of one paragraph made of `children` (text leaves, links). */
export function paragraphMessage(id: string, ...children: unknown[]): { id: string; type: string; content: unknown } {
  return { id, type: 'text', content: { type: 'richText', richText: [{ type: 'p', children }] } };
}

/** A rich-text message with one paragraph. */
export function textMessage(id: string, value: string): { id: string; type: string; content: unknown } {
  return paragraphMessage(id, { text: value });
}

/** A startChat response: session `session-1`, a greeting from the stub and a text input. */
export function startResponse(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const greeting = textMessage('m1', 'Hello from the stub');
  return { ...startChatResult({ sessionId: 'session-1', resultId: 'result-1' }), messages: [greeting], ...overrides };
}
