/**
 * `<flowbot-chat>` against a hostile network: a viewer that redirects the
 * visitor's answers, a session id no URL can hold, and answers far too large
 * (a gzip that inflates to a gigabyte, a body that never ends, 12 MB of JSON).
 */
import { fixture } from '@open-wc/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isFlowbotHttpError, isFlowbotResponseError } from '../../../src/api/errors.js';
import type { FlowbotErrorDetail } from '../../../src/element/events.js';
import type { FlowbotChat } from '../../../src/element/flowbot-chat.js';
import { botTexts, part, userTexts } from '../../support/widget-dom.js';
import { inputShown, typeAndSend, until } from '../../support/widget-actions.js';
import { spyViewer, startResponse, stubViewer } from '../../support/fake-viewer.js';
import { longestTask } from '../../support/long-task.js';
import { MAX_RESPONSE_BYTES } from '../../../src/protocol/limits.js';

afterEach(() => vi.restoreAllMocks());

async function mount(publicId: string, apiHost = ''): Promise<{ el: FlowbotChat; errors: FlowbotErrorDetail[] }> {
  const el = document.createElement('flowbot-chat');
  const errors: FlowbotErrorDetail[] = [];
  el.addEventListener('flowbot-error', (event) => errors.push(event.detail));
  el.publicId = publicId;
  el.apiHost = apiHost;
  await fixture(el);
  return { el, errors };
}

/**
 * Counts what the page takes of the body of the next response whose URL contains `match` (through the
 * fetch that `spyViewer` installed): the bytes taken, the bytes taken before the last chunk, and
 * whether the body was cancelled. The body is handed on a chunk at a time, as it is asked for.
 */
function countBody(match: string): { taken: number; before: number; chunks: number; cancelled: boolean } {
  const count = { taken: 0, before: 0, chunks: 0, cancelled: false };
  const spy = vi.mocked(globalThis.fetch);
  const inner = spy.getMockImplementation()!;
  let left = 1;
  spy.mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const response = await inner(input, init);
    if (left === 0 || !response.body || !url.includes(match)) return response;
    left--;
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const next = await reader.read();
          if (next.done) return controller.close();
          count.before = count.taken;
          count.taken += next.value.length;
          count.chunks++;
          controller.enqueue(next.value);
        },
        cancel: (reason) => {
          count.cancelled = true;
          return reader.cancel(reason);
        },
      },
      { highWaterMark: 0 },
    );
    const { status, statusText, headers } = response;
    return new Response(body, { status, statusText, headers });
  });
  return count;
}

const hits = async (): Promise<Array<{ method: string; host: string; body: string }>> =>
  (await fetch('/__redirecting/hits')).json() as never;

