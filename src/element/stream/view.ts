/**
 * A streamed answer while it grows, drawn exactly as the complete message
 * will be (the same blocks, the same spacing), so nothing jumps when it
 * completes. The text is read by `MarkdownStream`, which only reads what is
 * new; the drawing only changes what changed: final blocks are drawn once
 * and kept, an open paragraph keeps the leaves it had, an open list its
 * items, an open table its rows, an open quote its blocks, an open code block
 * its complete lines (and its bar: it grows without moving). Loaded on
 * demand, with the stream reader itself (see `./index.ts`); the
 * transcript draws its row through `StreamRenderers` (`render/on-demand-source.ts`).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { MarkdownStream } from '../../protocol/markdown/index.js';
import type { RichTextNode } from '../../protocol/rich-text.js';
import { drawMarkdown, type MarkdownStrings } from '../../render/markdown.js';
import { highlightLines } from '../../render/code.js';
import { emptyActivity, mergeSources, type AgentActivity } from '../../protocol/agent.js';
import { renderAgentAbove, renderSources, type AgentContext, type AgentStrings } from '../agent/index.js';
import { answerParts } from '../../render/agent-read.js';
import { el, renderRichText, richTextContent, type DrawMore } from '../../render/rich-text.js';

/** One block as drawn: its node, its element, and what of it can be kept when it grows. */
interface DrawnBlock {
  readonly node: RichTextNode;
  /** Its element (a comment stands for a block that shows nothing, such as an empty heading). */
  readonly el: ChildNode;
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
  /** A table or a quote: its rows or blocks as drawn. */
  readonly parts?: DrawnBlock[];
  /**
   * A code block: its `<code>`, its language, the text drawn, where its last
   * line starts (the one that may grow) and that line's nodes.
   */
  readonly code?: {
    readonly el: Element;
    readonly lang: string;
    readonly text: string;
    readonly tailAt: number;
    readonly tail: Node[];
  };
}

interface Drawn {
  /** The whole text drawn. */
  text: string;
  readonly reader: MarkdownStream;
  /** How markdown's own blocks are drawn while the answer grows. */
  readonly draw: DrawMore;
  readonly words: Partial<MarkdownStrings> | undefined;
  /** The bubble's content: the final blocks, then the open ones. */
  readonly content: HTMLElement;
  /** How many blocks are drawn for good. */
  final: number;
  /** The blocks after those, as last drawn. */
  open: DrawnBlock[];
}

const drawnOf = new WeakMap<object, Drawn>();

/**
 * The growing text of `entry` (any object that holds it), as safe markdown:
 * one element, updated in place. `words` are those of code blocks and tables.
 */
