/**
 * Sending the visitor's answers (`continueChat`) and what follows a failure, loaded on demand: the
 * first turn of a conversation never needs it. In the npm build the conversation imports it
 * itself; beside the script-tag file it is `flowbot-chat.send.js` (see `../on-demand/loader.ts`),
 * which the element fetches once an input is shown (in idle time after the paint, at once when the
 * visitor reaches for the widget), and which an answer given before it arrives waits for.
 */
export { deliver, resync, send } from '../../conversation/delivery.js';

import type * as Self from './index.js';

/** What the send file exports. */
export type SendModule = typeof Self;
