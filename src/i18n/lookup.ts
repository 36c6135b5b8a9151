/**
 * The widget's own words, by language. English is always here; the other
 * languages are here too in the npm build, and arrive with the on-demand part
 * in the script-tag build, whose first file carries only the English words it
 * draws itself (the rest of English comes with the on-demand part too, see
 * `LateStringKey`). The server's labels (`options.labels`, system messages)
 * always win over these.
 */
import { enFirst, enLate } from './en.js';
import { catalogues as portuguese } from './pt-br.js';
import type { FlowbotStrings } from './strings.js';

export type { FlowbotStrings, LateStringKey } from './strings.js';

const catalogue: Record<string, FlowbotStrings> = import.meta.env.FLOWBOT_SCRIPT_TAG
  ? // Its late words are read only by code that arrives with them.
    { en: enFirst as FlowbotStrings }
  : { en: { ...enFirst, ...enLate }, ...portuguese };

/** The language tags with their own strings. */
export const supportedLanguages: readonly string[] = ['en', 'pt-BR'];

function tagsOf(lang: string | null | undefined): [string, string] {
  const tag = (lang ?? '').trim().toLowerCase().replace(/_/g, '-');
  return [tag, tag.split('-')[0] ?? ''];
}

/** The catalogue of `lang`: an exact match, else its primary language (`pt-PT` → Portuguese). */
function find(lang: string | null | undefined): FlowbotStrings | undefined {
  const [tag, primary] = tagsOf(lang);
  return catalogue[tag] ?? catalogue[primary];
}

/** The strings for a BCP 47 tag: an exact match, else its primary language, else English. */
export function stringsFor(lang: string | null | undefined): FlowbotStrings {
  return find(lang) ?? catalogue.en!;
}

/**
 * Whether the strings of `lang` may still arrive: in the script-tag build, the
 * other languages come with the on-demand part (the npm build has them all).
 */
export const mayArrive = (lang: string): boolean => !!import.meta.env.FLOWBOT_SCRIPT_TAG && !!lang && !find(lang);

/** Adds catalogues (by lower-case tag) that arrived on demand. */
export function addCatalogues(more: Readonly<Record<string, FlowbotStrings>>): void {
  Object.assign(catalogue, more);
}
