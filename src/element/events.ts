/**
 * The events of `<flowbot-chat>`: typed, bubbling, composed notifications,
 * fired after the thing they report has happened (`flowbot-redirect`, which
 * is cancelable, just before). Each is a `CustomEvent`, so `event.detail`
 * works in every framework.
 *
 * `flowbotEvents` is the one table of them: the element fires these classes,
 * `react.ts` maps them to its `on…` props, and the manifest (with the framework
 * typings made from it) reads its names, classes and detail types from here.
 * The conversation's events can also arrive replayed: see `controllers/event-replay.ts`.
 */
import type { ChatAnswer, ChatInput, ChatMessage } from '../protocol/types.js';
import { eventOf, type FlowbotEventClass } from './event-base.js';

export { FlowbotEvent, type FlowbotEventClass } from './event-base.js';

/** Detail of `flowbot-start`. */
export interface FlowbotStartDetail {
  /** The session the server created. */
  readonly sessionId: string;
  /** The result (visitor record) of this conversation. */
  readonly resultId: string;
  /** True when a stored conversation was restored (`persist`) instead of a new session started. */
  readonly restored: boolean;
  /**
   * The session this new one follows because the viewer no longer knew it (the visitor pressed
   * Start again after `flowbot-error` with `code: 'session-expired'`); absent otherwise.
   */
  readonly expiredSessionId?: string | undefined;
}

/**
 * A session started or was restored (`persist`); `detail`: `{ sessionId, resultId, restored, expiredSessionId? }`
 * (`expiredSessionId`: the expired session this new one follows).
 */
export class FlowbotStartEvent
  extends /* @__PURE__ */ eventOf<FlowbotStartDetail, 'flowbot-start'>('flowbot-start', {
    replayable: true,
  }) {}

/** Detail of `flowbot-message`. */
export interface FlowbotMessageDetail {
  /** The bot message, as the server sent it. */
  readonly message: ChatMessage;
}

/** A bot message was shown (after its typing delay); `detail`: `{ message }`. */
export class FlowbotMessageEvent
  extends /* @__PURE__ */ eventOf<FlowbotMessageDetail, 'flowbot-message'>('flowbot-message', {
    replayable: true,
  }) {}

/** Detail of `flowbot-input`. */
export interface FlowbotInputDetail {
  /** The input block the bot now waits on. */
  readonly input: ChatInput;
}

/** A new input block was shown; `detail`: `{ input }`. */
export class FlowbotInputEvent
  extends /* @__PURE__ */ eventOf<FlowbotInputDetail, 'flowbot-input'>('flowbot-input', {
    replayable: true,
  }) {}

/** Detail of `flowbot-answer`. */
export interface FlowbotAnswerDetail {
  /** The answer sent to the server: a string or `{ type: 'text', text, metadata? }`; `undefined` for a skip. */
  readonly answer: ChatAnswer | undefined;
  /** What the visitor saw as their answer (a choice's label rather than its value). */
  readonly text: string;
}

/** The visitor's answer reached the server; `detail`: `{ answer, text }`. */
export class FlowbotAnswerEvent
  extends /* @__PURE__ */ eventOf<FlowbotAnswerDetail, 'flowbot-answer'>('flowbot-answer', {
    replayable: true,
  }) {}

/** Detail of `flowbot-end`. */
export interface FlowbotEndDetail {
  /** The session that ended. */
  readonly sessionId: string;
}

/** The flow ended (the last response had no input); `detail`: `{ sessionId }`. */
export class FlowbotEndEvent
  extends /* @__PURE__ */ eventOf<FlowbotEndDetail, 'flowbot-end'>('flowbot-end', { replayable: true }) {}

