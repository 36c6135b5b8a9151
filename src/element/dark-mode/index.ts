/**
 * The dark palette (`color-scheme="dark"`, or `auto` while the visitor's system prefers dark): a file of
 * its own (`flowbot-chat.dark.js` beside the script tag), fetched only by a widget that is dark. The
 * element's theme sheet writes it in place of the light one's properties (see `../theme-sheet.ts`).
 */
export { darkThemeCss } from '../../theme/dark.js';

import type * as Self from './index.js';

/** What the dark palette's file exports. */
export type DarkModePart = typeof Self;
