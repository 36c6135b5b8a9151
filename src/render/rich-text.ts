/**
 * Rich-text bubbles: an untrusted tree walked into Lit templates. Text is only
 * ever bound as text, links only get URLs that passed `safeUrl`, and any shape
 * (wrong types, cycles, huge or deep trees) degrades instead of throwing.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { LINK_SCHEMES, safeUrl } from './safe-url.js';

/** One node of a rich-text tree: an element `{type, children}` or a leaf `{text, bold?, italic?, underline?}`. */
export type RichTextNode = {
  type?: string;
  children?: RichTextNode[];
  text?: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  url?: string;
  [k: string]: unknown;
};

type Obj = Record<string, unknown>;
/** Shared by one walk: how many nodes may still be visited, and the nodes on the current path. */
interface Walk {
  left: number;
  path: Set<object>;
}

const MAX_DEPTH = 32;
const MAX_NODES = 5000;
const BLOCKS = new Set(['p', 'ul', 'ol', 'li']);

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null;
const newWalk = (): Walk => ({ left: MAX_NODES, path: new Set() });

/** The children worth visiting: never more than the remaining node budget. */
function childrenOf(node: Obj, w: Walk): unknown[] {
  return Array.isArray(node.children) ? node.children.slice(0, Math.max(0, w.left)) : [];
}

/** Visits `value` unless the budget is spent, it is too deep or already on the path (a cycle). */
function enter<T>(value: unknown, w: Walk, depth: number, fn: (node: Obj) => T): T | undefined {
  if (!isObj(value) || depth > MAX_DEPTH || w.left <= 0 || w.path.has(value)) return undefined;
  w.left--;
  w.path.add(value);
  try {
    return fn(value);
  } finally {
    w.path.delete(value);
  }
}

/** Text with its line breaks as `<br>`. */
function lines(text: string): unknown {
  if (!/[\r\n]/.test(text)) return text;
  return text.split(/\r\n?|\n/).map((line, i) => (i ? html`<br>${line}` : line));
}

function leaf(node: Obj & { text: string }): unknown {
  if (!node.text) return '';
  let out = lines(node.text);
  if (node.code) out = html`<code>${out}</code>`;
  if (node.underline) out = html`<u>${out}</u>`;
  if (node.italic) out = html`<em>${out}</em>`;
  if (node.bold) out = html`<strong>${out}</strong>`;
  return out;
}

function listStart(value: unknown): number | typeof nothing {
  return Number.isInteger(value) && (value as number) > 1 && (value as number) < 1e9 ? (value as number) : nothing;
}

function renderNode(value: unknown, w: Walk, depth: number): unknown {
  if (typeof value === 'string') return lines(value);
  const out = enter(value, w, depth, (node) => {
    if (typeof node.text === 'string') return leaf(node as Obj & { text: string });
    const kids = () => childrenOf(node, w).map((child) => renderNode(child, w, depth + 1));
    switch (node.type) {
      case 'p': {
        const parts = kids();
        // An empty paragraph is a blank line: the <br> gives it a line's height.
        return parts.every((p) => p === '' || p === nothing) ? html`<p><br></p>` : html`<p>${parts}</p>`;
      }
      case 'a': {
        const href = safeUrl(node.url, { allow: LINK_SCHEMES });
        const parts = kids();
        if (!href) return parts;
        const label = parts.some((p) => p !== '' && p !== nothing) ? parts : href;
        const target = /^https?:/.test(href) ? '_blank' : nothing;
        return html`<a href=${href} target=${target} rel="noopener noreferrer">${label}</a>`;
      }
      case 'ul':
        return html`<ul>${kids()}</ul>`;
      case 'ol':
        return html`<ol start=${listStart(node.start)}>${kids()}</ol>`;
      case 'li':
        return html`<li>${kids()}</li>`;
      case 'lic':
        return kids();
      default:
        return plainOf(node.children, w, depth + 1);
    }
  });
  return out ?? nothing;
}

/**
 * Walks an untrusted rich-text tree into a Lit template (never innerHTML).
 * Elements: `p` (an empty one is a blank line), `a` (URL through `safeUrl`,
 * opens in a new tab with `rel="noopener noreferrer"`; an unsafe URL leaves
 * the content without a link), `ul`/`ol` → `li` → `lic`. Leaf marks: bold,
 * italic, underline, code. Unknown elements show their children as plain text.
 */
export function renderRichText(nodes: unknown): TemplateResult {
  const w = newWalk();
  const list = Array.isArray(nodes) ? nodes.slice(0, MAX_NODES) : [nodes];
  return html`${list.map((node) => renderNode(node, w, 0))}`;
}

// Plain text: blocks start and end on their own line, so paragraphs and list
// items come out one per line and an empty paragraph as an empty line.
function plainInto(value: unknown, w: Walk, depth: number, out: { s: string }): void {
  if (typeof value === 'string') {
    out.s += value;
    return;
  }
  enter(value, w, depth, (node) => {
    if (typeof node.text === 'string') {
      out.s += node.text;
      return;
    }
    const block = typeof node.type === 'string' && BLOCKS.has(node.type);
    if (block && out.s && !out.s.endsWith('\n')) out.s += '\n';
    for (const child of childrenOf(node, w)) plainInto(child, w, depth + 1, out);
    if (block && !(node.type !== 'p' && out.s.endsWith('\n'))) out.s += '\n';
  });
}

function plainOf(nodes: unknown, w: Walk, depth: number): string {
  const out = { s: '' };
  for (const node of Array.isArray(nodes) ? nodes.slice(0, Math.max(0, w.left)) : [nodes]) {
    plainInto(node, w, depth, out);
  }
  return out.s.trim();
}

/** Plain text of a rich-text tree (for the screen-reader announcement, speech and events). */
export function richTextToPlain(nodes: unknown): string {
  return plainOf(nodes, newWalk(), 0);
}
