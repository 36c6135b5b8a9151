/**
 * The block stage: the text's lines into paragraphs, headings, lists, quotes,
 * tables and code blocks. Each block's text is noted as a `Todo` for the
 * inline stage; nothing here reads inside a line's text.
 */
import type { RichTextNode } from '../rich-text.js';
import { unescape } from './inline-syntax.js';
import type { Todo } from './tree.js';
import {
  cellsOf,
  DELIMITER,
  FENCE,
  HEADING,
  headingText,
  indentOf,
  isRule,
  ITEM,
  ITEM_FENCE,
  MAX_CELLS,
  MAX_CODE_BLOCKS,
  MAX_COLUMNS,
  MAX_LANG,
  MAX_QUOTES,
  QUOTE,
  SETEXT,
  SHALLOW,
  startsBlock,
  TASK,
} from './block-syntax.js';

/** An open list: its indentation, its kind, its node and its last item (with the text that item is reading). */
export interface Level {
  indent: number;
  ordered: boolean;
  list: RichTextNode;
  item?: { li: RichTextNode; content: Todo } | undefined;
}
/** An open table: its node (rows of cells) and each column's alignment. */
export interface Table {
  readonly node: RichTextNode;
  readonly align: readonly (string | undefined)[];
}
/** An open block quote: its node and the reader of what it holds (its blocks are the node's children). */
export interface Quote {
  readonly node: RichTextNode;
  readonly inner: Blocks;
}
/** An open code block: its fence, the fence's indentation, and the todo that gets its lines. */
export interface Fence {
  marker: string;
  indent: number;
  todo: Todo;
}
/** What one text has used of `MAX_CODE_BLOCKS` and `MAX_CELLS` (shared by the readers of its quotes). */
interface Used {
  code: number;
  cells: number;
}

/** The block structure, read line by line. A block quote's content is read by a reader of its own. */
export class Blocks {
  readonly blocks: RichTextNode[] = [];
  para: Todo | undefined;
  levels: Level[] = [];
  blank = false;
  fence: Fence | undefined;
  table: Table | undefined;
  quote: Quote | undefined;

  /**
   * @param todos - Every reader of one text adds to the same list (the quotes' readers too).
   * @param depth - How many quotes hold this reader.
   * @param top - The index of the top-level block being read (a quote's reader is inside its parent's last block).
   * @param used - Every reader of one text counts its code blocks and cells together.
   */
  constructor(
    readonly todos: Todo[] = [],
    readonly depth = 0,
    readonly top: () => number = () => this.blocks.length - 1,
    readonly used: Used = { code: 0, cells: 0 },
  ) {}

  /** Whether the last block may still change: an open paragraph, list, table, quote or code block. */
  get open(): boolean {
    return !!(this.para || this.levels.length || this.fence || this.table || this.quote);
  }