describe('<flowbot-chat>', () => {
  describe('with a redirecting viewer', () => {
    for (const where of ['other', 'same'] as const) {
      it(`does not re-post the answer to the redirect's target (${where} origin), and says why`, async () => {
        await hits();
        const { el, errors } = await mount(where, `${location.origin}/__redirecting`);
        await inputShown(el);
        await typeAndSend(el, 'my private answer');
        await until(() => errors.length > 0, 8000);
        expect(isFlowbotHttpError(errors[0]!.error)).toBe(true);
        expect(String((errors[0]!.error as Error).message)).toContain('answered with a redirect');
        expect(part(el, 'error')).not.toBeNull();
        expect(botTexts(el)).not.toContain('Served by the other origin');
        // Give a followed redirect time to land.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(await hits()).toEqual([]);
      });
    }
  });

  describe('with answers far too large', () => {
    const FAULTS = ['gzip-bomb', 'endless', 'huge=12'];
    const shown = (el: Element | null): boolean => !!el && el.getBoundingClientRect().height > 0;

    for (const spec of FAULTS) {
      it(`refuses a start answered with ${spec} with an error and a Retry, having read no more than its limit`, async () => {
        spyViewer({ spec, match: '/startChat' });
        const body = countBody('/startChat');
        let mounted!: Awaited<ReturnType<typeof mount>>;
        const longest = await longestTask(async () => {
          mounted = await mount('lead');
          await until(() => part(mounted.el, 'retry-button'), 15_000);
        });
        const { el, errors } = mounted;
        console.info(
          `[long-task] start with ${spec}: ${longest.toFixed(0)} ms; ${body.taken} bytes taken in ${body.chunks} chunks`,
        );
        expect(isFlowbotResponseError(errors[0]?.error)).toBe(true);
        expect(String((errors[0]!.error as Error).message)).toContain('a body over 2097152 bytes');
        expect(shown(part(el, 'error'))).toBe(true);
        // How long the browser takes to receive a body of megabytes is its own, and the machine's. What
        // keeps the page responsive is the widget's: it counts the bytes as they arrive and stops at its
        // limit, so it never reads, holds or parses the rest. The chunk that crosses the limit is the
        // last one it takes, and it cancels the body then (read whole, it would take all of it).
        expect(body.before).toBeLessThanOrEqual(MAX_RESPONSE_BYTES);
        expect(body.taken).toBeGreaterThan(MAX_RESPONSE_BYTES);
        expect(body.cancelled).toBe(true);
        // The next start is answered normally.
        part<HTMLButtonElement>(el, 'retry-button')!.click();
        await inputShown(el);
        expect(botTexts(el)).toContain("First, what's your name?");
      });

      it(`keeps the answer whose reply is ${spec}, says so with a Retry, having read no more than its limit`, async () => {
        const { calls } = spyViewer({ spec, match: '/continueChat' });
        const { el, errors } = await mount('lead');
        await inputShown(el);
        const body = countBody('/continueChat');
        const longest = await longestTask(async () => {
          await typeAndSend(el, 'Ada Lovelace');
          await until(() => part(el, 'retry-button'), 15_000);
        });
        console.info(
          `[long-task] answer with ${spec}: ${longest.toFixed(0)} ms; ${body.taken} bytes taken in ${body.chunks} chunks`,
        );
        expect(String((errors[0]!.error as Error).message)).toContain('a body over 2097152 bytes');
        // The server took the answer (a 2xx): it stays, as sent, and is not sent twice.
        expect(userTexts(el)).toEqual(['Ada Lovelace']);
        expect(el.shadowRoot!.textContent).not.toContain('Not sent');
        expect(shown(part(el, 'error'))).toBe(true);
        // As for the start (above): the widget stops at its limit and cancels the rest, whatever the
        // machine takes to receive it.
        expect(body.before).toBeLessThanOrEqual(MAX_RESPONSE_BYTES);
        expect(body.taken).toBeGreaterThan(MAX_RESPONSE_BYTES);
        expect(body.cancelled).toBe(true);
        part<HTMLButtonElement>(el, 'retry-button')!.click();
        // The bot goes on: its next input (the e-mail), without a second copy of the answer.
        await until(() => el.shadowRoot!.querySelector('.composer input[type="email"]'), 8_000);
        expect(part(el, 'error')).toBeNull();
        const answers = calls.filter((c) => c.kind === 'continue').map((c) => c.body);
        expect(answers).toEqual([{ message: 'Ada Lovelace' }, {}]);
      });
    }
  });

  describe('with an embed that redirects', () => {
    it("never lets it land on the host page's origin with scripts and same-origin", async () => {
      const other = `http://${location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1'}:${location.port}`;
      const url = `${other}/__redirecting/embed-hop?to=${encodeURIComponent(location.origin)}`;
      delete (window as { __pwned?: unknown }).__pwned;
      stubViewer(startResponse({ messages: [{ id: 'e1', type: 'embed', content: { url, height: 100 } }] }));
      const { el } = await mount('embed');
      const frame = await until(() => el.shadowRoot!.querySelector('iframe'));
      expect(frame.sandbox.contains('allow-scripts')).toBe(true);
      expect(frame.sandbox.contains('allow-same-origin')).toBe(false);
      // The hop, the landing page and its script.
      await Promise.race([
        new Promise((resolve) => frame.addEventListener('load', resolve, { once: true })),
        new Promise((resolve) => setTimeout(resolve, 3000)),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
      expect(frame.contentDocument).toBeNull();
    });
  });

  describe('with a session id no URL can hold', () => {
    for (const [name, sessionId] of [
      ['a lone surrogate', 'session-\ud800'],
      ['a blank id', '  '],
    ] as const) {
      it(`refuses ${name} at start with a clear error`, async () => {
        const { calls } = stubViewer(startResponse({ sessionId }));
        const { el, errors } = await mount('surrogate');
        await until(() => errors.length > 0);
        expect(errors[0]!.action).toBe('start');
        expect(isFlowbotResponseError(errors[0]!.error)).toBe(true);
        expect(String((errors[0]!.error as Error).message)).toContain('sessionId: must be an id that can go in a URL');
        expect(part(el, 'error')).not.toBeNull();
        expect(part(el, 'retry-button')).not.toBeNull();
        expect(part(el, 'input')).toBeNull();
        expect(calls.map((c) => c.kind)).toEqual(['start']);
      });
    }

    it('sends with a session id of any other characters', async () => {
      const { calls } = stubViewer(startResponse({ sessionId: 'séance/😀 ?#' }));
      const { el, errors } = await mount('unicode');
      await inputShown(el);
      await typeAndSend(el, 'hi');
      await until(() => calls.length === 2);
      expect(calls[1]!.url).toContain(`/sessions/${encodeURIComponent('séance/😀 ?#')}/continueChat`);
      expect(errors).toEqual([]);
    });
  });
});
