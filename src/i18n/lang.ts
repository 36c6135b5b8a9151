/**
 * The language of a widget, as a reactive controller: the host's `lang`, else
 * the closest ancestor's, else the page's (`<html lang>`), followed live: a
 * page that changes any of them after the widget mounted (a language switcher)
 * switches the widget's words. A language this build does not carry is
 * fetched (`load`) and drawn once it has arrived.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { languageFile, mayArrive, stringsFor, type FlowbotStrings } from './lookup.js';

/** The language of `host`: its own `lang`, else its closest ancestor's, else the page's. */
export const langOf = (host: Pick<Element, 'closest'>): string =>
  host.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang;

export class LangController implements ReactiveController {
  /** The language tag in effect ('' when neither the host nor the page says). */
  lang = '';
  /** The strings of `lang`, else English. */
  strings: FlowbotStrings = stringsFor('');
  /**
   * `rtl` when the widget speaks a language written right to left (Arabic, Hebrew) and neither it nor
   * an element around it has a `dir`: its own words are then laid out as they are written, on a page
   * that says nothing of direction. Else undefined: the page's direction.
   */
  dir: 'rtl' | undefined;
  /** The words of `lang` on their way, if they are (what is drawn once, markdown, waits for them). */
  pending: Promise<void> | undefined;
  #watch: MutationObserver | undefined;
  readonly #asked = new Set<string>();

  readonly #host: ReactiveControllerHost & Element;
  readonly #load: (lang: string) => Promise<void>;
  constructor(
    host: ReactiveControllerHost & Element,
    /** Brings the words of a language the widget ships, into the strings (`addStrings`). */
    load: (lang: string) => Promise<void>,
  ) {
    this.#host = host;
    this.#load = load;
    host.addController(this);
  }

  hostConnected(): void {
    // Only `lang` and `dir` attributes are reported, anywhere in the page: they change rarely.
    this.#watch = new MutationObserver(() => this.#host.requestUpdate());
    this.#watch.observe(document, { attributes: true, attributeFilter: ['lang', 'dir'], subtree: true });
  }

  hostDisconnected(): void {
    this.#watch?.disconnect();
  }

  hostUpdate(): void {
    const lang = langOf(this.#host);
    this.lang = lang;
    this.strings = stringsFor(lang);
    // By the language's tag, not its words: drawn so from the first render, not once they arrive.
    this.dir = /^(ar|he)$/.test(languageFile(lang) ?? '') && !this.#host.closest('[dir]') ? 'rtl' : undefined;
    if (mayArrive(lang) && !this.#asked.has(lang)) {
      this.#asked.add(lang);
      const pending = (this.pending = this.#load(lang).then(
        () => this.#host.requestUpdate(),
        // Without them the widget speaks English; a later update asks again.
        () => void this.#asked.delete(lang),
      ));
      void pending.then(() => {
        if (this.pending === pending) this.pending = undefined;
      });
    }
  }
}