  /** Reads one line (without its line break) that starts at `at` in the whole text. */
  line(raw: string, at: number): void {
    const line = raw.trimEnd();
    if (this.fence) return this.#fenced(this.fence, raw, line);
    if (this.quote && this.#quoted(this.quote, raw, line, at)) return;
    if (!line.trim()) {
      this.para = undefined;
      this.table = undefined;
      this.blank = this.blocks.length > 0;
      return;
    }
    const table = this.table;
    if (table) {
      if ((line.includes('|') || !startsBlock(line)) && this.used.cells + table.align.length <= MAX_CELLS) {
        this.#row(table, line, at);
        return;
      }
      this.table = undefined;
    }
    if (this.#fenceOpens(line, at) || this.#underParagraph(line, at)) return;
    if (SHALLOW.test(line) && isRule(line.trim())) {
      this.#closeAll();
      this.blank = this.blocks.length > 0;
      return;
    }
    const top = this.levels[this.levels.length - 1];
    const indent = indentOf(/^[ \t]*/.exec(line)![0]);
    if (!this.#quoteOpens(raw, line, at, top, indent)) this.#text(line, at, top, indent);
  }

  /**
   * A line without `>` inside a quote: it goes on with the innermost open
   * paragraph or list item, unless it starts a block of its own. Says whether it did.
   */
  lazy(line: string): boolean {
    if (this.quote) return this.quote.inner.lazy(line);
    const item = this.levels[this.levels.length - 1]?.item;
    const after = item?.li.children![item.li.children!.length - 1]?.type === 'pre';
    const open = this.para ?? (this.blank || after ? undefined : item?.content);
    if (!open || this.fence || this.table || startsBlock(line)) return false;
    open.lines.push(line.trim());
    return true;
  }

  /** A line inside a code block: its closing fence, or one more line of code. */
  #fenced(fence: Fence, raw: string, line: string): void {
    const t = line.trim();
    if (SHALLOW.test(line) && t.startsWith(fence.marker) && t === fence.marker[0]!.repeat(t.length)) {
      this.fence = undefined;
    } else {
      // The opening fence's indentation is taken off each line (as far as the line has it).
      let k = 0;
      while (k < fence.indent && raw[k] === ' ') k++;
      fence.todo.lines.push(raw.slice(k));
    }
  }

  /** A line while a quote is open: the quote's (with `>`, or lazily). Says whether it was; if not, the quote ends. */
  #quoted(quote: Quote, raw: string, line: string, at: number): boolean {
    const marker = QUOTE.exec(line);
    if (marker) {
      quote.inner.line(raw.slice(marker[0].length), at + marker[0].length);
      return true;
    }
    // A line without `>` goes on with the quote's paragraph ("lazy"), unless it starts a block of its own.
    if (line.trim() && quote.inner.lazy(line)) return true;
    this.quote = undefined;
    return false;
  }

  /** An opening code fence (the reader's or, indented under its text, the last list item's). Says whether it was. */
  #fenceOpens(line: string, at: number): boolean {
    const last = this.levels[this.levels.length - 1]?.item;
    // A fence indented under a list item's text (a step's command, say) is that item's.
    const inItem = !!last && indentOf(/^[ \t]*/.exec(line)![0]) >= this.levels[this.levels.length - 1]!.indent + 2;
    const opening = (inItem ? ITEM_FENCE : FENCE).exec(line);
    const info = opening ? line.slice(opening[0].length).trim() : '';
    // A backtick fence's info string has no backtick (that would be a code span).
    if (!opening || (opening[1]![0] === '`' && info.includes('`')) || this.used.code >= MAX_CODE_BLOCKS) return false;
    this.used.code++;
    const leaf: RichTextNode = { text: '', code: true };
    const node: RichTextNode = { type: 'pre', children: [leaf] };
    const lang = unescape(info.split(/[ \t]/, 1)[0]!).slice(0, MAX_LANG);
    if (lang) node.lang = lang;
    if (inItem) {
      last.li.children!.push(node);
      this.blank = false;
    } else {
      this.#closeAll();
      this.#block(node);
    }
    // Its lines are joined when it is read.
    const indent = opening[0].length - opening[1]!.length;
    this.fence = { marker: opening[1]!, indent, todo: this.#todo(leaf, [], at) };
    return true;
  }

  /** A line under an open paragraph that changes it: a table's delimiter row, or a heading's underline. */
  #underParagraph(line: string, at: number): boolean {
    const para = this.para;
    if (!para) return false;
    if (line.includes('|') && this.#tableUnder(para, line, at)) return true;
    const underline = SETEXT.exec(line);
    if (!underline) return false;
    // The paragraph above was a heading: `===` makes the first level, `---` the second.
    const heading: RichTextNode = { type: 'h', level: underline[1]![0] === '=' ? 1 : 2, children: [] };
    this.blocks[this.blocks.length - 1] = para.node = heading;
    this.para = undefined;
    return true;
  }

  /** A `>` that opens a block quote. Says whether it did. */
  #quoteOpens(raw: string, line: string, at: number, top: Level | undefined, indent: number): boolean {
    const marker = this.depth < MAX_QUOTES && QUOTE.exec(line);
    // A `>` indented under a list item's text is part of that text.
    if (!marker || (top?.item && indent >= top.indent + 2)) return false;
    this.#closeAll();
    const node: RichTextNode = { type: 'blockquote', children: [] };
    this.#block(node);
    const inner = new Blocks(this.todos, this.depth + 1, this.top, this.used);
    // The quote's blocks are its node's children: what its reader adds shows in the tree.
    node.children = inner.blocks;
    this.quote = { node, inner };
    inner.line(raw.slice(marker[0].length), at + marker[0].length);
    return true;
  }

  /** A line of text: a list item, more of the last item's text, a heading, or a paragraph's line. */
  #text(line: string, at: number, top: Level | undefined, indent: number): void {
    const item = ITEM.exec(line);
    if (item) {
      this.para = undefined;
      this.#item(indentOf(item[1]!), !/[-*+]/.test(item[2]!), parseInt(item[2]!, 10) || 1, item[3]!, at);
      return;
    }
    if (top?.item && (!this.blank || indent >= 2)) {
      const { li, content } = top.item;
      // Text after a code block in the item goes below it.
      if (li.children![li.children!.length - 1]?.type === 'pre') {
        const lic: RichTextNode = { type: 'lic', children: [] };
        li.children!.push(lic);
        top.item = { li, content: this.#todo(lic, [line.trim()], at) };
      } else content.lines.push(line.trim());
      this.blank = false;
      return;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      this.#closeAll();
      const node: RichTextNode = { type: 'h', level: heading[1]!.length, children: [] };
      this.#block(node);
      this.#todo(node, [headingText(line.slice(heading[0].length))], at);
      return;
    }
    if (this.para) {
      this.para.lines.push(line.trim());
      return;
    }
    this.#closeAll();
    const node: RichTextNode = { type: 'p', children: [] };
    this.#block(node);
    this.para = this.#todo(node, [line.trim()], at);
  }

