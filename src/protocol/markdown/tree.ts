/**
 * The tree the markdown reader produces: rich-text nodes (so markdown and rich
 * text go through one safe renderer), and the pieces of text waiting for their
 * inline reading.
 */
import type { RichTextNode } from '../rich-text.js';

/** The marks open at a point: bold, italic, strikethrough. */
export interface Marks {
  b: boolean;
  i: boolean;
  s: boolean;
}

/** A text leaf with the marks open where it stands (and `code` for a code span's or block's text). */
export function leafOf(text: string, marks: Marks, code = false): RichTextNode {
  const node: RichTextNode = { text };
  if (marks.b) node.bold = true;
  if (marks.i) node.italic = true;
  if (marks.s) node.strike = true;
  if (code) node.code = true;
  return node;
}

/** A block's text waiting for its inline reading: a paragraph, a heading, a list item's content, a cell, a code block. */
export interface Todo {
  /** The node that gets the leaves (a paragraph, a heading, a `lic`, a cell), or the code leaf that gets the text. */
  node: RichTextNode;
  readonly lines: string[];
  /** The top-level block it belongs to (its index). */
  readonly block: number;
  /** Where its text starts in the whole text: the same block from one piece to the next. */
  readonly at: number;
  /** Its lines when last read (how many, and the last one): a stream reads it again only once they change. */
  count?: number;
  last?: string | undefined;
  /** The node it last filled (a paragraph that became a heading is filled again). */
  filled?: RichTextNode;
}

/** Gives a todo its leaves (or, for code, its text). */
export function fill(todo: Todo, leaves: (text: string) => RichTextNode[]): void {
  const text = todo.lines.join('\n');
  if (todo.node.code) todo.node.text = text;
  else todo.node.children = leaves(text);
}
