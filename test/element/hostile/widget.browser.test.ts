/**
 * `<flowbot-chat>` against a hostile server: every attack string of the
 * corpus in every field the widget shows or uses (the Widget resource, the
 * start response, four continue responses). One widget per string, a batch of
 * them talking at once.
 */
import { fixture, html } from '@open-wc/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FlowbotChat } from '../../../src/element/flowbot-chat.js';
import { $, part, parts } from '../../support/widget-dom.js';
import { typeAndSend, until } from '../../support/widget-actions.js';
import { ALL_PAYLOADS, HOSTILE_CORPUS, type HostilePayload } from './corpus.js';
import { canaryFired, dangersIn, resetCanary, visible } from './inspect.js';
import { hostileConversation, hostileWidget, MARK, serveConversations } from './script.js';

const BATCH = 20;
const run = Math.random().toString(36).slice(2, 8);
const prefix = `hostile-${run}-`;

/** Uncaught errors, rejections and console errors of the page while a test runs. */
let problems: string[] = [];
const onError = (event: ErrorEvent) => problems.push(`error: ${event.message}`);
const onRejection = (event: PromiseRejectionEvent) => problems.push(`unhandledrejection: ${String(event.reason)}`);

beforeEach(() => {
  problems = [];
  resetCanary();
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    problems.push(`console.error: ${args.map(String).join(' ')}`);
  });
  // Dialogs would block the run; a payload that opens one has run, so they set the canary.
  for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
    vi.spyOn(window, name).mockImplementation((() => {
      (window as { __pwned?: unknown }).__pwned = name;
    }) as never);
  }
});

afterEach(() => {
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onRejection);
  vi.restoreAllMocks();
  resetCanary();
});

const ownSheets = new Set(
  FlowbotChat.elementStyles
    .map((s) => (s instanceof CSSStyleSheet ? s : s.styleSheet))
    .filter((s): s is CSSStyleSheet => !!s),
);
const textBubbles = (el: FlowbotChat): string[] =>
  [...el.shadowRoot!.querySelectorAll('.fb-text')].map((n) => n.textContent ?? '');

/** What the hostile inputs showed while they were the current input. */
interface Seen {
  choice: string;
  search: string;
  choiceSend: string;
  placeholder: string;
  label: string;
  textSend: string;
  suggestions: string[];
}

/** Drives conversation `index` like a visitor, through all five turns. */
async function converse(el: FlowbotChat, index: number, inputs: string[]): Promise<Seen> {
  // Turn 1: a searchable multiple choice; pick the hostile item, send with the hostile button.
  await until(() => inputs.length === 1 && parts(el, 'choice').length === 2, 10_000);
  const choice = parts(el, 'choice')[0]!;
  const seen: Partial<Seen> = {
    choice: choice.textContent?.trim() ?? '',
    search: part<HTMLInputElement>(el, 'search')?.placeholder ?? '',
  };
  choice.click();
  const send = await until(() => {
    const button = part<HTMLButtonElement>(el, 'send-button');
    return button && !button.disabled ? button : undefined;
  });
  seen.choiceSend = send.textContent?.trim() ?? '';
  send.click();
  // Turns 2 and 3: a picture choice and cards, answered through the public API.
  await until(() => inputs.length === 2, 10_000);
  expect(el.send('picked')).toBe(true);
  await until(() => inputs.length === 3, 10_000);
  expect(el.send('card')).toBe(true);
  // Turn 4: a text input with hostile labels; the visitor types and sends.
  await until(() => inputs.length === 4, 10_000);
  const field = await until(() => $<HTMLInputElement>(el, '.composer [part~="input"]'));
  seen.placeholder = field.placeholder;
  seen.label = field.getAttribute('aria-label') ?? '';
  seen.textSend = part(el, 'send-button')?.textContent?.trim() ?? '';
  seen.suggestions = parts(el, 'suggestion').map((s) => s.textContent?.trim() ?? '');
  await typeAndSend(el, `still here ${index}`);
  await until(() => inputs.length === 5 && textBubbles(el).some((t) => t === `Still talking ${index}`), 10_000);
  return seen as Seen;
}

