/**
 * Remembering a conversation (`persist`) and keeping the site's tabs in step, loaded on demand
 * by a widget with `persist` only: in the npm build an ordinary chunk; beside the script-tag file,
 * `flowbot-chat.persist.js` (see `../on-demand/loader.ts`). A conversation restored from it does
 * not wait for the rich messages' file (`flowbot-chat.rich.js`): that comes only if what it shows needs
 * it. With them, what ends a conversation the viewer no longer knows (`expiry`), which a restored
 * conversation may be, and which any widget needs after a call refused so (with the on-demand
 * part, for the notice's words).
 */
export { ConversationStore } from '../../conversation/persistence.js';
// A widget with persist starting: the remembered conversation back on screen, or a new one kept.
export { remember } from '../../conversation/remember.js';
// A conversation whose session the viewer no longer knows: after a call failed, or remembered so.
export { expiry } from '../../conversation/expiry.js';

import type * as Self from './index.js';

/** What the persist file exports. */
export type PersistModule = typeof Self;
