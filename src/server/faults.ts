import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * Fault injection, off unless the app is created with `faults: true`: a test
 * asks for one failure and gets it, while every other request behaves
 * normally. When off, the header is ignored (and not allowed by CORS), and
 * `state.faults.next()` throws.
 *
 * Two ways to ask:
 * - per request, the header `x-reference-fault: <spec>`;
 * - programmatically, `state.faults.next(spec, { match?, times? })`, which
 *   queues a fault for the next matching request(s) (handy when the caller is
 *   a widget whose headers a test cannot set).
 *
 * A spec is `;`-separated parts:
 * - `status=503` answer with that status and `{ message }` (any 4xx/5xx);
 * - `retry-after=1` add a `Retry-After` header (with `status`): whole
 *   seconds, 0 to 86400;
 * - `delay=2000` wait that many milliseconds, then carry on (normally, or
 *   with the other parts): a slow first byte;
 * - `trickle=2000` answer normally, but send the headers and the first half
 *   of the body at once and the rest that many milliseconds later: a body
 *   that stalls midway;
 * - `hang` never answer (until the caller gives up or the server closes);
 * - `drop` close the connection without an answer, before the request is
 *   handled (a network error; nothing happened on the server);
 * - `drop-after` handle the request, then close the connection without an
 *   answer (a network error although the server did the work: the lost
 *   response that makes a blind resend a duplicate);
 * - `bad-json` answer 200 with a body that is not JSON;
 * - `gzip-bomb` handle the request, then send its answer inside a 1 GB JSON
 *   body (a padding field first) compressed to about 1 MB, with
 *   `Content-Encoding: gzip`: a small download that inflates to a gigabyte;
 * - `endless` handle the request, then send its answer behind a padding
 *   field that never ends for any reader that stops at a sane limit (1 GB);
 * - `huge=12` handle the request, then send its answer padded to that many
 *   MB (1 to 64) of valid JSON.
 *   These three are sent as fast as the caller reads, no faster: a caller
 *   that stops reading (and closes) stops them.
 *
 * Streamed answers (`/streamMessage`) also take, besides `status=` (fails
 * before the first piece):
 * - `stream-cut` / `stream-cut=N` send N pieces (default: half the answer),
 *   then drop the connection;
 * - `stream-error` / `stream-error=N` send N pieces, then a `3:` error part,
 *   and end the stream;
 * - `stream-stall` / `stream-stall=N` send N pieces, then nothing more while
 *   keeping the connection open (until the caller gives up, the server
 *   closes or five minutes pass);
 * - `stream-cut-tool` / `stream-cut-tool=N` (agent turns, see `agent-turn.ts`)
 *   send up to the N-th tool call (default the first) complete, its `9` part,
 *   then drop the connection before its result; a stream with fewer tool
 *   calls is cut before its first text piece;
 * - `stream-stall-tool` / `stream-stall-tool=N` the same, but the connection
 *   stays open with nothing more, as `stream-stall` does: the call stays running.
 * "Pieces" are the answer's text pieces (`0` parts) only: in an agent turn the
 * reasoning, tool steps and sources before them go out whatever N is.
 *
 * Examples: `status=429;retry-after=1`, `delay=300;status=500`, `hang`,
 * `trickle=500`, `drop-after`, `gzip-bomb`, `huge=12`. Waits are capped at five minutes.
 * Preflight (`OPTIONS`) requests are never faulted.
 */
export interface FaultSpec {
  status?: number;
  retryAfter?: string;
  delay?: number;
  /** Milliseconds the second half of the body waits. */
  trickle?: number;
  hang?: boolean;
  drop?: boolean;
  dropAfter?: boolean;
  badJson?: boolean;
  /** The answer comes in a body far too large: see `OversizeFault`. */
  oversize?: OversizeFault;
  /** A streamed answer breaks after some pieces (`pieces` undefined: half of them). */
  stream?: StreamFault;
}

/**
 * How a streamed answer breaks: after `pieces` text pieces (undefined: half of them); for
 * `cut-tool`, after tool call number `pieces` (undefined: the first).
 */
export interface StreamFault {
  kind: 'cut' | 'error' | 'stall' | 'cut-tool' | 'stall-tool';
  pieces?: number;
}

