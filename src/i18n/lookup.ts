/**
 * The widget's own words, by language. English is always here; the other
 * languages are here too in the npm build, and arrive with the on-demand part
 * in the script-tag build (whose first file carries only the English words it
 * can show itself: the rest of English comes with that part too). The
 * server's labels (`options.labels`, system messages) always win over these.
 */
import { en, enFirst } from './en.js';
import { catalogues as portuguese } from './pt-br.js';
import type { FlowbotStrings } from './strings.js';

export type { FlowbotStrings } from './strings.js';

// The script-tag build's first words are completed by `addCatalogues` before any part that shows the others runs.
const catalogue: Record<string, FlowbotStrings> = import.meta.env.FLOWBOT_SCRIPT_TAG
  ? { en: enFirst as FlowbotStrings }
  : { en, ...portuguese };

/** The language tags with their own strings. */
export const supportedLanguages: readonly string[] = ['en', 'pt-BR'];

/** A BCP 47 tag as the catalogues are keyed (lower case, `-`), and its primary language: the one resolver of a language. */
export function languageTags(lang: string | null | undefined): [string, string] {
  const tag = (lang ?? '').trim().toLowerCase().replace(/_/g, '-');
  return [tag, tag.split('-')[0] ?? ''];
}

/** The catalogue of `lang`: an exact match, else its primary language (`pt-PT` → Portuguese). */
function find(lang: string | null | undefined): FlowbotStrings | undefined {
  const [tag, primary] = languageTags(lang);
  return catalogue[tag] ?? catalogue[primary];
}

/** The strings for a BCP 47 tag: an exact match, else its primary language, else English. */
export function stringsFor(lang: string | null | undefined): FlowbotStrings {
  return find(lang) ?? catalogue.en!;
}

/**
 * Whether the strings of `lang` may still arrive: in the script-tag build, the
 * other languages the widget ships come with the on-demand part (the npm build
 * has them all). A language it does not ship (`fr`) fetches nothing: English.
 */
export const mayArrive = (lang: string): boolean =>
  !!import.meta.env.FLOWBOT_SCRIPT_TAG &&
  !find(lang) &&
  supportedLanguages.some((shipped) => languageTags(shipped)[1] === languageTags(lang)[1]);

/** Adds the words (by lower-case tag) that arrived on demand to those already here. */
export function addCatalogues(more: Readonly<Record<string, Partial<FlowbotStrings>>>): void {
  for (const [tag, words] of Object.entries(more)) catalogue[tag] = { ...catalogue[tag], ...words } as FlowbotStrings;
}
