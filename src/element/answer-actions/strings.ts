/**
 * The words of what a visitor can do with the answers (copy, rate, download,
 * print) and of the exported transcript, in every language the widget speaks.
 * They arrive with the on-demand part, with the code that shows them: the
 * first file carries none of them. Each language's words are a file of `words/`.
 */
import { languageTags } from '../../i18n/lookup.js';
import { en } from './words/en.js';
import { ptBR } from './words/pt-br.js';
import type { AnswerStrings } from './words/answer-strings.js';

export type { AnswerStrings } from './words/answer-strings.js';

const catalogue: Readonly<Record<string, AnswerStrings>> = { en, 'pt-br': ptBR, pt: ptBR };

/** The words for a BCP 47 tag: an exact match, else its primary language, else English (as the widget's own). */
export function answerStringsFor(lang: string | null | undefined): AnswerStrings {
  const [tag, primary] = languageTags(lang);
  return catalogue[tag] ?? catalogue[primary] ?? en;
}
