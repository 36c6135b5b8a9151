// The types of docs-check.mjs, for the TypeScript that tests it and checks the docs against the build.
/** A size figure of a Markdown text: its line (from 0), where its number starts, as written, what it measures. */
export interface Figure {
  line: number;
  start: number;
  written: string;
  of: string;
}
/** The sizes written in README.md and docs/*.md that are not the build's: [file, the words around one]. */
export const NOT_BUILT: readonly (readonly [file: string, words: string])[];
/** README.md and docs/*.md, relative to `root`. */
export function docFiles(root?: string): string[];
/** `bytes` in KB with `decimals` decimals. */
export function kb(bytes: number, decimals: number): string;
/** Whether the figure `written` is `bytes` in KB at its precision, give or take `HEADROOM`. */
export function fits(written: string, bytes: number): boolean;
/** The size figures of a Markdown text, and what cannot be read. */
export function figuresOf(text: string, file: string): { figures: Figure[]; problems: string[] };
/** A text against sizes: the stale figures, what a rewrite cannot mend, the text rewritten, the figures as written. */
export function judge(
  text: string,
  file: string,
  bytesOf: ReadonlyMap<string, number>,
): { stale: string[]; problems: string[]; text: string; written: (Figure & { where: string })[] };
/** Figures of one thing at one precision that differ, one message each. */
export function disagreements(written: readonly (Figure & { where: string })[]): string[];
/** The gzip bytes of built files (in `dist`) and `src/` modules bundled alone. */
export function measure(
  names: readonly string[],
  options?: { root?: string; dist?: string },
): Promise<Map<string, number>>;
/** README.md's and docs/*.md's sizes against the build; with `write`, writes them as built. */
export function checkSizes(options?: {
  root?: string;
  write?: boolean;
}): Promise<{ stale: string[]; problems: string[] }>;
/** Keep a Changelog's kinds of change. */
export const CHANGE_KINDS: readonly string[];
/** What breaks Keep a Changelog's shape in a changelog: a kind twice in a release, a heading not a kind. */
export function changelogProblems(text: string, file?: string): string[];