/** Detail of `flowbot-error`. */
export interface FlowbotErrorDetail {
  /** What failed: usually a `FlowbotError` of the client. */
  readonly error: unknown;
  /** The call that failed: starting the chat, sending an answer, a streamed AI answer, or an upload (only with `code`). */
  readonly action: 'start' | 'send' | 'stream' | 'upload';
  /**
   * `session-expired`: the viewer no longer knows the session (it expired, restarted, or the bot was
   * republished). The conversation is over: no retry, the transcript stays read-only with Start again.
   * Absent for the other failures, which offer a retry.
   */
  readonly code?: 'session-expired';
}

/**
 * A call failed (never fired for a call the widget itself aborted); `detail`: `{ error, action, code? }`
 * (`action`: `start` | `send` | `stream` | `upload`; `code`: `session-expired` when the viewer no longer knows the session).
 */
export class FlowbotErrorEvent
  extends /* @__PURE__ */ eventOf<FlowbotErrorDetail, 'flowbot-error'>('flowbot-error', {
    replayable: true,
  }) {}

/** Detail of `flowbot-redirect`. */
export interface FlowbotRedirectDetail {
  /** Where the bot sends the visitor: always an http(s) URL. */
  readonly url: string;
  /** Whether the bot asked for a new tab. */
  readonly newTab: boolean;
}

/**
 * The bot is about to open a page; `detail`: `{ url, newTab }`. Cancelable: call
 * `preventDefault()` to handle the navigation yourself (a client-side router) or to stay on the page.
 */
export class FlowbotRedirectEvent
  extends /* @__PURE__ */ eventOf<FlowbotRedirectDetail, 'flowbot-redirect'>('flowbot-redirect', {
    cancelable: true,
  }) {}

/** The bubble or popup opened. */
export class FlowbotOpenEvent extends /* @__PURE__ */ eventOf<null, 'flowbot-open'>('flowbot-open') {}

/** The bubble or popup closed. */
export class FlowbotCloseEvent extends /* @__PURE__ */ eventOf<null, 'flowbot-close'>('flowbot-close') {}

/** Detail of `flowbot-preview-show`. */
export interface FlowbotPreviewShowDetail {
  /** The text the preview shows. */
  readonly text: string;
}

/** The preview message appeared beside the launcher (bubble); `detail`: `{ text }`. */
export class FlowbotPreviewShowEvent
  extends /* @__PURE__ */ eventOf<FlowbotPreviewShowDetail, 'flowbot-preview-show'>('flowbot-preview-show') {}

/**
 * Why the preview went away: `close` (its close button), `escape` (the Escape key), `open` (the
 * panel opened: the preview was clicked, or the launcher) or `method` (`dismissPreview()`).
 */
export type FlowbotPreviewDismissReason = 'close' | 'escape' | 'open' | 'method';

/** Detail of `flowbot-preview-dismiss`. */
export interface FlowbotPreviewDismissDetail {
  /** Why the preview went away. */
  readonly reason: FlowbotPreviewDismissReason;
}

/**
 * The preview went away for the rest of the visit (this tab's session); `detail`: `{ reason }`
 * (`close` | `escape` | `open` | `method`).
 */
export class FlowbotPreviewDismissEvent
  extends /* @__PURE__ */ eventOf<FlowbotPreviewDismissDetail, 'flowbot-preview-dismiss'>('flowbot-preview-dismiss') {}

/** Detail of `flowbot-unread`. */
export interface FlowbotUnreadDetail {
  /** Bot messages that arrived while the bubble or popup was closed (0 once it opens). */
  readonly count: number;
}

/** `unreadCount` changed; `detail`: `{ count }`. */
export class FlowbotUnreadEvent
  extends /* @__PURE__ */ eventOf<FlowbotUnreadDetail, 'flowbot-unread'>('flowbot-unread') {}

/** Why the visitor found an answer wanting (the reasons offered after a thumbs down). */
export type FlowbotFeedbackReason = 'inaccurate' | 'unhelpful' | 'too-long' | 'other';

