/**
 * The widget taking over from the first turn drawn before its code: once its own panel shows as
 * much (the same messages, and the input with them), or says it cannot (an error, the unavailable
 * notice), the first turn's panel leaves in the same task, before a frame shows either alone. What
 * the visitor typed goes into the widget's field, the focus to the same control of the widget's
 * panel (with the field's selection), and an answer sent or a choice picked meanwhile is then the
 * widget's.
 */

/** What the visitor did in the first turn that the widget does once it takes over. */
export interface Pending {
  /** The typed answer was sent (Enter or Send). */
  sent: boolean;
  /** The index of the choice picked, or -1. */
  chosen: number;
}

/** How long the first turn waits for the widget's own to catch up before giving way all the same. */
const GIVE_WAY_MS = 3_000;

/** The same control in `theirs` as `node` in `panel`: by its part, and its place among those of its part. */
function counterpart(node: Element | null, panel: Element, theirs: Element): HTMLElement | undefined {
  const part = node && panel.contains(node) ? node.getAttribute('part') : null;
  if (!part) return undefined;
  const index = [...panel.querySelectorAll(`[part="${part}"]`)].indexOf(node!);
  return theirs.querySelectorAll<HTMLElement>(`[part="${part}"]`)[index];
}

/** Hands `panel`'s state over to `theirs`, the widget's panel, and removes it with its `sheets`. */
function swap(root: ShadowRoot, panel: HTMLElement, theirs: Element, sheets: CSSStyleSheet[], pending: Pending): void {
  const typed = panel.querySelector('input');
  const field = theirs.querySelector<HTMLInputElement>('[part~="input"]');
  if (typed?.value && field) {
    field.value = typed.value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  const target = counterpart(root.activeElement, panel, theirs);
  panel.remove();
  root.adoptedStyleSheets = root.adoptedStyleSheets.filter((sheet) => !sheets.includes(sheet));
  target?.focus();
  if (target === field && typed) field.setSelectionRange(typed.selectionStart, typed.selectionEnd);
  if (pending.chosen >= 0) theirs.querySelectorAll<HTMLElement>('[part~="choice"]')[pending.chosen]?.click();
  else if (pending.sent) field?.form?.requestSubmit();
}

/**
 * Keeps `panel` (with its `sheets`, which the widget's styles replaced) over the widget's own until
 * that one has caught up, then swaps them (see the file's comment). A notice of a widget whose code
 * did not run, which took the root, leaves the panel out.
 */
export function takeOver(el: Element, panel: HTMLElement, sheets: CSSStyleSheet[], pending: Pending): void {
  const root = el.shadowRoot!;
  const others = (): CSSStyleSheet[] => root.adoptedStyleSheets.filter((sheet) => !sheets.includes(sheet));
  if (!(el as { updateComplete?: unknown }).updateComplete || !panel.isConnected) {
    panel.remove();
    root.adoptedStyleSheets = others();
    return;
  }
  root.adoptedStyleSheets = [...others(), ...sheets];
  const count = panel.querySelectorAll('[part~="bot-message"]').length;
  const input = !!panel.querySelector('[part~="composer"]');
  const theirs = (): Element | undefined =>
    [...root.querySelectorAll('[part~="panel"]')].find((node) => node !== panel);
  const done = (widget: Element): void => {
    watch.disconnect();
    clearTimeout(timer);
    swap(root, panel, widget, sheets, pending);
  };
  const check = (): void => {
    const widget = theirs();
    if (!widget) return;
    const caughtUp =
      widget.querySelectorAll('[part~="bot-message"]').length >= count &&
      (!input || widget.querySelector('[part~="composer"] :is(input, button)'));
    if (caughtUp || widget.querySelector('[part~="error"], [part~="unavailable"]')) done(widget);
  };
  const watch = new MutationObserver(check);
  watch.observe(root, { childList: true, subtree: true });
  const timer = setTimeout(() => {
    const widget = theirs();
    if (widget) done(widget);
  }, GIVE_WAY_MS);
  check();
}
