/** Reading a `<flowbot-chat>`'s shadow DOM, as the component tests do. */
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
