/**
 * How the bubble and the popup open and close. The popup's `<dialog>` follows
 * `open` (shown modal: the page behind is inert; the element closes it on
 * Escape and on a click on the backdrop); the bubble's panel closes on Escape;
 * a close by the visitor gives focus back to the launcher; `flowbot-open` and
 * `flowbot-close` fire after each change. Where Tab goes while the bubble is
 * open, and the phone's modal panel, come on demand (`bubble-focus.ts`, beside this file).
 */
import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { FlowbotCloseEvent, FlowbotOpenEvent } from '../events.js';
import { inviteFile } from '../on-demand/loader.js';

/** What the panel's opening reads of the element. */
export interface PanelHost extends ReactiveControllerHost, HTMLElement {
  readonly mode: string;
  readonly publicId: string;
  open: boolean;
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export class PanelController implements ReactiveController {
  /** `open` as last drawn: a change fires `flowbot-open` or `flowbot-close`. */
  #shown = false;
  /** Whether the bubble's place has been compared with the page's other bubbles. */
  #placed = false;

  readonly #host: PanelHost;
  readonly #fire: (event: Event) => void;
  constructor(
    host: PanelHost,
    /** Dispatches an event of the element (see `event-replay.ts`). */
    fire: (event: Event) => void,
  ) {
    this.#host = host;
    this.#fire = fire;
    host.addController(this);
  }

  /** Bubble or popup: a panel that opens and closes. */
  get floating(): boolean {
    return this.#host.mode === 'bubble' || this.#host.mode === 'popup';
  }

  hostUpdated(): void {
    const host = this.#host;
    if (host.open !== this.#shown && this.floating) {
      this.#shown = host.open;
      this.#fire(host.open ? new FlowbotOpenEvent(null) : new FlowbotCloseEvent(null));
    }
    if (host.mode === 'bubble' && !this.#placed) {
      this.#placed = true;
      // A bubble on the spot of one earlier in the page hides it: with two or more, the bubble's code
      // on demand checks (`bubble-place.ts`).
      if (document.querySelectorAll('flowbot-chat[mode=bubble]').length > 1)
        inviteFile.load().then(
          ({ warnHiddenBubble }) => warnHiddenBubble(host),
          () => undefined,
        );
    }
    const dialog = host.renderRoot.querySelector('dialog');
    if (dialog && host.isConnected) {
      if (host.open && !dialog.open) dialog.showModal();
      else if (!host.open && dialog.open) dialog.close();
    }
  }

  /** Closes the panel; in the bubble, focus goes back to the launcher that opened it. */
  close(): void {
    const host = this.#host;
    host.open = false;
    if (host.mode === 'bubble') {
      void host.updateComplete.then(() => host.renderRoot.querySelector<HTMLElement>('.launcher')?.focus());
    }
  }

  /**
   * The popup's `<dialog>` around the panel. Escape (its cancel) closes it through `open`, so the
   * element stays the one that says; so does a click on the backdrop (the dialog box itself,
   * outside the panel).
   */
  dialog(panel: TemplateResult): TemplateResult {
    const host = this.#host;
    // eslint-disable-next-line lit-a11y/click-events-have-key-events -- the backdrop's click closes; by keyboard, Escape does (the dialog's cancel)
    return html`<dialog
      part="dialog"
      class="dialog"
      aria-labelledby="title"
      @cancel=${(event: Event) => {
        event.preventDefault();
        host.open = false;
      }}
      @close=${() => host.open && (host.open = false)}
      @click=${(event: MouseEvent) => event.target === event.currentTarget && (host.open = false)}
    >
      ${panel}
    </dialog>`;
  }

  /** A key in the bubble's panel or on its launcher: Escape closes. */
  keydown(event: KeyboardEvent): void {
    if (event.key === 'Escape' && this.#host.mode === 'bubble' && this.#host.open) {
      event.stopPropagation();
      this.close();
    }
  }
}
