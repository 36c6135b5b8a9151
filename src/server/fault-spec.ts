/**
 * What a fault is (`FaultSpec`) and its spelling (`parseFaultSpec`): the header's value, or the
 * string handed to `state.faults.next()`.
 */
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
