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
 */
import type { RichTextNode } from './rich-text.js';

const MAX_LENGTH = 50_000;
const PUNCT = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

const isSpace = (c: string | undefined): boolean => c === undefined || c === ' ' || c === '\t' || c === '\n';
const isAlnum = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}]/u.test(c);

function isEmail(v: string): boolean {
  const at = v.indexOf('@');
  return (
    at > 0 && at === v.lastIndexOf('@') && v.indexOf('.', at) > at + 1 && !v.endsWith('.') && !/[()[\]\\,;:"]/.test(v)
  );
}

/** The marks open at a point: bold, italic, strikethrough. */
interface Marks {
  b: boolean;
  i: boolean;
  s: boolean;
}

/**
 * Where a closing delimiter could stand: after a non-space, for `_` not before a letter, for `~~` not
 * in a longer run of tildes.
 */
const isCloser = (s: string, j: number, c: string, len: number): boolean =>
  s[j] === c &&
  (len === 1 || s[j + 1] === c) &&
  !isSpace(s[j - 1]) &&
  (c === '*' || (c === '_' ? !isAlnum(s[j + len]) : s[j + 2] !== c && s[j - 1] !== c));

/** The inline reader's state at one position of a block's text, enough to go on from there. */
interface Point {
  readonly at: number;
  readonly marks: Marks;
  /** How many leaves stood before it (the same objects in the next reading). */
  readonly kept: number;
  /** Text not yet made a leaf. */
  readonly buf: string;
  /** Lengths of backtick runs found unclosed. */
  readonly ticks: readonly number[];
}

/**
 * A decision the text so far did not settle, and what can change it: `any`
 * (it looked at the very end), `k*1`/`k*2`/`k_1`/`k_2` (an opener waits for a
 * closer of that kind; `k~2` for strikethrough), `t3` (a run of three backticks waits for its closing
 * run), `c])` (one of these characters).
 */
interface Waiting extends Point {
  readonly on: readonly string[];
}

/** Where the inline reading of a growing block goes on. */
interface Resume {
  readonly text: string;
  readonly nodes: RichTextNode[];
  /** Unsettled decisions, in order (handed on to the next reading, which cuts and extends it). */
  readonly waiting: Waiting[];
  /** Each reason they wait for, and the first of them waiting for it. */
  readonly firsts: Map<string, number>;
  /** The state at the end of `text`. */
  readonly end: Point;
}

/** Which of `waiting`'s reasons the text added after `old` (`s` goes on from it) meets. */
function met(s: string, old: number, on: Iterable<string>): Set<string> {
  const hit = new Set<string>();
  if (s.length > old) hit.add('any');
  for (const reason of on) {
    const kind = reason[0];
    if (kind === 'c') {
      for (let k = 1; k < reason.length; k++) if (s.indexOf(reason[k]!, old) !== -1) hit.add(reason);
    } else if (kind === 'k') {
      // A closer's place is judged by the characters around it: the last two of the old text may change.
      for (let j = Math.max(0, old - 2); j < s.length; j++)
        if (isCloser(s, j, reason[1]!, +reason[2]!)) hit.add(reason);
    }
  }
  // Backtick runs that end in the added text (one that began before it may have grown).
  let j = old;
  while (j > 0 && s[j - 1] === '`') j--;
  while (j < s.length) {
    if (s[j] !== '`') {
      j++;
      continue;
    }
    let m = 1;
    while (s[j + m] === '`') m++;
    hit.add(`t${m}`);
    j += m;
  }
  return hit;
}

/**
 * Reads one block's text (lines joined by `\n`) into leaves and links, going
 * on from `from` (the reading of a shorter text this one goes on from) when it
 * is given. With `open` (the text may still grow), also says where the next
 * reading can go on.
 *
 * Every decision (does this `*` open? is this `[` a link?) notes what it
 * looked at. One that looked only at text that is there is final; one that
 * looked past the end waits for what can change it (any character, a closer,
 * a `]`...). The next reading starts at the first waiting decision that the
 * added text can change, or at the end: what came before stays as it was.
 */
function readInline(
  s: string,
  from: Resume | undefined,
  open: boolean,
  counter: { work: number },
): { nodes: RichTextNode[]; resume: Resume | undefined } {
  if (from?.text === s) return { nodes: from.nodes, resume: open ? from : undefined };
  const n = s.length;
  let waiting: Waiting[] = [];
  let firsts = new Map<string, number>();
  let start: Point = { at: 0, marks: { b: false, i: false, s: false }, kept: 0, buf: '', ticks: [] };
  if (from) {
    ({ waiting, firsts } = from);
    let first = waiting.length;
    for (const reason of met(s, from.text.length, firsts.keys())) first = Math.min(first, firsts.get(reason) ?? first);
    start = waiting[first] ?? from.end;
    // The decisions from the first one the new text can change on are made again.
    waiting.length = first;
    for (const [reason, k] of firsts) if (k >= first) firsts.delete(reason);
  }
  const base = start.at;
  counter.work += n - base;
  /** next[j] = first index >= j where `pred` holds, else n (from `base` on: nothing before it is read again). */
  const table = (pred: (j: number) => boolean): Int32Array => {
    const t = new Int32Array(n - base + 1).fill(n);
    for (let j = n - 1; j >= base; j--) t[j - base] = pred(j) ? j : t[j - base + 1]!;
    return t;
  };
  const char = (c: string) => table((j) => s[j] === c);
  const ws = table((j) => isSpace(s[j]));
  const [lt, gt, lb, rb, lp, rp, tick] = ['<', '>', '[', ']', '(', ')', '`'].map(char) as [
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
  ];
  const closer = (c: string, len: number) => table((j) => isCloser(s, j, c, len));
  const closers: Record<string, Int32Array> = {
    '*1': closer('*', 1),
    '*2': closer('*', 2),
    _1: closer('_', 1),
    _2: closer('_', 2),
    '~2': closer('~', 2),
  };
  const next = (t: Int32Array, j: number): number => (j >= n ? n : t[j - base]!);
  /** One past the furthest character the current decision looked at (beyond `n`: the very end). */
  let far = 0;
  const see = (x: number): void => {
    if (x > far) far = x;
  };
  /** What the current decision waits for, besides `far`. */
  let waits: string[] = [];

  function run(
    first: number,
    end: number,
    links: boolean,
    marks: Marks,
    out: RichTextNode[],
    top?: Point,
  ): { buf: string; ticks: Set<number> } {
    let buf = top?.buf ?? '';
    const unclosedTicks = new Set(top?.ticks);
    // Only the top level of a text that may grow notes its unsettled decisions.
    const watch = !!top && open;
    const leaf = (text: string, code = false): RichTextNode => {
      const node: RichTextNode = { text };
      if (marks.b) node.bold = true;
      if (marks.i) node.italic = true;
      if (marks.s) node.strike = true;
      if (code) node.code = true;
      return node;
    };
    const flush = () => {
      if (buf) out.push(leaf(buf));
      buf = '';
    };
    const link = (url: string, children: RichTextNode[]) => {
      flush();
      out.push({ type: 'a', url, children: children.length ? children : [leaf(url)] });
    };
    /** Notes a search that found nothing before `end`: the text's end waits for `reason`, a run's end is read. */
    const missing = (reason: string, extra = 0) => {
      if (end < n) see(end + extra + 1);
      else waits.push(reason);
    };
    /** Opens or closes emphasis (or strikethrough) with `len` delimiter characters at `i`; returns how many it used. */
    const delimiter = (i: number, c: string, len: 1 | 2): number => {
      const key = c === '~' ? 's' : len === 2 ? 'b' : 'i';
      const word = c === '_';
      see(i + len + 1);
      if (marks[key]) {
        if (isSpace(s[i - 1]) || (word && isAlnum(s[i + len]))) return 0;
      } else {
        if (i + len >= end || isSpace(s[i + len]) || (word && isAlnum(s[i - 1]))) return 0;
        const j = next(closers[c + len]!, i + len);
        if (j >= end) {
          missing(`k${c}${len}`, len);
          return 0;
        }
        see(j + len + 1);
      }
      flush();
      marks[key] = !marks[key];
      return len;
    };
    let i = first;
    // Where the decision being made started, and the state there (kept as plain values: this runs per character).
    let at = -1;
    let bold0 = false;
    let italic0 = false;
    let strike0 = false;
    let kept = 0;
    let buf0 = '';
    let tickCount = 0;
    for (;;) {
      if (watch) {
        if (at >= 0 && (far > n || waits.length)) {
          const ticks = [...unclosedTicks].slice(0, tickCount);
          const on = far > n ? ['any'] : waits;
          for (const reason of on) if (!firsts.has(reason)) firsts.set(reason, waiting.length);
          waiting.push({ at, marks: { b: bold0, i: italic0, s: strike0 }, kept, buf: buf0, ticks, on });
        }
        at = i;
        bold0 = marks.b;
        italic0 = marks.i;
        strike0 = marks.s;
        kept = out.length;
        buf0 = buf;
        tickCount = unclosedTicks.size;
        far = i + 1;
        if (waits.length) waits = [];
      }
      if (i >= end) break;
      const c = s[i]!;
      if (c === '\\') {
        see(i + 2);
        if (i + 1 < end && PUNCT.includes(s[i + 1]!)) {
          buf += s[i + 1];
          i += 2;
          continue;
        }
        // A backslash at a line's end is CommonMark's line break: every line break already is one.
        if (s[i + 1] === '\n' && i + 1 < end) {
          i++;
          continue;
        }
      }
      if (c === '*' || c === '_') {
        // A run of two or more opens/closes bold, or only closes italic: a
        // single delimiter never opens from inside a run.
        see(i + 2);
        const pair = i + 1 < end && s[i + 1] === c;
        const used = pair ? delimiter(i, c, 2) || (marks.i ? delimiter(i, c, 1) : 0) : delimiter(i, c, 1);
        if (!used) buf += pair ? c + c : c;
        i += used || (pair ? 2 : 1);
        continue;
      }
      if (c === '~') see(i + 2);
      if (c === '~' && s[i + 1] === '~' && i + 1 < end) {
        // Strikethrough takes exactly two tildes (one is "about", as in ~5 minutes).
        see(i + 3);
        const used = s[i + 2] === '~' || s[i - 1] === '~' ? 0 : delimiter(i, c, 2);
        if (!used) buf += '~~';
        i += 2;
        continue;
      }
      if (c === '`') {
        let k = 1;
        while (i + k < end && s[i + k] === '`') k++;
        see(i + k + 1);
        let j = unclosedTicks.has(k) ? end : next(tick, i + k);
        while (j < end) {
          let m = 1;
          while (j + m < end && s[j + m] === '`') m++;
          if (m === k) break;
          j = next(tick, j + m);
        }
        if (j < end) {
          see(j + k + 1);
          flush();
          // Line breaks in a code span are spaces; one space each side of the code is padding.
          const body = s.slice(i + k, j).replace(/\n/g, ' ');
          const padded = body[0] === ' ' && body.endsWith(' ') && body.trim() !== '';
          out.push(leaf(padded ? body.slice(1, -1) : body, true));
          i = j + k;
        } else {
          missing(`t${k}`);
          unclosedTicks.add(k);
          buf += s.slice(i, i + k);
          i += k;
        }
        continue;
      }
      if (links && c === '[') {
        const close = next(rb, i + 1);
        const inner = next(lb, i + 1);
        if (close < end && inner > close && s[close + 1] === '(') {
          let paren = next(rp, close + 2);
          // One level of parentheses inside the URL, as in wiki links.
          if (paren < end && next(lp, close + 2) < paren) paren = next(rp, paren + 1);
          if (paren < end) {
            see(paren + 1);
            let url = s.slice(close + 2, Math.min(paren, next(ws, close + 2)));
            if (url.startsWith('<') && url.endsWith('>')) url = url.slice(1, -1);
            url = unescape(url);
            const label: RichTextNode[] = [];
            run(i + 1, close, false, { ...marks }, label);
            link(url, label);
            i = paren + 1;
            continue;
          }
          missing('c)');
        } else if (close >= end && inner >= end) {
          // A `]` may still come (an inner `[` would settle it: no link).
          missing('c[]');
        } else {
          see(inner < close ? inner + 1 : close + 2);
        }
      }
      if (links && c === '<') {
        const close = next(gt, i + 1);
        const space = Math.min(next(ws, i + 1), next(lt, i + 1));
        if (close < end && space >= close) {
          see(close + 1);
          const inner = s.slice(i + 1, close);
          const url = /^[a-z][a-z\d+.-]{1,31}:\S/i.test(inner) ? inner : isEmail(inner) ? `mailto:${inner}` : '';
          if (url) {
            link(url, [leaf(inner)]);
            i = close + 1;
            continue;
          }
        } else if (space < end) {
          see(space + 1);
        } else {
          missing('c> \t\n<');
        }
      }
      if (links && c === 'h' && !isAlnum(s[i - 1])) {
        see(i + 8);
        if (s.startsWith('https://', i) || s.startsWith('http://', i)) {
          let stop = Math.min(next(ws, i), next(lt, i), end);
          see(stop + 1);
          while (stop > i && '.,:;!?\'"*_]'.includes(s[stop - 1]!)) stop--;
          if (s[stop - 1] === ')' && !s.slice(i, stop).includes('(')) stop--;
          if (stop - i > 8) {
            const url = s.slice(i, stop);
            link(url, [leaf(url)]);
            i = stop;
            continue;
          }
        }
      }
      buf += c;
      i++;
    }
    const rest = { buf, ticks: unclosedTicks };
    flush();
    return rest;
  }

  const out = from ? from.nodes.slice(0, start.kept) : [];
  const marks = { ...start.marks };
  const rest = run(base, n, true, marks, out, start);
  if (!open) return { nodes: out, resume: undefined };
  const end: Point = { at: n, marks, kept: out.length - (rest.buf ? 1 : 0), buf: rest.buf, ticks: [...rest.ticks] };
  return { nodes: out, resume: { text: s, nodes: out, waiting, firsts, end } };
}

/** Reads `s` (one block's text) into leaves and links. */
function parseInline(s: string): RichTextNode[] {
  return readInline(s, undefined, false, { work: 0 }).nodes;
}

/** A block's text waiting for its inline reading: a paragraph, a heading, a list item's content, a cell, a code block. */
interface Todo {
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
interface Level {
  indent: number;
  ordered: boolean;
  list: RichTextNode;
  item?: { li: RichTextNode; content: Todo } | undefined;
}
/** An open table: its node (rows of cells) and each column's alignment. */
interface Table {
  readonly node: RichTextNode;
  readonly align: readonly (string | undefined)[];
}
/** An open block quote: its node and the reader of what it holds (its blocks are the node's children). */
interface Quote {
  readonly node: RichTextNode;
  readonly inner: Blocks;
}
/** What one text has used of `MAX_CODE_BLOCKS` and `MAX_CELLS` (shared by the readers of its quotes). */
interface Used {
  code: number;
  cells: number;
}

const ITEM = /^([ \t]*)([-*+]|\d{1,9}[.)])[ \t]+(.*)$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+|$)/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ITEM_FENCE = /^[ \t]*(`{3,}|~{3,})/;
const QUOTE = /^ {0,3}> ?/;
const SETEXT = /^ {0,3}(=+|-{3,})$/;
const TASK = /^\[([ xX])\][ \t]+/;
const DELIMITER = /^:?-+:?$/;
/** Quotes inside quotes, at most (deeper `>` are text): the tree stays within the renderer's depth. */
const MAX_QUOTES = 8;
/** Columns of a table, at most: a wider one stays text (a thousand columns cannot be read in a bubble). */
export const MAX_COLUMNS = 64;
/**
 * Code blocks and table cells of one text, at most (each is several elements
 * to draw): beyond them, fences and rows are text. No answer meant for a
 * person comes near; a hostile one stays quick to draw.
 */
export const MAX_CODE_BLOCKS = 100;
export const MAX_CELLS = 2000;
/** The longest language label of a code block. */
const MAX_LANG = 32;

const indentOf = (prefix: string): number => prefix.replace(/\t/g, '    ').length;
/** Backslash escapes of ASCII punctuation read as the character (in link URLs and code languages). */
const unescape = (text: string): string => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
/** At most three spaces before the first character: a line that can start a block of its own. */
const SHALLOW = /^ {0,3}\S/;
/** Three or more of one of `-*_`, spaces between allowed (`t` is trimmed); stops at the first other character. */
function isRule(t: string): boolean {
  const mark = t[0];
  if (mark !== '-' && mark !== '*' && mark !== '_') return false;
  let count = 0;
  for (const c of t) {
    if (c === mark) count++;
    else if (c !== ' ') return false;
  }
  return count >= 3;
}

/** Whether `line` starts a block of its own (it cannot continue a paragraph lazily, nor be a table row without a `|`). */
const startsBlock = (line: string): boolean =>
  SHALLOW.test(line) &&
  (FENCE.test(line) || QUOTE.test(line) || HEADING.test(line) || ITEM.test(line) || isRule(line.trim()));

/**
 * The cells of a table row: split at each `|` that is not escaped, the outer
 * pipes dropped, each cell trimmed and `\|` read as `|`; with where each cell
 * starts in `line`. One pass over the line.
 */
function cellsOf(line: string): { text: string; at: number }[] {
  const cells: { text: string; at: number }[] = [];
  let from = 0;
  let end = line.length;
  while (from < end && (line[from] === ' ' || line[from] === '\t')) from++;
  while (end > from && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
  if (line[from] === '|') from++;
  if (end > from && line[end - 1] === '|' && line[end - 2] !== '\\') end--;
  let start = from;
  let text = '';
  const push = (stop: number) => {
    text += line.slice(start, stop);
    const lead = text.length - text.trimStart().length;
    cells.push({ text: text.trim(), at: stop - text.length + lead });
    text = '';
  };
  for (let j = from; j < end; j++) {
    if (line[j] === '\\' && line[j + 1] === '|') {
      text += line.slice(start, j);
      start = j + 1;
      j++;
    } else if (line[j] === '|') {
      push(j);
      start = j + 1;
    }
  }
  push(end);
  return cells;
}

/** A heading's text without its closing `#`s (those after a space, or all of it when it is only `#`s). */
function headingText(rest: string): string {
  const t = rest.trim();
  let j = t.length;
  while (j > 0 && t[j - 1] === '#') j--;
  return j === 0 ? '' : t[j - 1] === ' ' || t[j - 1] === '\t' ? t.slice(0, j).trimEnd() : t;
}

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
  fence: Blocks['fence'];
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

/** The block structure, read line by line. A block quote's content is read by a reader of its own. */
class Blocks {
  readonly blocks: RichTextNode[] = [];
  para: Todo | undefined;
  levels: Level[] = [];
  blank = false;
  fence: { marker: string; indent: number; todo: Todo } | undefined;
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
    const fence = this.fence;
    if (fence) {
      const t = line.trim();
      if (SHALLOW.test(line) && t.startsWith(fence.marker) && t === fence.marker[0]!.repeat(t.length)) {
        this.fence = undefined;
      } else {
        // The opening fence's indentation is taken off each line (as far as the line has it).
        let k = 0;
        while (k < fence.indent && raw[k] === ' ') k++;
        fence.todo.lines.push(raw.slice(k));
      }
      return;
    }
    const quote = this.quote;
    if (quote) {
      const marker = QUOTE.exec(line);
      if (marker) {
        quote.inner.line(raw.slice(marker[0].length), at + marker[0].length);
        return;
      }
      // A line without `>` goes on with the quote's paragraph ("lazy"), unless it starts a block of its own.
      if (line.trim() && quote.inner.lazy(line)) return;
      this.quote = undefined;
    }
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
    const last = this.levels[this.levels.length - 1]?.item;
    // A fence indented under a list item's text (a step's command, say) is that item's.
    const inItem = !!last && indentOf(/^[ \t]*/.exec(line)![0]) >= this.levels[this.levels.length - 1]!.indent + 2;
    const opening = (inItem ? ITEM_FENCE : FENCE).exec(line);
    const info = opening ? line.slice(opening[0].length).trim() : '';
    // A backtick fence's info string has no backtick (that would be a code span).
    if (opening && !(opening[1]![0] === '`' && info.includes('`')) && this.used.code < MAX_CODE_BLOCKS) {
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
      return;
    }
    const para = this.para;
    if (para && line.includes('|') && this.#tableUnder(para, line, at)) return;
    const underline = para && SETEXT.exec(line);
    if (para && underline) {
      // The paragraph above was a heading: `===` makes the first level, `---` the second.
      const heading: RichTextNode = { type: 'h', level: underline[1]![0] === '=' ? 1 : 2, children: [] };
      this.blocks[this.blocks.length - 1] = para.node = heading;
      this.para = undefined;
      return;
    }
    if (SHALLOW.test(line) && isRule(line.trim())) {
      this.#closeAll();
      this.blank = this.blocks.length > 0;
      return;
    }
    const top = this.levels[this.levels.length - 1];
    const indent = indentOf(/^[ \t]*/.exec(line)![0]);
    const marker = this.depth < MAX_QUOTES && QUOTE.exec(line);
    // A `>` indented under a list item's text is part of that text.
    if (marker && !(top?.item && indent >= top.indent + 2)) {
      this.#closeAll();
      const node: RichTextNode = { type: 'blockquote', children: [] };
      this.#block(node);
      const inner = new Blocks(this.todos, this.depth + 1, this.top, this.used);
      // The quote's blocks are its node's children: what its reader adds shows in the tree.
      node.children = inner.blocks;
      this.quote = { node, inner };
      inner.line(raw.slice(marker[0].length), at + marker[0].length);
      return;
    }
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
    if (para) {
      para.lines.push(line.trim());
      return;
    }
    this.#closeAll();
    const node: RichTextNode = { type: 'p', children: [] };
    this.#block(node);
    this.para = this.#todo(node, [line.trim()], at);
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

  /** What reading one more line may change (it only adds at the ends of what is open, or changes the last block). */
  save(): Saved {
    const { para, fence, levels, table, quote, blocks } = this;
    return {
      blocks: blocks.length,
      last: blocks[blocks.length - 1],
      todos: this.todos.length,
      para,
      paraNode: para?.node,
      paraLines: para?.lines.length ?? 0,
      paraLast: para?.lines[para.lines.length - 1],
      blank: this.blank,
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
      inner: quote?.inner.save(),
      code: this.used.code,
      cells: this.used.cells,
    };
  }

  /** Takes back every change since `saved`. */
  restore(saved: Saved): void {
    const { blocks, para, fence, table, quote } = saved;
    this.blocks.length = blocks;
    if (blocks) this.blocks[blocks - 1] = saved.last!;
    this.todos.length = saved.todos;
    this.para = para;
    if (para) {
      para.node = saved.paraNode!;
      para.lines.length = saved.paraLines;
      if (saved.paraLines) para.lines[saved.paraLines - 1] = saved.paraLast!;
    }
    this.blank = saved.blank;
    this.fence = fence;
    if (fence) fence.todo.lines.length = saved.fenceLines;
    this.levels = saved.levels;
    saved.levels.forEach((level, k) => {
      const item = (level.item = saved.items[k]);
      level.list.children!.length = saved.lengths[3 * k]!;
      if (item) {
        item.li.children!.length = saved.lengths[3 * k + 1]!;
        item.content.lines.length = saved.lengths[3 * k + 2]!;
      }
    });
    this.table = table;
    if (table) table.node.children!.length = saved.rows;
    this.quote = quote;
    if (quote) quote.inner.restore(saved.inner!);
    this.used.code = saved.code;
    this.used.cells = saved.cells;
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

/** Gives a todo its leaves (or, for code, its text). */
function fill(todo: Todo, leaves: (text: string) => RichTextNode[]): void {
  const text = todo.lines.join('\n');
  if (todo.node.code) todo.node.text = text;
  else todo.node.children = leaves(text);
}

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
    if (this.#saved) reader.restore(this.#saved);
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
    this.#saved = reader.save();
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
