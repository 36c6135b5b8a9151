/**
 * A streamed AI answer, as the widget shows it (the viewer's `stream` client-side action): its
 * pieces joined per animation frame (`by-frame.ts`), the turn around it, shown as it arrives and
 * then sent back as the reply (`turn.ts`), its row while it grows (`view.ts`), and what an agent
 * did around an answer (`../agent/`: above and under the growing text, and around a complete
 * answer), with their styles. Beside the script tag it is a file of its own,
 * `flowbot-chat.stream.js`, fetched with the rich messages' file (`../rich/index.ts`) for a
 * conversation that streams an answer or shows an agent's: it draws the markdown with that file's
 * reader and drawing, handed over (`shared-with-stream.ts` there), not carried again. A
 * conversation whose answers are markdown alone never fetches it. Its core stays below: the wire
 * reading (`protocol/stream.ts`), the public client (`api/stream.ts`), the visitor's stop
 * (`conversation/stream-stop.ts`) and the markdown read as it grows (`protocol/markdown/streaming.ts`).
 */
import type { CSSResult } from 'lit';
import { agentStyles } from '../agent/index.js';

// The streamed answer as the widget shows it: pieces that arrive together come out together, once per frame.
export { streamMessageByFrame as streamMessage } from './by-frame.js';
// The turn around it: shown as it arrives, then sent back as the reply (the conversation's `loadStream`).
export { streamAndReply } from './turn.js';
// Its row while it grows (the transcript's `StreamRenderers`).
export { renderStreamRow } from './view.js';
// A complete answer with what its agent did around it (the messages' `AgentRenderers`).
export { agentAnswer } from '../agent/index.js';
/** The styles of what this file draws inside bubbles: an agent's parts. */
export const contentStyles: CSSResult = agentStyles;

import type * as Self from './index.js';

/** What the streams' file exports. */
export type StreamModule = typeof Self;
