/**
 * The text the inline stage reads (one block's, lines joined by `\n`) and its search tables: for
 * each kind of character searched for, where the next one stands, so that no search goes over the
 * same text twice. One reading at a time (see `inline.ts`): `readText` starts one, `dropText` lets
 * its text go.
 */
import { isCloser, isSpace } from './inline-syntax.js';

const NONE: Int32Array = new Int32Array(0);
/** The text, its length, and where this reading starts: nothing before it is read again. */
export let s = '';
export let n = 0;
export let base = 0;
/** next[j] = first index >= j of each character searched for, of white space, of each kind of closer. */
export let ws = NONE;
export let lt = NONE;
export let gt = NONE;
export let lb = NONE;
export let rb = NONE;
export let lp = NONE;
export let rp = NONE;
export let tick = NONE;
export let closers: Record<string, Int32Array> = {};

/** A search table of `s` from `base` on: next[j] = the first index >= j where `pred` holds. */
export function table(pred: (j: number) => boolean): Int32Array {
  const t = new Int32Array(n - base + 1).fill(n);
  for (let j = n - 1; j >= base; j--) t[j - base] = pred(j) ? j : t[j - base + 1]!;
  return t;
}

/**
 * Starts the reading of `text` from `at`: makes its search tables from there on (math's closers
 * are made when a formula opens).
 */
export function readText(text: string, at: number): void {
  s = text;
  n = text.length;
  base = at;
  const char = (c: string) => table((j) => s[j] === c);
  const closer = (c: string, len: number) => table((j) => isCloser(s, j, c, len));
  ws = table((j) => isSpace(s[j]));
  [lt, gt, lb, rb, lp, rp, tick] = ['<', '>', '[', ']', '(', ')', '`'].map(char) as [
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
  ];
  closers = {
    '*1': closer('*', 1),
    '*2': closer('*', 2),
    _1: closer('_', 1),
    _2: closer('_', 2),
    '~2': closer('~', 2),
  };
}

/** What table `t` finds first at or after `j`: its index, or `n` when there is none. */
export const next = (t: Int32Array, j: number): number => (j >= n ? n : t[j - base]!);

/** Ends the reading: its text and search tables are not kept past it. */
export function dropText(): void {
  s = '';
  ws = lt = gt = lb = rb = lp = rp = tick = NONE;
  closers = {};
}
