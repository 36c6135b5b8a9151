import { expect, fixture, html } from '@open-wc/testing';
import { afterEach, describe, it, vi } from 'vitest';
import { cdp } from 'vitest/browser';
import type { FlowbotChat } from '../../../src/element/flowbot-chat.js';
import { $, part } from '../../support/widget-dom.js';
import { inputShown, typeAndSend, until } from '../../support/widget-actions.js';
import { startResponse, stubViewer } from '../../support/fake-viewer.js';
import {
  backgroundOf,
  contrast,
  focusRingOf,
  largeText,
  over,
  parseColour,
  textColourOf,
  textElements,
  type Rgba,
} from '../wcag-helpers.js';
import { EVERY_PAIR } from '../../support/widget-colours.js';

/** Emulates the visitor's system preference (`prefers-color-scheme`). */
const prefer = (value: 'light' | 'dark') =>
  cdp().send('Emulation.setEmulatedMedia', { media: '', features: [{ name: 'prefers-color-scheme', value }] });

afterEach(async () => {
  vi.restoreAllMocks();
  await prefer('light');
});

/** Widget resources: the colours of one with every pair, a light primary and a dark one. */
const WIDGETS: Record<string, Record<string, unknown>> = {
  'every pair': { title: 'Support', ...EVERY_PAIR },
  'a light primary': { title: 'Support', primaryColor: '#ffd400', secondaryColor: '#1a1a1a' },
  'a dark primary': { title: 'Support', primaryColor: '#1a237e', secondaryColor: '#ffffff' },
  'no colours': { title: 'Support' },
};

/** A conversation with a header, a bot bubble, a visitor bubble and the answer field, in `scheme`. */
async function conversation(
  widget: Record<string, unknown>,
  scheme?: string,
  styles: Record<string, string> = {},
): Promise<FlowbotChat> {
  stubViewer(startResponse(), [{ messages: [], input: { id: 'in-2', type: 'text input' } }]);
  const el = await fixture<FlowbotChat>(
    html`<flowbot-chat public-id="stub" color-scheme=${scheme ?? 'light'} .widget=${widget}></flowbot-chat>`,
  );
  for (const [name, value] of Object.entries(styles)) el.style.setProperty(name, value);
  await inputShown(el);
  await typeAndSend(el, 'Hi');
  await until(() => $(el, '.row.user.sent'));
  return el;
}

const luminance = ([r, g, b]: Rgba) => contrast([r, g, b, 1], [0, 0, 0, 1]);
const panelOf = (el: FlowbotChat) => backgroundOf(part(el, 'panel')!);
/** Whether the panel is painted dark (nearer black than white). */
const isDark = (el: FlowbotChat) => luminance(panelOf(el)) < 2;

/** Every text under 4.5:1 (3:1 when large) on what is painted behind it. */
function lowTexts(el: FlowbotChat): string[] {
  return textElements(el)
    .map((node) => ({ node, ratio: contrast(textColourOf(node), backgroundOf(node)) }))
    .filter(({ node, ratio }) => ratio < (largeText(node) ? 3 : 4.5))
    .map(({ node, ratio }) => `"${node.textContent!.trim().slice(0, 30)}" ${ratio.toFixed(2)}:1`);
}

/** The field's edge against the panel, and its focus ring against what surrounds it. */
function edges(el: FlowbotChat): { field: number; ring: number } {
  const field = part(el, 'input')!;
  const around = backgroundOf(field.parentElement!);
  const style = getComputedStyle(field);
  const edge = over(parseColour(style.borderTopColor), around);
  field.focus();
  const ring = focusRingOf(field)!;
  const ringColour = over(parseColour(getComputedStyle(ring).outlineColor), around);
  return { field: contrast(edge, around), ring: contrast(ringColour, around) };
}

