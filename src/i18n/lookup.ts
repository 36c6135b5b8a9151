/**
 * The widget's own words, by language. English is always here (in the
 * script-tag build, only the English words its first file can show: the rest
 * of English comes with the on-demand part). Every other language the widget
 * ships is one file here, `<file>.ts`, with all its words (the answers' too),
 * fetched only by a page in that language (`languageFile`): beside the script
 * tag `flowbot-chat.lang-<file>.js`, in the npm build a chunk. The server's
 * labels (`options.labels`, system messages) always win over these.
 */
import { en, enFirst } from './en.js';
import type { AnswerStrings, FlowbotStrings } from './strings.js';

export type { AnswerStrings, FlowbotStrings } from './strings.js';

// The script-tag build's first words are completed by `addStrings` before any part that shows the others runs.
const stringsByTag: Record<string, FlowbotStrings> = {
  en: import.meta.env.FLOWBOT_SCRIPT_TAG ? (enFirst as FlowbotStrings) : en,
};
/** The answers' words that came with a language's file (see `loadedAnswerStrings`). */
const answerStringsByTag: Record<string, AnswerStrings> = {};

/** The language tags with their own strings. */
export const supportedLanguages: readonly string[] = [
  'en',
  'pt-BR',
  'es',
  'fr',
  'de',
  'it',
  'nl',
  'pl',
  'tr',
  'ja',
  'zh-CN',
  'ko',
  'ar',
  'he',
];

/** A BCP 47 tag as the strings are keyed (lower case, `-`), and its primary language: the one resolver of a language. */
export function languageTags(lang: string | null | undefined): [string, string] {
  const tag = (lang ?? '').trim().toLowerCase().replace(/_/g, '-');
  return [tag, tag.split('-')[0] ?? ''];
}

/** What `map` has for `lang`: an exact match, else its primary language (`pt-PT` → Portuguese). */
function find<T>(
  lang: string | null | undefined,
  map: Record<string, T> = stringsByTag as Record<string, T>,
): T | undefined {
  const [tag, primary] = languageTags(lang);
  return map[tag] ?? map[primary];
}

/** The strings for a BCP 47 tag: an exact match, else its primary language, else English. */
export function stringsFor(lang: string | null | undefined): FlowbotStrings {
  return find(lang) ?? stringsByTag.en!;
}

/**
 * The file that has the words of `lang`, when the widget ships that language
 * (English needs none; Traditional Chinese is not Simplified: none).
 */
export function languageFile(lang: string | null | undefined): string | undefined {
  const [tag, primary] = languageTags(lang);
  // The file of a language is its tag in lower case; a primary tag stands for its regions (`pt` → `pt-br`), `iw` is `he`.
  const want = primary === 'iw' ? 'he' : primary;
  return /-(hant|tw|hk|mo)\b/.test(tag)
    ? undefined
    : supportedLanguages.map((t) => t.toLowerCase()).find((file) => file !== 'en' && file.split('-')[0] === want);
}

/** Whether the strings of `lang` may still arrive: a language the widget ships, not here yet. A language it does not ship (`sv`) fetches nothing: English. */
export const mayArrive = (lang: string): boolean => !find(lang) && !!languageFile(lang);

/**
 * Adds the words (by lower-case tag) that arrived on demand to those already here, and the
 * answers' words that came with them.
 */
export function addStrings(more: Readonly<Record<string, Partial<FlowbotStrings>>>, answers?: AnswerStrings): void {
  for (const [tag, words] of Object.entries(more)) {
    stringsByTag[tag] = { ...stringsByTag[tag], ...words } as FlowbotStrings;
    if (answers) answerStringsByTag[tag] = answers;
  }
}

/** The answers' words of `lang` (exact tag, else its primary language) once its file has arrived; else undefined. */
export const loadedAnswerStrings = (lang: string | null | undefined): AnswerStrings | undefined =>
  find(lang, answerStringsByTag);
