/**
 * The streaming stage: a growing text (a streamed answer) read piece by piece,
 * each complete line once, with the inline reading of an open block going on
 * where the text so far settled it.
 */
import type { RichTextNode } from '../rich-text.js';
import { MAX_LENGTH } from './block-syntax.js';
import { Blocks, type Fence, type Level, type Quote, type Table } from './blocks.js';
import { readInline } from './inline.js';
import type { Resume } from './inline-syntax.js';
import { fill, type Todo } from './tree.js';

/** What the block reader keeps between two lines, enough to take one line back out (see `MarkdownStream`). */
interface Saved {
  blocks: number;
  last: RichTextNode | undefined;
  todos: number;
  para: Todo | undefined;
  paraNode: RichTextNode | undefined;
  paraLines: number;
  paraLast: string | undefined;
  blank: boolean;
  fence: Fence | undefined;
  fenceLines: number;
  levels: Level[];
  items: Level['item'][];
  lengths: number[];
  table: Table | undefined;
  rows: number;
  quote: Quote | undefined;
  inner: Saved | undefined;
  code: number;
  cells: number;
}

/** What reading one more line may change (it only adds at the ends of what is open, or changes the last block). */
function save(reader: Blocks): Saved {
  const { para, fence, levels, table, quote, blocks } = reader;
  return {
    blocks: blocks.length,
    last: blocks[blocks.length - 1],
    todos: reader.todos.length,
    para,
    paraNode: para?.node,
    paraLines: para?.lines.length ?? 0,
    paraLast: para?.lines[para.lines.length - 1],
    blank: reader.blank,
    fence,
    fenceLines: fence?.todo.lines.length ?? 0,
    levels: levels.slice(),
    items: levels.map((level) => level.item),
    lengths: levels.flatMap(({ list, item }) => [
      list.children!.length,
      item?.li.children!.length ?? 0,
      item?.content.lines.length ?? 0,
    ]),
    table,
    rows: table?.node.children!.length ?? 0,
    quote,
    inner: quote && save(quote.inner),
    code: reader.used.code,
    cells: reader.used.cells,
  };
}

/** Takes back every change since `saved`. */
function restore(reader: Blocks, saved: Saved): void {
  const { blocks, para, fence, table, quote } = saved;
  reader.blocks.length = blocks;
  if (blocks) reader.blocks[blocks - 1] = saved.last!;
  reader.todos.length = saved.todos;
  reader.para = para;
  if (para) {
    para.node = saved.paraNode!;
    para.lines.length = saved.paraLines;
    if (saved.paraLines) para.lines[saved.paraLines - 1] = saved.paraLast!;
  }
  reader.blank = saved.blank;
  reader.fence = fence;
  if (fence) fence.todo.lines.length = saved.fenceLines;
  reader.levels = saved.levels;
  saved.levels.forEach((level, k) => {
    const item = (level.item = saved.items[k]);
    level.list.children!.length = saved.lengths[3 * k]!;
    if (item) {
      item.li.children!.length = saved.lengths[3 * k + 1]!;
      item.content.lines.length = saved.lengths[3 * k + 2]!;
    }
  });
  reader.table = table;
  if (table) table.node.children!.length = saved.rows;
  reader.quote = quote;
  if (quote) restore(quote.inner, saved.inner!);
  reader.used.code = saved.code;
  reader.used.cells = saved.cells;
}

/**
 * Reads a growing markdown text (a streamed answer), piece by piece: after each
 * `push`, `blocks` is what `parseMarkdown` gives for the whole text so far
 * (text leaves may be cut in more pieces), and the first `settled` of them are
 * final. Complete lines are read once; the line still open is read again with
 * each piece and taken back out before the next; final blocks are never read
 * again; an open block's inline reading goes on where the text so far settled it.
 *
 * The nodes of a final block, and the leading leaves of an open paragraph that
 * are final, stay the same objects from one piece to the next.
 *
 * A piece costs what it adds, plus what it changes: a bare URL or a code
 * span that runs to the end of the text is read again from its start (what
 * it shows changes with each piece), and an opener is read again from where
 * it stands once its closer arrives. No piece costs more than reading the
 * open block once.
 *
 * @example
 * ```ts
 * const reader = new MarkdownStream();
 * for (const piece of pieces) {
 *   reader.push(piece);
 *   draw(reader.blocks, reader.settled);
 * }
 * ```
 */
