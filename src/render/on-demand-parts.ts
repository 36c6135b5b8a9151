/**
 * The renderers loaded on demand, the first time a conversation needs them
 * (see `on-demand.ts`): the controls of the rarer input types (and of a text input
 * that takes files or voice messages) and their styles, the markdown parser,
 * video, audio and embed messages, a streamed answer while it grows, the
 * voice's mute switch, suggested replies and the link of a blocked redirect, and
 * what an agent did (tool calls, thinking, sources).
 */
import { css, type CSSResult, type TemplateResult } from 'lit';
import type { ChatInput } from '../protocol/types.js';
import { renderCardsInput } from './inputs/cards-input.js';
import { markdownStyles } from './markdown.js';
import { parseMarkdown as parse } from '../protocol/markdown/index.js';
import type { RichTextNode } from '../protocol/rich-text.js';
import { agentStyles, answerParts } from './agent.js';
import { mediaStyles } from './media.js';
import type { InputContext } from './inputs/context.js';
import { renderFieldInput } from './inputs/field-input.js';
import { renderFileInput } from './inputs/file-input.js';
import type { OnDemandInputType } from './inputs/on-demand-types.js';
import { renderPaymentInput } from './inputs/payment-input.js';
import { renderRatingInput } from './inputs/rating-input.js';

export { onDemandInputStyles as styles } from './inputs/on-demand-styles.js';
export { renderTextFilesInput } from './inputs/text-files-input.js';
export { renderChoiceSearch } from './inputs/choice-search.js';
export { readPictureItems, renderPicture } from './inputs/picture-choice.js';
export { renderStreamingText, renderStreamRow } from './stream.js';
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
export const contentStyles: CSSResult = css`${markdownStyles}${mediaStyles}${agentStyles}`;

/**
 * The markdown reader: an answer is read without the thinking it starts with and the sources it
 * ends with (drawn apart, see `agent.ts`), so they are neither drawn in its text nor copied with it.
 */
export const parseMarkdown = (md: string): RichTextNode[] => parse(answerParts(md).answer);

/** The control of each input type this module serves (every one in ON_DEMAND_INPUT_TYPES: the compiler checks). */
export const controls: Readonly<Record<OnDemandInputType, (input: ChatInput, ctx: InputContext) => TemplateResult>> = {
  'number input': renderFieldInput,
  'email input': renderFieldInput,
  'url input': renderFieldInput,
  'phone number input': renderFieldInput,
  'date input': renderFieldInput,
  'time input': renderFieldInput,
  'rating input': renderRatingInput,
  cards: renderCardsInput,
  'file input': renderFileInput,
  'payment input': renderPaymentInput,
};
