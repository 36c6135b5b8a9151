/**
 * Rich text as the viewer sends it: an untrusted tree of elements
 * `{type, children}` and leaves `{text, bold?, italic?, underline?}`. The walk
 * here is bounded (depth, node count, cycles), so any shape degrades instead
 * of throwing; the renderer (`render/rich-text.ts`) walks the same way.
 */
import { isObject, type JsonObject as Obj } from './json.js';

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

/** Shared by one walk: how many nodes may still be visited, and the nodes on the current path. */
export interface Walk {
  left: number;
  path: Set<object>;
}

const MAX_DEPTH = 32;
/** The most nodes one walk visits. */
export const MAX_NODES = 5000;
const BLOCKS = /* @__PURE__ */ new Set(['p', 'ul', 'ol', 'li', 'h', 'blockquote', 'pre', 'tr', 'th', 'td']);

/** A fresh walk: the whole node budget, an empty path. */
export const newWalk = (): Walk => ({ left: MAX_NODES, path: new Set() });

/** The children worth visiting: never more than the remaining node budget. */
export function childrenOf(node: Obj, w: Walk): unknown[] {
  return Array.isArray(node.children) ? node.children.slice(0, Math.max(0, w.left)) : [];
}

/** Visits `value` unless the budget is spent, it is too deep or already on the path (a cycle). */
export function enter<T>(value: unknown, w: Walk, depth: number, fn: (node: Obj) => T): T | undefined {
  if (!isObject(value) || depth > MAX_DEPTH || w.left <= 0 || w.path.has(value)) return undefined;
  w.left--;
  w.path.add(value);
  try {
    return fn(value);
  } finally {
    w.path.delete(value);
  }
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

/** Plain text of `nodes` within an ongoing walk. */
export function plainOf(nodes: unknown, w: Walk, depth: number): string {
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

/** Whether `nodes` has any text to show (`richTextToPlain(nodes) !== ''`), stopping at the first. */
export function hasText(nodes: readonly unknown[]): boolean {
  const w = newWalk();
  const visit = (value: unknown, depth: number): boolean =>
    typeof value === 'string'
      ? /\S/.test(value)
      : !!enter(value, w, depth, (node) =>
          typeof node.text === 'string'
            ? /\S/.test(node.text)
            : childrenOf(node, w).some((child) => visit(child, depth + 1)),
        );
  return nodes.slice(0, MAX_NODES).some((node) => visit(node, 0));
}
