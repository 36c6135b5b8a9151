/**
 * Whether an inline widget's first render is the one the first turn's file (`../first-turn/`)
 * draws: in English (or no language said), light, with no notice or consent before the
 * conversation and no voice. One rule for the two places that ask: the first turn's file, reading
 * the element before the widget's code is there, and the table of when each file is wanted
 * (`wanted.ts`), reading the widget's settings. The script tag, which cannot carry it, asks the
 * language (with the same test, `i18n/english.ts`) and the scheme the same way before it fetches
 * that file (`script-tag/place.ts`).
 */

import { ENGLISH_TAG } from '../../i18n/english.js';

export { ENGLISH_TAG };

/**
 * Whether the first turn's file draws this widget's first render (see the module's comment): its
 * language (`i18n/lang.ts`'s `langOf`), `color-scheme` (absent or `light` are light), the notice
 * before the conversation and `consent` (`required` asks for it), the Widget resource's `voiceActive`.
 * Arguments, not an object: their names would be bytes in both files that ask.
 */
export const drawsFirstTurn = (
  lang: string,
  colorScheme: unknown,
  notice: unknown,
  consent: unknown,
  voiceActive: unknown,
): boolean =>
  ENGLISH_TAG.test(lang) &&
  (colorScheme == null || colorScheme === 'light') &&
  // What the consent feature shows: a notice that is not blank, or the consent's own (`consent/consent.ts`).
  !`${notice ?? ''}`.trim() &&
  consent !== 'required' &&
  voiceActive !== true;