/**
 * How an answer's body is made too large: a gzip that inflates to 1 GB, a
 * body that goes on for 1 GB, or `mb` MB of JSON.
 */
export type OversizeFault = { kind: 'gzip-bomb' } | { kind: 'endless' } | { kind: 'huge'; mb: number };

/** Options of `FaultQueue.next`. */
export interface FaultOptions {
  /** Only requests whose path contains this string / matches this pattern. Default: any request. */
  match?: string | RegExp;
  /**
   * How many matching requests get the fault. Default 1, or no limit
   * (`Infinity`) with `every`.
   */
  times?: number;
  /**
   * Fault only every `every`-th matching request (the 3rd, 6th, … with
   * `every: 3`) and let the others through: a server that fails one request
   * in three. Default 1 (each matching request, until `times` runs out).
   * @example faults.next('status=503', { match: '/continueChat', every: 3 })
   */
  every?: number;
}

interface QueuedFault {
  spec: FaultSpec;
  match: string | RegExp | undefined;
  remaining: number;
  every: number;
  /** Matching requests seen so far (for `every`). */
  seen: number;
}

/** The context key under which a stream fault reaches the streamMessage handler. */
export const STREAM_FAULT = 'referenceStreamFault';

declare module 'hono' {
  interface ContextVariableMap {
    [STREAM_FAULT]?: StreamFault;
  }
}

/** The header that carries a per-request fault. */
export const FAULT_HEADER = 'x-reference-fault';

/** Parses `status=503;retry-after=1` and friends. Unknown parts are an error. */
export function parseFaultSpec(text: string): FaultSpec {
  const spec: FaultSpec = {};
  for (const rawPart of text.split(';')) {
    const part = rawPart.trim();
    if (!part) continue;
    const [key = '', value = ''] = part.split('=', 2).map((s) => s.trim());
    switch (key.toLowerCase()) {
      case 'status': {
        const status = Number(value);
        if (!Number.isInteger(status) || status < 400 || status > 599) {
          throw new Error(`fault status must be 400-599, got "${value}"`);
        }
        spec.status = status;
        break;
      }
      case 'retry-after': {
        // Echoed into a header: only a bounded whole number of seconds.
        if (!/^\d{1,5}$/.test(value) || Number(value) > 86_400) {
          throw new Error(`fault retry-after must be whole seconds from 0 to 86400, got "${clipValue(value)}"`);
        }
        spec.retryAfter = String(Number(value));
        break;
      }
      case 'stream-cut':
      case 'stream-error':
      case 'stream-stall':
      case 'stream-cut-tool':
      case 'stream-stall-tool': {
        const pieces = value === '' ? undefined : Number(value);
        const tool = key.toLowerCase().endsWith('-tool');
        if (pieces !== undefined && (!/^\d{1,6}$/.test(value) || !Number.isInteger(pieces) || (tool && pieces < 1))) {
          throw new Error(
            `fault ${key} takes a number of ${tool ? 'tool calls (from 1)' : 'pieces'}, got "${clipValue(value)}"`,
          );
        }
        const kind = key.toLowerCase().slice('stream-'.length) as StreamFault['kind'];
        spec.stream = pieces === undefined ? { kind } : { kind, pieces };
        break;
      }
      case 'delay':
        spec.delay = milliseconds('delay', value);
        break;
      case 'trickle':
        spec.trickle = milliseconds('trickle', value);
        break;
      case 'hang':
        spec.hang = true;
        break;
      case 'drop':
        spec.drop = true;
        break;
      case 'drop-after':
        spec.dropAfter = true;
        break;
      case 'bad-json':
        spec.badJson = true;
        break;
      case 'gzip-bomb':
      case 'endless':
        spec.oversize = { kind: key.toLowerCase() as 'gzip-bomb' | 'endless' };
        break;
      case 'huge': {
        const mb = Number(value);
        if (!/^\d{1,2}$/.test(value) || mb < 1 || mb > 64) {
          throw new Error(`fault huge takes 1 to 64 (MB), got "${clipValue(value)}"`);
        }
        spec.oversize = { kind: 'huge', mb };
        break;
      }
      default:
        throw new Error(`unknown fault "${clipValue(part)}"`);
    }
  }
  return spec;
}

