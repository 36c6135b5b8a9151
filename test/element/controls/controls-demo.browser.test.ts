import { expect, fixture, html } from '@open-wc/testing';
import { afterEach, describe, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { FlowbotChat } from '../../../src/element/flowbot-chat.js';
import { focused, tabTo } from '../controls-helpers.js';
import { $, botTexts, part, text, userTexts } from '../../support/widget-dom.js';
import { until } from '../../support/widget-actions.js';
import { spyViewer } from '../../support/fake-viewer.js';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Waits until the focus sits on a new control matching `selector` (inputs take the focus once the visitor has interacted). */
async function focusOn(el: FlowbotChat, selector: string, timeout = 8000): Promise<Element> {
  try {
    return await until(() => {
      const active = focused(el);
      return active?.matches(selector) &&
        !(active as HTMLInputElement).disabled &&
        !(active as HTMLInputElement).readOnly
        ? active
        : undefined;
    }, timeout);
  } catch {
    throw new Error(
      `The focus never reached ${selector}: it is on ${focused(el)?.outerHTML.slice(0, 120)}, after "${botTexts(el).at(-1)}"`,
    );
  }
}

/** Waits until the focus sits on a new control matching `selector`, then types `keys` there. */
async function typeAt(el: FlowbotChat, selector: string, keys: string, timeout?: number): Promise<void> {
  await focusOn(el, selector, timeout);
  await userEvent.keyboard(keys);
}

const lastBot = (el: FlowbotChat) => botTexts(el).at(-1) ?? '';

describe('<flowbot-chat>', () => {
  it('walks the demo flow\'s "Every input" branch to its end by keyboard', { timeout: 60_000 }, async () => {
    const { calls } = spyViewer();
    const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="demo"></flowbot-chat>`);
    await until(() => part(el, 'choice'));

    // Choice: Tab to "Every input", Enter.
    const path = await tabTo(el, '[part~="choice"]');
    expect(text(path)).to.equal('Quick tour');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');

    await typeAt(el, 'input[placeholder="Your name"]', 'Ada{Enter}', 10_000);
    await typeAt(el, 'textarea', 'Bots that ask{Enter}');

    await typeAt(el, 'input[type="number"]', '34{Enter}');

    // E-mail: one the widget lets through and the server refuses, then a good one.
    await typeAt(el, 'input[type="email"]', 'ada@example{Enter}');
    await until(() => lastBot(el) === "That doesn't look like an e-mail address. Try again?");
    await typeAt(el, 'input[type="email"]', 'ada@example.com{Enter}');

    await typeAt(el, 'input[inputmode="url"]', 'example.com{Enter}');
    await typeAt(el, 'input[type="tel"]', '(555) 010-0199{Enter}');

    await typeAt(el, 'input[type="date"]', '03052026{Enter}');
    await until(() => lastBot(el).startsWith('And the dates of your next holiday'));
    await typeAt(el, 'input[type="date"]', '07102026');
    // Tab leaves the date field after its own stops.
    await tabTo(el, '.range-field + .range-field input');
    await userEvent.keyboard('07242026{Enter}');
    await typeAt(el, 'input[type="datetime-local"]', '09012026{ArrowRight}0930A{Enter}');
    await typeAt(el, 'input[type="time"]', '0745P{Enter}');

    // Multiple choice: Space toggles, then Tab to Done.
    await typeAt(el, '[part~="choice"]', ' ');
    await tabTo(el, '[part~="send-button"]');
    await userEvent.keyboard('{Enter}');

    // Searchable choice: filter, Tab to the match.
    await typeAt(el, '[part~="search"]', 'bra');
    await until(() => $(el, '[part~="choice"]') && text($(el, '[part~="choice"]')) === 'Brazil');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');

    // Picture choice: Tab to the fox.
    await focusOn(el, '[part~="picture-choice"]');
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');

    // Ratings: arrow keys and Enter.
    await typeAt(el, '[part~="rating-option"] input', '{ArrowRight>9}{Enter}');
    await until(() => lastBot(el) === 'And in stars?');
    await typeAt(el, '[part~="rating-option"] input', '{ArrowRight>3}{Enter}');

    // File: the native picker is the browser's own dialog; the file arrives as if picked there.
    const file = await focusOn(el, 'input[type="file"]');
    await userEvent.upload(file as HTMLInputElement, new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' }));
    await tabTo(el, '[part~="send-button"]');
    await userEvent.keyboard('{Enter}');

    // Payment: not here, skipped.
    await typeAt(el, '.skip-input [part~="skip-button"]', '{Enter}');

    // Cards: the first path.
    await typeAt(el, '[part~="card"] button', '{Enter}');

    // After a two-second pause the last question.
    await until(() => lastBot(el).includes('Last one: open example.com in a new tab?'), 10_000);
    await focusOn(el, '[part~="choice"]');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');

    await until(() => part(el, 'end'), 8000);
    expect(lastBot(el)).to.equal("That's every input, Ada. Thanks for taking the tour!");
    const answers = calls.filter((c) => c.kind === 'continue').map((c) => c.body);
    const fileAnswer = answers.find((a) => (a.message as { attachedFileUrls?: unknown } | undefined)?.attachedFileUrls)
      ?.message as { text: string; attachedFileUrls: string[] };
    expect(fileAnswer.attachedFileUrls).to.have.length(1);
    expect(fileAnswer.text).to.equal(fileAnswer.attachedFileUrls[0]);
    expect(fileAnswer.text).to.match(/\/api\/v3\/files\/[\w-]+\/plan\.pdf$/);
    expect(userTexts(el)).to.deep.equal([
      'Every input',
      'Ada',
      'Bots that ask',
      '34',
      'ada@example',
      'ada@example.com',
      'https://example.com',
      // What the visitor chose, in the page's language (the wire values go to the server).
      '(555) 010-0199',
      'Mar 5, 2026',
      'Jul 10 – 24, 2026',
      'Sep 1, 2026, 9:30 AM',
      '7:45 PM',
      'Design',
      'Brazil',
      'Fox',
      '9',
      '4/5',
      'plan.pdf',
      'Skip',
      'Enrol in Basics',
      'No, thanks',
    ]);
    // ...and the server got the protocol's values.
    for (const wire of ['2026-03-05', '2026-07-10 to 2026-07-24', '2026-09-01T09:30', '19:45']) {
      expect(JSON.stringify(answers)).to.contain(wire);
    }
    expect(botTexts(el)).to.include('"Enrol in Basics": noted!');
    expect(botTexts(el)).to.include('A 9! Thank you.');
  });
});
