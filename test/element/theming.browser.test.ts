import { expect, fixture, html } from '@open-wc/testing';
import { afterEach, describe, it, vi } from 'vitest';
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { mountInput, unavailable } from './controls-helpers.js';
import { $, part } from '../support/widget-dom.js';
import { inputShown, typeAndSend, until } from '../support/widget-actions.js';
import { startResponse, stubViewer } from '../support/fake-viewer.js';
import { DARK } from '../support/dark-theme.js';
import { EVERY_PAIR } from '../support/widget-colours.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const colours = { title: 'Themed', ...EVERY_PAIR };

const bg = (node: Element | null) => getComputedStyle(node!).backgroundColor;
const fg = (node: Element | null) => getComputedStyle(node!).color;

function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** A conversation with one bot bubble and one visitor bubble. */
async function conversation(
  widget: Record<string, unknown>,
  start: Record<string, unknown> = {},
): Promise<FlowbotChat> {
  stubViewer(startResponse(start), [{ messages: [], input: { id: 'in-2', type: 'text input' } }]);
  const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub" .widget=${widget}></flowbot-chat>`);
  await inputShown(el);
  await typeAndSend(el, 'Hi');
  await until(() => el.shadowRoot!.querySelector('.row.user.sent'));
  return el;
}

describe('<flowbot-chat>', () => {
  describe('theming', () => {
    it("puts the widget's colour pairs on the header, send button, bot and visitor bubbles", async () => {
      const el = await conversation(colours);
      expect(bg(part(el, 'header'))).to.equal('rgb(124, 58, 237)');
      expect(fg(part(el, 'header'))).to.equal('rgb(255, 255, 255)');
      expect(bg(part(el, 'send-button'))).to.equal('rgb(124, 58, 237)');
      expect(bg(part(el, 'bot-message'))).to.equal('rgb(254, 243, 199)');
      expect(fg(part(el, 'bot-message'))).to.equal('rgb(120, 53, 15)');
      expect(bg(part(el, 'user-message'))).to.equal('rgb(6, 95, 70)');
      expect(fg(part(el, 'user-message'))).to.equal('rgb(236, 253, 245)');
      await expect(el).to.be.accessible();
    });

    it("lets the host page's CSS win over the widget's colours", async () => {
      const style = document.createElement('style');
      style.textContent =
        'flowbot-chat.brand { --flowbot-primary-color: rgb(1, 2, 3); --flowbot-bot-bubble-color: rgb(4, 5, 6); }';
      document.head.append(style);
      try {
        const el = await conversation(colours);
        el.classList.add('brand');
        expect(bg(part(el, 'header'))).to.equal('rgb(1, 2, 3)');
        expect(bg(part(el, 'bot-message'))).to.equal('rgb(4, 5, 6)');
        expect(bg(part(el, 'user-message'))).to.equal('rgb(6, 95, 70)');
      } finally {
        style.remove();
      }
    });

    it('styles the parts from outside', async () => {
      const style = document.createElement('style');
      style.textContent = 'flowbot-chat.parts::part(bot-message) { background-color: rgb(9, 9, 9); }';
      document.head.append(style);
      try {
        const el = await conversation({});
        el.classList.add('parts');
        expect(bg(part(el, 'bot-message'))).to.equal('rgb(9, 9, 9)');
      } finally {
        style.remove();
      }
    });

    it('ignores an invalid colour with one warning, however often the theme is worked out again', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      // The bot's theme comes with the start, after the widget's first look: the widget's colours are read again.
      const el = await conversation(
        { primaryColor: 'url(javascript:alert(1))', secondaryColor: '#ffffff' },
        { flowbot: { theme: { chat: { hostBubbles: { backgroundColor: '#fef3c7' } } } } },
      );
      expect(bg(part(el, 'header') ?? part(el, 'send-button'))).to.equal('rgb(29, 78, 216)');
      expect(bg(part(el, 'bot-message'))).to.equal('rgb(254, 243, 199)');
      const lines = warn.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('primaryColor'));
      expect(lines).to.deep.equal(['<flowbot-chat>: ignoring widget.primaryColor: not a single CSS colour']);
    });

    it('adjusts a text colour that would be unreadable on its fill', async () => {
      const el = await conversation({ primaryAIColor: '#ffffff', secondaryAIColor: '#f5f5f5' });
      const bubble = part(el, 'bot-message');
      expect(bg(bubble)).to.equal('rgb(255, 255, 255)');
      expect(contrast(bg(bubble), fg(bubble))).to.be.at.least(4.5);
    });

    it("uses the bot's theme beneath the widget's values", async () => {
      const theme = {
        chat: {
          hostBubbles: { backgroundColor: '#dbeafe', color: '#1e3a8a' },
          buttons: { backgroundColor: '#be123c', color: '#ffffff' },
        },
      };
      const el = await conversation({ primaryColor: '#15803d', secondaryColor: '#ffffff' }, { flowbot: { theme } });
      expect(bg(part(el, 'bot-message'))).to.equal('rgb(219, 234, 254)');
      expect(bg(part(el, 'send-button'))).to.equal('rgb(21, 128, 61)');
    });

    describe("the site's colours over the bot's theme (docs/theming.md)", () => {
      /** A bot theme in indigo, as the reference server's support bot has. */
      const indigo = {
        chat: {
          buttons: { backgroundColor: '#4f46e5', color: '#ffffff' },
          guestBubbles: { backgroundColor: '#4f46e5', color: '#ffffff' },
        },
        general: { progressBar: { color: '#4f46e5', backgroundColor: '#e0e7ff' } },
      };
      const teal = 'rgb(15, 118, 110)';
      const themed = (widget: Record<string, unknown>) =>
        conversation(widget, { flowbot: { theme: indigo }, progress: 50 });
      const bar = (el: FlowbotChat) => getComputedStyle(part(el, 'progress')!, '::before').backgroundColor;
      const track = (el: FlowbotChat) => getComputedStyle(part(el, 'progress')!).backgroundColor;

      it("gives the visitor's bubbles and the progress bar the Widget resource's primary colour (the README's example)", async () => {
        const el = await themed({ title: 'Acme support', primaryColor: '#0f766e', secondaryColor: '#ffffff' });
        expect(bg(part(el, 'header'))).to.equal(teal);
        expect(bg(part(el, 'user-message'))).to.equal(teal);
        expect(fg(part(el, 'user-message'))).to.equal('rgb(255, 255, 255)');
        expect(bar(el)).to.equal(teal);
        // Its track, a tint behind it, stays the theme's.
        expect(track(el)).to.equal('rgb(224, 231, 255)');
      });

      it("keeps the bot's theme where the site says nothing", async () => {
        const el = await themed({ title: 'Acme support' });
        expect(bg(part(el, 'header'))).to.equal('rgb(79, 70, 229)');
        expect(bg(part(el, 'user-message'))).to.equal('rgb(79, 70, 229)');
        expect(bar(el)).to.equal('rgb(79, 70, 229)');
        expect(track(el)).to.equal('rgb(224, 231, 255)');
      });

      it("gives the visitor's bubbles the Widget resource's own visitor colour over its primary", async () => {
        const el = await themed({
          primaryColor: '#0f766e',
          primaryUserColor: '#065f46',
          secondaryUserColor: '#ecfdf5',
        });
        expect(bg(part(el, 'user-message'))).to.equal('rgb(6, 95, 70)');
        expect(fg(part(el, 'user-message'))).to.equal('rgb(236, 253, 245)');
      });

      it("gives them the page's --flowbot-primary-color over the bot's theme", async () => {
        const el = await themed({});
        el.style.setProperty('--flowbot-primary-color', 'rgb(1, 2, 3)');
        expect(bg(part(el, 'header'))).to.equal('rgb(1, 2, 3)');
        expect(bg(part(el, 'user-message'))).to.equal('rgb(1, 2, 3)');
        expect(bar(el)).to.equal('rgb(1, 2, 3)');
        el.style.setProperty('--flowbot-user-bubble-color', 'rgb(4, 5, 6)');
        expect(bg(part(el, 'user-message'))).to.equal('rgb(4, 5, 6)');
        el.removeAttribute('style');
      });
    });

    it('updates the colours when the widget changes', async () => {
      const el = await conversation(colours);
      el.widget = { ...colours, primaryColor: '#0f766e' };
      await el.updateComplete;
      expect(bg(part(el, 'header'))).to.equal('rgb(15, 118, 110)');
    });

    it('never writes an inline style attribute', async () => {
      const el = await conversation(colours);
      expect(el.hasAttribute('style')).to.equal(false);
      expect(el.shadowRoot!.querySelectorAll('[style]')).to.have.length(0);
    });
  });

  describe('error colour', () => {
    /** A computed colour as `rgb()` (whatever syntax the browser prints), through a canvas pixel. */
    function rgb(color: string): string {
      const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
      return `rgb(${r}, ${g}, ${b})`;
    }

    /** The first opaque background behind `node`, through the shadow root. */
    function behind(node: Element): string {
      for (let up: Element | null = node; up; up = up.parentElement ?? (up.getRootNode() as ShadowRoot).host ?? null) {
        const fill = getComputedStyle(up).backgroundColor;
        if (!/^rgba\(.*,\s*0\)$|^transparent$/.test(fill)) return rgb(fill);
      }
      return 'rgb(255, 255, 255)';
    }

    const readability = (node: Element): number => contrast(rgb(fg(node)), behind(node));

    function themed(el: FlowbotChat, theme: Record<string, string>): void {
      for (const [name, value] of Object.entries(theme)) el.style.setProperty(name, value);
    }

    for (const [name, theme] of [
      ['the default theme', {}],
      ['the dark theme', DARK],
    ] as const) {
      it(`keeps field and file errors and "not sent" readable (4.5:1) in ${name}`, async () => {
        const { el } = await mountInput({ type: 'email input' }, [unavailable()]);
        themed(el, theme);
        const field = part<HTMLInputElement>(el, 'input')!;
        field.value = 'not an address';
        field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
        part<HTMLButtonElement>(el, 'send-button')!.click();
        const error = await until(() => part(el, 'field-error'));
        expect(readability(error), `field error ${fg(error)} on ${behind(error)}`).to.be.at.least(4.5);

        await typeAndSend(el, 'ada@example.com');
        const note = await until(() => $(el, '.row.failed .note'));
        expect(readability(note), `"not sent" ${fg(note)} on ${behind(note)}`).to.be.at.least(4.5);

        const files = await mountInput({
          type: 'file input',
          options: { allowedFileTypes: { isEnabled: true, types: ['.pdf'] } },
        });
        themed(files.el, theme);
        const picker = $<HTMLInputElement>(files.el, 'input[type="file"]')!;
        const data = new DataTransfer();
        data.items.add(new File(['x'], 'notes.txt', { type: 'text/plain' }));
        picker.files = data.files;
        picker.dispatchEvent(new Event('change', { bubbles: true }));
        const refused = await until(() => part(files.el, 'field-error'));
        expect(readability(refused), `file error ${fg(refused)} on ${behind(refused)}`).to.be.at.least(4.5);
      });
    }

    it('takes --flowbot-error-color as it is', async () => {
      const { el } = await mountInput({ type: 'email input' });
      themed(el, { '--flowbot-error-color': 'rgb(1, 2, 3)' });
      const field = part<HTMLInputElement>(el, 'input')!;
      field.value = 'not an address';
      field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      part<HTMLButtonElement>(el, 'send-button')!.click();
      expect(fg(await until(() => part(el, 'field-error')))).to.equal('rgb(1, 2, 3)');
    });
  });

  describe('icons and texts of the widget', () => {
    const icons = {
      title: 'Acme help',
      subTitle: 'Replies in minutes',
      headerIcon: 'https://cdn.example.test/header.png',
      avatarIcon: { url: 'https://cdn.example.test/avatar.png' },
      widgetIcon: 'https://cdn.example.test/launcher.png',
    };

    it('shows the title, subtitle and header icon in the header', async () => {
      stubViewer(startResponse());
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub" .widget=${icons}></flowbot-chat>`);
      await inputShown(el);
      expect(part(el, 'title')!.textContent).to.equal('Acme help');
      expect(part(el, 'subtitle')!.textContent).to.equal('Replies in minutes');
      expect(part<HTMLImageElement>(el, 'header-icon')!.src).to.equal('https://cdn.example.test/header.png');
      expect(part(el, 'panel')!.getAttribute('aria-labelledby')).to.equal('title');
    });

    it('shows the avatar (an Icon-file object) beside bot messages', async () => {
      stubViewer(startResponse());
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub" .widget=${icons}></flowbot-chat>`);
      await inputShown(el);
      const avatar = part<HTMLImageElement>(el, 'avatar')!;
      expect(avatar.src).to.equal('https://cdn.example.test/avatar.png');
      expect(avatar.alt).to.equal('');
    });

    it('prefers dynamicTheme.hostAvatarUrl for the avatar', async () => {
      stubViewer(startResponse({ dynamicTheme: { hostAvatarUrl: 'https://cdn.example.test/dynamic.png' } }));
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub" .widget=${icons}></flowbot-chat>`);
      await inputShown(el);
      expect(part<HTMLImageElement>(el, 'avatar')!.src).to.equal('https://cdn.example.test/dynamic.png');
    });

    it('shows the widget icon on the launcher', async () => {
      const el = await fixture<FlowbotChat>(html`<flowbot-chat mode="bubble" .widget=${icons}></flowbot-chat>`);
      expect(part(el, 'launcher')!.querySelector('img')!.src).to.equal('https://cdn.example.test/launcher.png');
    });

    it('refuses icon URLs that are not http(s)', async () => {
      const hostile = { title: 'x', headerIcon: 'javascript:alert(1)', widgetIcon: 'data:image/png;base64,AAAA' };
      const el = await fixture<FlowbotChat>(html`<flowbot-chat mode="bubble" .widget=${hostile}></flowbot-chat>`);
      expect(part(el, 'header-icon')).to.equal(null);
      expect(part(el, 'launcher')!.querySelector('img')).to.equal(null);
      expect(part(el, 'launcher')!.querySelector('svg')).to.exist;
    });

    it('greets with aiFirstMessage before the bot speaks', async () => {
      stubViewer(startResponse());
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat public-id="stub" .widget=${{ aiFirstMessage: 'Hi, I am Acme bot.' }}></flowbot-chat>`,
      );
      await inputShown(el);
      expect(
        [...el.shadowRoot!.querySelectorAll('[part~="bot-message"]')].map((n) => n.textContent!.trim()),
      ).to.deep.equal(['Hi, I am Acme bot.', 'Hello from the stub']);
    });

    it('reads the widget from a JSON attribute and ignores invalid JSON with a warning', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const el = await fixture<FlowbotChat>(
        html`<flowbot-chat widget='{"title":"From JSON","primaryColor":"#b91c1c"}'></flowbot-chat>`,
      );
      expect(part(el, 'title')!.textContent).to.equal('From JSON');
      expect(bg(part(el, 'header'))).to.equal('rgb(185, 28, 28)');
      el.setAttribute('widget', '{not json');
      await el.updateComplete;
      expect(el.widget).to.equal(undefined);
      expect(warn.mock.calls.length).to.be.greaterThan(0);
    });
  });
});