function milliseconds(name: string, value: string): number {
  const ms = Number(value);
  if (value === '' || !Number.isFinite(ms) || ms < 0)
    throw new Error(`fault ${name} must be milliseconds, got "${clipValue(value)}"`);
  return ms;
}

/** A caller's value quoted in a message: short, and only plain characters. */
function clipValue(value: string): string {
  const plain = value.replace(/[^\w .,;:=+-]/g, '?');
  return plain.length > 40 ? `${plain.slice(0, 39)}…` : plain;
}

/** Queued faults for the next matching requests. */
export class FaultQueue {
  private queue: QueuedFault[] = [];

  /** `enabled`: whether the app was created with `faults: true`. */
  constructor(readonly enabled = true) {}

  /** Queues `spec` (a spec string or object) for the next matching request(s). */
  next(spec: string | FaultSpec, options: FaultOptions = {}): void {
    if (!this.enabled) throw new Error('Fault injection is off: create the server with `faults: true`.');
    const every = options.every ?? 1;
    if (!Number.isInteger(every) || every < 1)
      throw new Error(`fault "every" must be a whole number from 1, got ${every}`);
    this.queue.push({
      spec: typeof spec === 'string' ? parseFaultSpec(spec) : spec,
      match: options.match,
      remaining: options.times ?? (options.every === undefined ? 1 : Number.POSITIVE_INFINITY),
      every,
      seen: 0,
    });
  }

  /** Forgets every queued fault. */
  clear(): void {
    this.queue = [];
  }

  /** How many faulted requests are still queued. */
  get pending(): number {
    return this.queue.reduce((sum, fault) => sum + fault.remaining, 0);
  }

  /**
   * Takes the first queued fault that matches `path` and whose turn it is,
   * if any. Every queued `every` fault that matches counts the request.
   */
  take(path: string): FaultSpec | undefined {
    let taken: QueuedFault | undefined;
    for (const fault of this.queue) {
      const matches =
        fault.match === undefined ||
        (typeof fault.match === 'string' ? path.includes(fault.match) : fault.match.test(path));
      if (!matches) continue;
      fault.seen += 1;
      if (!taken && fault.seen % fault.every === 0) taken = fault;
    }
    if (!taken) return undefined;
    taken.remaining -= 1;
    if (taken.remaining <= 0) this.queue.splice(this.queue.indexOf(taken), 1);
    return taken.spec;
  }
}

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

/** Middleware applying the header fault or the next queued one. */
export function faultInjection(queue: FaultQueue): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const header = c.req.header(FAULT_HEADER);
    let spec: FaultSpec | undefined;
    if (header) {
      try {
        spec = parseFaultSpec(header);
      } catch (error) {
        return c.json({ message: `Bad ${FAULT_HEADER} header: ${(error as Error).message}` }, 400);
      }
    } else {
      spec = queue.take(c.req.path);
    }
    if (!spec) return next();
    return applyFault(c, spec, next);
  };
}

async function applyFault(c: Context, spec: FaultSpec, next: () => Promise<void>): Promise<Response | void> {
  const signal = c.req.raw.signal as AbortSignal | undefined;
  if (spec.delay) await sleep(spec.delay, signal);
  if (spec.hang) {
    await sleep(HANG_LIMIT_MS, signal);
    return c.json({ message: 'Injected fault: the server hung up.' }, 504);
  }
  if (spec.drop) return dropConnection(c);
  if (spec.badJson) {
    return c.body('{"messages": [ this is not JSON', 200, { 'content-type': 'application/json' });
  }
  if (spec.status) {
    if (spec.retryAfter !== undefined) c.header('Retry-After', spec.retryAfter);
    return c.json({ message: `Injected fault: status ${spec.status}.` }, spec.status as ContentfulStatusCode);
  }
  if (spec.stream) c.set(STREAM_FAULT, spec.stream);
  await next();
  if (spec.dropAfter) {
    c.res = dropConnection(c);
    return;
  }
  if (spec.trickle !== undefined) c.res = await trickle(c.res, spec.trickle, signal);
  if (spec.oversize) c.res = await oversized(c.res, spec.oversize);
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
async function oversized(response: Response, fault: OversizeFault): Promise<Response> {
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
async function trickle(response: Response, ms: number, signal: AbortSignal | undefined): Promise<Response> {
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
