/**
 * The site-owner snippets of the README and of the docs (`docs/*.md`), for the tests that run them
 * as written. A snippet is marked by a comment line `<!-- tested: <name> -->` right before its
 * fenced block or its table (the comment does not show on a rendered page). Pure functions of a
 * Markdown file's text, so Node tests, browser tests (a `?raw` import) and the tools read any of
 * those files the same way; `file` only names it in the errors. A marker that is missing, or found
 * twice, throws: a test never passes on a snippet it did not find.
 */

/** The lines that follow the marker `<!-- tested: name -->`; throws when there is none, or two. */
function afterMarker(readme: string, name: string, file: string): string[] {
  const lines = readme.split('\n');
  const marker = `<!-- tested: ${name} -->`;
  const at = lines.flatMap((line, i) => (line.trim() === marker ? [i] : []));
  if (at.length !== 1) throw new Error(`${file}: expected one "${marker}", found ${at.length}`);
  return lines.slice(at[0]! + 1);
}

/** The content of the fenced block marked `name` (without its fences) in the Markdown text `readme` (of `file`). */
export function readmeBlock(readme: string, name: string, file = 'README.md'): string {
  const [open, ...rest] = afterMarker(readme, name, file);
  if (!open?.startsWith('```')) throw new Error(`${file}: "${name}" is not followed by a fenced block`);
  const close = rest.findIndex((line) => line.startsWith('```'));
  if (close < 0) throw new Error(`${file}: the block "${name}" is not closed`);
  return rest.slice(0, close).join('\n');
}

/** The rows of the table marked `name` in `readme` (of `file`), each as its cells' text (header and rule left out). */
export function readmeTable(readme: string, name: string, file = 'README.md'): string[][] {
  const lines = afterMarker(readme, name, file);
  const end = lines.findIndex((line) => !line.startsWith('|'));
  const rows = lines.slice(0, end < 0 ? lines.length : end);
  if (rows.length < 3) throw new Error(`${file}: "${name}" is not followed by a table with rows`);
  // Cells split at each `|` that Markdown does not escape (`\|` is a `|` inside a cell).
  return rows.slice(2).map((row) =>
    row
      .slice(1, row.endsWith('|') ? -1 : undefined)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim().replaceAll('\\|', '|')),
  );
}

/** The text inside the first pair of backticks of a cell (`` `flowbot-chat.main.js` `` → flowbot-chat.main.js). */
export function codeOf(cell: string): string {
  const match = /`([^`]+)`/.exec(cell);
  if (!match) throw new Error(`no code in the table cell "${cell}"`);
  return match[1]!;
}

/** The custom property declarations of a CSS rule, in order: `[['--flowbot-x', '#fff'], …]`. */
export function customProperties(css: string): [string, string][] {
  return [...css.matchAll(/(--[\w-]+)\s*:\s*([^;}]+)/g)].map((m) => [m[1]!, m[2]!.trim()]);
}

/** The `<!-- tested: name -->` markers of a Markdown text, in order. */
export function markers(text: string): string[] {
  return [...text.matchAll(/^\s*<!-- tested: ([\w-]+) -->\s*$/gm)].map((m) => m[1]!);
}
