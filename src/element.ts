/**
 * The element class, its events and types, without registering anything:
 * for pages that pick their own tag or registry.
 */
export {
  FlowbotChat,
  type FlowbotChatMode,
  type FlowbotColorScheme,
  type FlowbotFeedbackMode,
  type FlowbotWidget,
} from './element/flowbot-chat.js';
export type { PersistMode } from './conversation/persistence.js';
export * from './element/events.js';
export { stringsFor, supportedLanguages, type FlowbotStrings } from './i18n/lookup.js';
