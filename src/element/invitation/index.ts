/**
 * The bubble's invitation (preview, timed opening, unread count), where Tab goes while the
 * bubble's panel is open and whether a bubble hides another, loaded on demand by bubble and popup
 * widgets (see `../on-demand/features.ts` for when; the panel's check, by a page with two bubbles or
 * more): in the npm build an ordinary chunk; beside the script-tag
 * file, `flowbot-chat.invite.js` (see `../on-demand/loader.ts`). Its words are the first file's.
 */
export { Invite } from './invite.js';
export type { InviteHost } from './invite-host.js';
export { BubbleFocus } from '../controllers/bubble-focus.js';
// Whether a bubble hides another on the same spot (the panel asks only when the page has two or more).
export { warnHiddenBubble } from '../controllers/bubble-place.js';

import type * as Self from './index.js';

/** What the invitation's file exports. */
export type InviteModule = typeof Self;
