/**
 * A streamed answer while it grows: the settled blocks (see
 * `protocol/markdown-blocks.ts`) are parsed and drawn once and kept; only the
 * tail is parsed and drawn again when a piece arrives. Loaded on demand, with
 * the stream reader itself (see `on-demand.ts`).
 */
import { parseMarkdown } from '../protocol/markdown.js';
import { settledLength } from '../protocol/markdown-blocks.js';
import { renderRichText, richTextContent } from './rich-text.js';

interface Drawn {
  /** The whole text drawn. */
  text: string;
  /** The settled source drawn so far. */
  source: string;
  /** The bubble's content: the settled blocks, then the tail. */
  content: HTMLElement;
  /** The tail's nodes, replaced on every piece. */
  tail: Node[];
}

const drawnOf = new WeakMap<object, Drawn>();

/** The growing text of `entry` (any object that holds it), as safe markdown: one element, updated in place. */
export function renderStreamingText(entry: { readonly text: string }): HTMLElement {
  const { text } = entry;
  let drawn = drawnOf.get(entry);
  // The element renders for other reasons too (a keystroke, the theme): only new text is drawn.
  if (drawn?.text === text) return drawn.content;
  if (!drawn || !text.startsWith(drawn.source)) {
    drawn = { text, source: '', content: richTextContent([]), tail: [] };
    drawnOf.set(entry, drawn);
  }
  drawn.text = text;
  for (const node of drawn.tail) node.parentNode?.removeChild(node);
  const cut = settledLength(text);
  if (cut > drawn.source.length) {
    drawn.content.append(...renderRichText(parseMarkdown(text.slice(drawn.source.length, cut))));
    drawn.source = text.slice(0, cut);
  }
  drawn.tail = renderRichText(parseMarkdown(text.slice(drawn.source.length)));
  drawn.content.append(...drawn.tail);
  return drawn.content;
}
