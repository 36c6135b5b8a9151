/**
 * `flowbot-chat/react`: `<FlowbotChat>` for React 17–19, made with `@lit/react`. It sets every
 * prop that the element has as a property (`widget`, `prefilledVariables`, `open`...) and wires the
 * events to `onStart`, `onMessage`, `onInput`, `onAnswer`, `onEnd`, `onError`, `onRedirect`,
 * `onOpen`, `onClose`, `onPreviewShow`, `onPreviewDismiss`, `onUnread`, in a layout effect, so they also arrive when React hydrates server-rendered
 * HTML (Next.js), which plain JSX does not do for a custom element. Importing it in Node (server
 * rendering) registers nothing and does not throw. The build marks the file `'use client'` (Next.js
 * App Router: a server component can render it).
 */
import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import { defineFlowbotChat, tagName } from './define.js';
import type {
  FlowbotAnswerEvent,
  FlowbotCloseEvent,
  FlowbotEndEvent,
  FlowbotErrorEvent,
  FlowbotInputEvent,
  FlowbotMessageEvent,
  FlowbotOpenEvent,
  FlowbotPreviewDismissEvent,
  FlowbotPreviewShowEvent,
  FlowbotRedirectEvent,
  FlowbotStartEvent,
  FlowbotUnreadEvent,
} from './events.js';
import { FlowbotChat as FlowbotChatElement } from './flowbot-chat.js';

defineFlowbotChat();

/** `<flowbot-chat>` as a React component; its `ref` is the element (`show()`, `send(text)`...). */
export const FlowbotChat = createComponent({
  tagName,
  elementClass: FlowbotChatElement,
  react: React,
  events: {
    onStart: 'flowbot-start' as EventName<FlowbotStartEvent>,
    onMessage: 'flowbot-message' as EventName<FlowbotMessageEvent>,
    onInput: 'flowbot-input' as EventName<FlowbotInputEvent>,
    onAnswer: 'flowbot-answer' as EventName<FlowbotAnswerEvent>,
    onEnd: 'flowbot-end' as EventName<FlowbotEndEvent>,
    onError: 'flowbot-error' as EventName<FlowbotErrorEvent>,
    onRedirect: 'flowbot-redirect' as EventName<FlowbotRedirectEvent>,
    onOpen: 'flowbot-open' as EventName<FlowbotOpenEvent>,
    onClose: 'flowbot-close' as EventName<FlowbotCloseEvent>,
    onPreviewShow: 'flowbot-preview-show' as EventName<FlowbotPreviewShowEvent>,
    onPreviewDismiss: 'flowbot-preview-dismiss' as EventName<FlowbotPreviewDismissEvent>,
    onUnread: 'flowbot-unread' as EventName<FlowbotUnreadEvent>,
  },
  displayName: 'FlowbotChat',
});

/** The props of `<FlowbotChat>`. */
export type FlowbotChatProps = React.ComponentProps<typeof FlowbotChat>;

export type { FlowbotChatElement };
export type * from './events.js';
