/**
 * The rich messages, loaded on demand the first time a conversation needs them: the on-demand
 * renderers (`render/on-demand-renderers.ts`: markdown; the rarer controls are
 * `../controls/index.ts`, video, audio and embeds `../media/`), suggested replies (`../suggestions/`), the notices (`../notices/`), what an answer holds
 * around its text (`render/agent-read.ts`: read, and summed up), the markdown reader and the styles of
 * what these draw in bubbles, the viewer's client logs and the English
 * strings only this file shows. A streamed answer and what an agent did drawn around an answer
 * are the streams' file (`../stream/`), which takes this file's markdown (`./shared-with-stream.ts`).
 * What the visitor does with the answers, the bubble's invitation and the
 * storage of `persist` are files of their own (`../answer-actions/`, `../invitation/`,
 * `../persist/`), as is each language. In the npm build this is an ordinary chunk; beside the
 * script-tag file it is `flowbot-chat.rich.js` (see `../on-demand/loader.ts`). Keeping it out of
 * the first file keeps that file small.
 */
import { enOnDemand } from '../../i18n/en.js';
import type { FlowbotStrings } from '../../i18n/strings.js';
import { provideMath } from '../../render/math.js';
import { mathFile } from './math-file.js';
import { codeStyles, provideHighlight } from '../../render/code.js';
import { highlightFile } from './highlight-file.js';
// Lit after the modules above: a file built for another version stops at the hand-over's check first.
import { type CSSResult } from 'lit';
import { css } from '../../theme/css.js';
import { markdownStyles } from '../../render/markdown.styles.js';
import { parseMarkdown as parse } from '../../protocol/markdown/index.js';
import type { RichTextNode } from '../../protocol/rich-text.js';
import { answerParts } from '../../render/agent-read.js';
// What the streams' file takes from this one (`flowbot-chat.stream.js`, see `./shared-with-stream.ts`).
import './shared-with-stream.js';

// Suggested replies and the notices (a blocked redirect's link, an expired conversation, a cut stream),
// drawn by their features (`SuggestionsRenderers`, `NoticesRenderers`): few conversations show them.
export { readSuggestions, renderSuggestions } from '../suggestions/index.js';
export { renderExpired, renderRedirectLink, renderStreamFailure } from '../notices/index.js';
export * from '../../render/on-demand-renderers.js';
// What an agent did around an answer, summed up for Copy and Download (drawn by the streams' file).
export { agentSummary, needsAgent } from '../../render/agent-read.js';
/** The styles of what is drawn on demand inside bubbles: markdown's own blocks and code. */
export const contentStyles: CSSResult = css`${markdownStyles}${codeStyles}`;
/**
 * The markdown reader: an answer is read without the thinking it starts with and the sources it
 * ends with (drawn apart, see `../agent/view.ts`), so they are neither drawn in its text nor copied with it.
 */
export const parseMarkdown = (md: string): RichTextNode[] => parse(answerParts(md).answer);
// The viewer's client logs: wanted only once a conversation has something to report.
export { sendClientLogs } from '../../api/client-logs.js';
// What a site owner got wrong in the attributes, in the console's words: rarely needed.
export { warnMistake } from '../../conversation/mistakes.js';
// Opening a redirect's page (a link offered when the browser blocks the new tab): most conversations have none.
export { openPage } from '../open-page.js';
/** The English strings only this file shows, by lower-case tag, added to those already here (`addStrings`). */
export const strings: Readonly<Record<string, Partial<FlowbotStrings>>> = { en: enOnDemand };

// A formula's MathML: a file of its own, fetched by the first answer that shows one.
provideMath(mathFile);
// A code block's colours: a file of their own, fetched by the first answer that shows fenced code with a language.
provideHighlight(highlightFile);

import type * as Self from './index.js';

/** What the on-demand file exports. */
export type RichModule = typeof Self;
