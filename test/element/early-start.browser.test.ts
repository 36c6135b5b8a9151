/**
 * The script-tag file's early start (src/script-tag/handover.ts): the first `startChat`
 * goes out before the widget's code runs, and the widget takes its answer
 * instead of asking again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { startEarly } from '../../src/script-tag/handover.js';
import { botTexts, part } from '../support/widget-dom.js';
import { until } from '../support/widget-actions.js';
import { startResponse, stubViewer, textMessage } from '../support/fake-viewer.js';

afterEach(() => {
  vi.restoreAllMocks();
  document.querySelectorAll('flowbot-chat').forEach((el) => el.remove());
});

/** An element that starts early, as the script-tag file does, then joins the page. */
async function startedEarly(request: { prefilledVariables?: Record<string, unknown> } = {}): Promise<FlowbotChat> {
  const el = document.createElement('flowbot-chat');
  el.setAttribute('public-id', 'early');
  startEarly(el, { publicId: 'early', apiHost: '', streaming: true, ...request });
  // Its answer is in before the element starts, as when the widget's code arrives last.
  await new Promise((resolve) => setTimeout(resolve, 50));
  document.body.append(el);
  return el;
}

describe('the early start', () => {
  it('is the only start: the widget shows its answer', async () => {
    const { calls } = stubViewer(startResponse({ messages: [textMessage('m1', 'Hello early')] }));
    const el = await startedEarly();
    await until(() => botTexts(el).includes('Hello early'));
    expect(calls.filter((c) => c.kind === 'start')).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ isStreamEnabled: true });
  });

  it('answers the first start alone: a restart asks the viewer itself', async () => {
    const { calls } = stubViewer(startResponse({ messages: [textMessage('m1', 'Hello early')] }));
    const el = await startedEarly();
    await until(() => botTexts(el).includes('Hello early'));
    expect(calls.filter((c) => c.kind === 'start')).toHaveLength(1);
    el.restart();
    await until(() => calls.filter((c) => c.kind === 'start').length === 2);
    await until(() => botTexts(el).includes('Hello early'));
  });

  it('leaves the first render to the widget alone: the conversation takes the start over in a task after it', async () => {
    stubViewer(startResponse({ messages: [textMessage('m1', 'Hello after')] }));
    const el = await startedEarly();
    const started: boolean[] = [];
    el.addEventListener('flowbot-start', () => started.push(true));
    await el.updateComplete;
    // In the task of the first render: the panel, no conversation yet (not even its loading state).
    expect(part(el, 'messages')?.getAttribute('aria-busy')).toBe('false');
    expect(botTexts(el)).toEqual([]);
    expect(started).toEqual([]);
    await until(() => botTexts(el).includes('Hello after'));
    expect(started).toEqual([true]);
  });

  it('is stopped when the widget asks something else, and the widget asks for itself', async () => {
    const { calls } = stubViewer(startResponse({ messages: [textMessage('m1', 'Second ask')] }));
    const el = await startedEarly({ prefilledVariables: { plan: 'old' } });
    // The widget's own request differs (no variables): the early answer is not its own.
    await until(() => botTexts(el).includes('Second ask'));
    expect(calls.filter((c) => c.kind === 'start').map((c) => c.body)).toEqual([
      { prefilledVariables: { plan: 'old' }, isStreamEnabled: true },
      { isStreamEnabled: true },
    ]);
  });

  it('reads no more of an answer than the widget takes: one over 2 MB is refused, the rest never read', async () => {
    let pulled = 0;
    const piece = new TextEncoder().encode(' '.repeat(64 * 1024));
    stubViewer(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start: (controller) => controller.enqueue(new TextEncoder().encode('{"messages":[],"padding":"')),
            pull: (controller) => {
              pulled += piece.length;
              controller.enqueue(piece);
            },
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
    );
    const errors: unknown[] = [];
    const el = document.createElement('flowbot-chat');
    el.addEventListener('flowbot-error', (event) => errors.push(event.detail.error));
    el.setAttribute('public-id', 'early');
    startEarly(el, { publicId: 'early', apiHost: '', streaming: true });
    // While the widget's code is on its way, the early start reads nothing of the answer.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pulled).toBeLessThan(3 * 1024 * 1024);
    document.body.append(el);
    await until(() => part(el, 'retry-button'));
    expect(String(errors[0])).toContain('a body over 2097152 bytes');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pulled).toBeLessThan(3 * 1024 * 1024);
  });

  it('hands a failed answer over as it is, for the widget to report', async () => {
    // A server error (a 404 is no such bot: no Retry, see mistakes.browser.test.ts).
    stubViewer(
      new Response('{"message":"Internal error"}', {
        status: 500,
        headers: { 'content-type': 'application/json' },
      }) as never,
    );
    const el = await startedEarly();
    await until(() => part(el, 'error'));
    expect(part(el, 'retry-button')).not.toBeNull();
  });
});
