/**
 * The viewer's wire types, in one place for the layers above. Their valibot
 * schemas (`schemas.ts`) validate every response of the full client and are
 * shared with the reference server; the widget reads with `turn.ts`.
 */
export type {
  ChatAnswer,
  ChatInput,
  ChatMessage,
  ClientSideAction,
  ContinueChatResult,
  DynamicTheme,
  StartChatResult,
} from './schemas.js';
