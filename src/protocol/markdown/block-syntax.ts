/**
 * What the block stage (`blocks.ts`) reads lines by: the limits, the lines' patterns, and the
 * small readers of a line (rule, cells, heading text).
 */

/** Input beyond this many characters is cut off. */
export const MAX_LENGTH = 50_000;

export const ITEM = /^([ \t]*)([-*+]|\d{1,9}[.)])[ \t]+(.*)$/;
export const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+|$)/;
export const FENCE = /^ {0,3}(`{3,}|~{3,})/;
export const ITEM_FENCE = /^[ \t]*(`{3,}|~{3,})/;
export const QUOTE = /^ {0,3}> ?/;
export const SETEXT = /^ {0,3}(=+|-{3,})$/;
export const TASK = /^\[([ xX])\][ \t]+/;
export const DELIMITER = /^:?-+:?$/;
/** Quotes inside quotes, at most (deeper `>` are text): the tree stays within the renderer's depth. */
export const MAX_QUOTES = 8;
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
export const MAX_LANG = 32;

export const indentOf = (prefix: string): number => prefix.replace(/\t/g, '    ').length;
/** At most three spaces before the first character: a line that can start a block of its own. */
export const SHALLOW = /^ {0,3}\S/;
/** Three or more of one of `-*_`, spaces between allowed (`t` is trimmed); stops at the first other character. */
export function isRule(t: string): boolean {
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
export const startsBlock = (line: string): boolean =>
  SHALLOW.test(line) &&
  (FENCE.test(line) || QUOTE.test(line) || HEADING.test(line) || ITEM.test(line) || isRule(line.trim()));

/**
 * The cells of a table row: split at each `|` that is not escaped, the outer
 * pipes dropped, each cell trimmed and `\|` read as `|`; with where each cell
 * starts in `line`. One pass over the line.
 */
export function cellsOf(line: string): { text: string; at: number }[] {
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
export function headingText(rest: string): string {
  const t = rest.trim();
  let j = t.length;
  while (j > 0 && t[j - 1] === '#') j--;
  return j === 0 ? '' : t[j - 1] === ' ' || t[j - 1] === '\t' ? t.slice(0, j).trimEnd() : t;
}