/** Every visible consequence of payload `p` in widget `el`, checked. */
function checkWidget(el: FlowbotChat, payload: HostilePayload, seen: Seen, windowOpens: string[]): void {
  const p = payload.value;
  const where = `payload ${payload.id}`;
  expect(dangersIn(el, ownSheets), where).toEqual([]);
  expect(el.getAttribute('style'), where).toBeNull();

  // Text stays text: the literal string shows wherever it is text.
  expect(part(el, 'title')!.textContent, where).toBe(p);
  expect(part(el, 'subtitle')!.textContent, where).toBe(p);
  const texts = textBubbles(el);
  expect(texts[0], `${where}: greeting`).toBe(visible(p.trim()));
  const shows = (wanted: string) => texts.some((t) => t.includes(wanted));
  expect(shows(`${MARK.rich[0]}${visible(p)}${MARK.rich[1]}`), `${where}: rich text`).toBe(true);
  expect(shows(`${MARK.retry[0]}${visible(p)}${MARK.retry[1]}`), `${where}: retry message`).toBe(true);
  const code = texts.find((t) => t.includes(MARK.code));
  expect(code, `${where}: fenced code`).toBeDefined();
  if (!/[`\r\n]/.test(p)) expect(code, `${where}: fenced code`).toContain(p.trim());
  const prose = texts.find((t) => t.includes(MARK.prose));
  expect(prose, `${where}: markdown`).toBeDefined();
  if (payload.kind !== 'markdown' && !/[*`\r\n]/.test(p)) expect(prose, `${where}: markdown`).toContain(p.trim());
  // The server's normalised form of the first answer replaces what was picked.
  expect(parts(el, 'user-message')[0]!.textContent, `${where}: lastMessageNewFormat`).toBe(p);
  // Labels of inputs and items: attributes and text, never markup.
  expect(seen, where).toEqual({
    choice: p.trim(),
    search: p,
    choiceSend: p.trim(),
    placeholder: p,
    label: p,
    textSend: p.trim(),
    // Suggested replies (`defaultMessages`), when the widget offers them.
    suggestions: seen.suggestions.map(() => p.trim()),
  });

  // Where the widget navigates: only web URLs, in a new tab.
  for (const url of windowOpens)
    expect(['http:', 'https:'], `${where}: window.open(${url})`).toContain(new URL(url).protocol);

  // The theme did not hide or restyle the panel with server CSS.
  const panel = part(el, 'panel')!;
  expect(panel.getBoundingClientRect().height, `${where}: panel visible`).toBeGreaterThan(0);
  expect(getComputedStyle(panel).backgroundImage, where).toBe('none');
  expect(getComputedStyle(part(el, 'header')!).backgroundImage, where).toBe('none');
  // A background image from the server is a web URL or nothing.
  const background = getComputedStyle(part(el, 'messages')!).backgroundImage;
  expect(background, where).toMatch(/^(?:none|url\("https?:\/\/[^"]*"\))$/);
}

describe('<flowbot-chat>', () => {
  describe('with a hostile server', () => {
    it('has a corpus of at least 60 attack strings of every kind', () => {
      expect(HOSTILE_CORPUS.length).toBeGreaterThanOrEqual(60);
      const kinds = new Set(HOSTILE_CORPUS.map((p) => p.kind));
      expect([...kinds].sort()).toEqual(['css', 'html', 'markdown', 'unicode', 'url']);
      expect(new Set(ALL_PAYLOADS.map((p) => p.id)).size).toBe(ALL_PAYLOADS.length);
      // The disguises the issue names are all there.
      const all = ALL_PAYLOADS.map((p) => p.value).join('\n');
      for (const needle of [
        'javascript:',
        'JAVASCRIPT',
        'data:',
        'vbscript:',
        '&#',
        '&colon;',
        '\t',
        '\u0000',
        '<script>',
        '<iframe srcdoc',
        '<svg',
        ' onerror=',
        '"',
        'expression(',
        'url(',
        '\u202e',
        '\u200b',
        'ｊａｖａｓｃｒｉｐｔ',
        '\u0430',
      ]) {
        expect(all, needle).toContain(needle);
      }
    });

    for (let from = 0; from < ALL_PAYLOADS.length; from += BATCH) {
      const batch = ALL_PAYLOADS.slice(from, from + BATCH);
      const name = `keeps payloads ${from + 1}-${from + batch.length} (${batch[0]!.id} … ${batch.at(-1)!.id}) inert in every field and goes on talking`;
      it(name, async () => {
        const conversations = new Map(
          batch.map((payload, i) => [from + i, hostileConversation(from + i, payload.value, !!payload.scheme)]),
        );
        const calls = serveConversations(prefix, conversations);
        const openSpy = vi.spyOn(window, 'open').mockReturnValue(null);
        const inputs: string[][] = batch.map(() => []);
        const container = await fixture<HTMLDivElement>(html`<div></div>`);
        const widgets = batch.map((payload, i) => {
          const el = document.createElement('flowbot-chat');
          el.publicId = `${prefix}${from + i}`;
          el.widget = hostileWidget(payload.value, i % 2 === 1);
          if (i % 2) {
            el.mode = 'bubble';
            el.open = true;
          }
          el.addEventListener('flowbot-input', (event) => inputs[i]!.push(event.detail.input.id));
          container.append(el);
          return el;
        });

        const seen = await Promise.all(widgets.map((el, i) => converse(el, from + i, inputs[i]!)));

        expect(canaryFired(), 'a payload ran').toBe(false);
        const urls = openSpy.mock.calls.map((call) => String(call[0]));
        widgets.forEach((el, i) => checkWidget(el, batch[i]!, seen[i]!, urls));
        // What the visitor picked went out as the item's value, verbatim.
        batch.forEach((payload, i) => {
          const first = calls.find((c) => c.index === from + i && c.kind === 'continue');
          expect(first?.body, payload.id).toEqual({
            message: { type: 'text', text: payload.value, metadata: { replyId: 'c1' } },
          });
        });
        expect(problems).toEqual([]);
      });
    }
  });
});