export function renderStreamingText(entry: { readonly text: string }, words?: Partial<MarkdownStrings>): HTMLElement {
  const { text } = entry;
  let drawn = drawnOf.get(entry);
  // The element renders for other reasons too (a keystroke, the theme): only new text is drawn.
  if (drawn?.text === text && drawn.words === words) return drawn.content;
  if (!drawn || !text.startsWith(drawn.text) || drawn.words !== words) {
    const draw = drawMarkdown({ words, growing: true });
    drawn = { text: '', reader: new MarkdownStream(), draw, words, content: richTextContent([]), final: 0, open: [] };
    drawnOf.set(entry, drawn);
  }
  const { reader, content, draw } = drawn;
  reader.push(text.slice(drawn.text.length));
  drawn.text = text;
  const { blocks, settled } = reader;
  const open: (DrawnBlock | undefined)[] = [];
  for (let k = drawn.final; k < blocks.length; k++) {
    const before = drawn.open[k - drawn.final];
    if (!before && k < settled) {
      // Final before it was ever drawn (most of a burst): drawn with the others like it at once, for good.
      content.append(...renderRichText(blocks.slice(k, settled), draw));
      open.length += settled - k;
      k = settled - 1;
      continue;
    }
    const block = drawBlock(before, blocks[k]!, draw, drawn.words);
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
function drawBlock(
  before: DrawnBlock | undefined,
  node: RichTextNode,
  draw: DrawMore,
  words: Partial<MarkdownStrings> | undefined,
): DrawnBlock {
  const children = node.children ?? [];
  if (node.type === 'pre') return drawCode(before, node, children[0]?.text ?? '', draw);
  if (node.type === 'p') return drawParagraph(before, node, children, draw);
  if (node.type === 'ul' || node.type === 'ol') return drawList(before, node, children, draw);
  if (node.type === 'table' || node.type === 'blockquote') return drawParts(before, node, children, draw, words);
  return { node, el: (renderRichText([node], draw)[0] as ChildNode | undefined) ?? document.createComment('') };
}

/**
 * A table (its rows) or a quote (its blocks): a row drawn when it was no
 * longer the last stays (only the last one can still change); the others are
 * drawn again. A quote's blocks each go through `drawBlock`, which keeps what
 * still holds: one that was not the last can still change (a table begun by a
 * lazy line, taken back into the paragraph above it by the next line).
 */
function drawParts(
  before: DrawnBlock | undefined,
  node: RichTextNode,
  parts: RichTextNode[],
  draw: DrawMore,
  words: Partial<MarkdownStrings> | undefined,
): DrawnBlock {
  const same = before?.parts && before.node === node;
  const table = node.type === 'table';
  // The empty table (or quote) through the same drawing as the complete one.
  const box = same ? (before.el as Element) : (renderRichText([{ ...node, children: [] }], draw)[0] as Element);
  const drawn = same ? before.parts! : [];
  const out: DrawnBlock[] = [];
  const host = box.querySelector('table') ?? box;
  parts.forEach((part, k) => {
    const old = drawn[k];
    if (table && old && old.node === part && k < drawn.length - 1) {
      out.push(old);
      return;
    }
    const block = table
      ? { node: part, el: (renderRichText([part], draw)[0] as ChildNode | undefined) ?? document.createComment('') }
      : drawBlock(old, part, draw, words);
    if (old) {
      if (old.el !== block.el) old.el.replaceWith(block.el);
    } else if (!table) host.append(block.el);
    // The header row, then the body's rows.
    else if (k) ((host as HTMLTableElement).tBodies[0] ?? host.appendChild(el('tbody'))).append(block.el);
    else (host as HTMLTableElement).tHead!.append(block.el);
    out.push(block);
  });
  for (const gone of drawn.slice(parts.length)) gone.el.remove();
  if (table && parts.length < 2) (host as HTMLTableElement).tBodies[0]?.remove();
  return { node, el: box, parts: out };
}

/** A paragraph: the leaves it had (the same objects) stay, the rest is drawn again. */
function drawParagraph(
  before: DrawnBlock | undefined,
  node: RichTextNode,
  leaves: RichTextNode[],
  draw: DrawMore,
): DrawnBlock {
  const p = before?.leaves ? (before.el as Element) : el('p');
  const drawn = before?.leaves ?? [];
  let same = 0;
  while (same < drawn.length && same < leaves.length && drawn[same]!.node === leaves[same]) same++;
  for (const gone of drawn.slice(same)) for (const child of gone.nodes) detach(child);
  if (before?.placeholder) detach(before.placeholder);
  const kept = drawn.slice(0, same);
  for (const leaf of leaves.slice(same)) {
    const nodes = renderRichText([leaf], draw);
    p.append(...nodes);
    kept.push({ node: leaf, nodes });
  }
  // An empty paragraph is a blank line: the <br> gives it a line's height.
  const placeholder = p.firstChild ? undefined : p.appendChild(document.createElement('br'));
  return { node, el: p, leaves: kept, placeholder };
}

/** A list: its items drawn before stay while they are not the last (the only one that can still grow). */
function drawList(
  before: DrawnBlock | undefined,
  node: RichTextNode,
  items: RichTextNode[],
  draw: DrawMore,
): DrawnBlock {
  const same = before?.items && before.node === node;
  // An empty list of the same type and start number, through the safe renderer.
  const list = same ? (before.el as Element) : (renderRichText([{ ...node, children: [] }])[0] as Element);
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
    const item = renderRichText([li], draw)[0]!;
    if (old) list.replaceChild(item, old.el);
    else list.appendChild(item);
    out.push({ node: li, content, count, el: item });
  });
  for (const gone of drawn.slice(items.length)) list.removeChild(gone.el);
  return { node, el: list, items: out };
}

