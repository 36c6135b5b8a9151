// The types of size.mjs, for the TypeScript that reads its budgets (test/support/page-downloads.ts).
/** The gzip bytes a page loads before the first message: the script-tag file and the widget's code. */
export const BUDGET_GZIP: number;
/** The gzip bytes before the first message when the script tag draws the first turn: its file and the first turn's. */
export const FIRST_TURN_BUDGET_GZIP: number;
/** What each budget but `BUDGET_GZIP` allows above the bytes reached. */
export const HEADROOM: number;
/** The script-tag file alone. */
export const SCRIPT_BUDGET_GZIP: number;
/** Each on-demand file's budget, by its path in `dist/`. */
export const ON_DEMAND_BUDGETS_GZIP: Readonly<Record<string, number>>;
/** Each language's file. */
export const LANGUAGE_BUDGET_GZIP: number;
/** A built file's sizes (`dist/flowbot-chat.iife.js` unless told). */
export function measure(file?: string): {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
  parts: { name: string; raw: number; gzip: number }[];
};
/** The gzip bytes before the first message, from the build. */
export function firstMessageBytes(): number;
