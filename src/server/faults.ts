/**
 * Fault injection, off unless the app is created with `faults: true` (what a fault is, and how a
 * test asks for one: `fault-spec.ts`): the queue of faults asked for, and the middleware that
 * applies them (the broken answers it makes are in `fault-responses.ts`).
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { dropConnection, HANG_LIMIT_MS, oversized, sleep, trickle } from './fault-responses.js';
import { FAULT_HEADER, parseFaultSpec, type FaultSpec, type StreamFault } from './fault-spec.js';

export { FAULT_HEADER, parseFaultSpec } from './fault-spec.js';
export type { FaultSpec, OversizeFault, StreamFault } from './fault-spec.js';

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
