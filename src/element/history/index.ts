/**
 * The earlier conversations of a widget with `persist` (issue 46): the list the menu's Conversations
 * opens, loaded on demand by the answers' file when a visitor opens the menu: in the npm build an
 * ordinary chunk; beside the script-tag file, `flowbot-chat.history.js`, checked against the hash the
 * answers' file carries. Keeping a conversation among the earlier ones when a new one starts is the
 * persist file's (`conversation/past.ts`); this file lists, opens and deletes them.
 */
export { History, type HistoryHost, type HistoryNotices } from './history.js';

import type * as Self from './index.js';

/** What the conversations' file exports. */
export type HistoryModule = typeof Self;
