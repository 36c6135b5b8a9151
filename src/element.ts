/**
 * The element class, its events and types, without registering anything:
 * for pages that pick their own tag or registry.
 */
export { FlowbotChat, type FlowbotChatMode, type FlowbotWidget } from './flowbot-chat.js';
export type { PersistMode } from './conversation/persistence.js';
export * from './events.js';
export { stringsFor, supportedLanguages, type FlowbotStrings } from './i18n.js';
