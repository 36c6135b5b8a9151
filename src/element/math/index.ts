/**
 * The math file (`flowbot-chat.math.js` beside the script tag, a chunk of the npm build): TeX into
 * MathML, which the browser draws itself, by Temml (chosen by measurement: see docs/markdown.md). It
 * is fetched by the first answer that shows a formula (`render/math.ts` draws with it, handed in by
 * `../rich/math-file.ts`).
 *
 * The TeX is server data: at most `MAX_TEX` characters a formula (the markdown reader's bound), read
 * untrusted (no `\href`, `\class`, `\style`, `\includegraphics`), with sizes and macro expansion
 * capped, and any error thrown, so that the formula shows its source. Temml builds the elements with
 * `createElementNS` and their text as text nodes: no HTML string is parsed, so it runs under a
 * strict CSP with Trusted Types.
 */
import temml from 'temml';

/** The TeX `tex` as a `<math>` element (`display="block"` when `display`), or undefined when it cannot be read. */
export function mathML(tex: string, display: boolean): Element | undefined {
  const box = document.createElement('span');
  try {
    temml.render(tex, box, {
      displayMode: display,
      throwOnError: true,
      trust: false,
      // At most 10 em, 100 pt (a `\rule{1000em}{1000em}` stays in its bubble), and 300 macro expansions.
      maxSize: [10, 100],
      maxExpand: 300,
    });
  } catch {
    return undefined;
  }
  return box.firstElementChild ?? undefined;
}

import type * as Self from './index.js';

/** What the math file exports. */
export type MathFilePart = typeof Self;
