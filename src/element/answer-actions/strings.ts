/**
 * The words of what a visitor can do with the answers (copy, rate, download,
 * print) and of the exported transcript. English is here; every other
 * language's arrive with that language's file (`../../languages/`), with the
 * widget's own words, and are read from the catalogues they joined. Each
 * language's words are a file of `words/`.
 */
import { answerWordsFor } from '../../i18n/lookup.js';
import { en } from './words/en.js';
import type { AnswerStrings } from './words/answer-strings.js';

export type { AnswerStrings } from './words/answer-strings.js';

/** The words for a BCP 47 tag: an exact match, else its primary language, else English (as the widget's own). */
export function answerStringsFor(lang: string | null | undefined): AnswerStrings {
  return (answerWordsFor(lang) as AnswerStrings | undefined) ?? en;
}