/** A code block: its bar and complete lines stay, the last line is drawn again. */
function drawCode(before: DrawnBlock | undefined, node: RichTextNode, text: string, draw: DrawMore): DrawnBlock {
  const old = before?.code;
  const lang = typeof node.lang === 'string' ? node.lang : '';
  let block: ChildNode;
  let code: Element;
  let from = 0;
  // The nodes before the tail show the text up to `tailAt`: kept while the text still starts with it.
  if (old && old.lang === lang && text.startsWith(old.text.slice(0, old.tailAt))) {
    ({ el: code, tailAt: from } = old);
    block = before.el;
    for (const child of old.tail) detach(child);
  } else {
    // An empty block with its bar, through the same drawing as the complete one.
    const empty = renderRichText([{ ...node, children: [] }], draw)[0] as Element;
    code = empty.querySelector('code')!;
    block = empty;
  }
  const tailAt = Math.max(from, text.lastIndexOf('\n'));
  const segment = (a: number, b: number): Node[] => (b > a ? [document.createTextNode(text.slice(a, b))] : []);
  code.append(...segment(from, tailAt));
  // Its complete lines coloured as they come (the last one may still change).
  highlightLines(code, lang, text.slice(0, tailAt));
  const tail = segment(tailAt, text.length);
  code.append(...tail);
  return { node, el: block, code: { el: code, lang, text, tailAt, tail } };
}

const detach = (node: Node): void => void node.parentNode?.removeChild(node);

/** What a streamed answer's row shows of the answer's text (without its thinking and sources), by entry. */
const answers = new WeakMap<object, { text: string }>();

/**
 * A streamed answer's row while it grows (the bot's avatar beside the first
 * message of a group, a space of its width beside the others). The answer is
 * busy (`aria-busy`) and its growing text hidden from screen readers until it
 * is complete (then it becomes an ordinary message, announced once), so the
 * live log does not read out every piece. What the agent is doing (its tool
 * calls, its thinking) is drawn above the text, its sources under it.
 */
export function renderStreamRow(
  entry: {
    readonly text: string;
    readonly interrupted?: boolean | undefined;
    agent?: AgentActivity | undefined;
  },
  grouped: boolean,
  avatar: string | undefined,
  words?: Partial<MarkdownStrings> & Partial<AgentStrings> & { readonly interrupted?: string },
  agent: AgentContext = {},
): TemplateResult {
  const lead = avatar
    ? grouped
      ? html`<span class="avatar-space"></span>`
      : html`<img part="avatar" class="avatar" src=${avatar} alt="" />`
    : nothing;
  // Cut short, it grows no more: screen readers may read what arrived, marked as interrupted.
  const cut = !!entry.interrupted;
  const { answer, thinking, sources } = answerParts(entry.text);
  let view = answers.get(entry);
  if (!view) answers.set(entry, (view = { text: '' }));
  view.text = answer;
  const ctx = { ...agent, words };
  const text = renderStreamingText(view, words);
  text.setAttribute('aria-hidden', cut ? 'false' : 'true');
  // The visitor opening the thinking while it streams: it stays open once the answer is complete.
  const onOpen = (): void => void ((entry.agent ??= emptyActivity()).thinkingOpened = true);
  const above = renderAgentAbove(entry.agent, thinking, !!answer.trim() || cut, onOpen, ctx);
  const under = renderSources(mergeSources(entry.agent?.sources ?? [], sources), ctx);
  return html`<div class="row bot ${cut ? 'interrupted' : ''}">${lead}<div part="message bot-message" class="bubble bot-bubble streaming" data-type="text" aria-busy=${cut ? 'false' : 'true'}>${
    above === nothing && under === nothing ? text : html`<div class="fb-answer">${above}${text}${under}</div>`
  }</div>${cut ? html`<span class="note">${words?.interrupted}</span>` : nothing}</div>`;
}
