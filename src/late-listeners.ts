/**
 * Listeners that arrive late. A framework can attach its listeners some time after the element
 * started: React hydrating server-rendered HTML does (the element upgrades as soon as its module
 * runs, React's listeners come with the commit or a wrapper's layout effect). So the conversation's
 * events that fire while the element has no listener of that type are kept (the newest 100 per
 * type), and the first listener added for the type gets them, in order, on the next microtask, as
 * events with `replayed: true` that do not bubble (listeners on ancestors heard the originals).
 */
const REPLAYABLE = new Set(['flowbot-start', 'flowbot-message', 'flowbot-input', 'flowbot-answer', 'flowbot-end', 'flowbot-error']);
const KEEP = 100;

/** An event of `REPLAYABLE`: its class takes `(detail, replayed)`. */
type Replayable = CustomEvent<unknown> & { constructor: new (detail: unknown, replayed: boolean) => Event };

export class LateListeners {
  /** The types that have had a listener on the element. */
  private readonly heard = new Set<string>();
  private readonly unheard = new Map<string, Replayable[]>();

  constructor(private readonly host: EventTarget) {}

  /** Before `event` is dispatched: keeps it when nobody on the element listens to its type yet. */
  firing(event: Event): void {
    if (!REPLAYABLE.has(event.type) || this.heard.has(event.type)) return;
    const kept = this.unheard.get(event.type) ?? [];
    kept.push(event as Replayable);
    if (kept.length > KEEP) kept.shift();
    this.unheard.set(event.type, kept);
  }

  /** A listener of `type` was added to the element. */
  added(type: string): void {
    if (this.heard.has(type)) return;
    this.heard.add(type);
    const kept = this.unheard.get(type);
    if (!kept) return;
    this.unheard.delete(type);
    queueMicrotask(() => {
      for (const event of kept) this.host.dispatchEvent(new event.constructor(event.detail, true));
    });
  }
}
