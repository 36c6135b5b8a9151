/**
 * The frame around the conversation: the panel's header (icon, title,
 * subtitle, the conversation's menu, mute switch, close button) and the bubble's launcher.
 */
import { html, nothing, svg, type TemplateResult } from 'lit';
import type { FlowbotStrings } from '../i18n/lookup.js';
import { voiceRenderers } from './on-demand-source.js';

const chatIcon = svg`<path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12Z" />`;
const closeIcon = svg`<path d="M6 6l12 12M18 6 6 18" />`;
const chevronDown = svg`<path d="m6 9 6 6 6-6" />`;
const icon = (path: TemplateResult): TemplateResult =>
  html`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">${path}</svg>`;

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
          ${icon(closeIcon)}
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
        ? icon(chevronDown)
        : view.icon
          ? html`<img class="launcher-icon" src=${view.icon} alt="" />`
          : icon(chatIcon)
    }
  </button>`;
}
