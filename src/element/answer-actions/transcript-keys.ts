/**
 * Walking the transcript by keyboard, after BotFramework Web Chat's transcript
 * navigation. The transcript is one Tab stop: what is inside a message (its
 * links, its code and tables, a player's controls, an agent's folds and
 * sources, Copy and the thumbs) is out of the Tab order (`tabindex="-1"`, set
 * where each is drawn) until the visitor enters that message. From the
 * transcript, or anywhere in it:
 * - Up and Down move from message to message (the first press goes to the newest),
 * - Home and End go to the first and the last message,
 * - Enter, on a message, goes to its first control; inside it Tab and Shift+Tab
 *   go from control to control, and past its last (or before its first) back to
 *   the message, as Web Chat's activity does; Escape goes back to the message,
 * - Escape, on a message or the transcript, goes to the answer field (the composer's first control).
 * The message walked to becomes the transcript's Tab stop (a roving tabindex), so
 * Tab leaves the transcript from it and Shift+Tab comes back to it. It is an
 * `article` that says who said it and when ("Bot, 10:42"), with its text as its
 * description. The arrows stay with a control inside a message that uses them
 * (a field, a player, a radio).
 */

/** How to walk the transcript by keyboard, until the widget's words for it have arrived. */
export const TRANSCRIPT_KEYS =
  'Up and down arrows move between messages, Home and End go to the first and last, Enter goes to the links and buttons of a message, Escape goes back and then to the answer field.';

/** The words a message walked to says. */
export interface WalkStrings {
  /** `Bot, {time}` */
  readonly botAt: string;
  /** `You, {time}` */
  readonly youAt: string;
}

const WALK = new Set(['ArrowUp', 'ArrowDown', 'Home', 'End']);

/** What can take focus inside a message (each drawn with `tabindex="-1"`). */
const INSIDE = 'a[href],button,input,select,textarea,iframe,audio,video,summary,[tabindex]';

/** Controls inside a message that keep the arrows, Home and End for themselves. */
const OWN_ARROWS = 'input,select,textarea,audio,video,iframe,[role="radio"],[role="slider"]';

let ids = 0;

/** A row the visitor can walk to: a bot or visitor message (not the typing dots). */
const isMessage = (row: Element): row is HTMLElement =>
  row.classList.contains('row') && !!row.querySelector('[part~="message"]');

/** The rows a visitor can walk to, in order. */
const rowsOf = (log: Element): HTMLElement[] => [...log.children].filter(isMessage);

/** What a visitor can reach by Tab inside `row`, once entered: in view (not in a closed fold), not disabled. */
const controlsOf = (row: HTMLElement): HTMLElement[] =>
  [...row.querySelectorAll<HTMLElement>(INSIDE)].filter(
    (control) =>
      !control.matches(':disabled') &&
      control.getClientRects().length > 0 &&
      !control.closest('details:not([open]) > :not(summary)'),
  );

/**
 * Makes `row` say who said it and when (once `ready` has drawn its time), makes it the
 * transcript's Tab stop, and gives it focus.
 */
function walkTo(log: HTMLElement, row: HTMLElement, words: WalkStrings, ready: (row: HTMLElement) => void): void {
  ready(row);
  const bubble = row.querySelector<HTMLElement>('[part~="message"]')!;
  if (!bubble.id) bubble.id = `fb-said-${++ids}`;
  const time = row.querySelector('time')?.textContent?.trim() ?? '';
  const who = (row.classList.contains('user') ? words.youAt : words.botAt).replace('{time}', time);
  row.setAttribute('role', 'article');
  // Without a time, the words before it are enough ("Bot").
  row.setAttribute('aria-label', time ? who : who.replace(/[,\s،、]+$/u, ''));
  row.setAttribute('aria-describedby', bubble.id);
  for (const stop of log.querySelectorAll<HTMLElement>(':scope > [tabindex="0"]')) stop.tabIndex = -1;
  row.tabIndex = 0;
  log.tabIndex = -1;
  row.focus();
}

/** The transcript is a Tab stop again once the message that was its stop is gone (a new conversation). */
export function keepTabStop(log: HTMLElement): void {
  if (log.tabIndex < 0 && !log.querySelector(':scope > .row[tabindex="0"]')) log.tabIndex = 0;
}

/**
 * Listens for the walking keys on the transcript `log`. `words` are read at each
 * key (the language may change); `field` finds the answer field; `ready` draws
 * what a row walked to shows under it (its time, its actions).
 */
export function walkTranscript(
  log: HTMLElement,
  words: () => WalkStrings,
  field: () => HTMLElement | null,
  ready: (row: HTMLElement) => void,
): void {
  log.addEventListener('keydown', (event) => {
    const { key, altKey, ctrlKey, metaKey, shiftKey } = event;
    if (altKey || ctrlKey || metaKey || event.isComposing) return;
    const target = event.target as HTMLElement;
    // The message the key was pressed on (`inside`: on one of its controls), if any.
    let row: HTMLElement | null | undefined = target === log ? undefined : target;
    while (row && row.parentElement !== log) row = row.parentElement;
    if (row === null || (row && !isMessage(row))) return;
    const inside = !!row && target !== row;
    const to = (next: HTMLElement | null | undefined): void => {
      if (!next) return;
      event.preventDefault();
      event.stopPropagation();
      if (next.parentElement === log) walkTo(log, next, words(), ready);
      else next.focus();
    };
    if (key === 'Tab') {
      // Inside a message, Tab goes round its controls and back to the message.
      if (!inside || !row) return;
      const controls = controlsOf(row);
      // The control itself, not one that holds it (a table's box holds its links).
      const next = controls.indexOf(target) + (shiftKey ? -1 : 1);
      to(controls[next] ?? row);
    } else if (shiftKey) {
      return;
    } else if (key === 'Enter') {
      if (row && !inside) to(controlsOf(row)[0]);
    } else if (key === 'Escape') {
      to(inside ? row : field());
    } else if (WALK.has(key) && !(inside && target.matches(OWN_ARROWS))) {
      const rows = rowsOf(log);
      const here = row ? rows.indexOf(row) : -1;
      const last = rows.length - 1;
      to(
        rows[
          key === 'Home'
            ? 0
            : key === 'End' || here < 0
              ? last
              : Math.min(last, Math.max(0, here + (key === 'ArrowUp' ? -1 : 1)))
        ],
      );
    }
  });
}
