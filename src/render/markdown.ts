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
import type { FlowbotStrings } from '../i18n/strings.js';
import { drawMath, type Formulas } from './math.js';
import { highlightCode } from './code.js';
import { el, richTextContent, type DrawMore } from './rich-text.js';

/** The words a markdown message shows besides its text. */
export type MarkdownStrings = Pick<FlowbotStrings, 'copyCode' | 'copied' | 'pressToCopy'>;

// For a caller that hands in no words (the element always does).
const ENGLISH: MarkdownStrings = {
  copyCode: 'Copy code',
  copied: 'Copied',
  pressToCopy: 'Press {key} to copy',
};

/** How a markdown message is drawn: its words, and whether it is complete (a growing one takes no focus). */
export interface MarkdownOptions {
  readonly words?: Partial<MarkdownStrings> | undefined;
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
  const formulas: Formulas = new Map();
  return (node, kids, out) => {
    switch (node.type) {
      case 'math':
        out.push(drawMath(node, kids, formulas));
        return true;
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
function codeBlock(text: string, lang: string, words: MarkdownStrings, live: boolean): HTMLElement {
  const code = el('code', text ? [text] : []);
  // Coloured in place when its language is one the highlight file reads (see code.ts).
  highlightCode(code, lang, text);
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
export function markdownContent(nodes: unknown, lang?: string, words?: Partial<MarkdownStrings>): HTMLElement {
  return richTextContent(nodes, lang, drawMarkdown({ words }));
}
