/**
 * Everything the widget loads on demand, the first time a conversation needs
 * it: the on-demand renderers (`render/on-demand-parts.ts`: markdown, media, a
 * streamed answer, notices; the rarer controls are `../controls/on-demand.ts`), the viewer's side channels
 * (streamed answers, client logs), the voice and the English words only this
 * part shows. What the visitor does with the answers, the bubble's invitation and
 * the storage of `persist` are files of their own (`../answer-actions/on-demand.ts`,
 * `../invitation/on-demand.ts`, `../persist/on-demand.ts`), as is each language. In the npm build this is an ordinary chunk; beside the
 * script-tag file it is `flowbot-chat.lazy.js` (see `loader.ts`).
 * Keeping it out of the first file keeps that file small.
 */
export * from '../../render/on-demand-parts.js';
// The viewer's side channels: wanted only once a conversation streams an answer or has something to report.
export { sendClientLogs } from '../../api/client-logs.js';
// The streamed answer as the widget shows it: pieces that arrive together come out together, once per frame.
export { streamMessageByFrame as streamMessage } from '../controllers/by-frame.js';
// The turn around it: shown as it arrives, then sent back as the reply.
export { streamAndReply } from '../../conversation/stream.js';
// What a site owner got wrong in the attributes, in the console's words: rarely needed.
export { warnMistake } from '../../conversation/mistakes.js';
// The voice (the Widget resource's voiceActive): most widgets never speak.
export { SpeechController } from '../voice/speech.js';
// The languages besides English, and the English words only this part shows.
export { catalogues } from '../../i18n/on-demand.js';

import type * as Self from './on-demand.js';

/** What the on-demand file exports. */
export type OnDemand = typeof Self;
