/**
 * The inline stage: one block's text (lines joined by `\n`) into leaves and
 * links, with emphasis, strikethrough, code spans, links, autolinks, bare URLs,
 * backslash escapes and math (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`). Can go on
 * from the reading of a shorter text (see `readInline`), which is how a
 * streamed answer is read once.
 */
import type { RichTextNode } from '../rich-text.js';
import { leafOf, type Marks } from './tree.js';
import {
  isAlnum,
  isEmail,
  isMathCloser,
  isSpace,
  met,
  PUNCT,
  unescape,
  type Point,
  type Resume,
  type Waiting,
} from './inline-syntax.js';
import { closers, dropText, gt, lb, lp, lt, n, next, rb, readText, rp, s, table, tick, ws } from './inline-text.js';

/*
 * The reading in progress. Reading is synchronous and one at a time, so its
 * state lives here (the text and its search tables in `inline-text.ts`), where
 * each of its steps reaches it as a closure's would (and the built code stays
 * as small as when it was one function). A link's label is read inside the
 * reading of its text: `readRun` keeps the outer run's part of the state and
 * puts it back.
 */
/** The text may still grow. */
let open = false;
/** One past the furthest character the current decision looked at (beyond `n`: the very end). */
let far = 0;
/** What the current decision waits for, besides `far`. */
let waits: string[] = [];
let waiting: Waiting[] = [];
let firsts = new Map<string, number>();
/** The current run: the whole text or a link's label, up to `end`. */
let end = 0;
let links = false;
let marks: Marks = { b: false, i: false, s: false };
let out: RichTextNode[] = [];
/** Text not yet made a leaf. */
let buf = '';
/** Lengths of backtick runs found unclosed. */
let unclosedTicks = new Set<number>();

/** The longest formula read as math (its TeX, in characters): a longer one stays text. */
export const MAX_TEX = 2_000;

const see = (x: number): void => {
  if (x > far) far = x;
};
const leaf = (text: string, code = false): RichTextNode => leafOf(text, marks, code);

const flush = (): void => {
  if (buf) out.push(leaf(buf));
  buf = '';
};

const link = (url: string, children: RichTextNode[]): void => {
  flush();
  out.push({ type: 'a', url, children: children.length ? children : [leaf(url)] });
};

/** Notes a search that found nothing before `end`: the text's end waits for `reason`, a run's end is read. */
const missing = (reason: string, extra = 0): void => {
  if (end < n) see(end + extra + 1);
  else waits.push(reason);
};

/** Opens or closes emphasis (or strikethrough) with `len` delimiter characters at `i`; returns how many it used. */
function delimiter(i: number, c: string, len: 1 | 2): number {
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
}

/** A backslash at `i`: an escaped punctuation character, or a line break. Returns where reading goes on, or -1. */
function escape(i: number): number {
  see(i + 2);
  const c = s[i + 1];
  const formula = c === '(' || c === '[' ? math(i, 2, c === '(' ? ')' : ']') : -1;
  if (formula >= 0) return formula;
  if (i + 1 < end && PUNCT.includes(c!)) {
    buf += c;
    return i + 2;
  }
  // A backslash at a line's end is CommonMark's line break: every line break already is one.
  return s[i + 1] === '\n' && i + 1 < end ? i + 1 : -1;
}

/**
 * Math opened at `i` by `len` characters (`$`, `$$`, `\(`, `\[`) and closed by `c` (`$`, `$$`, `)`, `]`,
 * see `isMathCloser`) within `MAX_TEX` characters: a `math` node, its TeX in `tex` (`display` for `$$`
 * and `\[`), holding its source as text (what shows until, or unless, the formula is drawn, and what
 * is copied). Returns where reading goes on, or -1.
 */
