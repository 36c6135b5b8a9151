/**
 * Everything the widget loads on demand, the first time a conversation needs
 * it: the late renderers (`render/late-parts.ts`), the viewer's side channels
 * (streamed answers, client logs), the storage of `persist`, the voice, the
 * bubble's invitation (preview, timed opening, unread badge) and the languages
 * besides English. In the npm build this is an ordinary chunk; beside the
 * script-tag file it is `flowbot-chat.lazy.js` (see `on-demand-loader.ts`).
 * Keeping it out of the first file keeps that file small.
 */
export * from '../render/late-parts.js';
// The viewer's side channels: wanted only once a conversation streams an answer or has something to report.
export { sendClientLogs } from '../api/client-logs.js';
export { streamMessage } from '../api/stream.js';
// Remembering a conversation (persist): most widgets remember nothing.
export { ConversationStore } from '../conversation/persistence.js';
// The voice (the Widget resource's voiceActive): most widgets never speak.
export { SpeechController } from './speech.js';
// The bubble's invitation: fetched by bubble and popup widgets only.
export { Invite } from './invite.js';
export { inviteStyles } from './invite.styles.js';
// The languages besides English, and all of English (the script-tag build's first file has only
// the English words it draws itself).
export const catalogues: Readonly<Record<string, FlowbotStrings>> = { ...portuguese, en: { ...enFirst, ...enLate } };

import { enFirst, enLate } from '../i18n/en.js';
import type { FlowbotStrings } from '../i18n/lookup.js';
import { catalogues as portuguese } from '../i18n/pt-br.js';
import type * as Self from './on-demand.js';

/** What the on-demand file exports. */
export type OnDemand = typeof Self;