export class MarkdownStream {
  readonly #reader = new Blocks();
  /** Characters taken (at most `MAX_LENGTH`, as `parseMarkdown` reads). */
  #length = 0;
  /** The line without its line break yet, and where it starts. */
  #line = '';
  #lineAt = 0;
  /** The last line ended with `\r`: a `\n` right after it belongs to that break. */
  #cr = false;
  /** The state before the open line was read in. */
  #saved: Saved | undefined;
  /** Todos filled for good (those of final blocks). */
  #done = 0;
  #settled = 0;
  /** Where the inline reading of each open block (by where it starts) goes on. */
  readonly #resume = new Map<number, Resume>();
  readonly #counter = { work: 0 };

  /** The blocks of the text so far; valid until the next `push`. */
  get blocks(): readonly RichTextNode[] {
    return this.#reader.blocks;
  }

  /** How many of `blocks` are final: they and their nodes never change again. */
  get settled(): number {
    return this.#settled;
  }

  /**
   * How many characters were read, line by line and inline. It stays within a
   * small multiple of the text's length however the text is cut in pieces.
   */
  get work(): number {
    return this.#counter.work;
  }

  /** Appends the next piece of the text. */
  push(piece: string): void {
    const taken = piece.slice(0, MAX_LENGTH - this.#length);
    const reader = this.#reader;
    this.#length += taken.length;
    if (this.#saved) restore(reader, this.#saved);
    const breaks = /\r\n?|\n/g;
    let start = 0;
    for (let match = breaks.exec(taken); match; match = breaks.exec(taken)) {
      const cr = this.#cr;
      this.#cr = match[0] === '\r';
      // The `\n` of a `\r\n` cut between two pieces.
      if (cr && match.index === 0 && match[0] === '\n') {
        start = breaks.lastIndex;
        this.#lineAt += 1;
        continue;
      }
      const line = this.#line + taken.slice(start, match.index);
      this.#counter.work += line.length;
      reader.line(line, this.#lineAt);
      this.#lineAt += line.length + match[0].length;
      this.#line = '';
      start = breaks.lastIndex;
    }
    if (start < taken.length) {
      this.#line += taken.slice(start);
      this.#cr = false;
    }
    // Blocks before the last one, and the last one once closed, can no longer change.
    this.#settled = reader.blocks.length - (reader.open ? 1 : 0);
    this.#saved = save(reader);
    reader.line(this.#line, this.#lineAt);
    this.#fill();
  }

  /** Reads the todos of the blocks that are not final yet; those of newly final blocks for the last time. */
  #fill(): void {
    const todos = this.#reader.todos;
    for (let k = this.#done; k < todos.length; k++) {
      const todo = todos[k]!;
      const final = todo.block < this.#settled;
      const { lines } = todo;
      const last = lines[lines.length - 1];
      if (final) {
        if (k === this.#done) this.#done++;
      } else if (todo.count === lines.length && todo.last === last && todo.filled === todo.node) {
        // Lines before the last one never change: the same lines, the same leaves.
        continue;
      }
      todo.count = lines.length;
      todo.last = last;
      todo.filled = todo.node;
      fill(todo, (text) => {
        const previous = this.#resume.get(todo.at);
        // The same block, grown (a line that turned into another kind of block can make it shorter).
        const from = previous && text.startsWith(previous.text) ? previous : undefined;
        const { nodes, resume } = readInline(text, from, !final, this.#counter);
        if (resume) this.#resume.set(todo.at, resume);
        else this.#resume.delete(todo.at);
        return nodes;
      });
    }
  }
}
