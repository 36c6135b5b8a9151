/**
 * Where focus goes as the conversation moves on. A new input takes focus, but
 * only once the visitor has interacted (focusing on first load would pop up a
 * phone's keyboard uninvited), and in a bubble or popup only while it is open:
 * each time it opens, the input shown takes focus as a new one does.
 * A control that had focus and went with the answer (removed, or disabled
 * while it is sent) leaves focus in the widget, on the conversation, until the
 * next input takes it: else it falls to the page's body, from where Tab goes
 * elsewhere in each browser (Firefox: to the top of the page). The
 * conversation is right above where the control was: the page stays put.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChatInput } from '../../protocol/types.js';

/** The input's first control: what takes focus (also in the panel the script tag draws, `first-turn/open.ts`). */
export const FIRST_CONTROL = '.composer :is(input, textarea, button)';

/** What focusing reads of the element. */
export interface InputFocusHost extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly shadowRoot: ShadowRoot | null;
}

export class InputFocus implements ReactiveController {
  /** The visitor has clicked, typed or answered: new inputs may take focus. */
  interacted = false;
  readonly #host: InputFocusHost;
  /** The input shown, and whether its panel is in view (inline, or an open bubble or popup). */
  readonly #input: () => { input: ChatInput | undefined; inView: boolean };
  /** The input that last took focus (or was found without a control to focus yet). */
  #focusedInput: ChatInput | undefined;
  /** What had focus in the shadow root as the update began. */
  #hadFocus: Element | null | undefined;

  constructor(host: InputFocusHost, input: () => { input: ChatInput | undefined; inView: boolean }) {
    this.#host = host;
    this.#input = input;
    host.addController(this);
  }

  hostUpdate(): void {
    this.#hadFocus = this.#host.shadowRoot?.activeElement;
  }

  hostUpdated(): void {
    const root = this.#host.renderRoot;
    const had = this.#hadFocus as HTMLButtonElement | null | undefined;
    if (had && (!had.isConnected || had.disabled))
      root.querySelector<HTMLElement>('.messages')?.focus({ preventScroll: true });
    // A control loaded on demand is not there yet: tried again on the update that brings it.
    const { input, inView } = this.#input();
    // A closed panel forgets its input: opened again, it moves focus in as the first opening did.
    if (!inView) this.#focusedInput = undefined;
    else if (input && input !== this.#focusedInput) {
      const control = root.querySelector<HTMLElement>(FIRST_CONTROL);
      if (control || !root.querySelector('.composer .bone')) this.#focusedInput = input;
      if (control && this.interacted && inView) control.focus({ preventScroll: true });
    }
  }
}
