/**
 * A streamed answer while it grows, drawn exactly as the complete message
 * will be (the same blocks, the same spacing), so nothing jumps when it
 * completes. The text is read by `MarkdownStream`, which only reads what is
 * new; the drawing only changes what changed: final blocks are drawn once
 * and kept, an open paragraph keeps the leaves it had, an open list its
 * items, an open code block its complete lines. Loaded on demand, with the
 * stream reader itself (see `on-demand.ts`).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { MarkdownStream } from '../protocol/markdown.js';
import type { RichTextNode } from '../protocol/rich-text.js';
import { el, renderRichText, richTextContent } from './rich-text.js';

/** One block as drawn: its node, its element, and what of it can be kept when it grows. */
interface DrawnBlock {
  readonly node: RichTextNode;
  readonly el: Element;
  /** A paragraph: each leaf and its nodes. */
  readonly leaves?: { readonly node: RichTextNode; readonly nodes: Node[] }[];
  /** A paragraph with no leaf to show: its `<br>`. */
  readonly placeholder?: Node | undefined;
  /** A list: each item, its element and what it was drawn from. */
  readonly items?: {
    readonly node: RichTextNode;
    readonly content: unknown;
    readonly count: number;
    readonly el: Node;
  }[];
  /** A code block: its `<code>`, the text drawn, and the nodes of its last line (the one that may grow). */
  readonly code?: { readonly el: Element; readonly text: string; readonly tail: Node[] };
}

interface Drawn {
  /** The whole text drawn. */
  text: string;
  readonly reader: MarkdownStream;
  /** The bubble's content: the final blocks, then the open ones. */
  readonly content: HTMLElement;
  /** How many blocks are drawn for good. */
  final: number;
  /** The blocks after those, as last drawn. */
  open: DrawnBlock[];
}

const drawnOf = new WeakMap<object, Drawn>();

/** The growing text of `entry` (any object that holds it), as safe markdown: one element, updated in place. */
export function renderStreamingText(entry: { readonly text: string }): HTMLElement {
  const { text } = entry;
  let drawn = drawnOf.get(entry);
  // The element renders for other reasons too (a keystroke, the theme): only new text is drawn.
  if (drawn?.text === text) return drawn.content;
  if (!drawn || !text.startsWith(drawn.text)) {
    drawn = { text: '', reader: new MarkdownStream(), content: richTextContent([]), final: 0, open: [] };
    drawnOf.set(entry, drawn);
  }
  const { reader, content } = drawn;
  reader.push(text.slice(drawn.text.length));
  drawn.text = text;
  const { blocks, settled } = reader;
  const open: (DrawnBlock | undefined)[] = [];
  for (let k = drawn.final; k < blocks.length; k++) {
    const before = drawn.open[k - drawn.final];
    if (!before && k < settled) {
      // Final before it was ever drawn (most of a burst): drawn with the others like it at once, for good.
      content.append(...renderRichText(blocks.slice(k, settled)));
      open.length += settled - k;
      k = settled - 1;
      continue;
    }
    const block = drawBlock(before, blocks[k]!);
    if (!before) content.append(block.el);
    else if (before.el !== block.el) before.el.replaceWith(block.el);
    open.push(block);
  }
  for (const gone of drawn.open.slice(open.length)) gone.el.remove();
  // What is final now was drawn for the last time.
  drawn.open = open.slice(settled - drawn.final) as DrawnBlock[];
  drawn.final = settled;
  return content;
}

/** Draws `node`, keeping what `before` drew of it where it still holds. */
function drawBlock(before: DrawnBlock | undefined, node: RichTextNode): DrawnBlock {
  const children = node.children ?? [];
  if (node.type === 'p' && children.length === 1 && children[0]!.code && children[0]!.text) {
    return drawCode(before, node, children[0]!.text);
  }
  if (node.type === 'p') return drawParagraph(before, node, children);
  if (node.type === 'ul' || node.type === 'ol') return drawList(before, node, children);
  return { node, el: renderRichText([node])[0] as Element };
}

