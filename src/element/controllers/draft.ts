/**
 * What the visitor has typed or picked in the current input, owned by the
 * element so that a re-render, a failed send or a control loaded late never
 * loses it. A new input gets a fresh draft (its `prefilledValue`) before the
 * update that shows it; uploads or a recording of the input that went away
 * stop (and let go of the microphone).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ConversationState } from '../../conversation/session.js';
import type { ChatInput } from '../../protocol/types.js';
import { isBlankDraft, newDraft, type InputDraft } from '../../render/inputs/index.js';

export class DraftController implements ReactiveController {
  /** The draft of the input on screen. */
  draft: InputDraft = newDraft(undefined);
  /** The draft of the answer in flight, put back if it fails. */
  #inFlight: InputDraft | undefined;
  /** The input `draft` belongs to. */
  #input: ChatInput | undefined;

  readonly #conversation: () => ConversationState;
  constructor(host: ReactiveControllerHost, conversation: () => ConversationState) {
    this.#conversation = conversation;
    host.addController(this);
  }

  hostUpdate(): void {
    const { input, status } = this.#conversation();
    if (!input || status === 'ended' || input === this.#input) return;
    this.#input = input;
    this.draft.running?.abort();
    this.draft = newDraft(input);
  }

  hostDisconnected(): void {
    this.draft.running?.abort();
  }

  /** The answer went out: the field is empty again, and its draft is kept until the answer is through. */
  sent(): void {
    this.#inFlight = this.draft;
    this.draft = newDraft(undefined);
  }

  /** The answer failed: what the visitor typed or picked comes back (unless they already started anew). */
  restore(): void {
    if (this.#inFlight && isBlankDraft(this.draft)) this.draft = this.#inFlight;
  }
}
