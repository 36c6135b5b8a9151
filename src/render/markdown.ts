/**
 * The blocks only markdown makes (the answers of AI models), drawn by the
 * rich-text walk with `drawMarkdown`: headings with their level (not `h1`–`h6`:
 * a message's headings stay out of the page's outline), block quotes, tables
 * (in a box that scrolls sideways, header cells with their scope), task list
 * items (disabled checkboxes that say whether each is done) and code blocks
 * (a language label, a Copy button, the code scrolling sideways in its box).
 * Text is set as text, never parsed as HTML. Loaded on demand, with the
 * markdown reader.
 */
import { css, type CSSResult } from 'lit';
import type { FlowbotStrings } from '../i18n/strings.js';
import { el, richTextContent, type DrawMore } from './rich-text.js';

/** The words a markdown message shows besides its text. */
export type MarkdownWords = Pick<FlowbotStrings, 'copyCode' | 'copied' | 'pressToCopy'>;

// For a caller that hands in no words (the element always does).
const ENGLISH: MarkdownWords = {
  copyCode: 'Copy code',
  copied: 'Copied',
  pressToCopy: 'Press {key} to copy',
};

/** How a markdown message is drawn: its words, and whether it is complete (a growing one takes no focus). */
export interface MarkdownOptions {
  readonly words?: Partial<MarkdownWords> | undefined;
  /** The answer is still growing: its bubble is hidden from screen readers, so nothing in it takes focus. */
  readonly growing?: boolean;
}

const ALIGN: Record<string, string> = { left: 'start', center: 'center', right: 'end' };
/** How long "Copied" stays (a second copy announces it again). */
const COPIED_MS = 3000;

const attrs = (e: Element, values: Record<string, string>): Element => {
  for (const [name, value] of Object.entries(values)) e.setAttribute(name, value);
  return e;
};

/** The drawing of markdown's own blocks, for the rich-text walk. */
export function drawMarkdown(options: MarkdownOptions = {}): DrawMore {
  const words = { ...ENGLISH, ...options.words };
  const live = !options.growing;
  return (node, kids, out) => {
    switch (node.type) {
      case 'h': {
        const inner = kids();
        const level = Math.min(6, Math.max(1, Math.trunc(Number(node.level)) || 1));
        // An empty heading has nothing to say.
        if (inner.length) out.push(attrs(el('div', inner, 'fb-h'), { role: 'heading', 'aria-level': `${level}` }));
        return true;
      }
      case 'blockquote':
        out.push(el('blockquote', kids()));
        return true;
      case 'task': {
        const box = el('input') as HTMLInputElement;
        box.type = 'checkbox';
        box.disabled = true;
        box.checked = node.checked === true;
        out.push(el('label', [box, ...kids()], 'fb-task'));
        return true;
      }
      case 'table': {
        const rows = kids().filter((row): row is Element => row instanceof Element);
        const table = el('table', [el('thead', rows.slice(0, 1))]);
        if (rows.length > 1) table.append(el('tbody', rows.slice(1)));
        const box = el('div', [table], 'fb-table');
        if (live) {
          // Reachable by keyboard once its message is entered (to scroll it), and named by its header
          // row: what a visitor who tabs to it hears.
          const name = [...(rows[0]?.children ?? [])].map((cell) => cell.textContent).join(', ');
          attrs(box, { role: 'group', 'aria-label': name });
          box.tabIndex = -1;
        }
        out.push(box);
        return true;
      }
      case 'tr':
        out.push(
          el(
            'tr',
            kids().filter((cell) => cell instanceof Element),
          ),
        );
        return true;
      case 'th':
      case 'td': {
        const cell = el(node.type, kids()) as HTMLTableCellElement;
        if (node.type === 'th') cell.scope = 'col';
        const align = ALIGN[node.align as string];
        if (align) cell.style.textAlign = align;
        out.push(cell);
        return true;
      }
      case 'pre': {
        const leaf = Array.isArray(node.children) ? (node.children[0] as { text?: unknown } | undefined) : undefined;
        const text = typeof leaf?.text === 'string' ? leaf.text : '';
        out.push(codeBlock(text, typeof node.lang === 'string' ? node.lang : '', words, live));
        return true;
      }
      default:
        return false;
    }
  };
}

/**
 * A code block: a bar with the language and a Copy button, and the code in a
 * `pre` that scrolls sideways (code reads left to right in any language). Its
 * text is one text node per piece drawn, so `textContent` is the code as sent.
 */
