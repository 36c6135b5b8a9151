/**
 * The formulas of markdown's answers (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`, read by the inline stage
 * as `math` nodes): drawn as MathML by the math file, which the element hands in with `provideMath`
 * (`element/math/`, fetched by the first answer that shows a formula). Until it is there, and when it
 * cannot arrive or cannot read a formula, the formula shows its TeX source as text: what the answer
 * says, and what Copy gives.
 */
import { MAX_TEX } from '../protocol/markdown/inline.js';
import { el, type Out } from './rich-text.js';

/** What the math file exports: TeX as a `<math>` element (`display="block"` for displayed math), or undefined when it cannot read it. */
export interface MathPart {
  readonly mathML: (tex: string, display: boolean) => Element | undefined;
}

/** The most formulas one message draws: those after it show their source. */
export const MAX_FORMULAS = 200;

/** Where the math file comes from (as `OnDemandSource`, which this module, drawn by the renderers it lists, does not import). */
interface MathSource {
  get(): MathPart | undefined;
  load(): Promise<MathPart>;
}

let source: MathSource | undefined;
let warned = false;

/** Says where the math file comes from (the on-demand part does, as its module loads). */
export function provideMath(from: MathSource): void {
  source = from;
}

/**
 * A formula (`node`, a `math` node whose children are its source), the `count`-th of its message: a
 * span holding its source, which becomes its MathML at once when the math file is there, else once it
 * arrives (the MathML alone: a screen reader reads it, not the TeX as well).
 */
export function drawMath(node: Record<string, unknown>, kids: () => Out, count: number): HTMLElement {
  const box = el('span', kids(), 'fb-math');
  const { tex } = node;
  if (!source || typeof tex !== 'string' || tex.length > MAX_TEX || count >= MAX_FORMULAS) return box;
  const draw = (part: MathPart): void => {
    const math = part.mathML(tex, node.display === true);
    if (math) box.replaceChildren(math);
  };
  const part = source.get();
  if (part) draw(part);
  else
    source.load().then(draw, (error: unknown) => {
      if (!warned) console.warn('flowbot-chat: the math file did not load; formulas show their TeX', error);
      warned = true;
    });
  return box;
}
