/** The broken answers a fault makes of a request: a wait, a dropped connection, a body that stalls or never ends. */
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { Context } from 'hono';
import type { OversizeFault } from './fault-spec.js';

/** Longest a `hang` lasts when nobody gives up, so a forgotten request cannot leak forever. */
export const HANG_LIMIT_MS = 5 * 60_000;

export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, Math.min(ms, HANG_LIMIT_MS));
    signal?.addEventListener('abort', done, { once: true });
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

interface NodeBindings {
  incoming?: { socket?: { destroy(): void } };
  outgoing?: { destroy(): void };
}

/** One gigabyte: what `gzip-bomb` inflates to and where `endless` gives up. */
const GIGABYTE = 1024 ** 3;
/** The padding goes out in pieces this large. */
const PIECE = Buffer.alloc(64 * 1024, 'x');

/**
 * The answer's JSON with a padding field of `bytes` first (`{"padding":"xx…",…}`), piece by
 * piece, made only as the caller reads.
 */
function* padded(answer: string, bytes: number): Generator<Buffer> {
  yield Buffer.from('{"padding":"');
  for (let left = bytes; left > 0; left -= PIECE.length) yield left < PIECE.length ? PIECE.subarray(0, left) : PIECE;
  yield Buffer.from(answer.trim() === '{}' ? '"}' : `",${answer.trim().slice(1)}`);
}

/** The same answer in a body far too large (see `OversizeFault`). */
export async function oversized(response: Response, fault: OversizeFault): Promise<Response> {
  const answer = await response.text();
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  if (fault.kind === 'huge') {
    const body = Buffer.concat([...padded(answer, fault.mb * 1024 * 1024)]);
    return new Response(body, { status: response.status, headers });
  }
  // Pulled by the caller's reading: what a caller that stops never gets is never made.
  let source = Readable.from(padded(answer, GIGABYTE), { objectMode: false });
  if (fault.kind === 'gzip-bomb') {
    headers.set('content-encoding', 'gzip');
    source = source.pipe(createGzip());
  }
  return new Response(Readable.toWeb(source) as ReadableStream<Uint8Array>, { status: response.status, headers });
}

/** Ends the connection without an answer; the returned response is never sent. */
export function dropConnection(c: Context): Response {
  const env = c.env as NodeBindings | undefined;
  if (env?.outgoing) {
    env.incoming?.socket?.destroy();
    env.outgoing.destroy();
    return new Response(null, { status: 204 });
  }
  // Without a socket (app.request in tests) the nearest thing is a body that breaks.
  return new Response(
    new ReadableStream({
      start(controller) {
        controller.error(new TypeError('Injected fault: connection dropped.'));
      },
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );
}

/** The same response, its body's second half held back for `ms`. */
export async function trickle(response: Response, ms: number, signal: AbortSignal | undefined): Promise<Response> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const half = Math.ceil(bytes.length / 2);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(bytes.subarray(0, half));
      await sleep(ms, signal);
      if (signal?.aborted) return controller.error(new Error('The caller went away.'));
      controller.enqueue(bytes.subarray(half));
      controller.close();
    },
  });
  const slow = new Response(body, response);
  // The length is known, but a streamed body goes out chunked.
  slow.headers.delete('content-length');
  return slow;
}
