/**
 * `i18n-catalogues.ts` for the script-tag file: only English is in the first
 * file; the other languages arrive with the on-demand part, fetched as soon
 * as a widget asks for one (while its first request is on its way).
 */
import type { FlowbotStrings } from './i18n-strings.js';
import { onDemand } from './render/on-demand-import.js';

/** The catalogues in this build, by lower-case tag: none but English. */
export const otherCatalogues: Record<string, FlowbotStrings> = {};

/** Fetches the other languages. */
export const loadCatalogues = async (): Promise<Record<string, FlowbotStrings>> => (await onDemand.load()).catalogues;
