/**
 * `flowbot-chat/react`: `<FlowbotChat>` for React 17–19, made with `@lit/react`. It sets every
 * prop that the element has as a property (`widget`, `prefilledVariables`, `open`...) and wires the
 * events of the table of `element/events.ts` to their props (`onStart`, `onMessage`, `onAnswer`...)
 * in a layout effect, so they also arrive when React hydrates server-rendered
 * HTML (Next.js), which plain JSX does not do for a custom element. Importing it in Node (server
 * rendering) registers nothing and does not throw. The build marks the file `'use client'` (Next.js
 * App Router: a server component can render it).
 */
import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import { defineFlowbotChat, tagName } from './define.js';
import { flowbotEvents } from './element/events.js';
import { FlowbotChat as FlowbotChatElement } from './element/flowbot-chat.js';

defineFlowbotChat();

type Table = typeof flowbotEvents;

/** The table of events as `@lit/react` takes it: each `on…` prop and the event it receives. */
const events = Object.fromEntries(Object.entries(flowbotEvents).map(([prop, event]) => [prop, event.eventName])) as {
  [P in keyof Table]: EventName<InstanceType<Table[P]>>;
};

/** `<flowbot-chat>` as a React component; its `ref` is the element (`show()`, `send(text)`...). */
export const FlowbotChat = createComponent({
  tagName,
  elementClass: FlowbotChatElement,
  react: React,
  events,
  displayName: 'FlowbotChat',
});

/** The props of `<FlowbotChat>`. */
export type FlowbotChatProps = React.ComponentProps<typeof FlowbotChat>;

export type { FlowbotChatElement };
export type * from './element/events.js';
