/**
 * `POST /api/v2/sessions/:sessionId/streamMessage`: the streamed answer of a
 * session waiting on a `stream` block, in the data stream format
 * (`../protocol/stream.ts`): `f:{messageId}`, one `0:"piece"` per word every
 * `paceMs`, then `e:{…}` and `d:{…}`. A block with `stream.agent` (the
 * `assistant` flow's) streams an AI agent's turn instead: reasoning (`g`), tool
 * steps (`f b c… 9 a e`, each tool result after `toolPauseMs`), then the same
 * text and its sources (`h`); see `agent-turn.ts`. The server's `agent` option
 * overrides the block's flags. Sent as it is produced, never as one buffer.
 * Body `{}` or `{ messages }` (the older `streamOpenAiChatCompletion`: its last
 * user message is the question). 404: unknown session; 409: the session is not
 * waiting for a stream. Stream faults (`stream-cut`, `stream-error`,
 * `stream-stall`, counted in text pieces, and `stream-cut-tool`) break it on purpose.
 */
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { DATA_STREAM_CONTENT_TYPE, encodeDataStreamPart } from '../protocol/stream.js';
import { ApiError, parseBody, readJson } from './error-responses.js';
import { dropConnection, HANG_LIMIT_MS, sleep } from './fault-responses.js';
import { STREAM_FAULT, type StreamFault } from './faults.js';
import { pendingStream } from './flow-engine.js';
import { sessionNotFound, type SessionStore } from './flow-session.js';
import { agentFlags, agentTurn, textTurn, type StreamPart } from './agent-turn.js';
import type { FlowStreamAgent } from './flows.js';
import type { ReferenceStats } from './stats.js';

/** Default pause between two streamed pieces: 30 ms, about a model's pace. */
export const DEFAULT_STREAM_PACE_MS = 30;

/** Pause before a tool's result at the default pace: 400 ms (in proportion to the pace otherwise). */
export const DEFAULT_TOOL_PAUSE_MS = 400;

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
  /** Pause before a tool's result, read per stream; undefined: in proportion to the pace. */
  toolPauseMs?: () => number | undefined;
  /** The server's override of the blocks' `stream.agent` flags, read per stream. */
  agent?: () => FlowStreamAgent | undefined;
}

export function mountStreaming(app: Hono, options: StreamingOptions): void {
  const { sessions, stats } = options;
  app.post('/api/v2/sessions/:sessionId/streamMessage', async (c) => {
    const sessionId = c.req.param('sessionId');
    const session = sessions.get(sessionId);
    if (!session) throw sessionNotFound(sessionId);
    const raw = await readJson(c);
    const body = parseBody(StreamBodySchema, raw === undefined ? {} : raw, 'streamMessage body');
    const pending = pendingStream(session, body.messages ?? undefined);
    if (pending === undefined) throw new ApiError(409, 'This session is not waiting for a streamed answer.');
    stats.recordStream(sessionId);
    const paceMs = Math.max(0, options.paceMs());
    const toolPauseMs = Math.max(
      0,
      options.toolPauseMs?.() ?? Math.round((DEFAULT_TOOL_PAUSE_MS * paceMs) / DEFAULT_STREAM_PACE_MS),
    );
    const turn = { id: crypto.randomUUID(), paceMs, toolPauseMs };
    const parts = pending.agent
      ? agentTurn(pending.question, session.flow.knowledge ?? [], agentFlags(pending.agent, options.agent?.()), turn)
      : textTurn(pending.answer, turn);
    return streamResponse(c, parts, c.get(STREAM_FAULT));
  });
}

/**
 * Where `fault` breaks `parts`: before the part at that index (no fault: never, `Infinity`).
 * `cut-tool`, `stall-tool`: right after the `pieces`-th tool call (`9`, default the first), before its result;
 * with fewer tool calls, before the first text piece. Other kinds: before text piece number
 * `pieces` (default half of them); when that is past the last one, right after it.
 */
function breakIndex(parts: readonly StreamPart[], fault: StreamFault | undefined): number {
  if (!fault) return Infinity;
  const indexes = (code: string) => parts.flatMap((part, i) => (part.code === code ? [i] : []));
  const text = indexes('0');
  const afterText = (text.at(-1) ?? parts.length - 3) + 1;
  if (fault.kind === 'cut-tool' || fault.kind === 'stall-tool') {
    const call = indexes('9')[Math.max(1, fault.pieces ?? 1) - 1];
    return call === undefined ? (text[0] ?? afterText) : call + 1;
  }
  return text[fault.pieces ?? Math.floor(text.length / 2)] ?? afterText;
}

/** How long a `stream-cut` waits after its last piece before it drops the connection. */
const CUT_AFTER_MS = 150;

/** The data stream of `parts`, each after its pause, broken as `fault` says. */
function streamResponse(c: Context, parts: StreamPart[], fault: StreamFault | undefined): Response {
  const signal = c.req.raw.signal as AbortSignal | undefined;
  const encoder = new TextEncoder();
  const breakAt = breakIndex(parts, fault);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        for (let i = 0; i <= parts.length; i++) {
          if (i === breakAt) {
            if (fault!.kind === 'cut' || fault!.kind === 'cut-tool') {
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
              controller.enqueue(
                encoder.encode(encodeDataStreamPart('3', 'Injected fault: the answer could not be generated.')),
              );
              controller.close();
              return;
            }
            await sleep(HANG_LIMIT_MS, signal);
            controller.close();
            return;
          }
          if (i === parts.length) break;
          const part = parts[i]!;
          if (part.pause) await sleep(part.pause, signal);
          if (signal?.aborted) return controller.close();
          controller.enqueue(encoder.encode(encodeDataStreamPart(part.code, part.value)));
        }
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
