/**
 * `POST /api/v2/sessions/:sessionId/streamMessage`: the streamed answer of a
 * session waiting on a `stream` block, in the data stream format
 * (`../protocol/stream.ts`): `f:{messageId}`, one `0:"piece"` per word every
 * `paceMs`, then `e:{…}` and `d:{…}`. Sent as it is produced, never as one
 * buffer. Body `{}` or `{ messages }` (the older `streamOpenAiChatCompletion`).
 * 404: unknown session; 409: the session is not waiting for a stream.
 * Stream faults (`stream-cut`, `stream-error`, `stream-stall`) break it on purpose.
 */
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { DATA_STREAM_CONTENT_TYPE, encodeDataStreamPart } from '../protocol/stream.js';
import { ApiError, parseBody, readJson } from './errors.js';
import { dropConnection, HANG_LIMIT_MS, sleep, STREAM_FAULT, type StreamFault } from './faults.js';
import { pendingStream } from './flow-engine.js';
import { sessionNotFound, type SessionStore } from './flow-session.js';
import { streamPieces } from './knowledge.js';
import type { ReferenceStats } from './stats.js';

/** Default pause between two streamed pieces: 30 ms, about a model's pace. */
export const DEFAULT_STREAM_PACE_MS = 30;

const StreamBodySchema = v.looseObject({
  messages: v.nullish(
    v.pipe(
      v.array(v.looseObject({ role: v.nullish(v.string()), content: v.nullish(v.unknown()) })),
      v.maxLength(100, 'must hold at most 100 messages'),
    ),
  ),
});

/** Options of `mountStreaming`. */
export interface StreamingOptions {
  sessions: SessionStore;
  stats: ReferenceStats;
  /** Pause between two pieces, read per stream. */
  paceMs: () => number;
}

export function mountStreaming(app: Hono, options: StreamingOptions): void {
  const { sessions, stats } = options;
  app.post('/api/v2/sessions/:sessionId/streamMessage', async (c) => {
    const sessionId = c.req.param('sessionId');
    const session = sessions.get(sessionId);
    if (!session) throw sessionNotFound(sessionId);
    const raw = await readJson(c);
    const body = parseBody(StreamBodySchema, raw === undefined ? {} : raw, 'streamMessage body');
    const answer = pendingStream(session, body.messages ?? undefined);
    if (answer === undefined) throw new ApiError(409, 'This session is not waiting for a streamed answer.');
    stats.recordStream(sessionId);
    return streamResponse(c, streamPieces(answer), Math.max(0, options.paceMs()), c.get(STREAM_FAULT));
  });
}

/** How long a `stream-cut` waits after its last piece before it drops the connection. */
const CUT_AFTER_MS = 150;

/** The data stream of `pieces`, one every `paceMs`, broken as `fault` says. */
function streamResponse(c: Context, pieces: string[], paceMs: number, fault: StreamFault | undefined): Response {
  const signal = c.req.raw.signal as AbortSignal | undefined;
  const encoder = new TextEncoder();
  const messageId = `msg-${crypto.randomUUID()}`;
  const breakAt = fault ? Math.min(pieces.length, fault.pieces ?? Math.floor(pieces.length / 2)) : Infinity;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (code: string, value: unknown) =>
        controller.enqueue(encoder.encode(encodeDataStreamPart(code, value)));
      try {
        send('f', { messageId });
        for (let i = 0; i <= pieces.length; i++) {
          if (i === breakAt) {
            if (fault!.kind === 'cut') {
              // Over a socket, the connection just ends; in process, the body breaks instead.
              if (!(c.env as { outgoing?: unknown } | undefined)?.outgoing)
                controller.error(new TypeError('Injected fault: stream cut.'));
              else {
                // What was sent reaches the visitor first: a reset right behind it could discard
                // it, unwritten or unread, and the cut would come after no piece at all.
                await sleep(CUT_AFTER_MS, signal);
                dropConnection(c);
              }
              return;
            }
            if (fault!.kind === 'error') {
              send('3', 'Injected fault: the answer could not be generated.');
              controller.close();
              return;
            }
            await sleep(HANG_LIMIT_MS, signal);
            controller.close();
            return;
          }
          if (i === pieces.length) break;
          if (i > 0 && paceMs > 0) await sleep(paceMs, signal);
          if (signal?.aborted) return controller.close();
          send('0', pieces[i]);
        }
        const usage = { promptTokens: 0, completionTokens: pieces.length };
        send('e', { finishReason: 'stop', usage, isContinued: false });
        send('d', { finishReason: 'stop', usage });
        controller.close();
      } catch {
        // The caller went away: nothing left to send to.
      }
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': DATA_STREAM_CONTENT_TYPE,
      'cache-control': 'no-store',
      'x-vercel-ai-data-stream': 'v1',
      'x-accel-buffering': 'no',
    },
  });
}
