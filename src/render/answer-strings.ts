/**
 * The words of what a visitor can do with the answers (copy, rate, download,
 * print) and of the exported transcript. English's (`enAnswers`) come in this
 * file; every other language's arrive with that language's file (`i18n/<file>.ts`,
 * all its words), and are read from the strings they joined.
 */
import { enAnswers } from '../i18n/en.js';
import { loadedAnswerStrings } from '../i18n/lookup.js';
import type { AnswerStrings } from '../i18n/strings.js';

export type { AnswerStrings } from '../i18n/strings.js';

/** The words for a BCP 47 tag: an exact match, else its primary language, else English (as the widget's own). */
export function answerStringsFor(lang: string | null | undefined): AnswerStrings {
  return loadedAnswerStrings(lang) ?? enAnswers;
}
