/**
 * The frame around the conversation: the panel's header (icon, title,
 * subtitle, the conversation's menu, mute switch, close button) and the bubble's launcher.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { FlowbotStrings } from '../i18n/lookup.js';
import { CHAT_PATH, CHEVRON_PATH, CLOSE_PATH } from '../theme/icon-paths.js';
import { voiceRenderers } from './on-demand-source.js';

/** The icon of `path` (one of `theme/icon-paths.ts`). */
const icon = (path: string): TemplateResult =>
  html`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d=${path} /></svg>`;

/** What the header shows. */
export interface HeaderView {
  readonly strings: FlowbotStrings;
  readonly title: string | undefined;
  readonly subTitle: string | undefined;
  readonly headerIcon: string | undefined;
  /** The voice's mute switch, when the voice is on (its code, on demand, is then there). */
  readonly voice: { readonly muted: boolean; readonly toggle: () => void } | undefined;
  /** The close button's action (bubble and popup). */
  readonly onClose: (() => void) | undefined;
  /** The conversation's menu (Download, Print), drawn by the on-demand part once it is there. */
  readonly menu?: TemplateResult | undefined;
}

/** The panel's header; its title (`id="title"`) names the panel. */
export function renderHeader(view: HeaderView): TemplateResult {
  const { strings, headerIcon, subTitle, voice, onClose } = view;
  return html`<header part="header" class="header">
    ${headerIcon ? html`<img part="header-icon" class="header-icon" src=${headerIcon} alt="" />` : nothing}
    <div class="heading">
      <div part="title" class="title" id="title">${view.title ?? strings.chat}</div>
      ${subTitle ? html`<div part="subtitle" class="subtitle">${subTitle}</div>` : nothing}
    </div>
    ${view.menu}${(voice && voiceRenderers.get()?.renderMuteButton(voice.muted, strings, voice.toggle)) || nothing}
    ${
      onClose
        ? html`<button part="close-button" class="icon-button" type="button" aria-label=${strings.closeChat} @click=${onClose}>
          ${icon(CLOSE_PATH)}
        </button>`
        : nothing
    }
  </header>`;
}

/** What the launcher shows. */
export interface LauncherView {
  readonly strings: FlowbotStrings;
  readonly isOpen: boolean;
  /** The widget's own icon, else a speech bubble; a chevron while the panel is open. */
  readonly icon: string | undefined;
  readonly onClick: () => void;
  readonly onKeydown: (event: KeyboardEvent) => void;
}

/** The bubble's floating launcher: opens the panel, and shows that a second press closes it. */
export function renderLauncher(view: LauncherView): TemplateResult {
  const { strings, isOpen } = view;
  return html`<button
    part="launcher"
    class="launcher"
    type="button"
    aria-label=${isOpen ? strings.closeChat : strings.openChat}
    aria-expanded=${isOpen ? 'true' : 'false'}
    aria-controls="panel"
    @click=${view.onClick}
    @keydown=${view.onKeydown}
  >
    ${
      isOpen
        ? icon(CHEVRON_PATH)
        : view.icon
          ? html`<img class="launcher-icon" src=${view.icon} alt="" />`
          : icon(CHAT_PATH)
    }
  </button>`;
}