/** A paragraph: the leaves it had (the same objects) stay, the rest is drawn again. */
function drawParagraph(before: DrawnBlock | undefined, node: RichTextNode, leaves: RichTextNode[]): DrawnBlock {
  const p = before?.leaves ? before.el : el('p');
  const drawn = before?.leaves ?? [];
  let same = 0;
  while (same < drawn.length && same < leaves.length && drawn[same]!.node === leaves[same]) same++;
  for (const gone of drawn.slice(same)) for (const child of gone.nodes) detach(child);
  if (before?.placeholder) detach(before.placeholder);
  const kept = drawn.slice(0, same);
  for (const leaf of leaves.slice(same)) {
    const nodes = renderRichText([leaf]);
    p.append(...nodes);
    kept.push({ node: leaf, nodes });
  }
  // An empty paragraph is a blank line: the <br> gives it a line's height.
  const placeholder = p.firstChild ? undefined : p.appendChild(document.createElement('br'));
  return { node, el: p, leaves: kept, placeholder };
}

/** A list: its items drawn before stay while they are not the last (the only one that can still grow). */
function drawList(before: DrawnBlock | undefined, node: RichTextNode, items: RichTextNode[]): DrawnBlock {
  const same = before?.items && before.node === node;
  // An empty list of the same type and start number, through the safe renderer.
  const list = same ? before.el : (renderRichText([{ ...node, children: [] }])[0] as Element);
  const drawn = same ? before.items! : [];
  const out: NonNullable<DrawnBlock['items']> = [];
  items.forEach((li, k) => {
    const content = li.children?.[0]?.children;
    const count = li.children?.length ?? 0;
    const old = drawn[k];
    if (old && old.node === li && old.content === content && old.count === count && k < items.length - 1) {
      out.push(old);
      return;
    }
    const item = renderRichText([li])[0]!;
    if (old) list.replaceChild(item, old.el);
    else list.appendChild(item);
    out.push({ node: li, content, count, el: item });
  });
  for (const gone of drawn.slice(items.length)) list.removeChild(gone.el);
  return { node, el: list, items: out };
}

/** A code block: its complete lines stay, the last one is drawn again. */
function drawCode(before: DrawnBlock | undefined, node: RichTextNode, text: string): DrawnBlock {
  const old = before?.code;
  // The drawn text up to its last line break, which the nodes before the tail show.
  const lineStart = old ? old.text.lastIndexOf('\n') : -1;
  let code: Element;
  let p: Element;
  if (old && lineStart >= 0 && text.startsWith(old.text.slice(0, lineStart + 1))) {
    ({ el: code } = old);
    p = before.el;
    for (const child of old.tail) detach(child);
  } else {
    code = el('code');
    p = el('p', [code]);
  }
  const from = old && code === old.el ? lineStart : 0;
  const lastBreak = text.lastIndexOf('\n');
  // Segments through the safe renderer (a `\n` becomes a `<br>`); the complete lines first, then the last.
  const segment = (a: number, b: number): Node[] => (b > a ? renderRichText([{ text: text.slice(a, b) }]) : []);
  code.append(...segment(from, Math.max(from, lastBreak)));
  const tail = segment(Math.max(from, lastBreak), text.length);
  code.append(...tail);
  return { node, el: p, code: { el: code, text, tail } };
}

const detach = (node: Node): void => void node.parentNode?.removeChild(node);

/**
 * A streamed answer's row while it grows (the bot's avatar beside the first
 * message of a group, a space of its width beside the others). Hidden from
 * screen readers until it is complete (then it becomes an ordinary message,
 * announced once), so the live log does not read out every piece.
 */
export function renderStreamRow(
  entry: { readonly text: string },
  grouped: boolean,
  avatar: string | undefined,
): TemplateResult {
  const lead = avatar
    ? grouped
      ? html`<span class="avatar-space"></span>`
      : html`<img part="avatar" class="avatar" src=${avatar} alt="" />`
    : nothing;
  return html`<div class="row bot">${lead}<div part="message bot-message" class="bubble bot-bubble streaming" data-type="text" aria-hidden="true">${renderStreamingText(entry)}</div></div>`;
}
