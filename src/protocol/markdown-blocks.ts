/**
 * Where a growing markdown text can be cut into a part that will not change
 * and a tail that still may: after the last blank line that is not inside a
 * fenced code block. Blocks before it are complete, so a streamed answer is
 * parsed once per block instead of whole on every piece.
 */

/** The length of the settled part of `markdown` (0 when no block is complete yet). */
export function settledLength(markdown: string): number {
  let settled = 0;
  let fenced = false;
  let start = 0;
  let blank = false;
  while (start < markdown.length) {
    const end = markdown.indexOf('\n', start);
    if (end === -1) break;
    const line = markdown.slice(start, end);
    if (/^ {0,3}(```|~~~)/.test(line)) fenced = !fenced;
    const isBlank = line.trim() === '';
    // A blank line after content, outside a fence, closes the blocks before it.
    if (isBlank && !blank && !fenced && start > 0) settled = end + 1;
    blank = isBlank;
    start = end + 1;
  }
  return settled;
}
