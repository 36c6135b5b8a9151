/**
 * Input types without a control of their own yet (number, email, date, ...):
 * a text field, with the keyboard hint the type suggests. The server checks
 * the answer and re-asks with its retry message when it does not fit.
 */
import type { TemplateResult } from 'lit';
import type { ChatInput } from '../../api/schemas.js';
import type { InputContext } from './index.js';
import { renderTextInput } from './text-input.js';

const KEYBOARDS: Readonly<Record<string, string>> = {
  'number input': 'decimal',
  'email input': 'email',
  'url input': 'url',
  'phone number input': 'tel',
  'rating input': 'numeric',
};

/** A text field standing in for `input`'s own control. */
export function renderFallbackInput(input: ChatInput, ctx: InputContext): TemplateResult {
  const inputMode = KEYBOARDS[input.type ?? ''];
  return renderTextInput(input, ctx, inputMode ? { inputMode } : {});
}
