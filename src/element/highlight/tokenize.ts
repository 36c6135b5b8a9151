/**
 * The tokenizer of the highlight file: a language is a list of rules, each a class and a regular
 * expression, joined into one expression that the browser's own engine scans (the leftmost match
 * wins, and among those starting at the same place the rule listed first). What no rule matches is
 * plain text. Every rule that can span lines matches an unclosed construct to the end of the text (a
 * comment still open while an answer streams), so a token never depends on text after the end.
 */

/** A token's class (`''` for plain text), its start and its end in the text. */
export type Emit = (cls: string, start: number, end: number) => void;

/** A rule: its class (`''`: matched as one piece, drawn plain), its pattern (no capturing group), and the grammar of its inside. */
export type Rule = readonly [cls: string, pattern: string, inside?: Grammar];

export interface Grammar {
  readonly re: RegExp;
  readonly rules: readonly Rule[];
}

/** A grammar of `rules` (`flags` besides `gm`: `i` for a language whose words ignore case). */
export const grammar = (rules: readonly Rule[], flags = ''): Grammar => ({
  re: new RegExp(rules.map(([, pattern]) => `(${pattern})`).join('|'), `gm${flags}`),
  rules,
});

/** A pattern matching any of the space-separated `words` as a whole word. */
export const words = (list: string): string => `\\b(?:${list.replace(/ /g, '|')})\\b`;

/**
 * Emits the tokens of `text` from `from` (where a token starts) until one ends at or after `until`,
 * and the plain text between them; returns where it stopped (the text's length at its end). `base` is
 * added to every position (a rule's inside is read on its own text).
 */
export function tokenize(g: Grammar, text: string, from: number, until: number, emit: Emit, base = 0): number {
  const { re, rules } = g;
  let at = from;
  re.lastIndex = from;
  while (at < until) {
    const m = re.exec(text);
    if (!m) break;
    const start = m.index;
    const end = start + m[0].length;
    if (end === start) {
      // A rule that matched nothing (a lookahead alone): step over it.
      re.lastIndex++;
      continue;
    }
    let k = 1;
    while (m[k] === undefined) k++;
    const [cls, , inside] = rules[k - 1]!;
    if (start > at) emit('', base + at, base + start);
    if (inside) tokenize(inside, m[0], 0, end - start, emit, base + start);
    else emit(cls, base + start, base + end);
    // The inside's scan moved its own expression, never this one.
    re.lastIndex = at = end;
  }
  if (at < until && at < text.length) {
    emit('', base + at, base + text.length);
    at = text.length;
  }
  return at;
}
