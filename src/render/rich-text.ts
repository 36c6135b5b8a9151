/**
 * Rich-text bubbles: an untrusted tree walked into DOM nodes. Text is only
 * ever set as text nodes, links only get URLs that passed `safeUrl`, and any
 * shape (wrong types, cycles, huge or deep trees) degrades instead of throwing
 * (the bounded walk and the plain-text reading are in `protocol/rich-text.ts`).
 *
 * The nodes are built directly, not through Lit templates: a message's text is
 * drawn once and never changes, so it needs no parts to update, and a long
 * transcript carries no markers or template instances for it.
 */
import { childrenOf, enter, MAX_NODES, newWalk, plainOf, type Walk } from '../protocol/rich-text.js';
import { LINK_SCHEMES, safeUrl } from '../protocol/safe-url.js';

type Obj = Record<string, unknown>;
/** What a walk gives: nodes, and text as strings (appended as text nodes). */
export type Out = (Node | string)[];

/**
 * Draws an element type the walk does not know (the blocks only markdown
 * makes: headings, quotes, tables, code), given its children drawn; false
 * when it does not know it either. Handed in by the on-demand part.
 */
export type DrawMore = (node: Obj, kids: () => Out, out: Out) => boolean;

/** The drawing of more types, for the walk under way (a walk is synchronous, and `draw` starts none). */
let more: DrawMore | undefined;

/** A new `tag` element holding `children`, with `className` when given (for rows and content drawn as DOM). */
export function el(tag: string, children: readonly (Node | string)[] = [], className?: string): HTMLElement {
  const e = document.createElement(tag);
  if (className) e.className = className;
  e.append(...children);
  return e;
}

/** Text with its line breaks as `<br>`. */
function lines(text: string, out: Out): void {
  text.split(/\r\n?|\n/).forEach((line, i) => {
    if (i) out.push(document.createElement('br'));
    if (line) out.push(line);
  });
}

/** A leaf's marks and their elements, innermost first. */
const MARKS = [
  ['code', 'code'],
  ['strike', 's'],
  ['underline', 'u'],
  ['italic', 'em'],
  ['bold', 'strong'],
] as const;

function leaf(node: Obj & { text: string }, out: Out): void {
  if (!node.text) return;
  let inner: Out = [];
  lines(node.text, inner);
  for (const [mark, tag] of MARKS) if (node[mark]) inner = [el(tag, inner)];
  out.push(...inner);
}

function renderNode(value: unknown, w: Walk, depth: number, out: Out): void {
  if (typeof value === 'string') {
    lines(value, out);
    return;
  }
  enter(value, w, depth, (node) => {
    if (typeof node.text === 'string') {
      leaf(node as Obj & { text: string }, out);
      return;
    }
    const kids = (): Out => {
      const inner: Out = [];
      for (const child of childrenOf(node, w)) renderNode(child, w, depth + 1, inner);
      return inner;
    };
    switch (node.type) {
      case 'p': {
        const inner = kids();
        // An empty paragraph is a blank line: the <br> gives it a line's height.
        out.push(el('p', inner.length ? inner : [document.createElement('br')]));
        return;
      }
      case 'a': {
        const href = safeUrl(node.url, { allow: LINK_SCHEMES });
        const inner = kids();
        if (!href) {
          out.push(...inner);
          return;
        }
        const a = el('a', inner.length ? inner : [href]) as HTMLAnchorElement;
        a.href = href;
        // Out of the Tab order until the visitor enters its message (the transcript is one Tab stop).
        a.tabIndex = -1;
        if (/^https?:/.test(href)) a.target = '_blank';
        a.rel = 'noopener noreferrer';
        out.push(a);
        return;
      }
      case 'ul':
      case 'ol':
      case 'li': {
        const list = el(node.type, kids()) as HTMLOListElement;
        const start = node.start as number;
        if (node.type === 'ol' && Number.isInteger(start) && start > 1 && start < 1e9) list.start = start;
        out.push(list);
        return;
      }
      case 'lic':
        out.push(...kids());
        return;
      default: {
        if (more?.(node, kids, out)) return;
        const text = plainOf(node.children, w, depth + 1);
        if (text) out.push(text);
      }
    }
  });
}

/**
 * Walks an untrusted rich-text tree into DOM nodes (never innerHTML).
 * Elements: `p` (an empty one is a blank line), `a` (URL through `safeUrl`,
 * opens in a new tab with `rel="noopener noreferrer"`; an unsafe URL leaves
 * the content without a link), `ul`/`ol` → `li` → `lic`. Leaf marks: bold,
 * italic, underline, strike, code. Other elements are drawn by `draw` when it
 * knows them, else show their children as plain text.
 */
export function renderRichText(nodes: unknown, draw?: DrawMore): Node[] {
  return build(nodes, draw).map((n) => (typeof n === 'string' ? document.createTextNode(n) : n));
}

/** The nodes of `nodes`, text as strings (appended as text nodes without a script object each). */
export function build(nodes: unknown, draw?: DrawMore): Out {
  const w = newWalk();
  const out: Out = [];
  more = draw;
  for (const node of Array.isArray(nodes) ? nodes.slice(0, MAX_NODES) : [nodes]) renderNode(node, w, 0, out);
  return out;
}

/** A bubble's text content: `<div class="fb-content fb-text">` holding `nodes` (with `draw` for more types). */
export function richTextContent(nodes: unknown, lang?: string, draw?: DrawMore): HTMLElement {
  const content = el('div', build(nodes, draw), 'fb-content fb-text');
  if (lang) content.lang = lang;
  return content;
}
