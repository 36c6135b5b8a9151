/**
 * The controls loaded on demand, the first time a conversation's input needs
 * one (see `render/on-demand-source.ts`): the rarer input types (number, e-mail, web address,
 * phone, date and time fields, rating, cards, files and their uploads, payment),
 * a text input that takes files or voice messages, the search of a searchable
 * choice, the pictures of a picture choice; their styles (and, in `index.ts`, the English
 * words only they show). A conversation of text and choices, or of AI answers, never
 * fetches them.
 */
import type { TemplateResult } from 'lit';
import type { ChatInput } from '../../protocol/types.js';
import { renderCardsInput } from './cards-input.js';
import type { InputContext } from '../../render/inputs/context.js';
import { renderFieldInput } from './field-input.js';
import { renderFileInput } from './file-input.js';
import type { OnDemandInputType } from '../../render/inputs/on-demand-types.js';
import { renderPaymentInput } from './payment-input.js';
import { renderRatingInput } from './rating-input.js';

export { onDemandInputStyles as styles } from './styles.js';
export { renderTextFilesInput } from './text-files-input.js';
export { renderChoiceSearch } from './choice-search.js';
export { readPictureItems, renderPicture } from './picture-choice.js';

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
