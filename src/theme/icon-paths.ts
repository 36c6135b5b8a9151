/**
 * The widget's icons, each one SVG path (`d`) in a 24-unit square: one copy for every file that
 * draws them, the widget's header and launcher (`render/chrome.ts`, as Lit templates) and the files
 * that draw them before its code (`script-tag/launcher.ts`, `element/first-turn/open.ts`, as nodes).
 */

/** The speech bubble of a closed launcher. */
export const CHAT_PATH = 'M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12Z';
/** The header's close button's cross. */
export const CLOSE_PATH = 'M6 6l12 12M18 6 6 18';
/** An open launcher's chevron. */
export const CHEVRON_PATH = 'm6 9 6 6 6-6';
