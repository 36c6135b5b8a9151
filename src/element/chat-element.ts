/**
 * The lifecycle of `<flowbot-chat>` under its public class (`flowbot-chat.ts`, which declares the
 * properties, methods and events): its styles, the first render a task later, the queued calls of
 * `Flowbot.init`, `lang` followed at once, late listeners' replays, the start policy before each
 * update, and the view.
 */
import { LitElement, type PropertyValues, type TemplateResult } from 'lit';
// First: the bundle keeps the modules in this order, which compresses best.
import { createChat, type ChatHost } from './chat.js';
import { renderChat } from './view.js';
import { nextTask, startWhenWanted } from './start-policy.js';
import { messageContentStyles } from '../render/message.js';
import { progressAvatarsStyles } from '../render/progress-avatars.js';
import { runQueuedCalls } from '../script-tag/handover.js';
import { flowbotChatStyles } from './flowbot-chat.styles.js';

type EventName = keyof HTMLElementEventMap;
type Listener<K extends EventName> = (this: HTMLElement, event: HTMLElementEventMap[K]) => unknown;
type Options = boolean | AddEventListenerOptions;

export abstract class ChatElement extends LitElement {
  static override styles = [...flowbotChatStyles, messageContentStyles, progressAvatarsStyles];

  /** `lang` is the global attribute: observed so the widget's words follow it at once. */
  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'lang'];
  }

  /** What the element is made of (`chat.ts`); its public class declares the properties it reads. */
  protected readonly chat = createChat(this as unknown as ChatHost);

  /** The first render waits for the next task: the page's own task (which ran this code) ends first. */
  protected override async scheduleUpdate(): Promise<void> {
    if (!this.hasUpdated) await nextTask();
    super.scheduleUpdate();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Actions called on an element of `Flowbot.init` before this code arrived.
    runQueuedCalls(this);
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (name === 'lang') this.requestUpdate();
  }

  /** Also replays the conversation's events that fired before the first listener of their type. */
  override addEventListener<K extends EventName>(type: K, listener: Listener<K>, options?: Options): void;
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: Options): void;
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: Options): void {
    super.addEventListener(type, listener, options);
    if (listener) this.chat.replay.added(type);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    startWhenWanted(this as unknown as ChatHost, this.chat, changed);
  }

  protected override render(): TemplateResult {
    return renderChat(this as unknown as ChatHost, this.chat);
  }
}