  #block(node: RichTextNode): void {
    if (this.blank && this.blocks.length) this.blocks.push({ type: 'p', children: [{ text: '' }] });
    this.blank = false;
    this.blocks.push(node);
  }

  #todo(node: RichTextNode, lines: string[], at: number): Todo {
    const todo: Todo = { node, lines, block: this.top(), at };
    this.todos.push(todo);
    return todo;
  }

  #closeAll(): void {
    this.para = undefined;
    this.levels = [];
    this.table = undefined;
    this.quote = undefined;
  }

  /**
   * A delimiter row (`| --- | :-: |`) under a paragraph whose last line has as
   * many cells: that line becomes a table's header. Says whether it did.
   */
  #tableUnder(para: Todo, line: string, at: number): boolean {
    const delimiters = cellsOf(line);
    const header = para.lines[para.lines.length - 1]!;
    if (delimiters.length > MAX_COLUMNS || !delimiters.every((cell) => DELIMITER.test(cell.text))) return false;
    const cells = cellsOf(header);
    if (cells.length !== delimiters.length || this.used.cells + cells.length > MAX_CELLS) return false;
    const align = delimiters.map(({ text }) =>
      text.endsWith(':') ? (text.startsWith(':') ? 'center' : 'right') : text.startsWith(':') ? 'left' : undefined,
    );
    const node: RichTextNode = { type: 'table', children: [] };
    const table = { node, align };
    para.lines.pop();
    // A paragraph that was only the header row gives its place to the table.
    if (para.lines.length) this.#block(node);
    else this.blocks[this.blocks.length - 1] = node;
    this.para = undefined;
    this.table = table;
    // The header's cells are told apart by where the delimiter row starts (no other block starts inside it).
    this.#row(
      table,
      header,
      at,
      'th',
      cells.map((cell, k) => ({ ...cell, at: k })),
    );
    return true;
  }

  /** Adds a row to `table`: as many cells as it has columns (missing ones empty, extra ones dropped). */
  #row(table: Table, line: string, at: number, type = 'td', cells = cellsOf(line)): void {
    const row: RichTextNode = { type: 'tr', children: [] };
    this.used.cells += table.align.length;
    table.align.forEach((align, k) => {
      const cell: RichTextNode = { type, children: [] };
      if (align) cell.align = align;
      row.children!.push(cell);
      const text = cells[k]?.text;
      if (text) this.#todo(cell, [text], at + cells[k]!.at);
    });
    table.node.children!.push(row);
  }

  #newList(ordered: boolean, start: number, indent: number): Level {
    const list: RichTextNode = { type: ordered ? 'ol' : 'ul', children: [] };
    if (ordered && start !== 1) list.start = start;
    return { indent, ordered, list };
  }

  #item(indent: number, ordered: boolean, start: number, text: string, at: number): void {
    const levels = this.levels;
    while (levels.length && indent < levels[levels.length - 1]!.indent) levels.pop();
    let top = levels[levels.length - 1];
    if (top?.item && indent >= top.indent + 2) {
      const level = this.#newList(ordered, start, indent);
      top.item.li.children!.push(level.list);
      levels.push((top = level));
    } else if (!top || top.ordered !== ordered) {
      if (levels.length > 1) {
        levels.pop();
        const level = this.#newList(ordered, start, indent);
        levels[levels.length - 1]!.item!.li.children!.push(level.list);
        levels.push((top = level));
      } else {
        const level = this.#newList(ordered, start, indent);
        this.#closeAll();
        this.#block(level.list);
        this.levels = [(top = level)];
      }
    }
    // A task list item (`- [ ] to do`, `- [x] done`) holds its text in a `task` node that says whether it is done.
    const task = TASK.exec(text);
    const lic: RichTextNode = task
      ? { type: 'task', checked: task[1] !== ' ', children: [] }
      : { type: 'lic', children: [] };
    const li: RichTextNode = { type: 'li', children: [lic] };
    top.list.children!.push(li);
    top.item = { li, content: this.#todo(lic, [task ? text.slice(task[0].length) : text], at) };
    this.blank = false;
  }
}
