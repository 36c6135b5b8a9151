/**
 * The inline stage: one block's text (lines joined by `\n`) into leaves and
 * links, with emphasis, strikethrough, code spans, links, autolinks, bare URLs
 * and backslash escapes. Can go on from the reading of a shorter text (see
 * `readInline`), which is how a streamed answer is read once.
 */
import type { RichTextNode } from '../rich-text.js';
import { leafOf, type Marks } from './tree.js';

const PUNCT = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

const isSpace = (c: string | undefined): boolean => c === undefined || c === ' ' || c === '\t' || c === '\n';
const isAlnum = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** Backslash escapes of ASCII punctuation read as the character (in link URLs and code languages). */
export const unescape = (text: string): string => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');

function isEmail(v: string): boolean {
  const at = v.indexOf('@');
  return (
    at > 0 && at === v.lastIndexOf('@') && v.indexOf('.', at) > at + 1 && !v.endsWith('.') && !/[()[\]\\,;:"]/.test(v)
  );
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
export interface Resume {
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
 * One reading of a block's text: the text, the next-occurrence tables of what
 * the reader searches for, and the decisions it notes.
 */
interface Scan {
  readonly s: string;
  readonly n: number;
  /** Where this reading starts: nothing before it is read again. */
  readonly base: number;
  /** The text may still grow. */
  readonly open: boolean;
  readonly ws: Int32Array;
  readonly lt: Int32Array;
  readonly gt: Int32Array;
  readonly lb: Int32Array;
  readonly rb: Int32Array;
  readonly lp: Int32Array;
  readonly rp: Int32Array;
  readonly tick: Int32Array;
  readonly closers: Record<string, Int32Array>;
  /** One past the furthest character the current decision looked at (beyond `n`: the very end). */
  far: number;
  /** What the current decision waits for, besides `far`. */
  waits: string[];
  readonly waiting: Waiting[];
  readonly firsts: Map<string, number>;
}

function scanOf(s: string, base: number, open: boolean, waiting: Waiting[], firsts: Map<string, number>): Scan {
  const n = s.length;
  /** next[j] = first index >= j where `pred` holds, else n (from `base` on: nothing before it is read again). */
  const table = (pred: (j: number) => boolean): Int32Array => {
    const t = new Int32Array(n - base + 1).fill(n);
    for (let j = n - 1; j >= base; j--) t[j - base] = pred(j) ? j : t[j - base + 1]!;
    return t;
  };
  const char = (c: string) => table((j) => s[j] === c);
  const closer = (c: string, len: number) => table((j) => isCloser(s, j, c, len));
  return {
    s,
    n,
    base,
    open,
    ws: table((j) => isSpace(s[j])),
    lt: char('<'),
    gt: char('>'),
    lb: char('['),
    rb: char(']'),
    lp: char('('),
    rp: char(')'),
    tick: char('`'),
    closers: {
      '*1': closer('*', 1),
      '*2': closer('*', 2),
      _1: closer('_', 1),
      _2: closer('_', 2),
      '~2': closer('~', 2),
    },
    far: 0,
    waits: [],
    waiting,
    firsts,
  };
}

const next = (scan: Scan, t: Int32Array, j: number): number => (j >= scan.n ? scan.n : t[j - scan.base]!);
const see = (scan: Scan, x: number): void => {
  if (x > scan.far) scan.far = x;
};

/** One run of the reader over `[first, end)`: the whole text, or a link's label. */
interface Run {
  readonly scan: Scan;
  readonly end: number;
  readonly links: boolean;
  readonly marks: Marks;
  readonly out: RichTextNode[];
  /** Text not yet made a leaf. */
  buf: string;
  readonly unclosedTicks: Set<number>;
}

const flush = (run: Run): void => {
  if (run.buf) run.out.push(leafOf(run.buf, run.marks));
  run.buf = '';
};

const link = (run: Run, url: string, children: RichTextNode[]): void => {
  flush(run);
  run.out.push({ type: 'a', url, children: children.length ? children : [leafOf(url, run.marks)] });
};

/** Notes a search that found nothing before `end`: the text's end waits for `reason`, a run's end is read. */
const missing = (run: Run, reason: string, extra = 0): void => {
  if (run.end < run.scan.n) see(run.scan, run.end + extra + 1);
  else run.scan.waits.push(reason);
};

/** Opens or closes emphasis (or strikethrough) with `len` delimiter characters at `i`; returns how many it used. */
function delimiter(run: Run, i: number, c: string, len: 1 | 2): number {
  const { scan, marks } = run;
  const s = scan.s;
  const key = c === '~' ? 's' : len === 2 ? 'b' : 'i';
  const word = c === '_';
  see(scan, i + len + 1);
  if (marks[key]) {
    if (isSpace(s[i - 1]) || (word && isAlnum(s[i + len]))) return 0;
  } else {
    if (i + len >= run.end || isSpace(s[i + len]) || (word && isAlnum(s[i - 1]))) return 0;
    const j = next(scan, scan.closers[c + len]!, i + len);
    if (j >= run.end) {
      missing(run, `k${c}${len}`, len);
      return 0;
    }
    see(scan, j + len + 1);
  }
  flush(run);
  marks[key] = !marks[key];
  return len;
}

/** A backslash at `i`: an escaped punctuation character, or a line break. Returns where reading goes on, or -1. */
function escape(run: Run, i: number): number {
  const s = run.scan.s;
  see(run.scan, i + 2);
  if (i + 1 < run.end && PUNCT.includes(s[i + 1]!)) {
    run.buf += s[i + 1];
    return i + 2;
  }
  // A backslash at a line's end is CommonMark's line break: every line break already is one.
  if (s[i + 1] === '\n' && i + 1 < run.end) return i + 1;
  return -1;
}

/** A `*` or `_` at `i`. Returns where reading goes on. */
function emphasis(run: Run, i: number, c: string): number {
  // A run of two or more opens/closes bold, or only closes italic: a
  // single delimiter never opens from inside a run.
  see(run.scan, i + 2);
  const pair = i + 1 < run.end && run.scan.s[i + 1] === c;
  const used = pair ? delimiter(run, i, c, 2) || (run.marks.i ? delimiter(run, i, c, 1) : 0) : delimiter(run, i, c, 1);
  if (!used) run.buf += pair ? c + c : c;
  return i + (used || (pair ? 2 : 1));
}

/** A `~` at `i`. Returns where reading goes on, or -1. */
function tilde(run: Run, i: number): number {
  const s = run.scan.s;
  see(run.scan, i + 2);
  if (s[i + 1] !== '~' || i + 1 >= run.end) return -1;
  // Strikethrough takes exactly two tildes (one is "about", as in ~5 minutes).
  see(run.scan, i + 3);
  const used = s[i + 2] === '~' || s[i - 1] === '~' ? 0 : delimiter(run, i, '~', 2);
  if (!used) run.buf += '~~';
  return i + 2;
}

/** A run of backticks at `i`: a code span, or text. Returns where reading goes on. */
function codeSpan(run: Run, i: number): number {
  const { scan, end, unclosedTicks } = run;
  const s = scan.s;
  let k = 1;
  while (i + k < end && s[i + k] === '`') k++;
  see(scan, i + k + 1);
  let j = unclosedTicks.has(k) ? end : next(scan, scan.tick, i + k);
  while (j < end) {
    let m = 1;
    while (j + m < end && s[j + m] === '`') m++;
    if (m === k) break;
    j = next(scan, scan.tick, j + m);
  }
  if (j < end) {
    see(scan, j + k + 1);
    flush(run);
    // Line breaks in a code span are spaces; one space each side of the code is padding.
    const body = s.slice(i + k, j).replace(/\n/g, ' ');
    const padded = body[0] === ' ' && body.endsWith(' ') && body.trim() !== '';
    run.out.push(leafOf(padded ? body.slice(1, -1) : body, run.marks, true));
    return j + k;
  }
  missing(run, `t${k}`);
  unclosedTicks.add(k);
  run.buf += s.slice(i, i + k);
  return i + k;
}

/** A `[` at `i`: a link `[text](url)`, or -1. */
function bracketLink(run: Run, i: number): number {
  const { scan, end } = run;
  const s = scan.s;
  const close = next(scan, scan.rb, i + 1);
  const inner = next(scan, scan.lb, i + 1);
  if (close < end && inner > close && s[close + 1] === '(') {
    let paren = next(scan, scan.rp, close + 2);
    // One level of parentheses inside the URL, as in wiki links.
    if (paren < end && next(scan, scan.lp, close + 2) < paren) paren = next(scan, scan.rp, paren + 1);
    if (paren < end) {
      see(scan, paren + 1);
      let url = s.slice(close + 2, Math.min(paren, next(scan, scan.ws, close + 2)));
      if (url.startsWith('<') && url.endsWith('>')) url = url.slice(1, -1);
      url = unescape(url);
      const label: RichTextNode[] = [];
      readRun(scan, i + 1, close, false, { ...run.marks }, label);
      link(run, url, label);
      return paren + 1;
    }
    missing(run, 'c)');
  } else if (close >= end && inner >= end) {
    // A `]` may still come (an inner `[` would settle it: no link).
    missing(run, 'c[]');
  } else {
    see(scan, inner < close ? inner + 1 : close + 2);
  }
  return -1;
}

/** A `<` at `i`: an autolink `<https://…>` or `<a@b.example>`, or -1. */
function angleLink(run: Run, i: number): number {
  const { scan, end } = run;
  const close = next(scan, scan.gt, i + 1);
  const space = Math.min(next(scan, scan.ws, i + 1), next(scan, scan.lt, i + 1));
  if (close < end && space >= close) {
    see(scan, close + 1);
    const inner = scan.s.slice(i + 1, close);
    const url = /^[a-z][a-z\d+.-]{1,31}:\S/i.test(inner) ? inner : isEmail(inner) ? `mailto:${inner}` : '';
    if (url) {
      link(run, url, [leafOf(inner, run.marks)]);
      return close + 1;
    }
  } else if (space < end) {
    see(scan, space + 1);
  } else {
    missing(run, 'c> \t\n<');
  }
  return -1;
}

/** An `h` at `i` that starts a word: a bare `http(s)://` URL, or -1. */
function bareUrl(run: Run, i: number): number {
  const { scan, end } = run;
  const s = scan.s;
  see(scan, i + 8);
  if (!s.startsWith('https://', i) && !s.startsWith('http://', i)) return -1;
  let stop = Math.min(next(scan, scan.ws, i), next(scan, scan.lt, i), end);
  see(scan, stop + 1);
  while (stop > i && '.,:;!?\'"*_]'.includes(s[stop - 1]!)) stop--;
  if (s[stop - 1] === ')' && !s.slice(i, stop).includes('(')) stop--;
  if (stop - i <= 8) return -1;
  const url = s.slice(i, stop);
  link(run, url, [leafOf(url, run.marks)]);
  return stop;
}

/** What the character at `i` starts, read: where reading goes on, or -1 when it is plain text. */
function step(run: Run, i: number): number {
  const c = run.scan.s[i]!;
  if (c === '\\') return escape(run, i);
  if (c === '*' || c === '_') return emphasis(run, i, c);
  if (c === '~') return tilde(run, i);
  if (c === '`') return codeSpan(run, i);
  if (!run.links) return -1;
  if (c === '[') return bracketLink(run, i);
  if (c === '<') return angleLink(run, i);
  if (c === 'h' && !isAlnum(run.scan.s[i - 1])) return bareUrl(run, i);
  return -1;
}

/** Where the decision being made started, and the state there. */
interface Decision {
  at: number;
  bold: boolean;
  italic: boolean;
  strike: boolean;
  kept: number;
  buf: string;
  tickCount: number;
}

/** Before each decision: notes the previous one if the text so far did not settle it, and starts the next at `i`. */
function decide(run: Run, decision: Decision, i: number): void {
  const scan = run.scan;
  if (decision.at >= 0 && (scan.far > scan.n || scan.waits.length)) {
    const { at, bold, italic, strike, kept, buf, tickCount } = decision;
    const ticks = [...run.unclosedTicks].slice(0, tickCount);
    const on = scan.far > scan.n ? ['any'] : scan.waits;
    for (const reason of on) if (!scan.firsts.has(reason)) scan.firsts.set(reason, scan.waiting.length);
    scan.waiting.push({ at, marks: { b: bold, i: italic, s: strike }, kept, buf, ticks, on });
  }
  decision.at = i;
  decision.bold = run.marks.b;
  decision.italic = run.marks.i;
  decision.strike = run.marks.s;
  decision.kept = run.out.length;
  decision.buf = run.buf;
  decision.tickCount = run.unclosedTicks.size;
  scan.far = i + 1;
  if (scan.waits.length) scan.waits = [];
}

/** Reads `[first, end)` into `out`; returns the text left unflushed and the backtick runs left unclosed. */
function readRun(
  scan: Scan,
  first: number,
  end: number,
  links: boolean,
  marks: Marks,
  out: RichTextNode[],
  top?: Point,
): { buf: string; ticks: Set<number> } {
  const run: Run = { scan, end, links, marks, out, buf: top?.buf ?? '', unclosedTicks: new Set(top?.ticks) };
  // Only the top level of a text that may grow notes its unsettled decisions.
  const watch = !!top && scan.open;
  const decision: Decision = { at: -1, bold: false, italic: false, strike: false, kept: 0, buf: '', tickCount: 0 };
  let i = first;
  for (;;) {
    if (watch) decide(run, decision, i);
    if (i >= end) break;
    const after = step(run, i);
    if (after >= 0) {
      i = after;
      continue;
    }
    run.buf += scan.s[i];
    i++;
  }
  const rest = { buf: run.buf, ticks: run.unclosedTicks };
  flush(run);
  return rest;
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
export function readInline(
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
  const scan = scanOf(s, base, open, waiting, firsts);
  const out = from ? from.nodes.slice(0, start.kept) : [];
  const marks = { ...start.marks };
  const rest = readRun(scan, base, n, true, marks, out, start);
  if (!open) return { nodes: out, resume: undefined };
  const end: Point = { at: n, marks, kept: out.length - (rest.buf ? 1 : 0), buf: rest.buf, ticks: [...rest.ticks] };
  return { nodes: out, resume: { text: s, nodes: out, waiting, firsts, end } };
}

/** Reads `s` (one block's text) into leaves and links. */
export function parseInline(s: string): RichTextNode[] {
  return readInline(s, undefined, false, { work: 0 }).nodes;
}
