/**
 * The widget's code for the script-tag path (`flowbot-chat.main.js`), fetched
 * by the script-tag file (`embed.ts`): registers `<flowbot-chat>` (unless
 * another copy did). The on-demand part is fetched from beside this file.
 */
import { defineFlowbotChat } from './define.js';
import { stopOrphanedStarts } from './handover.js';

// Called, not only imported: package.json's `sideEffects` lets a bundler drop a bare import of
// define.ts (it is safe to run twice: whichever copy came first keeps the tag).
defineFlowbotChat();
// Widgets the page removed while this code was on its way: their first request is not wanted.
stopOrphanedStarts();
