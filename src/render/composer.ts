/**
 * The composer under the transcript: the current input's control with the
 * suggested replies, the "ended" notice with its restart button, or a
 * placeholder while the conversation starts.
 */
import { html, nothing, type TemplateResult } from 'lit';
// Types only: the composer shows a state of the conversation.
import type { ConversationStatus } from '../protocol/transcript.js';
import type { ChatInput } from '../protocol/types.js';
import { richRenderers } from './on-demand-source.js';
import type { InputContext } from './inputs/context.js';
import { renderInput } from './inputs/index.js';

/** What the composer shows. */
export interface ComposerView {
  readonly status: ConversationStatus;
  readonly input: ChatInput | undefined;
  /** What the control needs (strings, draft, callbacks). */
  readonly control: InputContext;
  /** Suggested replies under a text input (`defaultMessages`). */
  readonly suggestions: readonly string[];
  /** Sends a suggested reply. */
  readonly onSuggestion: (reply: string) => void;
  readonly onRestart: () => void;
  /** A streamed answer is arriving: the visitor may stop it. */
  readonly streaming: boolean;
  readonly onStop: () => void;
}

/**
 * The composer (`part="composer"`), or nothing when there is nothing to answer and nothing will
 * come without the visitor's retry: an error before any input, the "unavailable" state.
 */
export function renderComposer(view: ComposerView): TemplateResult | typeof nothing {
  const { status, input, control } = view;
  const { strings } = control;
  // Expired: the conversation is read-only; Start again is under the transcript.
  if (status === 'expired' || (!input && (status === 'error' || status === 'unavailable'))) return nothing;
  let body: TemplateResult | typeof nothing = nothing;
  if (status === 'ended') {
    body = html`<div part="end" class="end">
      <span>${strings.ended}</span>
      <button part="restart-button" class="restart" type="button" @click=${view.onRestart}>${strings.restart}</button>
    </div>`;
  } else if (input) {
    body = renderInput(input, control);
  } else if (view.streaming) {
    body = html`<button part="stop-button" class="stop" type="button" @click=${view.onStop}>${strings.stop}</button>`;
  } else if (status === 'starting') {
    body = html`<span class="bone field" aria-hidden="true"></span>`;
  }
  // Suggestions are read by the on-demand part: there are some only once it is there.
  const suggestions =
    input?.type === 'text input'
      ? (richRenderers.get()?.renderSuggestions(view.suggestions, strings, status === 'sending', view.onSuggestion) ??
        nothing)
      : nothing;
  return html`<div part="composer" class="composer">${suggestions}${body}</div>`;
}
