/**
 * What keeps one caller from exhausting the reference server: request bodies
 * read within a size and a deadline, a per-address rate limit on the calls
 * that create state, and the headers every response carries.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from './error-responses.js';

/** Default deadline for a request body to arrive in full: 10 seconds. */
export const DEFAULT_BODY_TIMEOUT_MS = 10_000;

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string; destroy(): void } };
}

/** The caller's address as the socket sees it, or undefined (no Node socket, e.g. `app.request`). */
export function remoteAddress(c: Context): string | undefined {
  return (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress;
}

/**
 * Reads the request body into memory, never more than `maxBytes` of it: a
 * declared `Content-Length` over the limit is refused before a byte is read,
 * and a body without one is counted as it streams in (413 as soon as it
 * passes the limit). A body that does not arrive in full within `timeoutMs`
 * is a 408. Both close the connection, so the rest of the body is not read.
 * The handlers then read the buffered copy.
 */
export function boundedBody(options: { maxBytes: number; timeoutMs: number; tooLarge?: string }): MiddlewareHandler {
  const { maxBytes, timeoutMs } = options;
  const tooLarge = options.tooLarge ?? `The request body is larger than ${maxBytes} bytes.`;
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const declared = raw.headers.get('content-length');
    if (declared !== null && !raw.headers.has('transfer-encoding') && Number(declared) > maxBytes) {
      return refuse(c, 413, tooLarge);
    }
    const result = await readAtMost(raw.body, maxBytes, timeoutMs);
    if (result === 'too-large') return refuse(c, 413, tooLarge);
    if (result === 'too-slow') return refuse(c, 408, `The request body did not arrive within ${timeoutMs} ms.`);
    if (result === 'broken') throw new ApiError(400, 'The request body could not be read.');
    c.req.raw = new Request(raw, { body: result });
    return next();
  };
}

/** An answer that also ends the connection: the unread rest of the body is not drained. */
function refuse(c: Context, status: 408 | 413, message: string): Response {
  c.header('Connection', 'close');
  return c.json({ message }, status);
}

/** The body, at most `maxBytes` of it, within `timeoutMs`; or why not. */
async function readAtMost(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  timeoutMs: number,
): Promise<Uint8Array<ArrayBuffer> | 'too-large' | 'too-slow' | 'broken'> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'too-slow'>((resolve) => {
    if (timeoutMs > 0 && Number.isFinite(timeoutMs)) timer = setTimeout(() => resolve('too-slow'), timeoutMs);
  });
  try {
    for (;;) {
      const chunk = await Promise.race([reader.read(), deadline]);
      if (chunk === 'too-slow') return chunk;
      if (chunk.done) break;
      size += chunk.value.byteLength;
      if (size > maxBytes) return 'too-large';
      chunks.push(chunk.value);
    }
  } catch {
    return 'broken';
  } finally {
    clearTimeout(timer);
    reader.cancel().catch(() => undefined);
  }
  const whole = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
}

/** Options of the per-address rate limit. */
export interface RateLimitOptions {
  /**
   * Requests per minute one address may make, sustained, to the calls that
   * create state (`startChat`, `generate-upload-url`). Default 600.
   */
  perMinute?: number;
  /** Requests one address may make at once before the sustained rate applies. Default 300. */
  burst?: number;
}

/** The most addresses whose buckets are kept; the least recently seen are forgotten first. */
const MAX_TRACKED_ADDRESSES = 10_000;

/**
 * A token bucket per remote address: `burst` requests at once, then
 * `perMinute` a minute. Beyond: 429 with `Retry-After` (whole seconds).
 * Requests without a known address (no Node socket) are not limited.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;
  private readonly burst: number;
  /** Requests refused so far. */
  refused = 0;

  constructor(options: RateLimitOptions = {}) {
    const perMinute = options.perMinute ?? 600;
    this.burst = Math.max(1, options.burst ?? 300);
    this.perMs = Math.max(perMinute, 0) / 60_000;
  }

  /** Takes one token for `address`; returns 0 when allowed, else the seconds to wait. */
  take(address: string, now = Date.now()): number {
    const bucket = this.buckets.get(address) ?? { tokens: this.burst, at: now };
    this.buckets.delete(address);
    bucket.tokens = Math.min(this.burst, bucket.tokens + (now - bucket.at) * this.perMs);
    bucket.at = now;
    this.buckets.set(address, bucket);
    if (this.buckets.size > MAX_TRACKED_ADDRESSES) this.buckets.delete(this.buckets.keys().next().value!);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    this.refused += 1;
    return this.perMs > 0 ? Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000)) : 60;
  }

  /**
   * Middleware refusing a caller over its rate. Mount it before anything reads
   * the body: the refusal then goes out at once and closes the connection, so
   * the body is neither waited for nor read.
   */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const address = remoteAddress(c);
      const wait = address === undefined ? 0 : this.take(address);
      if (wait > 0) {
        throw new ApiError(429, `Too many requests from this address: try again in ${wait} s.`, undefined, {
          'Retry-After': String(wait),
          Connection: 'close',
        });
      }
      await next();
    };
  }
}

/**
 * Headers on every response: no MIME sniffing (a JSON error echoing input
 * can never be read as a page), no referrer leaks.
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    if (!c.res.headers.has('Referrer-Policy')) c.res.headers.set('Referrer-Policy', 'no-referrer');
  };
}

/** `value` when it is short and plain enough to quote in a message, else undefined. */
export function quotable(value: string, max = 120): string | undefined {
  return value.length <= max && /^[\w.~:@/-]*$/.test(value) ? value : undefined;
}
