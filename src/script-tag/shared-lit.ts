/**
 * Lit for the script-tag build of the on-demand file (`--mode rich` maps `lit`
 * and its directives here): the script-tag file hands over its own copy
 * before it loads that file. One copy means one Trusted Types policy
 * (`lit-html`): a second copy would create it again, which a strict page
 * refuses.
 */
import { SHARED_LIT, type SharedLit } from './shared-lit-key.js';

const lit = (globalThis as { [SHARED_LIT]?: SharedLit })[SHARED_LIT];
if (!lit) throw new Error('flowbot-chat: flowbot-chat.rich.js is loaded by flowbot-chat.iife.js, not on its own');

export const html: SharedLit['html'] = lit.html;
export const svg: SharedLit['svg'] = lit.svg;
export const css: SharedLit['css'] = lit.css;
export const nothing: SharedLit['nothing'] = lit.nothing;
export const live: SharedLit['live'] = lit.live;
export const render: SharedLit['render'] = lit.render;
/** The strings of the widget's code (`i18n/lookup.ts`): one copy, so the words that arrive reach every file. */
export const languageTags: SharedLit['languageTags'] = lit.languageTags;
export const loadedAnswerStrings: SharedLit['loadedAnswerStrings'] = lit.loadedAnswerStrings;
export const stringsFor: SharedLit['stringsFor'] = lit.stringsFor;
/** Not Lit, but handed over the same way: a second copy of the endpoint would be bytes loaded twice. */
export const createFetchEndpoint: SharedLit['createFetchEndpoint'] = lit.createFetchEndpoint;
