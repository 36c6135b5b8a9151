/**
 * The parts of the widget loaded on demand, the first time a conversation needs
 * them: the controls of the rarer input types, their styles, and the markdown
 * parser. In the npm build this is an ordinary chunk; next to the script-tag
 * file it is `flowbot-chat.lazy.js`, fetched from the same place (see
 * `lazy-load.ts`). Keeping them out of the first file keeps that file small.
 */
import type { TemplateResult } from 'lit';
import type { ChatInput } from './api/schemas.js';
import { renderCardsInput } from './render/inputs/cards-input.js';
import { renderFieldInput } from './render/inputs/field-input.js';
import { renderFileInput } from './render/inputs/file-input.js';
import type { InputContext } from './render/inputs/index.js';
import type { LazyInputType } from './render/inputs/lazy-types.js';
import { renderPaymentInput } from './render/inputs/payment-input.js';
import { renderRatingInput } from './render/inputs/rating-input.js';

export { lazyInputStyles as styles } from './render/inputs/lazy-styles.js';
export { parseMarkdown } from './render/markdown.js';

/** The control of each input type this module serves (every one in LAZY_INPUT_TYPES: the compiler checks). */
export const controls: Readonly<Record<LazyInputType, (input: ChatInput, ctx: InputContext) => TemplateResult>> = {
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
