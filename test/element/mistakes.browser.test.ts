/**
 * A site owner's mistakes in the attributes, told where they look: a console warning that names the
 * attribute, its value and the fix (the viewer's own words when it gave some), once per element; a
 * visible "unavailable" state without a Retry that could never succeed; and nothing sent to a wrong
 * address. Against the real reference server (same origin), through the page's real `fetch`.
 */
import { fixture } from '@open-wc/testing';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { FlowbotErrorDetail } from '../../src/element/events.js';
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { startEarly } from '../../src/script-tag/handover.js';
import { part, text } from '../support/widget-dom.js';
import { until } from '../support/widget-actions.js';
import { spyViewer, type ViewerCall } from '../support/fake-viewer.js';

let warn: MockInstance<typeof console.warn>;
let calls: ViewerCall[];

beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  ({ calls } = spyViewer());
  performance.clearResourceTimings();
});
afterEach(() => {
  vi.restoreAllMocks();
  document.querySelectorAll('flowbot-chat').forEach((el) => el.remove());
});

/** Mounts an element with these attributes (none left out is set). */
async function mount(attributes: Record<string, string>): Promise<{ el: FlowbotChat; errors: FlowbotErrorDetail[] }> {
  const el = document.createElement('flowbot-chat');
  const errors: FlowbotErrorDetail[] = [];
  el.addEventListener('flowbot-error', (event) => errors.push(event.detail));
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  await fixture(el);
  return { el, errors };
}

/** The widget's warnings so far. */
const warnings = (): string[] =>
  warn.mock.calls.map((args) => args.map(String).join(' ')).filter((line) => line.startsWith('flowbot-chat:'));

/** What the visitor sees in the panel: the notice shown, and whether a Retry is offered. */
function visible(el: FlowbotChat): { notice: string; height: number; retry: boolean } {
  const notice = part(el, 'error');
  return {
    notice: text(notice),
    height: notice?.getBoundingClientRect().height ?? 0,
    retry: !!part(el, 'retry-button'),
  };
}

/** Renders again a few times, as a page that changes the element would make it. */
async function renderAgain(el: FlowbotChat): Promise<void> {
  for (const lang of ['fr', 'en', '']) {
    el.lang = lang;
    await el.updateComplete;
  }
}

/** Requests the page made to its own origin under a path that is not the API's (a scheme-less host read as a path). */
const wrongOrigin = (): string[] =>
  performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter(
      (url) => url.startsWith(location.origin) && /\/api\/v\d\//.test(url) && !/^\/api\//.test(new URL(url).pathname),
    );

