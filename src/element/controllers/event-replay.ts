/**
 * Listeners that arrive late. A framework can attach its listeners some time after the element
 * started: React hydrating server-rendered HTML does (the element upgrades as soon as its module
 * runs, React's listeners come with the commit or a wrapper's layout effect). So the conversation's
 * events that fire while the element has no listener of that type are kept (the newest 100 per
 * type), and the first listener added for the type gets them, in order, on the next microtask, as
 * events with `replayed: true` that do not bubble (listeners on ancestors heard the originals).
 */
import { FlowbotEvent, type FlowbotEventClass } from '../events.js';

const KEEP = 100;

/** A replayable event (its class says so in the table of `events.ts`). */
type Replayable = FlowbotEvent<unknown> & { constructor: FlowbotEventClass };

const isReplayable = (event: Event): event is Replayable =>
  event instanceof FlowbotEvent && (event.constructor as FlowbotEventClass).replayable;

export class EventReplay {
  /** The types that have had a listener on the element. */
  readonly #heard = new Set<string>();
  readonly #unheard = new Map<string, Replayable[]>();

  readonly #host: EventTarget;
  constructor(host: EventTarget) {
    this.#host = host;
  }

  /** Dispatches `event` on the element, keeping it first when nobody there listens to its type yet. */
  fire(event: Event): void {
    if (isReplayable(event) && !this.#heard.has(event.type)) {
      const kept = this.#unheard.get(event.type) ?? [];
      kept.push(event);
      if (kept.length > KEEP) kept.shift();
      this.#unheard.set(event.type, kept);
    }
    this.#host.dispatchEvent(event);
  }

  /** A listener of `type` was added to the element. */
  added(type: string): void {
    if (this.#heard.has(type)) return;
    this.#heard.add(type);
    const kept = this.#unheard.get(type);
    if (!kept) return;
    this.#unheard.delete(type);
    queueMicrotask(() => {
      for (const event of kept) this.#host.dispatchEvent(new event.constructor(event.detail as never, true));
    });
  }
}
