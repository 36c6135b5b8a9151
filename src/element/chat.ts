/**
 * What `<flowbot-chat>` is made of behind its public class (`createChat`): the conversation, the
 * controllers it owns (made in this order, the order they see each update), the conversation's
 * notices turned into the element's events (`noticeEvents`, a table), and sending the visitor's
 * answers. The element's view (`view.ts`) and start policy (`start-policy.ts`) read it: one typed
 * object, not fields handed down one by one.
 */
import type { LitElement } from 'lit';
import type { Widget } from '../api/schemas/index.js';
import { ConversationController, type ConversationNotice } from '../conversation/controller.js';
import type { PersistMode } from '../conversation/persistence.js';
import { LangController } from '../i18n/lang.js';
import { answerFor, type BuiltAnswer } from '../protocol/answers.js';
import { isShown, needsOnDemand, prepareMessage, readersOf } from '../render/message.js';
import { DraftController } from './controllers/draft.js';
import { EventReplay } from './controllers/event-replay.js';
import { FollowController } from './controllers/follow.js';
import { InputFocus } from './controllers/input-focus.js';
import { PanelController } from './controllers/panel.js';
import {
  FlowbotAnswerEvent,
  FlowbotEndEvent,
  FlowbotErrorEvent,
  FlowbotInputEvent,
  FlowbotMessageEvent,
  FlowbotRedirectEvent,
  FlowbotStartEvent,
  type FlowbotEvent,
  type FlowbotEventClass,
} from './events.js';
import { OnDemandFeatures, type OnDemandHost } from './on-demand/features.js';
import { answersFile, loadLanguage, richFile, persistFile, sendFile, streamFile } from './on-demand/loader.js';
import { ThemeSheet } from './theme-sheet.js';

/** What the element's parts read of it: its properties (declared in `flowbot-chat.ts`). */
export type ChatHost = LitElement &
  OnDemandHost & {
    readonly publicId: string;
    readonly apiHost: string;
    readonly mode: string;
    readonly widget: Partial<Widget> | undefined;
    readonly toolNames: Record<string, string> | undefined;
    readonly prefilledVariables: Record<string, unknown> | undefined;
    open: boolean;
    readonly persist: PersistMode;
    readonly disableStreaming: boolean;
    readonly persistKey: string;
    readonly noMenu: boolean;
    readonly notice: string;
    readonly consent: string;
    show(): void;
    toggle(): void;
    restart(): void;
  };

/** A skip of a file or payment input: no answer (the controller sends `{}`), and what the bubble shows. */
type Skip = { readonly answer: undefined; readonly text: string };

/**
 * The event each of the conversation's notices fires, by the notice's type (`stream` fires none); its
 * detail is the notice's fields but its type (a message's: the message alone).
 */
const noticeEvents: { readonly [T in ConversationNotice['type']]?: FlowbotEventClass } = {
  start: FlowbotStartEvent,
  message: FlowbotMessageEvent,
  input: FlowbotInputEvent,
  answer: FlowbotAnswerEvent,
  end: FlowbotEndEvent,
  error: FlowbotErrorEvent,
  redirect: FlowbotRedirectEvent,
};

/** A notice of a redirect, which the page may cancel (its event's `preventDefault()`). */
type RedirectNotice = Extract<ConversationNotice, { type: 'redirect' }>;

/** The event of `notice` (`noticeEvents`), if it fires one. */
function noticeEvent(notice: ConversationNotice): FlowbotEvent<unknown> | undefined {
  const { type, ...detail } = notice;
  const Event = noticeEvents[type];
  return Event && new Event((type === 'message' ? { message: notice.message } : detail) as never);
}

/** What the element is made of: read by its public class, its view and its start policy. */
export interface Chat {
  readonly session: ConversationController;
  /** The language and its words, following the page's `lang`. */
  readonly language: LangController;
  /** What the visitor has typed or picked in the current input. */
  readonly drafts: DraftController;
  /** Keeps the newest message in view unless the visitor scrolled up to read. */
  readonly follow: FollowController;
  /** The Widget resource's look over the bot's theme, as a constructed sheet. */
  readonly theme: ThemeSheet;
  /** The conversation's events kept for listeners added after they fired. */
  readonly replay: EventReplay;
  /** How the bubble and the popup open and close. */
  readonly panel: PanelController;
  /** Where focus goes: a new input takes it once the visitor has interacted. */
  readonly focus: InputFocus;
  /** What arrives on demand: the on-demand renderers, the voice, the invitation. */
  readonly features: OnDemandFeatures;
  /** A redirect's page the browser would not open in a new tab: offered as a link. */
  readonly blockedUrl: string | undefined;
  /** The Widget resource turns the voice on, and its code has arrived with a voice to speak. */
  voiceOn(): boolean;
  /** Sends `text` as the answer to the current input (`byVisitor`: typed or picked, not `send()`). */
  sendText(text: string, byVisitor: boolean): boolean;
  /** Sends a built answer, or a skip (`byVisitor` unless false: it brings the visitor to the end). */
  submit(answer: BuiltAnswer | Skip, byVisitor?: boolean): boolean;
  /** The conversation as a document (`exportTranscript()`), once the answers' file and the on-demand part are there. */
  exportTranscript(format?: 'markdown' | 'text'): Promise<string>;
}

