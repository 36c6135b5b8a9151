/**
 * The language of a widget, as a reactive controller: the host's `lang`, else
 * the closest ancestor's, else the page's (`<html lang>`), followed live: a
 * page that changes any of them after the widget mounted (a language switcher)
 * switches the widget's words. A language this build does not carry is
 * fetched (`load`) and drawn once it has arrived.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { mayArrive, stringsFor, type FlowbotStrings } from './lookup.js';

/** The language of `host`: its own `lang`, else its closest ancestor's, else the page's. */
export const langOf = (host: Pick<Element, 'closest'>): string =>
  host.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang;

export class LangController implements ReactiveController {
  /** The language tag in effect ('' when neither the host nor the page says). */
  lang = '';
  /** The strings of `lang`, else English. */
  strings: FlowbotStrings = stringsFor('');
  /** The words of `lang` on their way, if they are (what is drawn once, markdown, waits for them). */
  pending: Promise<void> | undefined;
  #watch: MutationObserver | undefined;
  readonly #asked = new Set<string>();

  readonly #host: ReactiveControllerHost & Element;
  readonly #load: (lang: string) => Promise<void>;
  constructor(
    host: ReactiveControllerHost & Element,
    /** Brings the words of a language the widget ships, into the catalogues (`addCatalogues`). */
    load: (lang: string) => Promise<void>,
  ) {
    this.#host = host;
    this.#load = load;
    host.addController(this);
  }

  hostConnected(): void {
    // Only `lang` attributes are reported, anywhere in the page: they change rarely.
    this.#watch = new MutationObserver(() => this.#host.requestUpdate());
    this.#watch.observe(document, { attributes: true, attributeFilter: ['lang'], subtree: true });
  }

  hostDisconnected(): void {
    this.#watch?.disconnect();
  }

  hostUpdate(): void {
    const lang = langOf(this.#host);
    this.lang = lang;
    this.strings = stringsFor(lang);
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
