/**
 * What the conversation's controller (`controller.ts`) is given by its host, and the one object it
 * hands to playing, sending and streaming: types only.
 */
import type { AnswerEntry, FailedAction } from '../protocol/transcript.js';
import type { ChatAnswer } from '../protocol/types.js';
import type * as delivery from './delivery.js';
import type { DeliveryHooks } from './delivery.js';
import type { expiry } from './expiry.js';
import type { warnMistake } from './mistakes.js';
import type { ConversationOptions } from './options.js';
import type { Stage } from './playback.js';
import type { remember, RememberStage } from './remember.js';

/** What a streamed answer's turn reaches of its controller. */
export interface StreamStage extends Pick<
  Stage,
  'session' | 'current' | 'connected' | 'sleep' | 'notify' | 'changed' | 'show'
> {
  /** Runs `run` once the host is connected again. */
  resume(run: () => void): void;
  nextKey(): number;
  /** The call in flight is now `stop` (the one before is aborted), or none. */
  streaming(stop: AbortController | undefined): void;
  /** Ends the conversation as expired when `cause` says the viewer no longer knows the session. */
  expired(cause: unknown, entry: undefined, action: 'stream'): boolean;
  /** Sends the reply (an answer with no bubble of its own) and plays what follows. */
  deliver(entry: undefined, reply: ChatAnswer): Promise<void>;
}

/**
 * A streamed answer's turn (the element's `stream/` feature, `turn.ts`): shows the answer as it
 * arrives, then sends the whole text back as the reply; `again` streams it anew (a retry, a
 * reconnection).
 */
export type StreamTurn = (
  stage: StreamStage,
  messages: readonly unknown[] | undefined,
  again: () => void,
) => Promise<void>;

/** The code of a streamed answer's turn, on demand. */
export type StreamCode = {
  readonly streamAndReply: StreamTurn;
};

/** The words of a site owner's mistakes, on demand. */
export type MistakesCode = {
  readonly warnMistake: typeof warnMistake;
};

/** The code that sends the visitor's answers (`delivery.ts`), on demand in the script-tag build. */
export type DeliveryCode = Pick<typeof delivery, 'send' | 'deliver' | 'resync'>;

/** What the controller hands to playing, sending and streaming (`#stage`). */
export interface ControllerStage
  extends Stage, DeliveryHooks, Omit<StreamStage, 'expired' | 'deliver'>, Omit<RememberStage, 'deliver'> {
  expired(error: unknown, entry: AnswerEntry | undefined, action?: FailedAction): boolean;
}

/** The controller's options: the conversation's, and the expiry's code once it is there. */
export interface ControllerOptions extends ConversationOptions {
  /**
   * Ends a conversation the viewer no longer knows (`expiry.ts`), when its code is there (the
   * element's on-demand part, with the notice that shows it: `loadExpiry` brings it); without it,
   * such a failure offers a Retry like any other.
   */
  readonly expiry?: () => typeof expiry | undefined;
  /**
   * Brings the storage code for `persist` (`remember.ts`, loaded on demand by the element); without
   * it, nothing is remembered.
   */
  readonly loadStore?: () => Promise<{ readonly remember: typeof remember }>;
  /** Brings the expiry's code: an answer refused with a 4xx before it arrived waits for it. */
  readonly loadExpiry?: () => Promise<unknown>;
  /**
   * Brings the code of a streamed answer's turn (the element's `stream/` feature). Without it, a
   * streamed answer fails as one whose code did not load.
   */
  readonly loadStream?: () => Promise<StreamCode>;
  /** In the script-tag build, brings the console's words for a site owner's mistakes (`mistakes.ts`). */
  readonly loadMistakes?: () => Promise<MistakesCode>;
  /**
   * The code that sends the visitor's answers, in the script-tag build: there once its file has
   * arrived (`delivery`), brought by `loadDelivery`. The first turn does not need it: the element
   * fetches it once an input is shown, and an answer given before it arrives waits for it.
   */
  readonly delivery?: () => DeliveryCode | undefined;
  readonly loadDelivery?: () => Promise<DeliveryCode>;
}
