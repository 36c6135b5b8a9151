/** What the conversation's unit tests put where the element would be: a host, and the bot's plain messages. */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChatMessage, StartChatResult } from '../../src/api/schemas/index.js';

/** A Lit host without a DOM: it keeps the controllers added and counts the updates asked for. */
export class FakeHost implements ReactiveControllerHost {
  readonly controllers: ReactiveController[] = [];
  updates = 0;
  addController(controller: ReactiveController): void {
    this.controllers.push(controller);
  }
  removeController(): void {}
  requestUpdate(): void {
    this.updates++;
  }
  get updateComplete(): Promise<boolean> {
    return Promise.resolve(true);
  }
}

/** A rich-text message of one paragraph. */
export const text = (id: string, words: string): ChatMessage => ({
  id,
  type: 'text',
  content: { type: 'richText', richText: [{ type: 'p', children: [{ text: words }] }] },
});

/** A startChat result: session `s-1` of the bot `bot`, a greeting and a text input, each replaced by `overrides`. */
export function startChatResult(overrides: Partial<StartChatResult> = {}): StartChatResult {
  return {
    sessionId: 's-1',
    resultId: 'r-1',
    flowbot: { id: 'bot', version: '1' },
    messages: [text('m1', 'Hello')],
    input: { id: 'in-1', type: 'text input' },
    ...overrides,
  };
}
