/** Pauses of the conversation (typing, `wait`) that can all be cut short at once. */

/** The longest a wait for the next frame lasts. */
export const FRAME_WAIT_MS = 100;

interface Timer {
  readonly id: ReturnType<typeof setTimeout>;
  readonly done: () => void;
}

/** A set of pending pauses. */
export class Timers {
  readonly #pending = new Set<Timer>();

  /**
   * Resolves after `ms`, or at once when `flush` runs first; with `frame`, also just after the next
   * frame has been painted if that comes first (its timer is then cleared).
   */
  sleep(ms: number, frame?: boolean): Promise<void> {
    return new Promise((resolve) => {
      const end = (): void => {
        clearTimeout(timer.id);
        this.#pending.delete(timer);
        resolve();
      };
      const timer: Timer = { id: setTimeout(end, ms), done: resolve };
      this.#pending.add(timer);
      if (frame) requestAnimationFrame(() => setTimeout(end));
    });
  }

  /**
   * Resolves after the next frame has been painted, or `FRAME_WAIT_MS` if that comes first: a hidden
   * page paints none, and a shown one may paint about one a second (a tab behind another in its
   * window, an iframe scrolled away). A pause, without frames (a server).
   */
  nextFrame(): Promise<void> {
    const frames = typeof globalThis.requestAnimationFrame === 'function';
    return this.sleep(frames ? FRAME_WAIT_MS : 0, frames);
  }

  /** Ends every pending pause now. */
  flush(): void {
    for (const timer of this.#pending) {
      clearTimeout(timer.id);
      timer.done();
    }
    this.#pending.clear();
  }
}