function math(i: number, len: number, c: string): number {
  const from = i + len;
  see(from + 1);
  // Pandoc's rule: a `$` opens before a non-space only.
  if (from >= end || (c === '$' && isSpace(s[from]))) return -1;
  const limit = Math.min(end, from + MAX_TEX + 1);
  const close = next((closers[c] ??= table((j) => isMathCloser(s, j, c))), from);
  if (close >= limit) {
    if (limit < end) see(limit + 1);
    else missing(`c${c[0]}`);
    return -1;
  }
  see(close + 2);
  const tex = s.slice(from, c[0] === '$' ? close : close - 1);
  // A formula holds something besides spaces and backslashes (`\[\\\]` is three escapes).
  if (!/[^\s\\]/.test(tex)) return -1;
  // Displayed math between `\[` and `\]` says something of TeX: `\[not a link\]` is escaped brackets.
  if (c === ']' && !/[\\^_{}=+\-*/<>|\d]/.test(tex)) return -1;
  flush();
  const stop = close + c.length;
  const node: RichTextNode = { type: 'math', tex, children: [leaf(s.slice(i, stop))] };
  if (c === '$$' || c === ']') node.display = true;
  out.push(node);
  return stop;
}

/** A `*` or `_` at `i`. Returns where reading goes on. */
function emphasis(i: number, c: string): number {
  // A run of two or more opens/closes bold, or only closes italic: a
  // single delimiter never opens from inside a run.
  see(i + 2);
  const pair = i + 1 < end && s[i + 1] === c;
  const used = pair ? delimiter(i, c, 2) || (marks.i ? delimiter(i, c, 1) : 0) : delimiter(i, c, 1);
  if (!used) buf += pair ? c + c : c;
  return i + (used || (pair ? 2 : 1));
}

/** A `~` at `i`. Returns where reading goes on, or -1. */
function tilde(i: number): number {
  see(i + 2);
  if (s[i + 1] !== '~' || i + 1 >= end) return -1;
  // Strikethrough takes exactly two tildes (one is "about", as in ~5 minutes).
  see(i + 3);
  const used = s[i + 2] === '~' || s[i - 1] === '~' ? 0 : delimiter(i, '~', 2);
  if (!used) buf += '~~';
  return i + 2;
}

/** A run of backticks at `i`: a code span, or text. Returns where reading goes on. */
function codeSpan(i: number): number {
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
    return j + k;
  }
  missing(`t${k}`);
  unclosedTicks.add(k);
  buf += s.slice(i, i + k);
  return i + k;
}

/** A `[` at `i`: a link `[text](url)`, or -1. */
function bracketLink(i: number): number {
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
      readRun(i + 1, close, false, { ...marks }, label);
      link(url, label);
      return paren + 1;
    }
    missing('c)');
  } else if (close >= end && inner >= end) {
    // A `]` may still come (an inner `[` would settle it: no link).
    missing('c[]');
  } else {
    see(inner < close ? inner + 1 : close + 2);
  }
  return -1;
}

/** A `<` at `i`: an autolink `<https://…>` or `<a@b.example>`, or -1. */
function angleLink(i: number): number {
  const close = next(gt, i + 1);
  const space = Math.min(next(ws, i + 1), next(lt, i + 1));
  if (close < end && space >= close) {
    see(close + 1);
    const inner = s.slice(i + 1, close);
    const url = /^[a-z][a-z\d+.-]{1,31}:\S/i.test(inner) ? inner : isEmail(inner) ? `mailto:${inner}` : '';
    if (url) {
      link(url, [leaf(inner)]);
      return close + 1;
    }
  } else if (space < end) {
    see(space + 1);
  } else {
    missing('c> \t\n<');
  }
  return -1;
}

/** An `h` at `i` that starts a word: a bare `http(s)://` URL, or -1. */
function bareUrl(i: number): number {
  see(i + 8);
  if (!s.startsWith('https://', i) && !s.startsWith('http://', i)) return -1;
  let stop = Math.min(next(ws, i), next(lt, i), end);
  see(stop + 1);
  while (stop > i && '.,:;!?\'"*_]'.includes(s[stop - 1]!)) stop--;
  if (s[stop - 1] === ')' && !s.slice(i, stop).includes('(')) stop--;
  if (stop - i <= 8) return -1;
  const url = s.slice(i, stop);
  link(url, [leaf(url)]);
  return stop;
}

