/** Helpers shared by the component tests of `<flowbot-chat>`. */
import { vi } from 'vitest';
import '../../src/define.js';
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';

/** The first element matching `selector` in the shadow root. */
export function $<T extends Element = HTMLElement>(el: FlowbotChat, selector: string): T | null {
  return el.shadowRoot!.querySelector<T>(selector);
}

/** Every element matching `selector` in the shadow root. */
export function $$<T extends Element = HTMLElement>(el: FlowbotChat, selector: string): T[] {
  return [...el.shadowRoot!.querySelectorAll<T>(selector)];
}

/** The first element exposing `name` among its parts. */
export function part<T extends Element = HTMLElement>(el: FlowbotChat, name: string): T | null {
  return $<T>(el, `[part~="${name}"]`);
}

/** Every element exposing `name` among its parts. */
export function parts<T extends Element = HTMLElement>(el: FlowbotChat, name: string): T[] {
  return $$<T>(el, `[part~="${name}"]`);
}

const textOf = (node: Element): string => (node.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The visible text of each bot bubble. */
export const botTexts = (el: FlowbotChat): string[] => parts(el, 'bot-message').map(textOf);

/** The visible text of each visitor bubble. */
export const userTexts = (el: FlowbotChat): string[] => parts(el, 'user-message').map(textOf);

/** Text of an element, white space collapsed. */
export const text = (node: Element | null): string => (node ? textOf(node) : '');

/** Polls `probe` until it returns something truthy; fails after `timeout` ms. */
export async function until<T>(probe: () => T | null | undefined | false | '', timeout = 5000): Promise<T> {
  return vi.waitFor(
    () => {
      const value = probe();
      if (!value) throw new Error('condition not met yet');
      return value;
    },
    { timeout, interval: 15 },
  );
}

/** Waits until the element shows an input control (a field or choices). */
export function inputShown(el: FlowbotChat, timeout?: number): Promise<HTMLElement> {
  return until(() => $(el, '.composer input, .composer textarea, .composer [part~="choice"]'), timeout);
}

/** Types `value` into the answer field and clicks the send button. */
export async function typeAndSend(el: FlowbotChat, value: string): Promise<void> {
  const field = await until(() => $<HTMLInputElement | HTMLTextAreaElement>(el, '.composer [part~="input"]'));
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  part<HTMLButtonElement>(el, 'send-button')!.click();
}

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

/** A rich-text message with one paragraph. */
export function textMessage(id: string, value: string): { id: string; type: string; content: unknown } {
  return { id, type: 'text', content: { type: 'richText', richText: [{ type: 'p', children: [{ text: value }] }] } };
}

/** A startChat response. */
export function startResponse(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    sessionId: 'session-1',
    resultId: 'result-1',
    flowbot: { id: 'bot', version: '1' },
    messages: [textMessage('m1', 'Hello from the stub')],
    input: { id: 'in-1', type: 'text input' },
    ...overrides,
  };
}
