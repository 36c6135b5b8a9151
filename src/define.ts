/**
 * Registers `<flowbot-chat>`. Safe to run twice (the widget will be loaded
 * twice on some page) and in Node, where there is no registry. Also the entry
 * of the script-tag build's widget code (`flowbot-chat.main.js`).
 */
import { FlowbotChat } from './element/flowbot-chat.js';
import { stopOrphanedStarts } from './script-tag/handover.js';

/** The element's tag name. */
export const tagName = 'flowbot-chat';

/**
 * Defines `<flowbot-chat>` in `registry` (default: the page's) unless that
 * name is already taken, by this or another copy of the package.
 */
export function defineFlowbotChat(registry: CustomElementRegistry | undefined = globalThis.customElements): void {
  if (registry && !registry.get(tagName)) registry.define(tagName, FlowbotChat);
}

defineFlowbotChat();
// The script-tag path: widgets the page removed while this code was on its way do not want the
// start the script-tag file sent for them (elsewhere there is none to stop).
stopOrphanedStarts();
