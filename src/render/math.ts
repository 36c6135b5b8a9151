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
 * The formulas one message has drawn, by their source (and whether displayed): what each became, once
 * its MathML is there. A streamed answer draws its open paragraph again with each piece: a formula
 * drawn before is its MathML again at once (a copy), never converted anew, and counts once.
 */
export type Formulas = Map<string, Element | undefined>;

/**
 * A formula (`node`, a `math` node whose children are its source) of the message whose `formulas`
 * these are: a span holding its source, which becomes its MathML at once when the math file is there
 * (or the formula was drawn before), else once it arrives (the MathML alone: a screen reader reads it,
 * not the TeX as well). Past `MAX_FORMULAS` different ones, the others show their source.
 */
export function drawMath(node: Record<string, unknown>, kids: () => Out, formulas: Formulas): HTMLElement {
  const box = el('span', kids(), 'fb-math');
  const { tex, display } = node;
  if (!source || typeof tex !== 'string' || tex.length > MAX_TEX) return box;
  const key = (display === true ? '$' : '') + tex;
  if (!formulas.has(key)) {
    if (formulas.size >= MAX_FORMULAS) return box;
    formulas.set(key, undefined);
  }
  // Each drawing a copy of the MathML the formula became the first time.
  const draw = (part: MathPart): void => {
    const math = formulas.get(key) ?? part.mathML(tex, display === true);
    if (!math) return;
    formulas.set(key, math);
    box.replaceChildren(math.cloneNode(true));
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
