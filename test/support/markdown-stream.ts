/** What the markdown stream's tests share: a tree compared without the stream's cuts, and a text fed in pieces. */
import { expect } from 'vitest';
import { MarkdownStream } from '../../src/protocol/markdown/index.js';
import type { RichTextNode } from '../../src/protocol/rich-text.js';
import { cutAt } from './cut-at.js';

/** The tree with neighbouring text leaves of the same marks joined (a stream may cut a leaf in two). */
export function joined(nodes: readonly RichTextNode[]): RichTextNode[] {
  const out: RichTextNode[] = [];
  for (const node of nodes) {
    const copy: RichTextNode = node.children ? { ...node, children: joined(node.children) } : { ...node };
    const last = out[out.length - 1];
    const leaf = (n: RichTextNode | undefined) => n && typeof n.text === 'string' && n.type === undefined;
    const marks = (n: RichTextNode) => `${!!n.bold}${!!n.italic}${!!n.code}${!!n.strike}`;
    if (leaf(last) && leaf(copy) && !copy.code && marks(last!) === marks(copy)) last!.text += copy.text!;
    else out.push(copy);
  }
  return out;
}

/** Feeds `text` to a new MarkdownStream cut at `cuts` (see `cutAt`); after each piece, `check` sees it and the text so far. */
export function streamInPieces(
  text: string,
  cuts: readonly number[],
  check: (reader: MarkdownStream, so: string) => void,
): void {
  const reader = new MarkdownStream();
  let so = '';
  for (const piece of cutAt(text, cuts)) {
    reader.push(piece);
    so += piece;
    check(reader, so);
  }
}

/**
 * Feeds `text` cut at `cuts` and checks that no block changes once it is final: after each piece, what
 * was final before it is still there, the very same objects with the same content. `seen` gets the
 * final blocks after each piece.
 */
export function expectFinalBlocksKept(
  text: string,
  cuts: readonly number[],
  seen: (final: RichTextNode[]) => void = () => {},
): void {
  let final: RichTextNode[] = [];
  let frozen = '[]';
  streamInPieces(text, cuts, (reader) => {
    expect(reader.blocks.slice(0, final.length)).toEqual(final);
    final.forEach((block, k) => expect(reader.blocks[k]).toBe(block));
    expect(JSON.stringify(final)).toBe(frozen);
    final = reader.blocks.slice(0, reader.settled);
    frozen = JSON.stringify(final);
    seen(final);
  });
}
