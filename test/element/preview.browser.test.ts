/**
 * The preview drawn before the widget's code (`src/element/preview/`) on its own, with no widget defined
 * in this page: its words are the widget's in the two languages it speaks, it reads its delay and the
 * visit's record as the widget does, and it leaves the rest to the widget. (Its hand-over to the
 * widget, its pixels and its events on a real page are in `test/e2e/preview.spec.ts`.)
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { drawPreview } from '../../src/element/preview/index.js';
import { recordKey } from '../../src/conversation/visit-storage.js';
import { en } from '../../src/i18n/en.js';
import { strings as portuguese } from '../../src/i18n/pt-br.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const widget = { aiFirstMessage: '  Hi!   Questions about\nyour order?  ' };

/** A closed bubble as the launcher's file leaves it: a plain element (no widget code), its launcher drawn. */
function bubble(attributes: Record<string, string> = {}, lang = 'en'): HTMLElement {
  const el = document.createElement('flowbot-chat');
  el.setAttribute('public-id', 'support');
  el.setAttribute('lang', lang);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  const launcher = document.createElement('button');
  launcher.setAttribute('part', 'launcher');
  el.attachShadow({ mode: 'open' }).append(launcher);
  document.body.append(el);
  return el;
}

let reached = 0;
const draw = (el: HTMLElement, preview: unknown = null) =>
  drawPreview(el, { widget, avatar: undefined, preview, pt: /^pt/.test(el.lang), reach: () => reached++ });
const card = (el: HTMLElement) => el.shadowRoot!.querySelector('[part~="preview"]');

beforeEach(() => {
  reached = 0;
  sessionStorage.clear();
});
afterEach(() => {
  document.querySelectorAll('flowbot-chat').forEach((el) => el.remove());
  sessionStorage.clear();
});

describe("the preview drawn before the widget's code", () => {
  it("says the widget's first message, white space collapsed, with the widget's words, after its delay", async () => {
    const el = bubble({ 'preview-delay': '0.2' });
    const told: unknown[] = [];
    el.addEventListener('flowbot-preview-show', (event) => told.push((event as CustomEvent).detail));
    draw(el);
    const said = el.shadowRoot!.querySelector('[role="status"]')!;
    // The live region is there, empty, before it speaks.
    expect(said.textContent).toBe('');
    await sleep(80);
    expect(card(el)).toBeNull();
    await sleep(300);
    expect(card(el)!.querySelector('.preview-open')!.textContent).toBe(
      `${en.openChat}: Hi! Questions about your order?`,
    );
    expect(card(el)!.querySelector('[part~="preview-close"]')!.getAttribute('aria-label')).toBe(en.dismissPreview);
    expect(said.textContent).toBe('Hi! Questions about your order?');
    expect(told).toEqual([{ text: 'Hi! Questions about your order?' }]);
    expect(reached).toBe(0);
  });

  it("speaks Portuguese on a Portuguese page, in the widget's words", async () => {
    const el = bubble({ 'preview-delay': '0' }, 'pt-BR');
    draw(el, 'Dúvidas?');
    await sleep(50);
    expect(card(el)!.querySelector('.preview-open')!.textContent).toBe(`${portuguese.pt!.openChat}: Dúvidas?`);
    expect(card(el)!.querySelector('[part~="preview-close"]')!.getAttribute('aria-label')).toBe(
      portuguese.pt!.dismissPreview,
    );
  });

  it('reads its delay as the widget does: anything but a number of seconds is 3 s', async () => {
    for (const delay of ['soon', '-1']) {
      const el = bubble({ 'preview-delay': delay });
      draw(el);
      await sleep(300);
      expect(card(el), delay).toBeNull();
      el.remove();
    }
    const set = bubble();
    (set as HTMLElement & { previewDelay: number }).previewDelay = 0;
    draw(set);
    await sleep(50);
    expect(card(set), 'a property set before the code (Flowbot.init, a framework)').not.toBeNull();
  });

  it("shows nothing in a visit that dismissed it or opened the panel, under the widget's key", async () => {
    for (const visit of [{ dismissed: true }, { opened: true }]) {
      const el = bubble({ 'preview-delay': '0', id: 'help' });
      sessionStorage.setItem(
        recordKey('visit', { publicId: 'support', apiHost: '', persistKey: '', id: 'help' }),
        JSON.stringify(visit),
      );
      draw(el);
      await sleep(50);
      expect(card(el), JSON.stringify(visit)).toBeNull();
      el.remove();
    }
  });

  it('remembers a dismissal for the visit, and tells it once', async () => {
    const el = bubble({ 'preview-delay': '0' });
    const told: unknown[] = [];
    el.addEventListener('flowbot-preview-dismiss', (event) => told.push((event as CustomEvent).detail));
    draw(el);
    await sleep(50);
    el.shadowRoot!.querySelector<HTMLElement>('[part~="preview-close"]')!.click();
    expect(card(el)).toBeNull();
    expect(el.shadowRoot!.querySelector('[role="status"]')).toBeNull();
    expect(told).toEqual([{ reason: 'close' }]);
    expect(
      JSON.parse(
        sessionStorage.getItem(recordKey('visit', { publicId: 'support', apiHost: '', persistKey: '', id: '' }))!,
      ),
    ).toEqual({ dismissed: true });
  });

  it('a text built as nodes: markup in the preview is shown as written, never run', async () => {
    const el = bubble({ 'preview-delay': '0' });
    draw(el, '<img src=x onerror="window.ran=1">Hi');
    await sleep(50);
    expect(card(el)!.querySelector('img')).toBeNull();
    expect(card(el)!.textContent).toContain('<img src=x onerror="window.ran=1">Hi');
    expect((window as { ran?: number }).ran).toBeUndefined();
  });
});
