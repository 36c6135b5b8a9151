/**
 * The client-side actions a response carries, as the conversation reads them:
 * which ones stream an answer, which run page code (never run), and what a
 * `wait` asks for. Also the widget's local greeting message.
 */
import { pick } from '../protocol/json.js';
import { safeUrl } from '../protocol/safe-url.js';
import type { ChatMessage, ClientSideAction } from '../protocol/types.js';

/** The id of the local greeting message. */
const GREETING_ID = 'flowbot-greeting';

/** The widget's own first message (the Widget resource's `aiFirstMessage`). */
export function greetingMessage(text: string): ChatMessage {
  return {
    id: GREETING_ID,
    type: 'text',
    content: { type: 'richText', richText: [{ type: 'p', children: [{ text }] }] },
  };
}

/** Client-side actions that would run code in the page: never run, reported in the client logs. */
const PAGE_CODE_ACTIONS = new Set([
  'scriptToExecute',
  'codeToExecute',
  'setVariable',
  'httpRequestToExecute',
  'startPropsToInject',
]);

/** `stream`, or the older `streamOpenAiChatCompletion`. */
export const isStreamAction = (action: ClientSideAction): boolean =>
  action.type === 'stream' || action.type === 'streamOpenAiChatCompletion';

/** The stream request's body: `{ messages }` of the older action form, else nothing. */
export function streamBody(action: ClientSideAction): { messages?: unknown[] } {
  const messages = pick(pick(action, 'streamOpenAiChatCompletion'), 'messages');
  return Array.isArray(messages) ? { messages } : {};
}

/** What an action may do to the conversation. */
export interface ActionEffects {
  /** Shows the bot "busy" (typing) for `ms`, or less (the conversation's pauses are bounded). */
  wait(ms: number): Promise<void>;
  /** Asks the host to open a page. */
  redirect(url: string, newTab: boolean): void;
  /** Tells the bot's owner an action was ignored. */
  ignored(type: string): void;
}

/** Runs one action other than a stream; resolves to whether it expects a dedicated reply. */
export async function runAction(action: ClientSideAction, effects: ActionEffects): Promise<boolean> {
  const payload = pick(action, action.type);
  if (action.type === 'wait') {
    const seconds = Number(pick(payload, 'secondsToWaitFor'));
    // However long it asks for, the conversation's pauses end within `MAX_PAUSE_MS` (`Session.pause`).
    if (seconds > 0) await effects.wait(seconds * 1000);
  } else if (action.type === 'redirect') {
    const url = safeUrl(pick(payload, 'url'));
    if (url) effects.redirect(url, pick(payload, 'isNewTab') === true);
  } else if (PAGE_CODE_ACTIONS.has(action.type)) {
    // It would run page code: never run, and told to the owner. Anything else needs another service: ignored.
    effects.ignored(action.type);
  }
  return action.expectsDedicatedReply === true;
}
