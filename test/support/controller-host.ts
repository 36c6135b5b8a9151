/** What the conversation's unit tests put where the element would be: a host, and the bot's plain messages. */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChatMessage } from '../../src/api/schemas/index.js';

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
