/**
 * What the visitor does with the answers (copy, feedback, times, the conversation's menu,
 * download and print), loaded on demand once a conversation shows its first message: in the npm
 * build an ordinary chunk; beside the script-tag file, `flowbot-chat.answers.js` (see
 * `../on-demand/loader.ts`). It reads markdown and media with the readers of the on-demand part
 * that shows them (`flowbot-chat.rich.js`), so neither file carries the other's code. The
 * download's document is a file of its own again (`./export-file.ts`).
 */
export { Answers } from './answer-actions.js';
export type { AnswersHost } from './answer-actions.js';
export { exportConversation } from './export-file.js';
// What the export's file takes over from this one (the script-tag build writes it; see the module).
import './shared-with-export.js';

import type * as Self from './index.js';

/** What the answers' file exports. */
export type AnswersModule = typeof Self;
