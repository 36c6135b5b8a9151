/**
 * What `<flowbot-chat>` draws: the launcher and the invitation (bubble), the popup's dialog, the
 * panel (header, progress, transcript, composer). Each part reads what it needs from the element
 * (its properties) and from `Chat` (the conversation, the language and its words, the controllers),
 * not from fields handed down one by one.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { pick, text } from '../protocol/json.js';
import { renderHeader, renderLauncher } from '../render/chrome.js';
import { renderComposer } from '../render/composer.js';
import { findQuestion, QUESTION_ID } from '../render/question.js';
import { guestAvatarUrl, hostAvatarUrl, renderProgress } from '../render/progress-avatars.js';
import { renderTranscript } from '../render/transcript.js';
import { adoptStyles } from '../theme/sheets.js';
import { iconUrl } from '../theme/widget-theme.js';
import type { Chat, ChatHost } from './chat.js';
import { richFile } from './on-demand/loader.js';

/** The element's whole template for its `mode`. */
export function renderChat(host: ChatHost, chat: Chat): TemplateResult {
  const { panel, language, focus, features, session } = chat;
  const drawn = renderPanel(host, chat);
  if (host.mode === 'popup') return panel.dialog(drawn);
  if (host.mode !== 'bubble') return drawn;
  const { strings } = language;
  const { widget } = host;
  const launcher = renderLauncher({
    strings,
    isOpen: host.open,
    icon: iconUrl(widget?.widgetIcon),
    onClick: () => {
      focus.interacted = true;
      host.toggle();
    },
    onKeydown: (event) => keydown(chat, event),
  });
  const invite = features.invite?.render(
    strings,
    hostAvatarUrl(session.state, iconUrl(widget?.avatarIcon)) ?? iconUrl(widget?.widgetIcon),
  );
  return html`${launcher}${invite ?? nothing}${drawn}`;
}

function renderPanel(host: ChatHost, chat: Chat): TemplateResult {
  const { session, language, features, panel, focus, follow } = chat;
  const { widget } = host;
  const bubble = host.mode === 'bubble';
  const state = session.state;
  const { strings, lang, dir } = language;
  // Bubble and popup always have a header (it holds the close button); inline, only with something to show.
  const menu = features.answers?.menu();
  // The header is there from the first render when it will hold the menu, so nothing moves down when it arrives.
  const header =
    panel.floating ||
    chat.voiceOn() ||
    !host.noMenu ||
    !!(widgetText(host, 'title') || widgetText(host, 'subTitle') || iconUrl(widget?.headerIcon));
  return html`<section
    part="panel"
    class="panel"
    id="panel"
    role=${bubble ? 'dialog' : nothing}
    aria-labelledby=${header ? 'title' : nothing}
    aria-label=${header ? nothing : strings.chat}
    ?hidden=${bubble && !host.open}
    @keydown=${(event: KeyboardEvent) => keydown(chat, event)}
    @pointerdown=${() => (focus.interacted = true)}
  ><div class="direction" dir=${dir ?? nothing}>
    ${header ? renderPanelHeader(host, chat, menu) : nothing} ${renderProgress(state, 'Top', strings, lang)}
    ${features.consent?.render(strings)}
    ${renderTranscript(state, {
      strings,
      avatar: hostAvatarUrl(state, iconUrl(widget?.avatarIcon)),
      guestAvatar: guestAvatarUrl(state),
      blockedUrl: chat.blockedUrl,
      onRetry: () => {
        focus.interacted = true;
        session.retry();
      },
      onStartAgain: () => restartClick(host, chat),
      unseen: follow.unseen,
      onJump: () => follow.jump(),
      adoptStyles: (styles) => adoptStyles(host.renderRoot, styles),
      answers: features.answers,
      lang,
      toolNames: host.toolNames,
    })}
    ${renderPanelComposer(host, chat)} ${renderProgress(state, 'Bottom', strings, lang)}
  </div></section>`;
}

function renderPanelHeader(host: ChatHost, chat: Chat, menu: TemplateResult | undefined): TemplateResult {
  const { features, panel } = chat;
  const { voice } = features;
  return renderHeader({
    strings: chat.language.strings,
    menu,
    title: widgetText(host, 'title'),
    subTitle: widgetText(host, 'subTitle'),
    headerIcon: iconUrl(host.widget?.headerIcon),
    voice: voice && chat.voiceOn() ? { muted: voice.muted, toggle: () => features.voice?.toggle() } : undefined,
    onClose: panel.floating ? () => panel.close() : undefined,
  });
}

function renderPanelComposer(host: ChatHost, chat: Chat): TemplateResult | typeof nothing {
  const { session, language, submit } = chat;
  const { status, input, entries, sessionId } = session.state;
  // The Widget resource's suggested replies are read by the on-demand part (most widgets have none).
  const replies = host.widget?.defaultMessages;
  const suggestions =
    input?.type === 'text input' && Array.isArray(replies) ? (richFile.get()?.readSuggestions(replies) ?? []) : [];
  return renderComposer({
    status,
    input,
    suggestions,
    onSuggestion: (reply) => chat.sendText(reply, true),
    onRestart: () => restartClick(host, chat),
    streaming: session.streaming,
    onStop: () => session.stopStream(),
    control: {
      strings: language.strings,
      busy: status === 'sending',
      draft: chat.drafts.draft,
      submit: (answer) => submit(answer),
      changed: () => host.requestUpdate(),
      // No answer: the controller sends `{}` (the skip of file and payment inputs).
      skip: (label) => submit({ answer: undefined, text: label }),
      apiHost: host.apiHost,
      sessionId,
      log: (...args) => session.log(...args),
      expired: (error, typed) => session.expireUpload(error, typed),
      adoptStyles: (styles) => adoptStyles(host.renderRoot, styles),
      question: findQuestion(entries) ? QUESTION_ID : undefined,
      lang: language.lang,
    },
  });
}

function keydown({ focus, panel }: Chat, event: KeyboardEvent): void {
  focus.interacted = true;
  panel.keydown(event);
}

function restartClick(host: ChatHost, { focus }: Chat): void {
  focus.interacted = true;
  host.restart();
}

function widgetText(host: ChatHost, key: 'title' | 'subTitle'): string | undefined {
  return text(pick(host.widget, key));
}
