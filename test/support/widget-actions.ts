/** Driving a `<flowbot-chat>` as a visitor would, and waiting for what it shows. */
import { vi } from 'vitest';
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { $, part } from './widget-dom.js';

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
