/**
 * `payment input`: the widget takes no payments, so it says so and offers the
 * skip the protocol allows (`continueChat` with `{}`): never a dead end.
 */
import type { TemplateResult } from 'lit';
import type { ChatInput } from '../../protocol/types.js';
import type { InputContext } from '../../render/inputs/context.js';
import { label, renderSkipNotice } from './shared.js';

/** The payment control for `input`: a notice and a skip button. */
export function renderPaymentInput(input: ChatInput, ctx: InputContext): TemplateResult {
  return renderSkipNotice(ctx, ctx.strings.paymentUnsupported, label(input, 'skip') ?? ctx.strings.skip);
}
