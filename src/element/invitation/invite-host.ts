/** What the invitation (`invite.ts`) reads of the element and tells it. */
import type { ReactiveControllerHost } from 'lit';

/** What the invitation reads of the element: its settings (see the element's properties), read when needed. */
export interface InviteHost extends ReactiveControllerHost {
  readonly mode: string;
  readonly open: boolean;
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly preview: string;
  readonly noPreview: boolean;
  readonly previewDelay: number;
  readonly autoOpen: number | undefined;
  readonly autoOpenNarrow: boolean;
  readonly notifySound: boolean;
  readonly widget: { readonly aiFirstMessage?: unknown } | undefined;
  /** Who this widget is, for its records: its flow-bot, viewer host and own key (`persist-key`, else `id`). */
  readonly publicId: string;
  readonly apiHost: string;
  readonly persistKey: string;
  readonly id: string;
  /** Where the unread count is kept: with the conversation. */
  readonly persist: string;
  /** Opens the panel (the timed opening). */
  show(): void;
}

/** What the invitation tells the element. */
export interface InviteNotices {
  /** The visitor asked for the panel (clicked the preview). */
  visitorOpens(): void;
  /**
   * Fires one of the invitation's events (made here, with this code: the first file carries no
   * class of an event it never fires).
   */
  fire(event: Event): void;
}
