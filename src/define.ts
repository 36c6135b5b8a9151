/**
 * Registers `<flowbot-chat>`. Safe to run twice (the widget will be loaded
 * twice on some page) and in Node, where there is no registry.
 */
import { FlowbotChat } from './flowbot-chat.js';

/** The element's tag name. */
export const tagName = 'flowbot-chat';

/**
 * Defines `<flowbot-chat>` in `registry` (default: the page's) unless that
 * name is already taken, by this or another copy of the package.
 */
export function defineFlowbotChat(
  registry: CustomElementRegistry | undefined = globalThis.customElements,
): void {
  if (registry && !registry.get(tagName)) registry.define(tagName, FlowbotChat);
}

defineFlowbotChat();
