/**
 * The Widget resource's suggested replies (its `defaultMessages`): read into reply texts
 * (`model.ts`) and drawn as buttons under the input, a tap sending one (`view.ts`, the
 * `SuggestionsRenderers` the composer draws, declared in `render/on-demand-source.ts`). It is
 * part of the rich messages' on-demand part (`../rich/index.ts` re-exports it): few
 * conversations show them. Its words are in `i18n/`, its styles with the composer's.
 */
export { readSuggestions } from './model.js';
export { renderSuggestions } from './view.js';
