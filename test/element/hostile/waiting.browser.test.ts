/**
 * `<flowbot-chat>` against a viewer that would keep the visitor waiting with
 * nothing to do: huge `wait` actions, junk actions ending in one, typing
 * settings of days, inputs the widget has no control for. Whatever a response
 * asks for, within 15 s the visitor sees something to act on (a field, a
 * button, Retry or Restart) and the bot no longer "types".
 */
import { fixture, html } from '@open-wc/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlowbotChat } from '../../../src/element/flowbot-chat.js';
import { $$, part } from '../../support/widget-dom.js';
import { startResponse, textMessage } from '../../support/fake-viewer.js';

afterEach(() => vi.restoreAllMocks());

const WAY_ON_MS = 15_000;

const wait = (secondsToWaitFor: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'wait',
  wait: { secondsToWaitFor },
  ...extra,
});
const typingFor = (value: number) => ({
  id: 'bot',
  settings: {
    typingEmulation: { speed: 1e-300, maxDelay: value, delayBetweenBubbles: value, isDisabledOnFirstMessage: false },
  },
});
const junk = [
  { type: 'junk' },
  { type: 'scriptToExecute', scriptToExecute: { content: 'alert(1)' } },
  { type: 'setVariable', setVariable: {} },
  wait('soon'),
  wait(-1),
];

/** Each case: the start response a viewer sends (its session id is the case's name). */
const cases: Record<string, Record<string, unknown>> = {
  'a wait of 1e9 s': { clientSideActions: [wait(1e9)] },
  'a wait of "1e9" s': { clientSideActions: [wait('1e9')] },
  'junk actions ending in a wait of 1e9 s': {
    clientSideActions: [...Array.from({ length: 99 }, (_, i) => junk[i % junk.length]), wait(1e9)],
  },
  'two messages typed for 1e300 s each': {
    flowbot: typingFor(1e300),
    messages: [textMessage('m1', 'one two three'), textMessage('m2', 'four five six')],
  },
  'two messages typed for 2e6 s each': {
    flowbot: typingFor(2e6),
    messages: [textMessage('m1', 'one two three'), textMessage('m2', 'four five six')],
  },
  'an input whose type is a number': { input: { id: 'in-1', type: 5 } },
  'an input whose type is an object': { input: { id: 'in-1', type: { name: 'text input' } } },
  'a choice input without items': { input: { id: 'in-1', type: 'choice input' } },
  'a choice input whose items are unusable': {
    input: { id: 'in-1', type: 'choice input', items: [1, null, { id: 'c1' }, { content: 'no id' }] },
  },
  'a picture choice input without a usable picture': {
    input: { id: 'in-1', type: 'picture choice input', items: [{ id: 'p1' }] },
  },
};

/** A viewer in the page: each widget's start gets its case, each continue a plain text input. */
function serveCases(): void {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new Request(input, init).url;
    const start = /\/flowbots\/([^/]+)\/startChat/.exec(url);
    if (!start) return Response.json({ messages: [], input: { id: 'in-2', type: 'text input' } });
    const name = decodeURIComponent(start[1]!);
    return Response.json(startResponse({ sessionId: name, messages: [], ...cases[name] }));
  });
}

const shown = (el: Element): boolean => {
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
};

/** What the visitor can act on now: an enabled field or button of the composer, Retry, Restart. */
function waysOn(el: FlowbotChat): HTMLElement[] {
  const controls = $$(el, '.composer input, .composer textarea, .composer button').filter(
    (control) => !(control as HTMLInputElement).disabled,
  );
  return [...controls, part(el, 'retry-button'), part(el, 'restart-button')].filter(
    (control): control is HTMLElement => !!control && shown(control),
  );
}

describe('<flowbot-chat>', () => {
  describe('with a viewer that would keep the visitor waiting', () => {
    it(
      `gives the visitor something to act on within ${WAY_ON_MS / 1000} s, whatever the response asks for`,
      { timeout: 60_000 },
      async () => {
        serveCases();
        const names = Object.keys(cases);
        const container = await fixture<HTMLDivElement>(html`<div></div>`);
        const began = performance.now();
        const widgets = names.map((name) => {
          const el = document.createElement('flowbot-chat');
          el.publicId = name;
          container.append(el);
          return el;
        });
        // When each widget first showed a way on, with no typing indicator left.
        const settled = new Map<string, number>();
        const typedAtSomePoint = new Set<string>();
        while (settled.size < names.length && performance.now() - began < WAY_ON_MS + 2_000) {
          widgets.forEach((el, i) => {
            if (part(el, 'typing')) typedAtSomePoint.add(names[i]!);
            if (!settled.has(names[i]!) && !part(el, 'typing') && waysOn(el).length > 0)
              settled.set(names[i]!, performance.now() - began);
          });
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const late = names.filter((name) => !((settled.get(name) ?? Infinity) <= WAY_ON_MS));
        expect(late, `settled: ${JSON.stringify(Object.fromEntries(settled))}`).toEqual([]);
        // The waits were honoured (the bot typed), only not for ever.
        for (const name of names.filter((n) => /wait|typed/.test(n))) {
          expect(typedAtSomePoint.has(name), name).toBe(true);
          expect(settled.get(name), name).toBeGreaterThan(5_000);
        }
        // Every control is a field to type in, for inputs the widget cannot otherwise show.
        widgets.forEach((el, i) => {
          if (/input/.test(names[i]!)) expect(part(el, 'input'), names[i]).not.toBeNull();
        });
      },
    );
  });
});
