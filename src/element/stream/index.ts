/**
 * A streamed AI answer, as the widget shows it (the viewer's `stream` client-side action): its
 * pieces joined per animation frame (`by-frame.ts`), the turn around it, shown as it arrives and
 * then sent back as the reply (`turn.ts`), and its row while it grows (`view.ts`), with what its
 * agent is doing above it. It is a part of its own (`flowbot-chat.stream.js` beside the script
 * tag), loaded by the rich messages' part whose markdown it draws with (`../rich/stream-file.ts`):
 * the conversation's controller gets the turn through its `loadOnDemand`, the transcript the row as
 * `StreamRenderers`, the widget's client the reader; a conversation that never streams never loads
 * it. Its core stays below: the wire reading (`protocol/stream.ts`), the public client
 * (`api/stream.ts`), the visitor's stop (`conversation/stream-stop.ts`) and the markdown read as it
 * grows (`protocol/markdown/streaming.ts`).
 */
export { streamMessageByFrame } from './by-frame.js';
export { streamAndReply } from './turn.js';
export { renderStreamRow } from './view.js';

import type * as Self from './index.js';

/** What the stream's file exports. */
export type StreamModule = typeof Self;