function codeBlock(text: string, lang: string, words: MarkdownWords, live: boolean): HTMLElement {
  const code = el('code', text ? [text] : []);
  const pre = el('pre', [code]);
  pre.dir = 'ltr';
  const button = el('button', [words.copyCode], 'fb-copy') as HTMLButtonElement;
  button.type = 'button';
  button.tabIndex = -1;
  const status = attrs(el('span', [], 'fb-copy-status'), { role: 'status' }) as HTMLElement;
  const bar = el('div', [status, button], 'fb-code-bar');
  if (lang) bar.prepend(el('span', [lang], 'fb-code-lang'));
  const block = el('div', [bar, pre], 'fb-code');
  if (!live) {
    // The same bar, not yet usable: the answer is still arriving.
    button.disabled = true;
    return block;
  }
  pre.tabIndex = -1;
  const copied = () => say(status, button, words.copied, false);
  button.addEventListener('click', () => {
    const clipboard = navigator.clipboard as Clipboard | undefined;
    (clipboard ? clipboard.writeText(code.textContent ?? '') : Promise.reject(new Error('no clipboard'))).then(
      copied,
      () => {
        // Refused (or no Clipboard API): the code is selected, and the visitor is told the keys that copy it.
        pre.focus();
        select(code);
        const key = /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘C' : 'Ctrl+C';
        say(status, button, words.pressToCopy.replace('{key}', key), true);
      },
    );
  });
  // Copied with the keys (after the hint, or by a visitor who selected the code): said the same way.
  pre.addEventListener('copy', copied);
  pre.addEventListener('blur', () => {
    if (status.classList.contains('fb-hint')) say(status, button, '', false);
  });
  return block;
}

/** Selects the contents of `node` (a node in a shadow root is selected in the document's selection). */
function select(node: Node): void {
  const selection = getSelection();
  if (!selection) return;
  const range = document.createRange();
  range.selectNodeContents(node);
  selection.removeAllRanges();
  selection.addRange(range);
}

const timers = new WeakMap<Element, ReturnType<typeof setTimeout>>();

/** Says `text` in the block's status: visibly when it is a hint to act on, to screen readers only otherwise. */
function say(status: HTMLElement, button: HTMLElement, text: string, hint: boolean): void {
  clearTimeout(timers.get(status));
  status.textContent = text;
  status.classList.toggle('fb-hint', hint);
  button.toggleAttribute('data-copied', !!text && !hint);
  if (text && !hint) {
    timers.set(
      status,
      setTimeout(() => say(status, button, '', false), COPIED_MS),
    );
  }
}

/** A markdown message's content: the rich-text walk with markdown's own blocks. */
export function markdownContent(nodes: unknown, lang?: string, words?: Partial<MarkdownWords>): HTMLElement {
  return richTextContent(nodes, lang, drawMarkdown({ words }));
}

