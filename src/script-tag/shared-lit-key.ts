/** What the script-tag file hands over to its on-demand files: its own Lit, its fetch endpoint and its strings. */
import type { html as Html, nothing as Nothing, render as Render, svg as Svg } from 'lit';
import type { css as Css } from '../theme/css.js';
import type {
  loadedAnswerStrings as LoadedAnswerStrings,
  languageTags as LanguageTags,
  stringsFor as StringsFor,
} from '../i18n/lookup.js';
import type { live as Live } from 'lit/directives/live.js';
import type { createFetchEndpoint as CreateFetchEndpoint } from '../api/transport/fetch-endpoint.js';

/** What the script-tag file shares, under `SHARED_LIT`. */
export interface SharedLit {
  html: typeof Html;
  svg: typeof Svg;
  css: typeof Css;
  nothing: typeof Nothing;
  live: typeof Live;
  render: typeof Render;
  /** The widget's strings: the answers' words arrive in them, with each language's file. */
  languageTags: typeof LanguageTags;
  loadedAnswerStrings: typeof LoadedAnswerStrings;
  stringsFor: typeof StringsFor;
  /** The widget's API calls' endpoint, already in the script-tag file: the uploads' first step sends through it. */
  createFetchEndpoint: typeof CreateFetchEndpoint;
}

/** A registered symbol: equal wherever it is made, so two copies of the script agree on it. */
export const SHARED_LIT = Symbol.for('flowbot-chat/lit');