describe('<flowbot-chat>', () => {
  describe('with an unknown public-id', () => {
    it("warns once with the viewer's words and shows the chat unavailable, without a Retry", async () => {
      const { el, errors } = await mount({ 'public-id': 'suport' });
      await until(() => part(el, 'error'));
      await until(() => warnings().length > 0);
      const [line] = warnings();
      expect(line).toContain('public-id "suport"');
      expect(line).toContain('No published flow-bot "suport".');
      expect(line).toContain('Check the id, and that api-host');
      expect(visible(el)).toMatchObject({ notice: 'This chat is unavailable', retry: false });
      expect(visible(el).height).toBeGreaterThan(0);
      expect(errors).toHaveLength(1);

      // Renders, a restart and going online again neither repeat the warning nor ask the viewer in vain.
      await renderAgain(el);
      window.dispatchEvent(new Event('online'));
      el.restart();
      await until(() => calls.filter((call) => call.kind === 'start').length === 2 && part(el, 'error'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(warnings()).toHaveLength(1);
      expect(calls.filter((call) => call.kind === 'start')).toHaveLength(2);
      expect(visible(el).retry).toBe(false);
    });
  });

  describe('without a public-id', () => {
    for (const mode of ['standard', 'bubble'] as const) {
      it(`warns once how to give it and shows the chat unavailable (${mode})`, async () => {
        const { el, errors } = await mount(mode === 'bubble' ? { mode } : {});
        await until(() => warnings().length > 0);
        const [line] = warnings();
        expect(line).toContain('public-id is missing');
        expect(line).toContain('<flowbot-chat public-id="my-bot">');
        expect(errors).toHaveLength(1);
        if (mode === 'bubble') el.show();
        await until(() => part(el, 'error'));
        await renderAgain(el);
        expect(visible(el)).toMatchObject({ notice: 'This chat is unavailable', retry: false });
        expect(visible(el).height).toBeGreaterThan(0);
        expect(warnings()).toHaveLength(1);
        expect(calls).toEqual([]);
      });
    }

    it('starts as usual once the id is given', async () => {
      const { el } = await mount({});
      await until(() => part(el, 'error'));
      el.publicId = 'support';
      await until(() => part(el, 'choice'));
      expect(part(el, 'error')).toBeNull();
      expect(calls.filter((call) => call.kind === 'start')).toHaveLength(1);
    });
  });

  describe("with an api-host that ends with the interface's path", () => {
    // The viewer's base URL with `/api/v1` added, or a whole route copied from the interface document.
    for (const [path, base] of [
      ['/api/v1', location.origin],
      ['/api/v1/', location.origin],
      ['/API/V1/flowbots/support/startChat', location.origin],
      ['/api/v2', `${location.origin}/chat`],
    ] as const) {
      it(`warns once with the base URL to write (${path})`, async () => {
        const host = `${base}${path}`;
        const { el, errors } = await mount({ 'public-id': 'support', 'api-host': host });
        await until(() => warnings().length > 0);
        const [line] = warnings();
        expect(line).toContain('public-id "support"');
        expect(line).toContain(`The widget adds ${path} itself`);
        expect(line).toContain(`write api-host="${base}".`);
        expect(line).not.toContain('Check the id');
        expect(errors).toHaveLength(1);
        await until(() => part(el, 'error'));
        expect(visible(el)).toMatchObject({ notice: 'This chat is unavailable', retry: false });
        await renderAgain(el);
        expect(warnings()).toHaveLength(1);
      });
    }

    it('a path from the root: the fix is the root', async () => {
      await mount({ 'public-id': 'support', 'api-host': '/api/v1' });
      await until(() => warnings().length > 0);
      expect(warnings()[0]).toContain('The widget adds /api/v1 itself: write api-host="/".');
    });

    it("an unknown id under the viewer's base URL is told to check the id, as before", async () => {
      const { el } = await mount({ 'public-id': 'suport', 'api-host': `${location.origin}/` });
      await until(() => part(el, 'error') && warnings().length > 0);
      expect(warnings()[0]).toContain('Check the id, and that api-host');
      expect(warnings()[0]).not.toContain('The widget adds');
    });
  });

  describe('with an api-host without a scheme', () => {
    for (const [host, fix] of [
      ['127.0.0.1:8787', 'api-host="http://127.0.0.1:8787"'],
      ['localhost:8787', 'api-host="http://localhost:8787"'],
      ['viewer.example.com', 'api-host="https://viewer.example.com"'],
    ] as const) {
      it(`sends nothing, warns once with the fix and shows the chat unavailable (${host})`, async () => {
        const { el, errors } = await mount({ 'public-id': 'support', 'api-host': host });
        await until(() => warnings().length > 0);
        const [line] = warnings();
        expect(line).toContain(`api-host "${host}"`);
        expect(line).toContain(fix);
        expect(errors).toHaveLength(1);
        await until(() => part(el, 'error'));
        await renderAgain(el);
        expect(visible(el)).toMatchObject({ notice: 'This chat is unavailable', retry: false });
        expect(warnings()).toHaveLength(1);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(calls).toEqual([]);
        expect(wrongOrigin()).toEqual([]);
      });
    }

    it('sends nothing from the script-tag file either (its early start)', async () => {
      const el = document.createElement('flowbot-chat');
      el.setAttribute('public-id', 'support');
      el.setAttribute('api-host', '127.0.0.1:8787');
      startEarly(el, { publicId: 'support', apiHost: '127.0.0.1:8787', streaming: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(calls).toEqual([]);
      expect(wrongOrigin()).toEqual([]);
    });

    it('takes a scheme, a protocol-relative host or a path from the root as before', async () => {
      for (const host of [location.origin, `//${location.host}`, '/']) {
        const { el } = await mount({ 'public-id': 'support', 'api-host': host });
        await until(() => part(el, 'choice'));
        el.remove();
      }
      expect(warnings()).toEqual([]);
      expect(calls.filter((call) => call.kind === 'start')).toHaveLength(3);
    });
  });
});
