/**
 * The notice before a conversation (`notice`: the site's text, its links written `[text](url)`) and
 * the consent it may ask for (`consent="required"`): until the visitor accepts, the widget sends
 * nothing to the viewer (the start policy asks `accepted`, and the script-tag file sent no early
 * start). Accepting starts the conversation; with `persist` it is remembered (`flowbot-chat-consent:`
 * and the widget's storage key, in the same storage), so a reload starts at once. Declining says so and
 * keeps Accept: nothing is sent, and the visitor may change their mind. The notice stays above the
 * conversation. Everything is text and elements: a link is an `<a>` only for `http:`, `https:` or
 * `mailto:`, opened in a new tab; anything else stays text.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { besideKey, storageKey, storageOf } from '../../conversation/storage-key.js';
import type { FlowbotStrings } from '../../i18n/strings.js';
import { safeUrl } from '../../protocol/safe-url.js';
import { adoptStyles } from '../../theme/sheets.js';
import { consentStyles } from './consent.styles.js';

/** What the notice reads of the element. */
export interface ConsentHost {
  readonly notice?: string;
  readonly consent?: string;
  readonly publicId: string;
  readonly apiHost: string;
  readonly persist: string;
  readonly persistKey: string;
  readonly id: string;
  readonly renderRoot: HTMLElement | DocumentFragment;
  requestUpdate(): void;
}

/** The most characters of a notice that are shown. */
const MAX_NOTICE = 1_000;
/** A link written as markdown's: `[text](url)`. */
const LINK = /\[([^\]\n]{1,200})\]\(([^)\s]{1,2000})\)/g;

/** `text` as text nodes and safe links (a link whose URL is not allowed stays as written). */
export function noticeContent(text: string): (string | TemplateResult)[] {
  const out: (string | TemplateResult)[] = [];
  let at = 0;
  for (const match of text.slice(0, MAX_NOTICE).matchAll(LINK)) {
    const url = safeUrl(match[2], { allow: ['http:', 'https:', 'mailto:'] });
    if (!url) continue;
    out.push(
      text.slice(at, match.index),
      html`<a href=${url} target="_blank" rel="noopener noreferrer">${match[1]}</a>`,
    );
    at = match.index + match[0].length;
  }
  out.push(text.slice(at, MAX_NOTICE));
  return out;
}

export class Consent {
  readonly #host: ConsentHost;
  /** The visitor declined (for this page: asked again on the next). */
  #declined = false;
  #accepted: boolean;

  constructor(host: ConsentHost) {
    this.#host = host;
    // A site owner's mistake (`consent="true"`, `consent="yes"`): it asks for nothing, and the start is not held.
    if (host.consent && host.consent !== 'required')
      console.warn(
        `flowbot-chat: consent="${host.consent}" asks for nothing: write consent="required" to send nothing before the visitor accepts.`,
      );
    this.#accepted = this.#storage()?.getItem(this.#key()) === '1';
    adoptStyles(host.renderRoot, consentStyles);
  }

  /** Whether the conversation may start: no consent asked for, or it was given. */
  get accepted(): boolean {
    return this.#host.consent !== 'required' || this.#accepted;
  }

  /** The notice (and the consent's buttons while it is asked for), above the conversation. */
  render(strings: FlowbotStrings): TemplateResult | typeof nothing {
    const host = this.#host;
    const text = `${host.notice ?? ''}`.trim() || (host.consent === 'required' ? strings.aiNotice : '');
    if (!text) return nothing;
    const asking = !this.accepted;
    return html`<div part="notice" class="consent" role=${asking ? 'region' : 'note'} aria-label=${asking ? strings.aiNotice : nothing}>
      <p class="consent-text" dir="auto">${noticeContent(text)}</p>
      ${
        asking
          ? html`${this.#declined ? html`<p class="consent-text" role="status">${strings.consentDeclined}</p>` : nothing}
            <div class="consent-actions">
              <button type="button" part="consent-accept" class="consent-accept" @click=${() => this.#answer(true)}>
                ${strings.consentAccept}
              </button>
              ${
                this.#declined
                  ? nothing
                  : html`<button type="button" part="consent-decline" class="consent-decline" @click=${() => this.#answer(false)}>
                    ${strings.consentDecline}
                  </button>`
              }
            </div>`
          : nothing
      }
    </div>`;
  }

  #answer(accepted: boolean): void {
    this.#accepted = accepted;
    this.#declined = !accepted;
    if (accepted) {
      try {
        this.#storage()?.setItem(this.#key(), '1');
      } catch {
        // Storage refused: accepted for this page only.
      }
    }
    this.#host.requestUpdate();
  }

  #key(): string {
    const host = this.#host;
    return besideKey(storageKey(host.publicId, host.apiHost, (host.persistKey || host.id).trim()), 'consent');
  }

  /** Where the acceptance is remembered: the storage of `persist`, none without it. */
  #storage(): Storage | undefined {
    return storageOf(this.#host.persist);
  }
}
