/**
 * What one element loads on demand (the rich messages' file, `../rich/index.ts`), asked for
 * before it renders, never while rendering: the on-demand renderers when the
 * transcript or the input needs them, suggested replies, the voice when the
 * Widget resource turns it on, the invitation of the bubble and the popup
 * (with where Tab goes while the bubble is open: when it has something to show
 * while closed, else once open, or as soon as the visitor points at or focuses
 * the launcher), and what the visitor can do with the answers (after the first
 * message).
 *
 * Each condition here is its file's reason in `wanted.ts`, the table of when each script-tag file is
 * wanted (`test/element/on-demand/wanted.test.ts` holds the two to the same files, state by state). They are
 * written out here, not called from there: a call per reason, which the minifier does not inline,
 * costs about 60 B before the first message.
 */
import type { ReactiveController } from 'lit';
import type { ConversationState } from '../../conversation/session.js';
import type { BotEntry } from '../../protocol/transcript.js';
import { isMedia, messageToPlain, needsOnDemand, readersOf } from '../../render/message.js';
import { needsOnDemandControl, useTextField } from '../../render/inputs/index.js';
import type { Answers, AnswersHost } from '../answer-actions/index.js';
import type { Invite, InviteHost } from '../invitation/index.js';
import type { RichModule } from '../rich/index.js';
import type { OnDemandLoader } from '../../script-tag/load-once.js';
import {
  answersFile,
  consentFile,
  controlsFile,
  inviteFile,
  mediaFile,
  richFile,
  sendFile,
  streamFile,
  voiceFile,
} from './loader.js';
import type { Consent, ConsentHost } from '../consent/index.js';
import type { SpeechController } from '../voice/index.js';

/** What these features read of the element. */
export interface OnDemandHost extends InviteHost, AnswersHost, ConsentHost {
  readonly widget:
    | {
        readonly voiceActive?: unknown;
        readonly defaultMessages?: unknown;
        readonly aiFirstMessage?: unknown;
        readonly title?: unknown;
      }
    | undefined;
  readonly isConnected: boolean;
  addEventListener(type: string, listener: () => void, options: AddEventListenerOptions): void;
}

/** What these features tell the element. */
export interface OnDemandNotices {
  readonly conversation: () => ConversationState;
  /** Dispatches an event of the element. */
  readonly fire: (event: Event) => void;
  /** The visitor asked for the panel (the invitation's preview was clicked). */
  readonly visitorOpens: () => void;
  /** The conversation (an earlier one opened from the menu starts it again from what is stored). */
  readonly session: { start(): void };
}

export class OnDemandFeatures implements ReactiveController {
  /** The voice, once the Widget resource turns it on and its code has arrived. */
  voice: SpeechController | undefined;
  /** The notice before the conversation and its consent, once their code has arrived (a widget with either). */
  consent: Consent | undefined;
  /** The bubble's preview, timed opening and unread count, once their code has arrived. */
  invite: Invite | undefined;
  /** The answers' actions, times and the conversation's menu, once their code has arrived (after the first message). */
  answers: Answers | undefined;
  /** What this element has asked for (a failed load is asked again after a while). */
  readonly #asked = new Set<string>();
  /** The invitation is wanted now: the visitor showed intent, or the page called for it. */
  #intent = false;
  /** The panel has been open (before the invitation's code arrived, it keeps no record). */
  #opened = false;
  /** What waits for the page to be idle (the answers' and the send file), run at once if the visitor reaches for the widget. */
  readonly #soon = new Set<() => void>();
  /** Bot messages shown while the panel was closed, before the invitation's code arrived to count them. */
  #unseen = 0;

  readonly #host: OnDemandHost;
  readonly #notices: OnDemandNotices;
  constructor(host: OnDemandHost, notices: OnDemandNotices) {
    this.#host = host;
    this.#notices = notices;
    host.addController(this);
  }

