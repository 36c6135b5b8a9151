/**
 * The words the on-demand part brings: the English words only that part shows
 * (the script-tag build's first file carries English's other words; see
 * `en.ts`). The other languages are files of their own (see `lookup.ts`).
 */
import { enOnDemand } from './en.js';
import type { FlowbotStrings } from './strings.js';

/** By lower-case tag, added to those already here (`addCatalogues`). */
export const catalogues: Readonly<Record<string, Partial<FlowbotStrings>>> = { en: enOnDemand };