/** The styles of markdown's own blocks, scoped to `.fb-content`. */
export const markdownStyles: CSSResult = css`
  /*
   * The code font, read from its public property here rather than with the others in the
   * element's frame styles: only markdown draws code, and these styles arrive with it.
   */
  :host {
    --_code-font: var(--flowbot-code-font-family, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
  }
  /* Code spans: only markdown makes them (the viewer's rich text has no code mark). */
  .fb-content code {
    font-family: var(--_code-font);
    font-size: 0.9em;
    white-space: pre-wrap;
    padding: 0 0.2em;
    border-radius: 4px;
    background: color-mix(in srgb, currentColor 10%, transparent);
  }
  .fb-content .fb-h {
    font-weight: 700;
    line-height: 1.3;
  }
  .fb-content .fb-h[aria-level='1'] {
    font-size: 1.3em;
  }
  .fb-content .fb-h[aria-level='2'] {
    font-size: 1.15em;
  }
  .fb-content .fb-h[aria-level='3'] {
    font-size: 1.05em;
  }
  .fb-content blockquote {
    margin: 0;
    padding-inline-start: 0.75em;
    border-inline-start: 3px solid color-mix(in srgb, currentColor 35%, transparent);
  }
  .fb-content li:has(> .fb-task) {
    list-style: none;
  }
  /*
   * A task's box in the text's own colour (a disabled native box is pale grey, under 3:1): an empty
   * frame when open, filled with a check mark cut out of it when done.
   */
  .fb-task input {
    appearance: none;
    position: relative;
    box-sizing: border-box;
    width: 0.9em;
    height: 0.9em;
    margin-block: 0;
    margin-inline: -1.3em 0.4em;
    vertical-align: -0.1em;
    border: 0.125em solid currentColor;
    border-radius: 0.15em;
    color: inherit;
    opacity: 1;
  }
  .fb-task input:checked {
    background: currentColor;
  }
  .fb-task input:checked::before {
    content: '';
    position: absolute;
    left: 0.24em;
    top: 0.04em;
    width: 0.2em;
    height: 0.42em;
    border: solid var(--_bot-bg, Canvas);
    border-width: 0 0.12em 0.12em 0;
    transform: rotate(45deg);
  }
  @media (forced-colors: active) {
    .fb-task input {
      forced-color-adjust: none;
      border-color: CanvasText;
    }
    .fb-task input:checked {
      background: CanvasText;
    }
    .fb-task input:checked::before {
      border-color: Canvas;
    }
  }
  /*
   * A table or a code line scrolls in its own box, and never widens the bubble, the widget or the
   * page: a grid's minmax(0, 1fr) column is empty under a min-content constraint and as wide as
   * its content under a max-content one, so the box asks for no width of its own (a grid or flex
   * item, a table cell or an inline-block around the widget can be as narrow as the screen), but
   * the bubble still grows to the table's width when there is room.
   */
  .fb-table,
  .fb-code {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
  }
  .fb-table,
  .fb-code pre {
    max-width: 100%;
    overflow-x: auto;
    overscroll-behavior-x: contain;
  }
  .fb-table:focus-visible,
  .fb-code pre:focus-visible {
    outline: 2px solid currentColor;
    outline-offset: -2px;
  }
  /*
   * A table wider than its bubble fades out at each side where more of it waits (as the cards'
   * row does at its end), so a phone that shows no scrollbar still says it scrolls: two layers,
   * each as wide as the box and 24px more, moved by the box's own scrolling (where scroll-driven
   * animations run). A table that fits has no scroll range, so no animation: both fades lie
   * outside the box. The start's layer is the first, in the line's direction; a focused table
   * shows its whole outline.
   */
  .fb-table {
    /* Longhands: the minifier writes the shorthand out as every one of them. */
    mask-image: linear-gradient(to right, #0000, #000 24px), linear-gradient(to left, #0000, #000 24px);
    mask-position:
      -24px 0,
      0 0;
    mask-size: calc(100% + 24px) 100%;
    mask-repeat: no-repeat;
    mask-composite: intersect;
    animation: flowbot-table-more linear;
    animation-timeline: scroll(self inline);
  }
  .fb-table:dir(rtl) {
    mask-image: linear-gradient(to left, #0000, #000 24px), linear-gradient(to right, #0000, #000 24px);
    mask-position:
      right -24px top 0,
      right 0 top 0;
    animation-name: flowbot-table-more-rtl;
  }
  .fb-table:focus-visible {
    mask-image: none;
  }
  @keyframes flowbot-table-more {
    0% {
      mask-position:
        -24px 0,
        -24px 0;
    }
    4%,
    96% {
      mask-position:
        0 0,
        -24px 0;
    }
    100% {
      mask-position:
        0 0,
        0 0;
    }
  }
  @keyframes flowbot-table-more-rtl {
    0% {
      mask-position:
        right -24px top 0,
        right -24px top 0;
    }
    4%,
    96% {
      mask-position:
        right 0 top 0,
        right -24px top 0;
    }
    100% {
      mask-position:
        right 0 top 0,
        right 0 top 0;
    }
  }
  .fb-table table {
    justify-self: start;
    border-collapse: collapse;
  }
  .fb-table th,
  .fb-table td {
    padding: 0.25em 0.6em;
    border: 1px solid color-mix(in srgb, currentColor 30%, transparent);
    text-align: start;
    vertical-align: top;
    overflow-wrap: normal;
  }
  .fb-table th {
    background: color-mix(in srgb, currentColor 8%, transparent);
  }
  .fb-code {
    border: 1px solid color-mix(in srgb, currentColor 22%, transparent);
    border-radius: 6px;
    background: color-mix(in srgb, currentColor 7%, transparent);
  }
  .fb-code-bar {
    position: relative;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: flex-end;
    gap: 0.5em;
    padding: 0.2em 0.3em;
    padding-inline-start: 0.75em;
    border-bottom: 1px solid color-mix(in srgb, currentColor 22%, transparent);
    font-size: 0.8em;
  }
  .fb-code-lang {
    margin-inline-end: auto;
    font-family: var(--_code-font);
    overflow-wrap: anywhere;
  }
  .fb-copy {
    box-sizing: border-box;
    min-height: 24px;
    padding: 0.15em 0.6em;
    border: 1px solid color-mix(in srgb, currentColor 35%, transparent);
    border-radius: 4px;
    background: transparent;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
  .fb-copy:disabled {
    cursor: default;
  }
  .fb-copy:focus-visible {
    outline: 2px solid currentColor;
    outline-offset: 1px;
  }
  .fb-copy[data-copied]::after {
    content: ' ✓' / '';
  }
  .fb-copy-status:not(.fb-hint) {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  .fb-copy-status.fb-hint {
    font-weight: 700;
  }
  .fb-content .fb-code pre {
    margin: 0;
    padding: 0.5em 0.75em;
    font-family: var(--_code-font);
    font-size: 0.9em;
    line-height: 1.45;
    white-space: pre;
    overflow-wrap: normal;
    tab-size: 4;
  }
  .fb-content .fb-code code {
    padding: 0;
    border-radius: 0;
    background: none;
    font-size: inherit;
    white-space: inherit;
  }
  /* A printout has no controls: the code without its Copy button, its lines wrapped on the page. */
  @media print {
    .fb-copy {
      display: none !important;
    }
    .fb-table {
      mask-image: none;
    }
    .fb-content .fb-code pre {
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
  }
  @media (forced-colors: active) {
    .fb-code,
    .fb-code-bar,
    .fb-table th,
    .fb-table td,
    .fb-content blockquote {
      border-color: CanvasText;
    }
  }
`;
