/**
 * The controls loaded on demand, the first time a conversation's input needs
 * one (see `on-demand-source.ts`): the rarer input types (number, e-mail, web address,
 * phone, date and time fields, rating, cards, files and their uploads, payment),
 * a text input that takes files or voice messages, the search of a searchable
 * choice, the pictures of a picture choice; their styles, and the English words
 * only they show. A conversation of text and choices, or of AI answers, never
 * fetches them.
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
export { renderTextFilesInput } from './inputs/text-files-input.js';
export { renderChoiceSearch } from './inputs/choice-search.js';
export { readPictureItems, renderPicture } from './inputs/picture-choice.js';

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
