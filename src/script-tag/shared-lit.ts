/**
 * Lit for the script-tag build of the on-demand file (`--mode rich` maps `lit`
 * and its directives here): the script-tag file hands over its own copy
 * before it loads that file. One copy means one Trusted Types policy
 * (`lit-html`): a second copy would create it again, which a strict page
 * refuses. Each export a pure read, so a file that uses none of one leaves it out.
 */
import { SHARED_LIT, type SharedLit } from './shared-lit-key.js';

const lit = (globalThis as { [SHARED_LIT]?: SharedLit })[SHARED_LIT];
if (!lit) throw new Error('flowbot-chat: flowbot-chat.rich.js is loaded by flowbot-chat.iife.js, not on its own');

export const html: SharedLit['html'] = /* @__PURE__ */ (() => lit.html)();
export const svg: SharedLit['svg'] = /* @__PURE__ */ (() => lit.svg)();
export const css: SharedLit['css'] = /* @__PURE__ */ (() => lit.css)();
export const nothing: SharedLit['nothing'] = /* @__PURE__ */ (() => lit.nothing)() as SharedLit['nothing'];
export const live: SharedLit['live'] = /* @__PURE__ */ (() => lit.live)();
export const render: SharedLit['render'] = /* @__PURE__ */ (() => lit.render)();
/** The strings of the widget's code (`i18n/lookup.ts`): one copy, so the words that arrive reach every file. */
export const languageTags: SharedLit['languageTags'] = /* @__PURE__ */ (() => lit.languageTags)();
export const loadedAnswerStrings: SharedLit['loadedAnswerStrings'] = /* @__PURE__ */ (() => lit.loadedAnswerStrings)();
export const stringsFor: SharedLit['stringsFor'] = /* @__PURE__ */ (() => lit.stringsFor)();
/** Not Lit, but handed over the same way: a second copy of the endpoint would be bytes loaded twice. */
export const createFetchEndpoint: SharedLit['createFetchEndpoint'] = /* @__PURE__ */ (() => lit.createFetchEndpoint)();
