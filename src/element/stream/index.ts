/**
 * A streamed AI answer, as the widget shows it (the viewer's `stream` client-side action): its
 * pieces joined per animation frame (`by-frame.ts`), the turn around it, shown as it arrives and
 * then sent back as the reply (`turn.ts`), and its row while it grows (`view.ts`). It is part of
 * the rich messages' on-demand part (`../rich/index.ts` re-exports it: the conversation's
 * controller gets the turn as its `loadStream`, the transcript the row as `StreamRenderers`): a
 * conversation without a stream never loads it. Its core stays below: the wire reading
 * (`protocol/stream.ts`), the public client (`api/stream.ts`), the visitor's stop
 * (`conversation/stream-stop.ts`) and the markdown read as it grows
 * (`protocol/markdown/streaming.ts`).
 */
export { streamMessageByFrame } from './by-frame.js';
export { streamAndReply } from './turn.js';
export { renderStreamRow } from './view.js';
