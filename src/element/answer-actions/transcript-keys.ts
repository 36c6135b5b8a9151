/**
 * Walking the transcript by keyboard, after BotFramework Web Chat's transcript
 * navigation: the transcript is one Tab stop, and from it
 * - Up and Down move from message to message (the first press goes to the newest),
 * - Home and End go to the first and the last message,
 * - Escape goes to the answer field (the composer's first control).
 * A message walked to is an `article` that says who said it and when ("Bot,
 * 10:42"), with its text as its description; the actions under it (Copy, the
 * thumbs) are the next Tab stops. Keys pressed inside a message's own controls
 * (a link, a button, a code block) are left to them.
 */

/** The words a message walked to says. */
export interface WalkWords {
  /** `Bot, {time}` */
  readonly botAt: string;
  /** `You, {time}` */
  readonly youAt: string;
}

const KEYS = new Set(['ArrowUp', 'ArrowDown', 'Home', 'End', 'Escape']);

let ids = 0;

/** The rows a visitor can walk to: bot and visitor messages, in order (not the typing dots). */
const rowsOf = (log: Element): HTMLElement[] =>
  [...log.querySelectorAll<HTMLElement>(':scope > .row')].filter((row) => row.querySelector('[part~="message"]'));

/** Makes `row` say who said it and when (once `ready` has drawn its time), and gives it focus. */
function walkTo(row: HTMLElement, words: WalkWords, ready: (row: HTMLElement) => void): void {
  ready(row);
  const bubble = row.querySelector<HTMLElement>('[part~="message"]')!;
  if (!bubble.id) bubble.id = `fb-said-${++ids}`;
  const time = row.querySelector('time')?.textContent?.trim() ?? '';
  const who = (row.classList.contains('user') ? words.youAt : words.botAt).replace('{time}', time);
  row.setAttribute('role', 'article');
  // Without a time, the words before it are enough ("Bot").
  row.setAttribute('aria-label', time ? who : who.replace(/[,\s،、]+$/u, ''));
  row.setAttribute('aria-describedby', bubble.id);
  row.tabIndex = -1;
  row.focus();
}

/**
 * Listens for the walking keys on the transcript `log`. `words` are read at each
 * key (the language may change); `field` finds the answer field; `ready` draws
 * what a row walked to shows under it (its time, its actions).
 */
export function walkTranscript(
  log: HTMLElement,
  words: () => WalkWords,
  field: () => HTMLElement | null,
  ready: (row: HTMLElement) => void,
): void {
  log.addEventListener('keydown', (event) => {
    if (!KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target as HTMLElement;
    // On the transcript itself or on a message walked to: a control inside a message keeps its keys.
    const at = target === log ? undefined : target.parentElement === log ? target : null;
    if (at === null) return;
    if (event.key === 'Escape') {
      const to = field();
      if (!to) return;
      event.preventDefault();
      event.stopPropagation();
      to.focus();
      return;
    }
    const rows = rowsOf(log);
    if (!rows.length) return;
    const here = at ? rows.indexOf(at) : -1;
    const last = rows.length - 1;
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End' || here < 0
          ? last
          : Math.min(last, Math.max(0, here + (event.key === 'ArrowUp' ? -1 : 1)));
    event.preventDefault();
    walkTo(rows[next]!, words(), ready);
  });
}
