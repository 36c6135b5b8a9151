/**
 * The base of the events of `<flowbot-chat>` (their table is `events.ts`), a module of its own: the
 * on-demand files whose events it makes (the answers', the list of conversations, the invitation)
 * take it from the widget's code (`tools/build-plugins.ts`, `SHARED_MODULES`) instead of carrying
 * a copy each. Their calls of `eventOf` are marked pure there, so a file keeps only the classes it fires.
 */

/** The base of every event of `<flowbot-chat>`. */
export class FlowbotEvent<D> extends CustomEvent<D> {
  /** True for a replay to a listener added after the event first fired (it then does not bubble). */
  readonly replayed: boolean;

  constructor(type: string, detail: D, { replayed = false, cancelable = false } = {}) {
    // A replay is for the element's own late listeners only: its ancestors heard the original.
    super(type, { bubbles: !replayed, composed: !replayed, cancelable, detail });
    this.replayed = replayed;
  }
}

/** An event class of the table: its name, and whether it is replayed to late listeners. */
export interface FlowbotEventClass {
  new (detail: never, replayed?: boolean): FlowbotEvent<unknown>;
  readonly eventName: `flowbot-${string}`;
  readonly replayable: boolean;
}

/**
 * Makes the class of one event: its name, and whether it is replayed or cancelable. Free of side
 * effects: a bundle leaves out the classes it never uses.
 */
/* @__NO_SIDE_EFFECTS__ */
export function eventOf<D, N extends `flowbot-${string}`>(
  eventName: N,
  { replayable = false, cancelable = false } = {},
) {
  return class extends FlowbotEvent<D> {
    static readonly eventName: N = eventName;
    static readonly replayable: boolean = replayable;
    constructor(detail: D, replayed = false) {
      super(eventName, detail, { replayed, cancelable });
    }
  };
}
