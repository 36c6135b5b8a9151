/**
 * The highlight file (`flowbot-chat.highlight.js` beside the script tag, a chunk of the npm build): the
 * tokens of a code block in the languages models write most, fetched by the first answer that shows
 * a fenced block with a language (`render/code.ts` draws them, handed in by `../rich/highlight-file.ts`).
 * A tokenizer of its own, chosen by measurement over highlight.js, Prism, `@speed-highlight/core`,
 * `sugar-high` and Shiki (see docs/answers-and-markdown.md): it gives positions, never HTML, and
 * reads the code as text: nothing in it is run.
 */
import { grammarOf } from './languages.js';
import { tokenize, type Emit } from './tokenize.js';

export type { Emit } from './tokenize.js';

/**
 * The tokenizer of a fence's language (undefined for one it does not read): it emits the tokens of
 * `text` from `from` (where a token starts) until one ends at or after `until`, and returns where it
 * stopped, so that a long block is read a slice at a time.
 */
export function tokenizer(
  lang: string,
): ((text: string, from: number, until: number, emit: Emit) => number) | undefined {
  const g = grammarOf(lang);
  return g && ((text, from, until, emit) => tokenize(g, text, from, until, emit));
}

import type * as Self from './index.js';

/** What the highlight file exports. */
export type HighlightFilePart = typeof Self;
