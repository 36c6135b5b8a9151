/**
 * Which language tags are English: `en`, `en-GB`, `en_US`, or no language at all (the widget then
 * speaks English). One test for the files that draw before the widget's code only in English (the
 * script tag's, the launcher's, the first turn's: `element/on-demand/first-turn-rule.ts`).
 */
export const ENGLISH_TAG = /^(en([-_]|$)|$)/i;