describe('<flowbot-chat>', () => {
  describe('color-scheme', () => {
    it('is light by default, and with color-scheme="light"', async () => {
      const el = await conversation(WIDGETS['every pair']!, undefined);
      expect(el.colorScheme).to.equal('light');
      expect(panelOf(el)).to.deep.equal([255, 255, 255, 1]);
    });

    for (const [name, widget] of Object.entries(WIDGETS))
      it(`draws a dark panel from the widget's colours, every text 4.5:1 and every edge 3:1, light and dark (${name})`, async () => {
        const figures: string[] = [];
        for (const scheme of ['light', 'dark']) {
          const el = await conversation(widget, scheme);
          if (scheme === 'dark') await until(() => isDark(el));
          else expect(isDark(el)).to.equal(false);
          expect(lowTexts(el), `${scheme}: texts under 4.5:1`).to.deep.equal([]);
          const { field, ring } = edges(el);
          expect(field, `${scheme}: the field's edge`).to.be.at.least(3);
          expect(ring, `${scheme}: the focus ring`).to.be.at.least(3);
          // Dark: the send button (an icon) stands out from the panel by its fill too (in light, a yellow
          // primary's does not, as before: its icon is what reads, 4.5:1 on the fill).
          const send = contrast(backgroundOf(part(el, 'send-button')!), panelOf(el));
          if (scheme === 'dark') expect(send, 'dark: the send button').to.be.at.least(3);
          figures.push(`${scheme}: field ${field.toFixed(2)}, ring ${ring.toFixed(2)}, send ${send.toFixed(2)}`);
          el.remove();
        }
        console.info(`${name}: ${figures.join('; ')}`);
      });

    it("keeps the primary colour as the accent: the header and the send button in the widget's yellow", async () => {
      const el = await conversation(WIDGETS['a light primary']!, 'dark');
      await until(() => isDark(el));
      expect(getComputedStyle(part(el, 'header')!).backgroundColor).to.equal('rgb(255, 212, 0)');
      expect(getComputedStyle(part(el, 'send-button')!).backgroundColor).to.equal('rgb(255, 212, 0)');
      expect(getComputedStyle(el).colorScheme).to.equal('dark');
    });

    it('lets the custom properties the page sets win over the dark palette', async () => {
      const el = await conversation(WIDGETS['every pair']!, 'dark', {
        '--flowbot-background-color': '#102030',
        '--flowbot-bot-bubble-color': '#203040',
        '--flowbot-border-color': '#a0b0c0',
      });
      // The page's colours are dark too: wait for the palette's own, the bot's text.
      await until(() => getComputedStyle(part(el, 'bot-message')!).color !== 'rgb(120, 53, 15)');
      expect(getComputedStyle(part(el, 'panel')!).backgroundColor).to.equal('rgb(16, 32, 48)');
      expect(getComputedStyle(part(el, 'bot-message')!).backgroundColor).to.equal('rgb(32, 48, 64)');
      expect(getComputedStyle(part(el, 'panel')!).borderTopColor).to.equal('rgb(160, 176, 192)');
      // What the page leaves unsaid is the dark palette's: light text on the page's dark bubble.
      expect(luminance(parseColour(getComputedStyle(part(el, 'bot-message')!).color))).to.be.greaterThan(7);
    });

    it('follows the visitor\'s system with color-scheme="auto", live, both ways', async () => {
      await prefer('light');
      const el = await conversation(WIDGETS['every pair']!, 'auto');
      expect(isDark(el)).to.equal(false);
      await prefer('dark');
      await until(() => isDark(el));
      expect(lowTexts(el)).to.deep.equal([]);
      await prefer('light');
      await until(() => !isDark(el));
      expect(panelOf(el)).to.deep.equal([255, 255, 255, 1]);
    });

    it('turns dark and back when the property changes', async () => {
      const el = await conversation(WIDGETS['every pair']!);
      el.colorScheme = 'dark';
      await until(() => isDark(el));
      el.colorScheme = 'light';
      await until(() => !isDark(el));
    });
  });
});
