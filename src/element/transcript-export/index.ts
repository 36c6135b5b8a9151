/**
 * The conversation as a document (Download, and the element's `exportTranscript`), loaded on
 * demand by the answers' part (`../answer-actions/export-file.ts`) the first time it is asked for:
 * in the npm build an ordinary chunk; beside the script-tag file, `flowbot-chat.export.js`, whose
 * hash the answers' file carries. It writes each message with Copy's writer, which the answers'
 * file hands over, so neither file carries the other's code.
 */
export { exportConversation } from './export-conversation.js';

import type * as Self from './index.js';

/** What the export's file exports. */
export type ExportModule = typeof Self;
