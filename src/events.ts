/**
 * The events of `<flowbot-chat>`: typed, bubbling, composed notifications,
 * fired after the thing they report has happened. Each is a `CustomEvent`
 * so `event.detail` works in every framework.
 *
 * The conversation's events (start, message, input, answer, end, error) can
 * also arrive replayed: see `src/late-listeners.ts`.
 */
import type { ChatAnswer, ChatInput, ChatMessage } from './protocol/types.js';

// A replay is for the element's own late listeners only: its ancestors heard the original.
const init = <T>(detail: T, replayed = false): CustomEventInit<T> => ({ bubbles: !replayed, composed: !replayed, detail });

/** Detail of `flowbot-start`. */
export interface FlowbotStartDetail {
  /** The session the server created. */
  readonly sessionId: string;
  /** The result (visitor record) of this conversation. */
  readonly resultId: string;
  /** True when a stored conversation was restored (`persist`) instead of a new session started. */
  readonly restored: boolean;
}

/** A chat session started (`startChat` answered) or a stored one was restored. */
export class FlowbotStartEvent extends CustomEvent<FlowbotStartDetail> {
  /** True for a replay to a listener added after the event first fired (it then does not bubble). */
  readonly replayed: boolean;

  constructor(detail: FlowbotStartDetail, replayed = false) {
    super('flowbot-start', init(detail, replayed));
    this.replayed = replayed;
  }
}

/** Detail of `flowbot-message`. */
export interface FlowbotMessageDetail {
  /** The bot message, as the server sent it. */
  readonly message: ChatMessage;
}

/** A bot message was shown (after its typing delay). */
export class FlowbotMessageEvent extends CustomEvent<FlowbotMessageDetail> {
  /** True for a replay to a listener added after the event first fired (it then does not bubble). */
  readonly replayed: boolean;

  constructor(detail: FlowbotMessageDetail, replayed = false) {
    super('flowbot-message', init(detail, replayed));
    this.replayed = replayed;
  }
}

/** Detail of `flowbot-input`. */
export interface FlowbotInputDetail {
  /** The input block the bot now waits on. */
  readonly input: ChatInput;
}

/** A new input block was shown to the visitor. */
export class FlowbotInputEvent extends CustomEvent<FlowbotInputDetail> {
  /** True for a replay to a listener added after the event first fired (it then does not bubble). */
  readonly replayed: boolean;

  constructor(detail: FlowbotInputDetail, replayed = false) {
    super('flowbot-input', init(detail, replayed));
    this.replayed = replayed;
  }
}

/** Detail of `flowbot-answer`. */
export interface FlowbotAnswerDetail {
  /** The answer sent to the server: a string or `{ type: 'text', text, metadata? }`; `undefined` for a skip. */
  readonly answer: ChatAnswer | undefined;
  /** What the visitor saw as their answer (a choice's label rather than its value). */
  readonly text: string;
}

/** The visitor's answer reached the server. */
export class FlowbotAnswerEvent extends CustomEvent<FlowbotAnswerDetail> {
  /** True for a replay to a listener added after the event first fired (it then does not bubble). */
  readonly replayed: boolean;

  constructor(detail: FlowbotAnswerDetail, replayed = false) {
    super('flowbot-answer', init(detail, replayed));
    this.replayed = replayed;
  }
}

/** Detail of `flowbot-end`. */
export interface FlowbotEndDetail {
  /** The session that ended. */
  readonly sessionId: string;
}

/** The flow ended: the last response had no input. */
export class FlowbotEndEvent extends CustomEvent<FlowbotEndDetail> {
  /** True for a replay to a listener added after the event first fired (it then does not bubble). */
  readonly replayed: boolean;

  constructor(detail: FlowbotEndDetail, replayed = false) {
    super('flowbot-end', init(detail, replayed));
    this.replayed = replayed;
  }
}

