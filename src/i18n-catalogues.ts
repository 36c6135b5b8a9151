/**
 * The languages besides English, in the npm build: all of them, at once.
 * The script-tag build swaps this module for `i18n-catalogues.script.ts`,
 * which fetches them with the on-demand part.
 */
import type { FlowbotStrings } from './i18n-strings.js';
import { catalogues } from './i18n-pt-br.js';

/** The catalogues in this build, by lower-case tag. */
export const otherCatalogues: Record<string, FlowbotStrings> = catalogues;

/** Fetches the catalogues not in this build; none here. */
export const loadCatalogues: (() => Promise<Record<string, FlowbotStrings>>) | undefined = undefined;
