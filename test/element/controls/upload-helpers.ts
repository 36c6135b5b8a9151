/** Helpers of the upload tests: a real demo session handed to the element, and the signed-form uploads (XHR). */
import { fixture, html } from '@open-wc/testing';
import { vi } from 'vitest';
import type { FlowbotChat } from '../../../src/element/flowbot-chat.js';
import { $ } from '../../support/widget-dom.js';
import { until } from '../../support/widget-actions.js';

const post = (url: string, body: unknown): Promise<Response> =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A real demo session of the reference server, walked by plain HTTP with `answers`. */
export async function demoAt(
  answers: readonly unknown[],
): Promise<{ start: Record<string, unknown>; last: Record<string, unknown> }> {
  const call = async (url: string, body: unknown) => (await (await post(url, body)).json()) as Record<string, unknown>;
  const start = await call('/api/v1/flowbots/demo/startChat', {});
  let last = start;
  for (const message of answers)
    last = await call(`/api/v1/sessions/${String(start.sessionId)}/continueChat`, { message });
  return { start, last };
}

/** A request the element made (the signed form goes through XHR: see `storageRequests`). */
export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly body: string;
}

/**
 * A real demo session, walked up to an input by plain HTTP, then handed to
 * the element: its startChat gets that session and input (`patch` may change
 * the input), and every other call reaches the real server.
 */
export async function mountDemoAt(
  answers: readonly unknown[],
  patch: (input: Record<string, unknown>) => Record<string, unknown> = (input) => input,
): Promise<{ el: FlowbotChat; requests: SeenRequest[] }> {
  const { start, last } = await demoAt(answers);
  const requests: SeenRequest[] = [];
  const original = globalThis.fetch.bind(globalThis);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url.endsWith('/startChat')) {
      return Response.json({ ...start, messages: last.messages, input: patch(last.input as Record<string, unknown>) });
    }
    const body = request.body && !request.url.includes('/api/v3/storage') ? await request.clone().text() : '';
    requests.push({ method: request.method, url: request.url, body });
    return original(request);
  });
  const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="demo"></flowbot-chat>`);
  await until(() => $(el, '.composer form'));
  return { el, requests };
}

/**
 * Watches the signed-form uploads (XMLHttpRequest): `fault` may return a
 * fault of the reference server for a form (`status=500`, `hang`, `delay=300`).
 */
export function storageRequests(fault: (form: FormData) => string | undefined = () => undefined): {
  forms: FormData[];
  aborted: () => number;
} {
  const forms: FormData[] = [];
  let aborted = 0;
  const send = XMLHttpRequest.prototype.send;
  const abort = XMLHttpRequest.prototype.abort;
  vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest, body) {
    if (body instanceof FormData) {
      forms.push(body);
      const spec = fault(body);
      if (spec) this.setRequestHeader('x-reference-fault', spec);
    }
    send.call(this, body);
  });
  vi.spyOn(XMLHttpRequest.prototype, 'abort').mockImplementation(function (this: XMLHttpRequest) {
    aborted++;
    abort.call(this);
  });
  return { forms, aborted: () => aborted };
}
