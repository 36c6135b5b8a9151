/**
 * Everything the widget loads on demand, the first time a conversation needs
 * it: the on-demand renderers (`render/on-demand-parts.ts`), the viewer's side channels
 * (streamed answers, client logs), the storage of `persist`, the voice and the
 * languages besides English. What the visitor does with the answers and the
 * bubble's invitation are files of their own (`../answer-actions/on-demand.ts`,
 * `../invitation/on-demand.ts`). In the npm build this is an ordinary chunk; beside the
 * script-tag file it is `flowbot-chat.lazy.js` (see `loader.ts`).
 * Keeping it out of the first file keeps that file small.
 */
export * from '../../render/on-demand-parts.js';
// The viewer's side channels: wanted only once a conversation streams an answer or has something to report.
export { sendClientLogs } from '../../api/client-logs.js';
// The streamed answer as the widget shows it: pieces that arrive together come out together, once per frame.
export { streamMessageByFrame as streamMessage } from '../controllers/by-frame.js';
// Remembering a conversation (persist): most widgets remember nothing.
export { ConversationStore } from '../../conversation/persistence.js';
// A conversation whose session the viewer no longer knows: only after a call failed.
export { expiry } from '../../conversation/expiry.js';
// The voice (the Widget resource's voiceActive): most widgets never speak.
export { SpeechController } from '../voice/speech.js';
// The languages besides English, and the English words only this part shows.
export { catalogues } from '../../i18n/on-demand.js';

import type * as Self from './on-demand.js';

/** What the on-demand file exports. */
export type OnDemand = typeof Self;
