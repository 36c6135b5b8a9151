/**
 * The renderers loaded on demand, the first time a conversation needs them
 * (see `on-demand-source.ts`): the markdown parser, video, audio and embed messages,
 * the voice's mute switch, suggested replies, the notices (a blocked redirect, an
 * expired conversation, a cut stream), and what an agent did (tool calls, thinking,
 * sources). A streamed answer while it grows is the element's `stream/` feature,
 * in the same on-demand part. The rarer controls are a part of their own
 * (`on-demand-controls.ts`).
 */
import { css, type CSSResult } from 'lit';
import { markdownStyles } from './markdown.styles.js';
import { codeStyles } from './code.js';
import { parseMarkdown as parse } from '../protocol/markdown/index.js';
import type { RichTextNode } from '../protocol/rich-text.js';
import { agentStyles, answerParts } from './agent.js';
import { mediaStyles } from './media.js';

export { renderMuteButton } from './mute-button.js';
// Suggested replies and the link of a blocked redirect: few conversations show them.
export {
  readSuggestions,
  renderExpired,
  renderRedirectLink,
  renderStreamFailure,
  renderSuggestions,
} from './suggestions-notices.js';
// An agent's answer: its tool calls, thinking and sources around the answer.
export { agentAnswer, agentSummary, answerParts, renderAgentAbove, renderSources } from './agent.js';
export { markdownContent } from './markdown.js';
// Video, audio and embed messages: most conversations are text and images.
export { readMedia } from '../protocol/media.js';
export { renderMedia } from './media.js';
/** The styles of what is drawn on demand inside bubbles: markdown's own blocks, video, audio and embeds. */
export const contentStyles: CSSResult = css`${markdownStyles}${codeStyles}${mediaStyles}${agentStyles}`;

/**
 * The markdown reader: an answer is read without the thinking it starts with and the sources it
 * ends with (drawn apart, see `agent.ts`), so they are neither drawn in its text nor copied with it.
 */
export const parseMarkdown = (md: string): RichTextNode[] => parse(answerParts(md).answer);
