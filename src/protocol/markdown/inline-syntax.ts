/**
 * What the inline stage (`inline.ts`) tells apart: punctuation, spaces, e-mail addresses,
 * closers, and the points a reading can go on from.
 */
import type { RichTextNode } from '../rich-text.js';
import type { Marks } from './tree.js';

export const PUNCT = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

export const isSpace = (c: string | undefined): boolean => c === undefined || c === ' ' || c === '\t' || c === '\n';
export const isAlnum = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** Backslash escapes of ASCII punctuation read as the character (in link URLs and code languages). */
export const unescape = (text: string): string => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');

export function isEmail(v: string): boolean {
  const at = v.indexOf('@');
  return (
    at > 0 && at === v.lastIndexOf('@') && v.indexOf('.', at) > at + 1 && !v.endsWith('.') && !/[()[\]\\,;:"]/.test(v)
  );
}

/**
 * Where a closing delimiter could stand: after a non-space, for `_` not before a letter, for `~~` not
 * in a longer run of tildes.
 */
export const isCloser = (s: string, j: number, c: string, len: number): boolean =>
  s[j] === c &&
  (len === 1 || s[j + 1] === c) &&
  !isSpace(s[j - 1]) &&
  (c === '*' || (c === '_' ? !isAlnum(s[j + len]) : s[j + 2] !== c && s[j - 1] !== c));

/**
 * Where math opened by `c`'s opener can close: `$` by Pandoc's rule (after a non-space that is not a
 * backslash, not before a digit: `$5 and $10` is no formula), `$$`, and `)` or `]` after a backslash.
 */
export const isMathCloser = (s: string, j: number, c: string): boolean =>
  c === '$'
    ? s[j] === c && !isSpace(s[j - 1]) && s[j - 1] !== '\\' && !/\d/.test(s[j + 1]!)
    : c === '$$'
      ? s[j] === '$' && s[j + 1] === '$'
      : s[j] === c && s[j - 1] === '\\';

/** The inline reader's state at one position of a block's text, enough to go on from there. */
export interface Point {
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
export interface Waiting extends Point {
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
export function met(s: string, old: number, on: Iterable<string>): Set<string> {
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
