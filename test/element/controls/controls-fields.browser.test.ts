import { expect, fixture, html } from '@open-wc/testing';
import { afterEach, describe, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { FlowbotChat } from '../../../src/element/flowbot-chat.js';
import {
  errorOf,
  expectSentOnce,
  focused,
  mountInput,
  settle,
  tabTo,
  thanks,
  unavailable,
} from '../controls-helpers.js';
import { $$, botTexts, part, text, userTexts } from '../../support/widget-dom.js';
import { until } from '../../support/widget-actions.js';
import { startResponse, stubViewer } from '../../support/fake-viewer.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const fields = (el: FlowbotChat) => $$<HTMLInputElement>(el, '.composer [part~="input"]');
const field = (el: FlowbotChat) => fields(el)[0]!;
const sendButton = (el: FlowbotChat) => part<HTMLButtonElement>(el, 'send-button')!;

/** Sets a field's value the way typing does (date fields take their value whole). */
function fill(input: HTMLInputElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

/** Sends each of `bad` in the field of `input` and expects `message` for each; nothing is sent. */
async function expectRefused(input: Parameters<typeof mountInput>[0], bad: string[], message: string): Promise<void> {
  const { el, sent } = await mountInput(input);
  for (const value of bad) {
    fill(field(el), value);
    sendButton(el).click();
    await el.updateComplete;
    expect(errorOf(el).message, value).to.equal(message);
  }
  await settle();
  expect(sent()).to.deep.equal([]);
}

describe('<flowbot-chat>', () => {
  describe('number input', () => {
    const input = { type: 'number input', options: { min: 1, max: 120, step: 1, labels: { placeholder: 'Your age' } } };

    it('is a number field with min/max/step and the digit keyboard, and sends the number by keyboard', async () => {
      const { el, sent } = await mountInput(input);
      const age = field(el);
      expect(age.type).to.equal('number');
      expect([age.min, age.max, age.step]).to.deep.equal(['1', '120', '1']);
      expect(age.inputMode).to.equal('numeric');
      expect(age.getAttribute('aria-label')).to.equal('Your age');
      await tabTo(el, '[part~="input"]');
      await userEvent.keyboard('42{Enter}');
      await until(() => botTexts(el).includes('Thanks!'));
      expect(sent()).to.deep.equal([{ message: '42' }]);
      expect(userTexts(el)).to.deep.equal(['42']);
    });

    it('takes decimals with the decimal keyboard when there is no whole step', async () => {
      const { el, sent } = await mountInput({ type: 'number input', options: { min: -5 } });
      expect(field(el).inputMode).to.equal('decimal');
      fill(field(el), '-2.5');
      sendButton(el).click();
      await expectSentOnce(sent, '-2.5');
    });

    it('shows an error and sends nothing for a number out of range', async () => {
      const { el, sent } = await mountInput(input);
      fill(field(el), '130');
      sendButton(el).click();
      await el.updateComplete;
      const error = errorOf(el);
      expect(error.message).to.equal('Enter a valid number (1–120)');
      expect(error.describes).to.deep.equal([field(el)]);
      expect(focused(el)).to.equal(field(el));
      await settle();
      expect(sent()).to.deep.equal([]);
      expect(userTexts(el)).to.deep.equal([]);
      // Typing again clears the error.
      fill(field(el), '12');
      await el.updateComplete;
      expect(part(el, 'field-error')).to.equal(null);
      expect(field(el).hasAttribute('aria-invalid')).to.equal(false);
    });

    it('keeps the number when the send fails', async () => {
      const { el, sent } = await mountInput(input, [unavailable()]);
      fill(field(el), '33');
      sendButton(el).click();
      await until(() => part(el, 'retry-button'));
      expect(sent()).to.have.length.greaterThan(0);
      expect(field(el).value).to.equal('33');
    });

    it('is accessible, also with an error shown', async () => {
      const { el } = await mountInput(input);
      await expect(el).to.be.accessible();
      sendButton(el).click();
      await el.updateComplete;
      expect(errorOf(el).message).to.equal('Enter a valid number (1–120)');
      await expect(el).to.be.accessible();
    });
  });

  describe('email input', () => {
    it('sends an address typed and sent by keyboard', async () => {
      const { el, sent } = await mountInput({
        type: 'email input',
        options: { labels: { placeholder: 'you@example.com' } },
      });
      const email = field(el);
      expect(email.type).to.equal('email');
      expect(email.autocomplete).to.equal('email');
      await tabTo(el, '[part~="input"]');
      await userEvent.keyboard('ada@example.com{Enter}');
      await expectSentOnce(sent, 'ada@example.com');
    });

    it('refuses something that is not an address, with a visible error', async () => {
      const { el, sent } = await mountInput({ type: 'email input' });
      fill(field(el), 'not an address');
      sendButton(el).click();
      await el.updateComplete;
      expect(errorOf(el).message).to.equal('Enter a valid e-mail address');
      expect(errorOf(el).describes).to.have.length(1);
      await settle();
      expect(sent()).to.deep.equal([]);
      await expect(el).to.be.accessible();
    });
  });

  describe('url input', () => {
    it('sends an address without its scheme (the server adds https://), with the web keyboard and autofill', async () => {
      const { el, sent } = await mountInput({ type: 'url input' });
      expect(field(el).inputMode).to.equal('url');
      expect(field(el).autocomplete).to.equal('url');
      await tabTo(el, '[part~="input"]');
      await userEvent.keyboard('example.com/docs{Enter}');
      await expectSentOnce(sent, 'example.com/docs');
    });

    it('refuses what is not a web address', async () => {
      await expectRefused(
        { type: 'url input' },
        ['not a url', 'ftp://example.com', 'localhost'],
        'Enter a valid web address',
      );
    });
  });

  describe('phone number input', () => {
    it('sends the number without its separators, with the phone keyboard, and shows it as typed', async () => {
      const { el, sent } = await mountInput({ type: 'phone number input', options: { defaultCountryCode: 'US' } });
      expect(field(el).type).to.equal('tel');
      expect(field(el).autocomplete).to.equal('tel');
      await tabTo(el, '[part~="input"]');
      await userEvent.keyboard('(555) 010-0199{Enter}');
      await expectSentOnce(sent, '5550100199');
      await until(() => botTexts(el).includes('Thanks!'));
      expect(userTexts(el)).to.deep.equal(['(555) 010-0199']);
    });

    /** The line that says what the field takes, and whether the field is described by it. */
    const hintOf = (el: FlowbotChat) => {
      const hint = el.shadowRoot!.querySelector<HTMLElement>('.composer .field-hint');
      const ids = field(el).getAttribute('aria-describedby')?.split(' ') ?? [];
      return { hint, text: hint?.textContent, describes: !!hint && ids.includes(hint.id) };
    };

    it('says which country a number without + is read in: the input’s default country, above the field', async () => {
      await page.viewport(320, 700);
      const { el } = await mountInput({ type: 'phone number input', options: { defaultCountryCode: 'GB' } });
      const { hint, text: said, describes } = hintOf(el);
      expect(said).to.equal('Country: United Kingdom. Another country? Start with + and its code.');
      expect(describes).to.equal(true);
      // Seen: above the field, inside the composer, wrapped within a 320 px screen.
      const box = hint!.getBoundingClientRect();
      const composer = part(el, 'composer')!.getBoundingClientRect();
      expect(box.height).to.be.greaterThan(8);
      expect(box.bottom).to.be.at.most(field(el).getBoundingClientRect().top + 0.5);
      expect(box.left).to.be.at.least(composer.left);
      expect(box.right).to.be.at.most(composer.right);
      expect(getComputedStyle(hint!).color).not.to.equal(getComputedStyle(hint!).backgroundColor);
      await expect(el).to.be.accessible();
      await page.viewport(1024, 768);
    });

    it('names the country in the widget’s language, and asks for + and the code when there is no default', async () => {
      stubViewer(
        startResponse({ input: { id: 'in', type: 'phone number input', options: { defaultCountryCode: 'gb' } } }),
      );
      const french = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub" lang="fr"></flowbot-chat>`);
      await until(() => hintOf(french).text?.startsWith('Pays'));
      expect(hintOf(french).text).to.equal('Pays : Royaume-Uni. Un autre pays ? Commencez par + et son indicatif.');
      const { el } = await mountInput({ type: 'phone number input' });
      expect(hintOf(el)).to.include({ text: 'Start with + and the country code.', describes: true });
      const other = await mountInput({ type: 'phone number input', options: { defaultCountryCode: 'not a country' } });
      expect(hintOf(other.el).text).to.equal('Start with + and the country code.');
      // English words in a right-to-left page keep their full stop at their end.
      other.el.dir = 'rtl';
      await other.el.updateComplete;
      expect(getComputedStyle(hintOf(other.el).hint!).direction).to.equal('ltr');
    });

    it('refuses letters and too few digits', async () => {
      await expectRefused({ type: 'phone number input' }, ['call me', '12-34'], 'Enter a valid phone number');
    });
  });

  describe('date input', () => {
    it('is a native date field with min/max, typed by keyboard and sent as YYYY-MM-DD', async () => {
      const { el, sent } = await mountInput({
        type: 'date input',
        options: { min: '2020-01-01', max: '2030-12-31', labels: { button: 'Pick' } },
      });
      const day = field(el);
      expect(day.type).to.equal('date');
      expect([day.min, day.max]).to.deep.equal(['2020-01-01', '2030-12-31']);
      expect(day.getAttribute('aria-label')).to.equal('Date');
      expect(text(sendButton(el))).to.equal('Pick');
      await tabTo(el, '[part~="input"]');
      await userEvent.keyboard('03052026');
      expect(day.value).to.equal('2026-03-05');
      await tabTo(el, '[part~="send-button"]');
      await userEvent.keyboard('{Enter}');
      await expectSentOnce(sent, '2026-03-05');
    });

    it('refuses an empty date and one before min', async () => {
      const { el, sent } = await mountInput({ type: 'date input', options: { min: '2020-01-01' } });
      sendButton(el).click();
      await el.updateComplete;
      expect(errorOf(el).message).to.equal('Enter a valid date');
      fill(field(el), '2019-12-31');
      sendButton(el).click();
      await el.updateComplete;
      expect(errorOf(el).message).to.equal('Enter a valid date');
      await settle();
      expect(sent()).to.deep.equal([]);
    });

    it('asks a range with visible From/To labels, sends "from to to" and shows the span in the page language', async () => {
      const { el, sent } = await mountInput({
        type: 'date input',
        options: { isRange: true, labels: { from: 'Leaving', to: 'Back' } },
      });
      const [from, to] = fields(el);
      expect(from!.labels![0]!.textContent!.trim()).to.equal('Leaving');
      expect(to!.labels![0]!.textContent!.trim()).to.equal('Back');
      fill(from!, '2026-07-10');
      fill(to!, '2026-07-01');
      sendButton(el).click();
      await el.updateComplete;
      // What is wrong, on the field that is wrong: the start stays as it was.
      expect(errorOf(el).message).to.equal('The end date is before the start date');
      expect(errorOf(el).describes).to.deep.equal([to]);
      expect(to!.getAttribute('aria-invalid')).to.equal('true');
      expect(from!.hasAttribute('aria-invalid')).to.equal(false);
      expect(focused(el)).to.equal(to);
      fill(to!, '2026-07-24');
      sendButton(el).click();
      await expectSentOnce(sent, '2026-07-10 to 2026-07-24');
      await until(() => botTexts(el).includes('Thanks!'));
      expect(userTexts(el)).to.have.length(1);
      expect(userTexts(el)[0]).to.match(/^Jul 10\s–\s24, 2026$/);
    });

    it('asks a date with a time (datetime-local) and sends YYYY-MM-DDTHH:MM', async () => {
      const { el, sent } = await mountInput({ type: 'date input', options: { hasTime: true, min: '2020-01-01' } });
      const start = field(el);
      expect(start.type).to.equal('datetime-local');
      expect(start.min).to.equal('2020-01-01T00:00');
      fill(start, '2026-09-01T09:30');
      sendButton(el).click();
      await expectSentOnce(sent, '2026-09-01T09:30');
    });

    it('marks only the empty field of a range', async () => {
      const { el, sent } = await mountInput({ type: 'date input', options: { isRange: true } });
      const [from, to] = fields(el);
      fill(to!, '2026-07-01');
      sendButton(el).click();
      await el.updateComplete;
      expect(errorOf(el).message).to.equal('Enter a valid date');
      expect(errorOf(el).describes).to.deep.equal([from]);
      expect(to!.hasAttribute('aria-invalid')).to.equal(false);
      expect(focused(el)).to.equal(from);
      await settle();
      expect(sent()).to.deep.equal([]);
    });

    it('keeps both dates of a range when the send fails', async () => {
      const { el } = await mountInput({ type: 'date input', options: { isRange: true } }, [unavailable()]);
      const [from, to] = fields(el);
      expect(from!.labels![0]!.textContent!.trim()).to.equal('From');
      fill(from!, '2026-01-01');
      fill(to!, '2026-01-31');
      sendButton(el).click();
      await until(() => part(el, 'retry-button'));
      expect(fields(el).map((f) => f.value)).to.deep.equal(['2026-01-01', '2026-01-31']);
    });

    it('is accessible as a range', async () => {
      const { el } = await mountInput({ type: 'date input', options: { isRange: true } });
      await expect(el).to.be.accessible();
    });
  });

  describe('time input', () => {
    it('is a native time field, typed by keyboard and sent as HH:MM', async () => {
      const { el, sent } = await mountInput({ type: 'time input' });
      const time = field(el);
      expect(time.type).to.equal('time');
      expect(time.getAttribute('aria-label')).to.equal('Time');
      await tabTo(el, '[part~="input"]');
      await userEvent.keyboard('0745P');
      expect(time.value).to.equal('19:45');
      await userEvent.keyboard('{Enter}');
      await expectSentOnce(sent, '19:45');
    });

    it('refuses an empty time', async () => {
      const { el, sent } = await mountInput({ type: 'time input' });
      sendButton(el).click();
      await el.updateComplete;
      expect(errorOf(el).message).to.equal('Enter a valid time');
      await settle();
      expect(sent()).to.deep.equal([]);
      await expect(el).to.be.accessible();
    });
  });

  it("shows the server's retry message and asks again when it refuses a value", async () => {
    const input = { type: 'email input', options: { retryMessageContent: 'That is not an e-mail.' } };
    const { el, sent } = await mountInput(input, [
      {
        messages: [
          {
            id: 'retry',
            type: 'text',
            content: { type: 'richText', richText: [{ type: 'p', children: [{ text: 'That is not an e-mail.' }] }] },
          },
        ],
        input: { id: 'in', ...input },
      },
      thanks,
    ]);
    fill(field(el), 'ada@example');
    sendButton(el).click();
    await until(() => botTexts(el).includes('That is not an e-mail.') && !field(el).readOnly);
    expect(field(el).value).to.equal('');
    fill(field(el), 'ada@example.com');
    sendButton(el).click();
    await until(() => botTexts(el).includes('Thanks!'));
    expect(sent()).to.deep.equal([{ message: 'ada@example' }, { message: 'ada@example.com' }]);
  });
});
