/**
 * Where the keyboard goes while the bubble's panel is open. Loaded on demand
 * with the invitation (see `on-demand/features.ts`: at the latest as the panel opens); the
 * popup needs none of it: its modal `<dialog>` keeps focus in and the page
 * inert by itself.
 *
 * - **On a phone** (at most 480 px wide) the panel covers the whole screen,
 *   launcher included, so it is a modal dialog: `aria-modal="true"`, focus
 *   moves into it as it opens, Tab and Shift+Tab go round the panel alone
 *   (its close button included), and the page behind does not scroll (the
 *   root's `overflow` is `hidden` while it is open, then set back to exactly
 *   what it was).
 * - **Wider**, the panel floats over a corner of the page, which stays in use.
 *   Page controls under the panel would still be in the tab order, focused
 *   where nobody can see them (WCAG 2.4.11, Focus Not Obscured). So while the
 *   panel is open, Tab and Shift+Tab go round the panel and its launcher; the
 *   launcher, or Escape, closes the panel and leaves focus on the launcher,
 *   from where Tab goes on into the page. The page stays usable by pointer.
 *
 * Whichever way the panel closes (Escape, the close button, the launcher, the
 * page's `hide()`), focus left inside it goes back to the launcher.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** What this reads of the element. */
export interface BubbleFocusHost extends ReactiveControllerHost {
  readonly mode: string;
  readonly open: boolean;
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/** The narrow screens on which the panel fills the screen (as in the element's styles). */
export const NARROW = '(max-width: 480px)';

/** Elements that may be tab stops (`isTabStop` says which are). */
const FOCUSABLE =
  'a[href],button,input,select,textarea,iframe,audio[controls],video[controls],summary,[contenteditable],[tabindex]';

/** Whether Tab stops at `el` (one of `FOCUSABLE`). */
const isTabStop = (el: HTMLElement): boolean =>
  el.tabIndex >= 0 &&
  !el.matches(':disabled') &&
  el.getClientRects().length > 0 &&
  getComputedStyle(el).visibility !== 'hidden';

/**
 * The first and last tab stops of `root` (the widget sets no positive `tabindex`). Only the ends
 * are looked at: a long transcript has many links, and Tab must stay quick.
 */
function tabEnds(root: ParentNode): [HTMLElement | undefined, HTMLElement | undefined] {
  const all = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
  let last: HTMLElement | undefined;
  for (let i = all.length - 1; i >= 0 && !last; i--) if (isTabStop(all[i]!)) last = all[i];
  return [all.find(isTabStop), last];
}

/** Open phone panels holding the page still (two widgets on one page share its root). */
let scrollLocks = 0;
/** The root's own `overflow-x` and `overflow-y` (value, priority) before the first lock, set back after the last. */
let pageOverflow: string[][] = [];
const OVERFLOWS = ['overflow-x', 'overflow-y'];

function lockPageScroll(lock: boolean): void {
  const style = document.documentElement.style;
  if (lock) {
    if (scrollLocks++ === 0) {
      pageOverflow = OVERFLOWS.map((name) => [style.getPropertyValue(name), style.getPropertyPriority(name)]);
      style.overflow = 'hidden';
    }
  } else if (--scrollLocks === 0) {
    OVERFLOWS.forEach((name, i) => style.setProperty(name, pageOverflow[i]![0]!, pageOverflow[i]![1]));
  }
}

/** Keeps the keyboard in the open bubble, and the page still behind it on a phone (see above). */
export class BubbleFocus implements ReactiveController {
  readonly #host: BubbleFocusHost;
  readonly #narrow: MediaQueryList | undefined = typeof matchMedia === 'function' ? matchMedia(NARROW) : undefined;
  /** The panel was open at the last update. */
  #open = false;
  /** This panel holds the page still (open, on a phone). */
  #modal = false;

  constructor(host: BubbleFocusHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    this.#host.renderRoot.addEventListener('keydown', this.#handleKeydown as EventListener);
    this.#narrow?.addEventListener('change', this.#handleWidthChange);
    // Added to an element that may already be open: look now, not at its next change.
    this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    this.#host.renderRoot.removeEventListener('keydown', this.#handleKeydown as EventListener);
    this.#narrow?.removeEventListener('change', this.#handleWidthChange);
    this.#setModal(false);
    this.#open = false;
  }

  hostUpdated(): void {
    const host = this.#host;
    const root = host.renderRoot as ShadowRoot;
    const panel = this.#panel();
    const open = host.mode === 'bubble' && host.open && !!panel;
    const modal = open && !!this.#narrow?.matches;
    const opened = open && !this.#open;
    const wasModal = this.#modal;
    this.#setModal(modal);
    // Set here, with the rest of what makes the phone's panel modal: the element's first file
    // stays small.
    if (modal) panel!.setAttribute('aria-modal', 'true');
    else panel?.removeAttribute('aria-modal');
    const active = root.activeElement;
    if (modal && (opened || !wasModal) && !panel!.contains(active)) {
      // A modal dialog takes focus as it opens (the launcher is now under the panel): the
      // conversation, from where Tab reaches the controls; a new input takes it from there.
      (panel!.querySelector<HTMLElement>('[part~="messages"]') ?? tabEnds(panel!)[0])?.focus({ preventScroll: true });
    }
    if (!open && this.#open && panel?.contains(active)) {
      // Closed by the launcher (Safari does not focus a clicked button) or by the page: focus
      // in the hidden panel would be lost.
      root.querySelector<HTMLElement>('[part~="launcher"]')?.focus();
    }
    this.#open = open;
  }

  #panel(): HTMLElement | null {
    return this.#host.renderRoot.querySelector<HTMLElement>('[part~="panel"]');
  }

  #setModal(modal: boolean): void {
    if (modal !== this.#modal) {
      this.#modal = modal;
      lockPageScroll(modal);
    }
  }

  /** Tab from the last stop goes to the first, Shift+Tab from the first to the last. */
  readonly #handleKeydown = (event: KeyboardEvent): void => {
    const panel = this.#panel();
    if (event.key !== 'Tab' || event.defaultPrevented || !this.#open || !panel) return;
    const root = this.#host.renderRoot as ShadowRoot;
    const [firstInPanel, last] = tabEnds(panel);
    // Beside the page, the launcher (just before the panel) is in the round; on a phone it is
    // under the panel.
    const first = (!this.#modal && root.querySelector<HTMLElement>('[part~="launcher"]')) || firstInPanel;
    const active = root.activeElement;
    const next = event.shiftKey ? active === first && last : active === last && first;
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  readonly #handleWidthChange = (): void => this.#host.requestUpdate();
}
