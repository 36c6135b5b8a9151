/**
 * The renderers loaded on demand, the first time a conversation needs them:
 * the controls of the rarer input types (and of a text input that takes
 * files or voice messages), their styles, the markdown parser, video, audio
 * and embed messages, the readers of
 * the viewer's side channels (streamed answers, client logs), the voice and
 * the bubble's invitation (preview, timed opening, unread badge).
 * In the npm build this is an ordinary chunk; beside the script-tag
 * file it is `flowbot-chat.lazy.js` (see `on-demand-import.ts`). Keeping them
 * out of the first file keeps that file small.
 */
import type { TemplateResult } from 'lit';
import type { ChatInput } from '../protocol/types.js';
import { renderCardsInput } from './inputs/cards-input.js';
import type { InputContext } from './inputs/context.js';
import { renderFieldInput } from './inputs/field-input.js';
import { renderFileInput } from './inputs/file-input.js';
import type { OnDemandInputType } from './inputs/on-demand-types.js';
import { renderPaymentInput } from './inputs/payment-input.js';
import { renderRatingInput } from './inputs/rating-input.js';

export { onDemandInputStyles as styles } from './inputs/on-demand-styles.js';
// The viewer's side channels: wanted only once a conversation streams an answer or has something to report.
export { sendClientLogs } from '../api/client-logs.js';
export { streamMessage } from '../api/stream.js';
export { renderStreamingText } from './stream.js';
// The voice (the Widget resource's voiceActive): most widgets never speak.
export { SpeechController } from './speech.js';
export { renderMuteButton } from './mute-button.js';
// Suggested replies and the link of a blocked redirect: few conversations show them.
export { readSuggestions, renderRedirectLink, renderSuggestions } from './rare-extras.js';
export { renderTextFilesInput } from './inputs/text-files-input.js';
export { parseMarkdown } from '../protocol/markdown.js';
// Video, audio and embed messages: most conversations are text and images.
export { readMedia } from '../protocol/media.js';
export { mediaStyles, renderMedia } from './media.js';
// Remembering a conversation (persist): most widgets remember nothing.
export { ConversationStore } from '../conversation/persistence.js';
// The bubble's invitation (preview, timed opening, unread badge): fetched by bubble and popup widgets only.
export { Invite } from './invite.js';
export { inviteStyles } from './invite.styles.js';
// The languages besides English (the script-tag build's first file has English only).
export { catalogues } from '../i18n-pt-br.js';

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

/** What the on-demand file exports. */
export type OnDemand = typeof import('./on-demand.js');