/** Detail of `flowbot-error`. */
export interface FlowbotErrorDetail {
  /** What failed: usually a `FlowbotError` of the client. */
  readonly error: unknown;
  /** The call that failed: starting the chat, sending an answer, or a streamed AI answer. */
  readonly action: 'start' | 'send' | 'stream';
}

/** A call to the server failed (never fired for a call the widget itself aborted). */
export class FlowbotErrorEvent extends CustomEvent<FlowbotErrorDetail> {
  /** True for a replay to a listener added after the event first fired (it then does not bubble). */
  readonly replayed: boolean;

  constructor(detail: FlowbotErrorDetail, replayed = false) {
    super('flowbot-error', init(detail, replayed));
    this.replayed = replayed;
  }
}

/** Detail of `flowbot-redirect`. */
export interface FlowbotRedirectDetail {
  /** Where the bot sends the visitor: always an http(s) URL. */
  readonly url: string;
  /** Whether the bot asked for a new tab. */
  readonly newTab: boolean;
}

/**
 * The bot is about to send the visitor to another page. Cancelable: call
 * `preventDefault()` to handle the navigation yourself (a client-side router)
 * or to stay on the page.
 */
export class FlowbotRedirectEvent extends CustomEvent<FlowbotRedirectDetail> {
  constructor(detail: FlowbotRedirectDetail) {
    super('flowbot-redirect', { ...init(detail), cancelable: true });
  }
}

/** The bubble or popup opened. */
export class FlowbotOpenEvent extends CustomEvent<null> {
  constructor() {
    super('flowbot-open', init(null));
  }
}

/** The bubble or popup closed. */
export class FlowbotCloseEvent extends CustomEvent<null> {
  constructor() {
    super('flowbot-close', init(null));
  }
}

/** Detail of `flowbot-preview-show`. */
export interface FlowbotPreviewShowDetail {
  /** The text the preview shows. */
  readonly text: string;
}

/** The bubble's preview message appeared beside the launcher. */
export class FlowbotPreviewShowEvent extends CustomEvent<FlowbotPreviewShowDetail> {
  constructor(detail: FlowbotPreviewShowDetail) {
    super('flowbot-preview-show', init(detail));
  }
}

/** Why the preview went away. */
export type FlowbotPreviewDismissReason = 'close' | 'escape' | 'open' | 'method';

/** Detail of `flowbot-preview-dismiss`. */
export interface FlowbotPreviewDismissDetail {
  /**
   * `close` (its close button), `escape` (the Escape key), `open` (the panel
   * opened: the preview was clicked, or the launcher) or `method` (`dismissPreview()`).
   */
  readonly reason: FlowbotPreviewDismissReason;
}

/** The preview went away; it is not shown again during this visit (this tab's session). */
export class FlowbotPreviewDismissEvent extends CustomEvent<FlowbotPreviewDismissDetail> {
  constructor(detail: FlowbotPreviewDismissDetail) {
    super('flowbot-preview-dismiss', init(detail));
  }
}

/** Detail of `flowbot-unread`. */
export interface FlowbotUnreadDetail {
  /** Bot messages that arrived while the bubble or popup was closed (0 once it opens). */
  readonly count: number;
}

/** `unreadCount` changed. */
export class FlowbotUnreadEvent extends CustomEvent<FlowbotUnreadDetail> {
  constructor(detail: FlowbotUnreadDetail) {
    super('flowbot-unread', init(detail));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'flowbot-start': FlowbotStartEvent;
    'flowbot-message': FlowbotMessageEvent;
    'flowbot-input': FlowbotInputEvent;
    'flowbot-answer': FlowbotAnswerEvent;
    'flowbot-end': FlowbotEndEvent;
    'flowbot-error': FlowbotErrorEvent;
    'flowbot-redirect': FlowbotRedirectEvent;
    'flowbot-open': FlowbotOpenEvent;
    'flowbot-close': FlowbotCloseEvent;
    'flowbot-preview-show': FlowbotPreviewShowEvent;
    'flowbot-preview-dismiss': FlowbotPreviewDismissEvent;
    'flowbot-unread': FlowbotUnreadEvent;
  }
}