  hostConnected(): void {
    // A pointer over the launcher, or focus on it, comes before a click: the invitation's code
    // (and where Tab goes once open) is fetched then, not for every closed bubble.
    const intent = (): void => {
      this.#intent = true;
      this.#host.requestUpdate();
      for (const run of this.#soon) run();
    };
    this.#host.addEventListener('pointerover', intent, { once: true });
    this.#host.addEventListener('focusin', intent, { once: true });
  }

  hostUpdate(): void {
    const host = this.#host;
    if (!host.isConnected) return;
    const state = this.#notices.conversation();
    const changed = (): void => host.requestUpdate();
    // A message drawn on demand (markdown); an expired conversation's notice (another tab
    // may tell), whose words are in the on-demand part.
    const bots = state.entries.map((entry) => (entry as BotEntry).message).filter(Boolean);
    if (
      !richFile.get() &&
      (state.status === 'expired' || bots.some((message) => needsOnDemand(message) && !isMedia(message)))
    )
      this.load('renderers', changed, (error) => {
        console.warn('flowbot-chat: the on-demand part did not load; its messages are shown as text', error);
        changed();
      });
    // Video, audio and embeds: their file (not shown until it is there).
    if (!mediaFile.get() && bots.some(isMedia)) this.load('media', changed, undefined, mediaFile);
    // A streamed answer (its turn asks for the file too), or an answer with what its agent did around it
    // (known once the rich messages' reader is there): the streams' file draws them.
    if (
      !streamFile.get() &&
      state.entries.some(
        (entry) => entry.kind === 'stream' || !!richFile.get()?.needsAgent((entry as BotEntry).message),
      )
    )
      this.load('stream', changed, undefined, streamFile);
    const input = state.input;
    if (input && !controlsFile.get() && needsOnDemandControl(input)) {
      this.load(
        'controls',
        changed,
        (error) => {
          console.warn('flowbot-chat: the on-demand controls did not load; a text field stands in', error);
          // The server still checks the answer, so a text field keeps the conversation going.
          useTextField(input);
          changed();
        },
        controlsFile,
      );
    }
    // Copy, feedback, times and the menu: for a conversation that shows something, after the paint of
    // its first message, in idle time (at once when the visitor reaches for the widget).
    if (state.entries.length)
      this.load(
        'answers',
        ({ Answers }) => {
          this.answers = new Answers(host, { ...this.#notices, readers: () => readersOf(richFile.get()) });
          changed();
        },
        undefined,
        answersFile,
        !this.#intent,
      );
    // Sending an answer: once there is one to give, in idle time after the paint (at once when the visitor reaches for the widget).
    if (input) this.load('send', () => undefined, undefined, sendFile, !this.#intent);
    // The notice and the consent: before anything else (a widget that asks for consent starts once it is given).
    // Another consent than `required` asks for nothing: the file says so in the console.
    if (host.notice || host.consent)
      this.load(
        'consent',
        ({ Consent }) => {
          this.consent = new Consent(host);
          changed();
        },
        undefined,
        consentFile,
      );
    // Suggested replies are read by the on-demand part (most widgets have none).
    const replies = host.widget?.defaultMessages;
    if (state.input?.type === 'text input' && Array.isArray(replies) && replies.length)
      this.load('suggestions', changed);
    if (host.widget?.voiceActive === true && typeof window !== 'undefined' && 'speechSynthesis' in window) {
      this.load(
        'voice',
        ({ SpeechController }) => {
          this.voice = new SpeechController(host, (message) => messageToPlain(message));
          changed();
        },
        undefined,
        voiceFile,
      );
    }
    this.#invitation(host);
  }

  /**
   * Asks for the invitation's code, with where Tab goes while the bubble is open, when the bubble or
   * the popup wants it; once there, it makes them and counts the messages shown before.
   */
  #invitation(host: OnDemandHost): void {
    // The inline widget never needs the invitation; a closed one with nothing to show until opened
    // (no preview, timed opening or remembered unread count) needs it once the visitor comes near.
    const first = host.widget?.aiFirstMessage;
    this.#opened ||= host.open;
    if (
      (host.mode === 'bubble' || host.mode === 'popup') &&
      (this.#intent ||
        host.open ||
        host.persist !== 'none' ||
        host.autoOpen !== undefined ||
        (!host.noPreview && !!(`${host.preview}`.trim() || (typeof first === 'string' && first))))
    ) {
      this.load(
        'invite',
        ({ Invite, BubbleFocus }) => {
          new BubbleFocus(host);
          const invite = (this.invite = new Invite(host, this.#notices, this.#opened));
          for (; this.#unseen; this.#unseen--) invite.message();
        },
        undefined,
        inviteFile,
      );
    }
  }

  /** A bot message was shown: the invitation counts it, now or once its code is there. */
  message(): void {
    if (this.invite) this.invite.message();
    else if (!this.#host.open) this.#unseen++;
  }

  /**
   * Runs `use` with an on-demand part (`from`), once per `name` (with `idle`, after the next paint, once
   * the page is idle or the visitor reaches for the widget); after a failure, `name` is asked again after
   * a while, or as soon as the page is back online.
   */
  load<T = RichModule>(
    name: string,
    use: (part: T) => void,
    failed?: (error: unknown) => void,
    from: OnDemandLoader<T> = richFile as OnDemandLoader<never>,
    idle?: boolean,
  ): void {
    if (this.#asked.has(name)) return;
    this.#asked.add(name);
    const run = (): void => {
      this.#soon.delete(run);
      from.load().then(use, (error: unknown) => {
        failed?.(error);
        // Asked again once the loader lets go of the failure (a while later, or back online).
        from.retryable(() => {
          this.#asked.delete(name);
          this.#host.requestUpdate();
        });
      });
    };
    if (!idle) return run();
    this.#soon.add(run);
    requestAnimationFrame(() =>
      setTimeout(() => {
        const soon = (): void => void (this.#soon.has(run) && run());
        if (typeof requestIdleCallback === 'function') requestIdleCallback(soon, { timeout: 1_000 });
        else soon();
      }),
    );
  }
}
