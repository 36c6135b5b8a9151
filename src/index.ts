/**
 * The npm entry: registers `<flowbot-chat>` and exports everything public:
 * the element class and its events, the typed client, its errors and the
 * resource types.
 */
import './define.js';

export { defineFlowbotChat, tagName } from './define.js';
export * from './element.js';
export * from './api/index.js';
export type { AnswerEntry, AnswerState, BotEntry, ConversationStatus, TranscriptEntry } from './protocol/transcript.js';