/** What the character at `i` starts, read: where reading goes on, or -1 when it is plain text. */
function step(i: number): number {
  const c = s[i]!;
  if (c === '\\') return escape(i);
  if (c === '*' || c === '_') return emphasis(i, c);
  if (c === '~') return tilde(i);
  if (c === '`') return codeSpan(i);
  if (c === '$') return s[i + 1] === '$' ? math(i, 2, '$$') : math(i, 1, '$');
  if (!links) return -1;
  if (c === '[') return bracketLink(i);
  if (c === '<') return angleLink(i);
  if (c === 'h' && !isAlnum(s[i - 1])) return bareUrl(i);
  return -1;
}

/** Reads `[first, to)` into `into`; returns the text left unflushed and the backtick runs left unclosed. */
function readRun(
  first: number,
  to: number,
  withLinks: boolean,
  startMarks: Marks,
  into: RichTextNode[],
  top?: Point,
): { buf: string; ticks: Set<number> } {
  const outer = [end, links, marks, out, buf, unclosedTicks] as const;
  [end, links, marks, out, buf, unclosedTicks] = [to, withLinks, startMarks, into, top?.buf ?? '', new Set(top?.ticks)];
  // Only the top level of a text that may grow notes its unsettled decisions.
  const watch = !!top && open;
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
    const after = step(i);
    if (after >= 0) {
      i = after;
      continue;
    }
    buf += s[i];
    i++;
  }
  const rest = { buf, ticks: unclosedTicks };
  flush();
  [end, links, marks, out, buf, unclosedTicks] = outer;
  return rest;
}

/**
 * Reads one block's text (lines joined by `\n`) into leaves and links, going
 * on from `from` (the reading of a shorter text this one goes on from) when it
 * is given. With `grows` (the text may still grow), also says where the next
 * reading can go on.
 *
 * Every decision (does this `*` open? is this `[` a link?) notes what it
 * looked at. One that looked only at text that is there is final; one that
 * looked past the end waits for what can change it (any character, a closer,
 * a `]`...). The next reading starts at the first waiting decision that the
 * added text can change, or at the end: what came before stays as it was.
 */
export function readInline(
  text: string,
  from: Resume | undefined,
  grows: boolean,
  counter: { work: number },
): { nodes: RichTextNode[]; resume: Resume | undefined } {
  if (from?.text === text) return { nodes: from.nodes, resume: grows ? from : undefined };
  let start: Point = { at: 0, marks: { b: false, i: false, s: false }, kept: 0, buf: '', ticks: [] };
  waiting = [];
  firsts = new Map();
  if (from) {
    ({ waiting, firsts } = from);
    let first = waiting.length;
    for (const reason of met(text, from.text.length, firsts.keys()))
      first = Math.min(first, firsts.get(reason) ?? first);
    start = waiting[first] ?? from.end;
    // The decisions from the first one the new text can change on are made again.
    waiting.length = first;
    for (const [reason, k] of firsts) if (k >= first) firsts.delete(reason);
  }
  readText(text, start.at);
  open = grows;
  far = 0;
  waits = [];
  counter.work += n - start.at;
  const nodes = from ? from.nodes.slice(0, start.kept) : [];
  const endMarks = { ...start.marks };
  const rest = readRun(start.at, n, true, endMarks, nodes, start);
  const resume: Resume | undefined = grows
    ? {
        text,
        nodes,
        waiting,
        firsts,
        end: { at: n, marks: endMarks, kept: nodes.length - (rest.buf ? 1 : 0), buf: rest.buf, ticks: [...rest.ticks] },
      }
    : undefined;
  // What this reading made is not kept past it.
  dropText();
  return { nodes, resume };
}

/** Reads `s` (one block's text) into leaves and links. */
export function parseInline(s: string): RichTextNode[] {
  return readInline(s, undefined, false, { work: 0 }).nodes;
}