/** Detail of `flowbot-feedback`. */
export interface FlowbotFeedbackDetail {
  /** The answer's message id (a streamed answer's is the one its `flowbot-message` carried). */
  readonly messageId: string;
  /** The session the answer belongs to. */
  readonly sessionId: string;
  /** Thumbs up or thumbs down. */
  readonly rating: 'up' | 'down';
  /** After a thumbs down, the reason the visitor picked, if any. */
  readonly reason?: FlowbotFeedbackReason;
  /** After a thumbs down, what the visitor wrote (trimmed, at most 500 characters), if anything. */
  readonly comment?: string;
  /** The answer as the visitor saw it: its text (a markdown answer's source), within the response limits. */
  readonly text: string;
  /** True when this replaces feedback given on the same answer before (another thumb, or a reason added). */
  readonly changed?: boolean;
}

/**
 * The visitor rated an answer (thumbs up or down, then maybe a reason); `detail`:
 * `{ messageId, sessionId, rating, reason?, comment?, text, changed? }`. The widget sends it nowhere:
 * forward it to your own endpoint. Each event is the whole feedback on that answer; keep the latest
 * per `sessionId` and `messageId`.
 */
export class FlowbotFeedbackEvent
  extends /* @__PURE__ */ eventOf<FlowbotFeedbackDetail, 'flowbot-feedback'>('flowbot-feedback') {}

/** Detail of `flowbot-conversation-open`. */
export interface FlowbotConversationOpenDetail {
  /** The session of the earlier conversation now on screen. */
  readonly sessionId: string;
  /** The session of the conversation it replaced, which stays among the earlier ones; absent when there was none. */
  readonly previousSessionId?: string | undefined;
}

/**
 * The visitor opened an earlier conversation from the menu's Conversations (`persist`); `detail`:
 * `{ sessionId, previousSessionId? }`. A `flowbot-start` with `restored: true` follows.
 */
export class FlowbotConversationOpenEvent
  extends /* @__PURE__ */ eventOf<FlowbotConversationOpenDetail, 'flowbot-conversation-open'>(
    'flowbot-conversation-open',
  ) {}

/** Detail of `flowbot-conversation-delete`. */
export interface FlowbotConversationDeleteDetail {
  /** The sessions of the conversations forgotten in this browser. */
  readonly sessionIds: readonly string[];
  /** True when the visitor forgot every conversation (the one on screen too: a new one starts). */
  readonly all: boolean;
}

/**
 * The visitor deleted an earlier conversation, or forgot them all; `detail`: `{ sessionIds, all }`.
 * Only this browser forgets them: the platform keeps its results.
 */
export class FlowbotConversationDeleteEvent
  extends /* @__PURE__ */ eventOf<FlowbotConversationDeleteDetail, 'flowbot-conversation-delete'>(
    'flowbot-conversation-delete',
  ) {}

/** Every event of `<flowbot-chat>`, by the name of the React prop that receives it. */
export const flowbotEvents = {
  onStart: FlowbotStartEvent,
  onMessage: FlowbotMessageEvent,
  onInput: FlowbotInputEvent,
  onAnswer: FlowbotAnswerEvent,
  onEnd: FlowbotEndEvent,
  onError: FlowbotErrorEvent,
  onRedirect: FlowbotRedirectEvent,
  onOpen: FlowbotOpenEvent,
  onClose: FlowbotCloseEvent,
  onPreviewShow: FlowbotPreviewShowEvent,
  onPreviewDismiss: FlowbotPreviewDismissEvent,
  onUnread: FlowbotUnreadEvent,
  onFeedback: FlowbotFeedbackEvent,
  onConversationOpen: FlowbotConversationOpenEvent,
  onConversationDelete: FlowbotConversationDeleteEvent,
} as const satisfies Record<`on${string}`, FlowbotEventClass>;

type Table = typeof flowbotEvents;

/** Each event's class, by event name. */
export type FlowbotEventMap = { [P in keyof Table as Table[P]['eventName']]: InstanceType<Table[P]> };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GlobalEventHandlersEventMap extends FlowbotEventMap {}
}
