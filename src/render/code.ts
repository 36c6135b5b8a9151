/**
 * A code block's colours: the tokens of a fenced block with a language, drawn as text nodes in
 * spans whose class says what each is (`hl-k` a keyword, `hl-s` a string...), by the highlight file,
 * which the element hands in with `provideHighlight` (`element/highlight/`, fetched by the first
 * answer that shows such a block). The spans only colour their text, in the code font it already has:
 * when the colours arrive (at once, once the file is there; else when it does) nothing moves. A long
 * block is coloured a slice per task, so the page never waits on it; a block the file cannot read, or
 * whose file does not arrive (or does not match its hash), stays plain. Copy and the export read the
 * text, which the spans leave as it was.
 */
import { type CSSResult } from 'lit';
import { css } from '../theme/css.js';
import { el } from './rich-text.js';

/** A token's class (`''` for plain text), its start and its end in the text. */
export type Emit = (cls: string, start: number, end: number) => void;

/** What the highlight file exports. */
export interface HighlightPart {
  /** The tokenizer of a fence's language, or undefined: emits tokens from `from` until one ends at or after `until`, and returns where it stopped. */
  readonly tokenizer: (lang: string) => ((text: string, from: number, until: number, emit: Emit) => number) | undefined;
}

/** The longest code coloured (a longer block stays plain). */
export const MAX_HIGHLIGHT = 200_000;
/** The characters read at a time, between looks at the clock. */
const SLICE = 2_000;
/** How long one task colours before it lets the page go on. */
const TASK_MS = 8;

/** Where the highlight file comes from (as `OnDemandSource`, which this module, drawn by the renderers it lists, does not import). */
interface HighlightSource {
  get(): HighlightPart | undefined;
  load(): Promise<HighlightPart>;
}

let source: HighlightSource | undefined;
let warned = false;

/** Says where the highlight file comes from (the on-demand part does, as its module loads). */
export function provideHighlight(from: HighlightSource): void {
  source = from;
}

/** The highlight file, if it is here; else its load is started (or joined), and `then` runs with it. */
function part(lang: string, then?: (part: HighlightPart) => void): HighlightPart | undefined {
  if (!source || !lang) return undefined;
  const here = source.get();
  if (!here)
    source.load().then(then, (error: unknown) => {
      if (!warned) console.warn('flowbot-chat: the highlight file did not load; code is shown plain', error);
      warned = true;
    });
  return here;
}

/** `text` as `cls`'s span, or as text. */
const piece = (cls: string, text: string): Node | string => (cls ? el('span', [text], `hl-${cls}`) : text);

/**
 * Colours `code`, whose one text node holds `text`, in `lang`: at once when the highlight file is
 * here (a long block a slice per task), else once it arrives; plain when it cannot read `lang`.
 */
export function highlightCode(code: Element, lang: string, text: string): void {
  if (!text || text.length > MAX_HIGHLIGHT) return;
  const colour = (loaded: HighlightPart): void => {
    const run = loaded.tokenizer(lang);
    const first = code.firstChild;
    // Changed meanwhile (the block was drawn again): left as it is.
    if (!run || !(first instanceof Text) || first.data !== text || first.nextSibling) return;
    let rest = first;
    let at = 0;
    const step = (): void => {
      const began = performance.now();
      while (at < text.length && rest.parentNode === code && performance.now() - began < TASK_MS) {
        const pieces: (Node | string)[] = [];
        const end = run(text, at, at + SLICE, (cls, start, stop) => pieces.push(piece(cls, text.slice(start, stop))));
        // The text node keeps what is not coloured yet; what is, becomes its tokens.
        const tail = rest.splitText(end - at);
        rest.replaceWith(...pieces);
        rest = tail;
        at = end;
      }
      if (!rest.data) rest.remove();
      else if (rest.parentNode === code) setTimeout(step);
    };
    step();
  };
  const loaded = part(lang, colour);
  if (loaded) colour(loaded);
}

/** A streamed block's colours so far: where they end in its text, and the last node they drew. */
const growing = new WeakMap<Element, { done: number; last: ChildNode | null }>();

/**
 * Colours a streamed block's complete lines (`text`, its text up to its last line, which `code` ends
 * with as text): the tokens that end before `text` does are final and drawn for good; the rest (a
 * comment still open, say) waits for more lines. Once the highlight file is here (the first block asks
 * for it), each new line is coloured as it comes, in place.
 */
export function highlightLines(code: Element, lang: string, text: string): void {
  const loaded = part(lang);
  const run = loaded?.tokenizer(lang);
  if (!run || !text || text.length > MAX_HIGHLIGHT) return;
  const state = growing.get(code) ?? { done: 0, last: null };
  growing.set(code, state);
  const pieces: (Node | string)[] = [];
  let done = state.done;
  run(text, done, done + 8 * SLICE, (cls, start, end) => {
    if (end >= text.length) return;
    pieces.push(piece(cls, text.slice(start, end)));
    done = end;
  });
  if (done === state.done) return;
  // What follows the coloured part is the plain text drawn since: drawn again, coloured and plain.
  while (code.lastChild && code.lastChild !== state.last) code.lastChild.remove();
  code.append(...pieces);
  state.last = code.lastChild;
  code.append(text.slice(done));
  state.done = done;
}

/**
 * The tokens' colours: a light value and a dark one each (`light-dark()`, which follows the widget's
 * `color-scheme`), every one at least 4.5:1 on the code block's background in its scheme. In forced
 * colours the browser draws them all in the text colour.
 */
export const codeStyles: CSSResult = css`
  .fb-code {
    --_hl-c: light-dark(#525b69, #b3bccb);
    --_hl-s: light-dark(#0a3069, #a5d6ff);
    --_hl-k: light-dark(#a3162a, #ffa19b);
    --_hl-n: light-dark(#0550ae, #79c0ff);
    --_hl-t: light-dark(#035f5f, #56d4dd);
    --_hl-f: light-dark(#6134b0, #d2a8ff);
    --_hl-p: light-dark(#116329, #7ee787);
    --_hl-m: light-dark(#8a3300, #ffa657);
    --_hl-v: light-dark(#8f1a6e, #ff9bce);
    --_hl-i: light-dark(#116329, #7ee787);
    --_hl-d: light-dark(#a3162a, #ffa198);
  }
  .hl-c {
    color: var(--_hl-c);
  }
  .hl-s {
    color: var(--_hl-s);
  }
  .hl-k {
    color: var(--_hl-k);
  }
  .hl-n {
    color: var(--_hl-n);
  }
  .hl-t {
    color: var(--_hl-t);
  }
  .hl-f {
    color: var(--_hl-f);
  }
  .hl-p {
    color: var(--_hl-p);
  }
  .hl-m {
    color: var(--_hl-m);
  }
  .hl-v {
    color: var(--_hl-v);
  }
  .hl-i {
    color: var(--_hl-i);
  }
  .hl-d {
    color: var(--_hl-d);
  }
`;
