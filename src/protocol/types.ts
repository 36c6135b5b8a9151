/**
 * The viewer's wire types, in one place for the layers above. Their valibot
 * schemas live with the transport (`api/viewer-schemas.ts`), which validates
 * every response with them and shares them with the reference server.
 */
export type {
  ChatAnswer,
  ChatInput,
  ChatMessage,
  ClientSideAction,
  ContinueChatResult,
  DynamicTheme,
  StartChatResult,
} from '../api/viewer-schemas.js';
