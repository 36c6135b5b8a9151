/**
 * What the script-tag file shows when the widget's code will not run (it
 * failed its integrity check, could not be loaded, or the page refused to let
 * it load): the widget's own "unavailable" notice, in a shadow root, in
 * Portuguese on a `pt` page and in English elsewhere. A stand-in element takes
 * the tag name, so the widgets already on the page and those added later all say it.
 */

/** The notice in English: the widget's own `unavailable` string (a test keeps them equal). */
export const unavailableEn = 'This chat is unavailable';
/** The notice in Portuguese: the widget's own `unavailable` string in `pt-BR`. */
export const unavailablePt = 'Este chat não está disponível';

/** Makes every `<flowbot-chat>` on the page, now and later, show the unavailable notice. */
export function showUnavailable(): void {
  if (!customElements.get('flowbot-chat'))
    customElements.define(
      'flowbot-chat',
      class extends HTMLElement {
        connectedCallback(): void {
          // The widget's own choice: the closest `lang`, Portuguese for any `pt` tag.
          const lang = (this.closest('[lang]') as HTMLElement | null)?.lang ?? '';
          (this.shadowRoot ?? this.attachShadow({ mode: 'open' })).textContent = /^pt([-_]|$)/i.test(lang)
            ? unavailablePt
            : unavailableEn;
        }
      },
    );
}
