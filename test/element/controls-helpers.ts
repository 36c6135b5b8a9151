/** Helpers shared by the control tests (`controls-*.test.ts`). */
import { expect, fixture, html } from '@open-wc/testing';
import { userEvent } from 'vitest/browser';
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { $, part } from '../support/widget-dom.js';
import { until } from '../support/widget-actions.js';
import { startResponse, stubViewer, textMessage, type ViewerCall } from '../support/fake-viewer.js';

/** A mounted element talking to a fake viewer whose first response asks `input`. */
export interface Mounted {
  readonly el: FlowbotChat;
  readonly calls: ViewerCall[];
  /** The bodies of the continueChat calls so far. */
  readonly sent: () => Record<string, unknown>[];
}

/** A reply of the fake viewer that ends the flow with a thank-you. */
export const thanks = { messages: [textMessage('thanks', 'Thanks!')] };

/** Five stars, sent with the first click (`isOneClickSubmitEnabled`). */
export const oneClickStars = {
  type: 'rating input',
  options: { buttonType: 'Icons', length: 5, isOneClickSubmitEnabled: true },
};

/** A 503 reply: the send fails. */
export const unavailable = (): Response => Response.json({ message: 'Try later' }, { status: 503 });

/** Mounts `<flowbot-chat>` against a fake viewer that asks `input`, then answers with `turns`. */
export async function mountInput(input: Record<string, unknown>, turns: unknown[] = [thanks]): Promise<Mounted> {
  const { calls } = stubViewer(startResponse({ input: { id: 'in', ...input } }), turns);
  const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
  await until(() => $(el, '.composer :is(form, .choice-input, .cards, .skip-input)'));
  await el.updateComplete;
  return { el, calls, sent: () => calls.filter((c) => c.kind === 'continue').map((c) => c.body) };
}

/** Waits for the visitor's one answer, and expects it to be `message`. */
export async function expectSentOnce(sent: Mounted['sent'], message: string): Promise<void> {
  await until(() => sent().length === 1);
  expect(sent()).to.deep.equal([{ message }]);
}

/** Presses Tab until the focus (inside the shadow root) is on an element matching `selector`. */
export async function tabTo(el: FlowbotChat, selector: string, shift = false): Promise<HTMLElement> {
  for (let i = 0; i < 40; i++) {
    await userEvent.tab({ shift });
    const active = el.shadowRoot!.activeElement as HTMLElement | null;
    if (active?.matches(selector)) return active;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** The element focused inside the shadow root. */
export const focused = (el: FlowbotChat): Element | null => el.shadowRoot!.activeElement;

/** The control's visible error line, with the field that points at it. */
export function errorOf(el: FlowbotChat): { message: string; describes: HTMLElement[] } {
  const error = part(el, 'field-error');
  const id = error?.id ?? '-';
  return {
    message: (error?.textContent ?? '').trim(),
    describes: [...el.shadowRoot!.querySelectorAll<HTMLElement>(`[aria-describedby~="${id}"][aria-invalid="true"]`)],
  };
}

/** Waits a little and resolves: for asserting that nothing happened. */
export async function settle(ms = 60): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  // And what fades in (an answer's line of actions under a pointer) has finished: axe reads colours as shown.
  for (const el of document.querySelectorAll('flowbot-chat'))
    await Promise.all(
      (el.shadowRoot?.getAnimations() ?? [])
        // Not the endless ones (the typing dots): only what ends.
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    );
}
