/**
 * The colours of a code block's tokens (`code.ts` draws them): a module of its own, so the stream's
 * part, which takes `code.ts`'s growing colours from the rich messages' part, carries none of them.
 */
import { css, type CSSResult } from 'lit';

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
