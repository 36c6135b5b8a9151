import { expect, fixture, html } from '@open-wc/testing';
import { afterEach, describe, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { focused, tabTo } from './controls-helpers.js';
import { $, botTexts, part, text, userTexts } from '../support/widget-dom.js';
import { until } from '../support/widget-actions.js';
import { spyViewer } from '../support/fake-viewer.js';

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

    await focusOn(el, 'input[placeholder="Your name"]', 10_000);
    await userEvent.keyboard('Ada{Enter}');
    await focusOn(el, 'textarea');
    await userEvent.keyboard('Bots that ask{Enter}');

    await focusOn(el, 'input[type="number"]');
    await userEvent.keyboard('34{Enter}');

    // E-mail: one the widget lets through and the server refuses, then a good one.
    await focusOn(el, 'input[type="email"]');
    await userEvent.keyboard('ada@example{Enter}');
    await until(() => lastBot(el) === "That doesn't look like an e-mail address. Try again?");
    await focusOn(el, 'input[type="email"]');
    await userEvent.keyboard('ada@example.com{Enter}');

    await focusOn(el, 'input[inputmode="url"]');
    await userEvent.keyboard('example.com{Enter}');
    await focusOn(el, 'input[type="tel"]');
    await userEvent.keyboard('(555) 010-0199{Enter}');

    await focusOn(el, 'input[type="date"]');
    await userEvent.keyboard('03052026{Enter}');
    await until(() => lastBot(el).startsWith('And the dates of your next holiday'));
    await focusOn(el, 'input[type="date"]');
    await userEvent.keyboard('07102026');
    // Tab leaves the date field after its own stops.
    await tabTo(el, '.range-field + .range-field input');
    await userEvent.keyboard('07242026{Enter}');
    await focusOn(el, 'input[type="datetime-local"]');
    await userEvent.keyboard('09012026{ArrowRight}0930A{Enter}');
    await focusOn(el, 'input[type="time"]');
    await userEvent.keyboard('0745P{Enter}');

    // Multiple choice: Space toggles, then Tab to Done.
    await focusOn(el, '[part~="choice"]');
    await userEvent.keyboard(' ');
    await tabTo(el, '[part~="send-button"]');
    await userEvent.keyboard('{Enter}');

    // Searchable choice: filter, Tab to the match.
    await focusOn(el, '[part~="search"]');
    await userEvent.keyboard('bra');
    await until(() => $(el, '[part~="choice"]') && text($(el, '[part~="choice"]')) === 'Brazil');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');

    // Picture choice: Tab to the fox.
    await focusOn(el, '[part~="picture-choice"]');
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');

    // Ratings: arrow keys and Enter.
    await focusOn(el, '[part~="rating-option"] input');
    await userEvent.keyboard('{ArrowRight>9}{Enter}');
    await until(() => lastBot(el) === 'And in stars?');
    await focusOn(el, '[part~="rating-option"] input');
    await userEvent.keyboard('{ArrowRight>3}{Enter}');

    // File: the native picker is the browser's own dialog; the file arrives as if picked there.
    const file = await focusOn(el, 'input[type="file"]');
    await userEvent.upload(file as HTMLInputElement, new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' }));
    await tabTo(el, '[part~="send-button"]');
    await userEvent.keyboard('{Enter}');

    // Payment: not here, skipped.
    await focusOn(el, '.skip-input [part~="skip-button"]');
    await userEvent.keyboard('{Enter}');

    // Cards: the first path.
    await focusOn(el, '[part~="card"] button');
    await userEvent.keyboard('{Enter}');

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