/**
 * The conversation of `host`, with its options: its code and words that arrive on demand (`words`:
 * those of the page's language on their way, if they are). What it starts with, the element gives
 * it (`configure` in `start-policy.ts`).
 */
function conversation(
  host: ChatHost,
  notify: (notice: ConversationNotice) => void,
  words: () => Promise<void> | undefined,
): ConversationController {
  return new ConversationController(host, {
    notify,
    // What is drawn once (markdown, media) waits for the on-demand part, and for the words of the page's language on their way.
    prepare: (message) => {
      const ready = prepareMessage(message);
      const pending = words();
      return pending && needsOnDemand(message) ? Promise.all([ready, pending]).then(() => undefined) : ready;
    },
    loadStore: () => persistFile.load(),
    expiry: () => persistFile.get()?.expiry,
    // With the notice's words (in the on-demand part).
    loadExpiry: () => Promise.all([persistFile.load(), richFile.load()]),
    loadStream: () => streamFile.load(),
    loadMistakes: () => richFile.load(),
    delivery: () => sendFile.get(),
    loadDelivery: () => sendFile.load(),
  });
}

/**
 * Opens the page of a redirect that the page's listeners let through: its code is the rich messages'
 * file's (most conversations have no redirect), and so is the link `offer` shows when the browser
 * blocks the new tab.
 */
function openRedirect(notice: RedirectNotice, session: ConversationController, offer: () => void): void {
  richFile.load().then(
    ({ openPage }) => openPage(notice.url, notice.newTab, { offer, log: (...args) => session.log(...args) }),
    () => undefined,
  );
}

/** Makes what `host` is made of; its controllers are added to it in the order below. */
export function createChat(host: ChatHost): Chat {
  let blockedUrl: string | undefined;
  const fire = (event: Event): void => replay.fire(event);
  const voiceOn = (): boolean => host.widget?.voiceActive === true && !!features.voice?.available;
  const submit = (answer: BuiltAnswer | Skip, byVisitor = true): boolean => {
    focus.interacted = true;
    if (!session.send(answer.answer, answer.text)) return false;
    // The visitor's own answer brings them back to the end of the conversation.
    if (byVisitor) follow.jump();
    drafts.sent();
    return true;
  };
  /** What the element does of a notice besides its event (`noticeEvents`), in order around it. */
  const notice = (notice: ConversationNotice): void => {
    const { type } = notice;
    if (type === 'start') {
      blockedUrl = undefined;
      follow.reset();
    }
    // Media messages are shown once the on-demand part is there (the controller waits for it).
    if (type === 'message' && !isShown(notice.message)) return;
    if (type === 'message' || type === 'stream') follow.added();
    // What the visitor typed or picked comes back (an expired conversation carries the words on instead).
    if (type === 'error' && notice.action === 'send' && !notice.code) drafts.restore();
    const event = noticeEvent(notice);
    if (event) fire(event);
    if (type === 'message') {
      features.message();
      if (voiceOn()) features.voice?.speak(notice.message, language.lang, host.widget?.audioVoice, focus.interacted);
    }
    if (type === 'redirect' && !event!.defaultPrevented)
      openRedirect(notice, session, () => {
        blockedUrl = notice.url;
        host.requestUpdate();
      });
  };

  const session = conversation(host, notice, () => language.pending);
  const language = new LangController(host, loadLanguage);
  const drafts = new DraftController(host, () => session.state);
  const follow = new FollowController(host, () => host.renderRoot.querySelector<HTMLElement>('.messages'));
  const replay = new EventReplay(host);
  const panel = new PanelController(host, fire);
  const focus = new InputFocus(host, () => ({ input: session.state.input, inView: !panel.floating || host.open }));
  const features = new OnDemandFeatures(host, {
    conversation: () => session.state,
    session,
    fire,
    visitorOpens: () => {
      focus.interacted = true;
      host.show();
    },
  });
  return {
    session,
    language,
    drafts,
    follow,
    theme: new ThemeSheet(),
    replay,
    panel,
    focus,
    features,
    get blockedUrl() {
      return blockedUrl;
    },
    voiceOn,
    sendText: (text, byVisitor) => {
      const answer = session.state.input && answerFor(session.state.input, String(text));
      return answer ? submit(answer, byVisitor) : false;
    },
    submit,
    exportTranscript: (format) => exportTranscript(host, session, format),
  };
}

/** The conversation as a document, once the answers' file and the on-demand part are there. */
function exportTranscript(
  host: ChatHost,
  session: ConversationController,
  format?: 'markdown' | 'text',
): Promise<string> {
  return Promise.all([answersFile.load(), richFile.load()]).then(([answers, part]) =>
    answers.exportConversation(host, session.state, format, readersOf(part)),
  );
}
