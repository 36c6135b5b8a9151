/**
 * A small markdown reader for chat bubbles, for what AI models write. It
 * produces the same tree as the rich-text format (so both go through one safe
 * renderer) and nothing else:
 *
 * - Blocks: paragraphs (a single newline is a line break), a blank line between
 *   blocks becomes one empty paragraph (the rich-text way of spacing), `-`/`*`/`+`
 *   and `1.`/`1)` lists (nested by indentation; an ordered list keeps its
 *   start number) with task items (`- [ ]`, `- [x]`: a `task` node with
 *   `checked`), `#` and underlined headings (`h` with its `level`), `>` block
 *   quotes (`blockquote`, up to eight deep), GFM tables (`table` → `tr` →
 *   `th`/`td` with `align`; at most 64 columns), fenced code (`pre` with its
 *   `lang`, holding one code leaf; indented under a list item's text, it is
 *   the item's), `---` rules as a blank line. One text has
 *   at most 100 code blocks and 2,000 table cells: beyond, fences and rows
 *   are text.
 * - Inline: `**bold**` and `__bold__` (CommonMark: double underscores are bold;
 *   there is no underline syntax), `*italic*` and `_italic_` (`_` not inside
 *   words), `~~strikethrough~~` (a `strike` mark), `` `code` ``, `[text](url)`,
 *   `<https://autolinks>`, `<a@b.example>`, bare `http(s)://` URLs and
 *   backslash escapes.
 * - Raw HTML is text. Link URLs are checked when rendered, not here.
 *
 * `parseMarkdown` reads a whole text; `MarkdownStream` reads one that grows (a
 * streamed answer) and gives, after every piece, the very tree `parseMarkdown`
 * would give for the text so far, without reading it all again: complete lines
 * are read once, finished blocks are final, and the inline reading of an open
 * block goes on from the first character whose meaning the text so far cannot
 * settle (an opening `**` waiting for its closer, a link without its `)`...).
 *
 * Linear time: every forward search uses a precomputed next-occurrence table,
 * and no regular expression can backtrack over more than one line's prefix.
 * Input beyond 50,000 characters is cut off.
 *
 * The stages, one file each: `blocks.ts` (lines into blocks), `inline.ts` (a
 * block's text into leaves and links), `streaming.ts` (a growing text) and
 * `tree.ts` (what they produce).
 */
import type { RichTextNode } from '../rich-text.js';
import { MAX_LENGTH } from './block-syntax.js';
import { Blocks } from './blocks.js';
import { parseInline } from './inline.js';
import { fill } from './tree.js';

export { MAX_CELLS, MAX_CODE_BLOCKS, MAX_COLUMNS } from './block-syntax.js';
export { MarkdownStream } from './streaming.js';

/**
 * Parses a markdown string into the same safe subset as a rich-text tree
 * (see the module comment for the syntax understood). Never throws.
 */
export function parseMarkdown(md: string): RichTextNode[] {
  if (typeof md !== 'string') return [];
  const reader = new Blocks();
  for (const raw of md.slice(0, MAX_LENGTH).split(/\r\n?|\n/)) reader.line(raw, 0);
  for (const todo of reader.todos) fill(todo, parseInline);
  return reader.blocks;
}
