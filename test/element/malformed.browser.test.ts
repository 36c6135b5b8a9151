/**
 * Property-based tests of `<flowbot-chat>` against a server that sends
 * anything: arbitrary JSON (and non-JSON) as start and continue responses,
 * valid envelopes with wild contents, and arbitrary Widget resources. Whatever
 * arrives, the widget either shows what is usable or its error state with a
 * retry, and no error escapes to the page.
 */
import { fixture, html } from '@open-wc/testing';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isFlowbotHttpError, isFlowbotResponseError, isSessionExpiredError } from '../../src/api/errors.js';
import { readContinueResult, readStartResult } from '../../src/protocol/turn.js';
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { renderMessageContent } from '../../src/render/message.js';
import { $, botTexts, part, parts, userTexts } from '../support/widget-dom.js';
import { typeAndSend, until } from '../support/widget-actions.js';
import { startResponse, textMessage } from '../support/fake-viewer.js';
import { settle } from './controls-helpers.js';
import { INPUT_TYPES } from '../support/input-types.js';

// ---------------------------------------------------------------------------
// What the server sends

/** A reply of the stubbed server: a status and a body (a JSON value, or raw text). */
interface Reply {
  readonly status: number;
  readonly body: { json: unknown } | { text: string };
}

const anyJson = fc.jsonValue({ maxDepth: 3 });
const shortText = fc.string({ maxLength: 24 });
const anyText = fc.oneof(shortText, fc.string({ unit: 'binary', maxLength: 40 }));
/** URLs of every sort; hosts are reserved names, so nothing real is contacted. */
const anyUrl = fc.oneof(
  fc.constantFrom(
    'https://cdn.example.invalid/a.png',
    'http://media.example.invalid/a.mp4',
    'mailto:someone@example.invalid',
    'tel:+15550100',
    'javascript:window.__pwned=1',
    'data:text/html,<script>parent.__pwned=1</script>',
    '//example.invalid/x',
    '',
  ),
  anyText,
  anyJson,
);
/** Numbers a form option might hold, the absurd ones included. */
const anyNumber = fc.oneof(
  anyJson,
  fc.double(),
  fc.constantFrom(-1e12, -2147483648, -100_000, 0, 1, 1e6, Number.MAX_SAFE_INTEGER),
);
const colour = fc.oneof(
  fc.constantFrom('#fff', '#1d4ed8', 'red', 'rgb(1 2 3 / 50%)', 'oklch(60% 0.1 200)', 'transparent', 'red; x:url(y)'),
  anyText,
  anyJson,
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, anyJson);

const rich = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, tie('leaf'), anyJson, tie('element')),
  leaf: fc.record(
    {
      text: maybe(anyText),
      bold: maybe(fc.boolean()),
      italic: fc.boolean(),
      underline: fc.boolean(),
      code: fc.boolean(),
    },
    { requiredKeys: ['text'] },
  ),
  element: fc.record(
    {
      type: fc.oneof(fc.constantFrom('p', 'a', 'ul', 'ol', 'li', 'lic', 'h1', 'variable'), anyText),
      url: anyUrl,
      start: anyJson,
      children: fc.oneof(fc.array(tie('node'), { maxLength: 4 }), anyJson),
    },
    { requiredKeys: ['type'] },
  ),
}));

const content = fc.oneof(
  fc.record(
    {
      type: fc.constantFrom('richText', 'markdown', 'other'),
      richText: fc.oneof(fc.array(rich.node, { maxLength: 4 }), anyJson),
      markdown: maybe(fc.string({ maxLength: 200 })),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      url: anyUrl,
      id: maybe(fc.oneof(fc.constantFrom('dQw4w9WgXcQ', '123456'), shortText)),
      type: maybe(fc.constantFrom('url', 'youtube', 'vimeo', 'tiktok', 'gumlet')),
      clickLink: maybe(fc.record({ url: anyUrl, alt: maybe(anyText) }, { requiredKeys: [] })),
      height: anyJson,
      maxWidth: anyJson,
      aspectRatio: anyJson,
      isAutoplayEnabled: maybe(fc.boolean()),
    },
    { requiredKeys: [] },
  ),
  anyJson,
);

const message = fc.record({
  id: shortText,
  type: fc.oneof(fc.constantFrom('text', 'image', 'video', 'audio', 'embed', 'custom-embed'), shortText),
  content,
});

const item = fc.oneof(
  fc.record(
    {
      id: maybe(shortText),
      content: maybe(anyText),
      value: maybe(anyText),
      pictureSrc: anyUrl,
      title: maybe(anyText),
      description: maybe(anyText),
      imageUrl: anyUrl,
      paths: maybe(
        fc.array(fc.record({ id: maybe(shortText), text: maybe(anyText) }, { requiredKeys: [] }), { maxLength: 3 }),
      ),
    },
    { requiredKeys: [] },
  ),
  anyJson,
);
const options = fc.oneof(
  fc.record(
    {
      labels: maybe(
        fc.record(
          { placeholder: maybe(anyText), button: maybe(anyText), left: anyJson, right: anyJson },
          { requiredKeys: [] },
        ),
      ),
      isLong: anyJson,
      inputMode: anyJson,
      isMultipleChoice: maybe(fc.boolean()),
      isSearchable: maybe(fc.boolean()),
      buttonLabel: maybe(anyText),
      buttonType: maybe(fc.constantFrom('Icons', 'Numbers')),
      length: anyNumber,
      startsAt: anyNumber,
      min: anyNumber,
      max: anyNumber,
      step: anyNumber,
      hasTime: anyJson,
      isRange: anyJson,
      isMultipleAllowed: anyJson,
      allowedFileTypes: anyJson,
      retryMessageContent: anyJson,
      defaultCountryCode: anyJson,
    },
    { requiredKeys: [] },
  ),
  fc.string({ maxLength: 60 }),
  anyJson,
);
const input = fc.record(
  {
    id: shortText,
    type: fc.oneof(fc.constantFrom(...INPUT_TYPES), shortText),
    outgoingEdgeId: shortText,
    options,
    items: fc.array(item, { maxLength: 5 }),
    prefilledValue: anyJson,
  },
  { requiredKeys: ['id'] },
);

/**
 * Client-side actions that need no page: the ones the widget ignores, and short waits.
 * Streams are flow control with a request of their own: left to the streaming tests.
 */
const action = fc.oneof(
  fc.record(
    {
      type: fc.oneof(
        fc.constantFrom('scriptToExecute', 'setVariable', 'codeToExecute', 'chatwoot', 'googleAnalytics', 'pixel'),
        shortText.filter((t) => !['wait', 'redirect', 'stream', 'streamOpenAiChatCompletion'].includes(t)),
      ),
      lastBubbleBlockId: shortText,
      // A dedicated reply is flow control, not malformed data: left to the conversation tests.
      expectsDedicatedReply: fc.constantFrom(false, null),
      scriptToExecute: anyJson,
    },
    { requiredKeys: ['type'] },
  ),
  fc.record({
    type: fc.constant('wait'),
    wait: fc.record({ secondsToWaitFor: fc.double({ min: 0, max: 0.02, noNaN: true }) }),
  }),
);

const theme = fc.record(
  {
    chat: maybe(
      fc.record(
        {
          hostBubbles: maybe(fc.record({ backgroundColor: colour, color: colour }, { requiredKeys: [] })),
          guestBubbles: maybe(fc.record({ backgroundColor: colour, color: colour }, { requiredKeys: [] })),
          buttons: maybe(fc.record({ backgroundColor: colour, color: colour }, { requiredKeys: [] })),
          inputs: maybe(
            fc.record({ backgroundColor: colour, color: colour, placeholderColor: colour }, { requiredKeys: [] }),
          ),
          hostAvatar: maybe(fc.record({ isEnabled: maybe(fc.boolean()), url: anyUrl }, { requiredKeys: [] })),
          guestAvatar: maybe(fc.record({ isEnabled: maybe(fc.boolean()), url: anyUrl }, { requiredKeys: [] })),
          container: maybe(
            fc.record(
              { backgroundColor: colour, color: colour, maxWidth: anyJson, maxHeight: anyJson },
              { requiredKeys: [] },
            ),
          ),
        },
        { requiredKeys: [] },
      ),
    ),
    general: maybe(
      fc.record(
        {
          font: maybe(anyText),
          background: anyJson,
          progressBar: maybe(
            fc.record(
              { isEnabled: fc.boolean(), color: colour, backgroundColor: colour, placement: anyJson },
              { requiredKeys: [] },
            ),
          ),
        },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: [] },
);
const flowbot = fc.oneof(
  anyJson,
  fc.record(
    {
      id: anyJson,
      version: anyJson,
      publishedAt: anyJson,
      theme: maybe(theme),
      settings: maybe(fc.record({ general: fc.record({ systemMessages: anyJson }) })),
    },
    { requiredKeys: [] },
  ),
);

/** Response bodies in the viewer's envelope (which the client accepts) with wild contents. */
const turnFields = {
  messages: fc.array(message, { maxLength: 6 }),
  input,
  clientSideActions: fc.array(action, { maxLength: 3 }),
  logs: fc.oneof(fc.array(anyJson, { maxLength: 3 }), fc.constant(null)),
  dynamicTheme: fc.record(
    {
      hostAvatarUrl: fc.oneof(anyText, fc.constant(null)),
      guestAvatarUrl: fc.oneof(anyText, fc.constant(null)),
      backgroundUrl: fc.oneof(anyText, fc.constant(null)),
    },
    { requiredKeys: [] },
  ),
  progress: fc.double(),
  lastMessageNewFormat: anyText,
};
const startValid = fc.record(
  { sessionId: shortText.filter((s) => s.trim() !== ''), resultId: shortText, flowbot, ...turnFields },
  { requiredKeys: ['sessionId', 'resultId', 'messages'] },
);
const continueValid = fc.record(turnFields, { requiredKeys: ['messages'] });

/** A valid envelope with one field replaced by anything: the edge of what the client accepts. */
function oneFieldOff(valid: fc.Arbitrary<Record<string, unknown>>, keys: string[]): fc.Arbitrary<unknown> {
  return fc.tuple(valid, fc.constantFrom(...keys), anyJson).map(([body, key, value]) => ({ ...body, [key]: value }));
}
const startShaped = fc.oneof(
  { weight: 3, arbitrary: startValid },
  { weight: 1, arbitrary: oneFieldOff(startValid, ['sessionId', 'resultId', ...Object.keys(turnFields)]) },
);
const continueShaped = fc.oneof(
  { weight: 3, arbitrary: continueValid },
  { weight: 1, arbitrary: oneFieldOff(continueValid, Object.keys(turnFields)) },
);

/** What a test feeds the widget: mostly valid envelopes, also arbitrary JSON and broken bodies. */
function replies(shaped: fc.Arbitrary<unknown>): fc.Arbitrary<Reply> {
  const ok = (body: Reply['body']): Reply => ({ status: 200, body });
  return fc.oneof(
    { weight: 4, arbitrary: shaped.map((json) => ok({ json })) },
    { weight: 2, arbitrary: anyJson.map((json) => ok({ json })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((text) => ok({ text })) },
    {
      weight: 1,
      arbitrary: fc.record({
        status: fc.constantFrom(400, 403, 404, 409, 429, 500, 502, 503),
        body: fc.oneof(
          anyJson.map((json) => ({ json })),
          fc.string().map((text) => ({ text })),
        ),
      }),
    },
  );
}

/** The body as the client will see it: JSON-round-tripped (undefined dropped, NaN → null). */
function wire(reply: Reply): { text: string; value: unknown; json: boolean } {
  if ('text' in reply.body) {
    try {
      return { text: reply.body.text, value: JSON.parse(reply.body.text), json: true };
    } catch {
      return { text: reply.body.text, value: undefined, json: false };
    }
  }
  const text = JSON.stringify(reply.body.json) ?? 'null';
  return { text, value: JSON.parse(text), json: true };
}

/** Whether the client accepts `reply` against `schema`. */
/** Whether the widget's reader takes the reply (a 2xx that parses and reads as a turn). */
function accepted(reply: Reply, read: (value: unknown) => { ok: boolean }): boolean {
  const body = wire(reply);
  return reply.status < 300 && body.json && read(body.value).ok;
}

/** What the reader keeps of a reply the widget takes (unusable items left out). */
function readBody(
  reply: Reply,
  read: (value: unknown) => { ok: boolean; value?: unknown },
): { messages: unknown[]; input?: unknown } {
  return read(wire(reply).value).value as { messages: unknown[]; input?: unknown };
}

function toResponse(reply: Reply): Response {
  return new Response(wire(reply).text, { status: reply.status, headers: { 'content-type': 'application/json' } });
}

// ---------------------------------------------------------------------------
// The page

let problems: string[] = [];
const onError = (event: ErrorEvent) => problems.push(`error: ${event.message}`);
const onRejection = (event: PromiseRejectionEvent) => problems.push(`unhandledrejection: ${String(event.reason)}`);

/** The stubbed viewer: what start and continue answer next, and what was asked. */
const server = {
  start: (): Reply => ({ status: 200, body: { json: startResponse() } }),
  continue: (): Reply => ({ status: 200, body: { json: { messages: [] } } }),
  starts: 0,
  continues: [] as unknown[],
};

beforeEach(() => {
  problems = [];
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    problems.push(`console.error: ${args.map(String).join(' ')}`);
  });
  // Warnings about ignored theme values are expected here, by the hundred.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(window, 'open').mockReturnValue(null);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (request, init) => {
    const req = new Request(request, init);
    if (req.url.includes('/startChat')) {
      server.starts++;
      return toResponse(server.start());
    }
    if (req.url.includes('/continueChat')) {
      const raw = await req.text();
      server.continues.push(raw ? JSON.parse(raw) : undefined);
      return toResponse(server.continue());
    }
    return new Response('{}', { status: 404 });
  });
});

afterEach(() => {
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onRejection);
  vi.restoreAllMocks();
});

let serial = 0;

/** Mounts a widget into `container` and records the events that end a turn, and the errors reported. */
function mount(
  container: HTMLElement,
  setup: (el: FlowbotChat) => void = () => {},
): { el: FlowbotChat; events: string[]; errors: unknown[] } {
  server.starts = 0;
  server.continues = [];
  const el = document.createElement('flowbot-chat');
  el.publicId = `malformed-${serial++}`;
  const events: string[] = [];
  const errors: unknown[] = [];
  for (const name of ['flowbot-input', 'flowbot-end'] as const) el.addEventListener(name, () => events.push(name));
  el.addEventListener('flowbot-error', (event) => {
    events.push('flowbot-error');
    errors.push(event.detail.error);
  });
  setup(el);
  container.append(el);
  return { el, events, errors };
}

/** The error the client must raise for a reply it cannot use: never a TypeError or anything else. */
function expectClientError(error: unknown, reply: Reply): void {
  if (reply.status >= 300) expect(isFlowbotHttpError(error), String(error)).toBe(true);
  else expect(isFlowbotResponseError(error), String(error)).toBe(true);
}

/** Waits until the turn in flight settled: an input, the end, or an error. */
async function settled(el: FlowbotChat, events: string[], count = 1): Promise<void> {
  await until(() => events.length >= count || part(el, 'unavailable'), 8000);
  // A rarer input's control arrives on demand: wait for it to replace its placeholder.
  await until(() => !part(el, 'composer')?.querySelector('.bone'), 8000);
  await el.updateComplete;
}

/** The error state with a retry is on screen. */
function showsRetry(el: FlowbotChat): boolean {
  return !!part(el, 'error') && !!part(el, 'retry-button');
}

/** The widget shows what the valid response held: every usable message, and the input or the end. */
function showsResponse(el: FlowbotChat, body: { messages: unknown[]; input?: unknown }, before = 0): void {
  const usable = body.messages.filter((m) => renderMessageContent(m as never) !== null).length;
  expect(parts(el, 'bot-message').length - before).toBe(usable);
  expect(part(el, 'error')).toBeNull();
  const composer = part(el, 'composer')!;
  if (body.input) {
    const hasControl =
      !!composer.querySelector('input, textarea, button, select, [role]') || composer.textContent!.trim() !== '';
    expect(hasControl, 'the input shows something').toBe(true);
  } else {
    expect(part(el, 'end')).not.toBeNull();
  }
}

const RUNS = { numRuns: 80 } as const;

describe('<flowbot-chat>', () => {
  describe('with malformed data', () => {
    // Eighty conversations: a slow machine needs more than the default 20 s.
    it('shows a usable start response, or its error with a retry that asks again', { timeout: 90_000 }, async () => {
      const container = await fixture<HTMLDivElement>(html`<div></div>`);
      await fc.assert(
        fc.asyncProperty(replies(startShaped), async (reply) => {
          problems = [];
          server.start = () => reply;
          const { el, events, errors } = mount(container);
          try {
            await settled(el, events);
            if (accepted(reply, readStartResult)) {
              showsResponse(el, readBody(reply, readStartResult));
            } else if (reply.status === 404) {
              // No such bot: unavailable, without a Retry that could never succeed (mistakes.browser.test.ts).
              expect(el.shadowRoot!.textContent).toContain('This chat is unavailable');
              expect(part(el, 'retry-button')).toBeNull();
              expect(events).toEqual(['flowbot-error']);
              expectClientError(errors[0], reply);
            } else {
              expect(showsRetry(el), 'error state with a retry').toBe(true);
              expect(events).toEqual(['flowbot-error']);
              expectClientError(errors[0], reply);
              part<HTMLButtonElement>(el, 'retry-button')!.click();
              await settled(el, events, 2);
              expect(server.starts).toBe(2);
              expect(showsRetry(el)).toBe(true);
            }
            expect(problems).toEqual([]);
          } finally {
            el.remove();
          }
        }),
        RUNS,
      );
    });

    // Eighty conversations: a slow machine needs more than the default 20 s.
    it('shows a usable continue response, or keeps the answer with a retry', { timeout: 90_000 }, async () => {
      const container = await fixture<HTMLDivElement>(html`<div></div>`);
      await fc.assert(
        fc.asyncProperty(replies(continueShaped), async (reply) => {
          problems = [];
          server.start = () => ({ status: 200, body: { json: startResponse() } });
          server.continue = () => reply;
          const { el, events, errors } = mount(container);
          try {
            await settled(el, events);
            await typeAndSend(el, 'my answer');
            await settled(el, events, 2);
            expect(server.continues).toEqual([{ message: 'my answer' }]);
            if (accepted(reply, readContinueResult)) {
              showsResponse(el, readBody(reply, readContinueResult), 1);
            } else if (reply.status < 300) {
              // The server took the answer but its reply cannot be read: the answer stays
              // delivered (no "Not sent"), and Retry asks the bot to go on instead of resending it.
              expect(showsRetry(el), 'error state with a retry').toBe(true);
              expectClientError(errors[0], reply);
              expect(userTexts(el)).toEqual(['my answer']);
              expect(part(el, 'messages')!.textContent).not.toContain('Not sent');
              part<HTMLButtonElement>(el, 'retry-button')!.click();
              await settled(el, events, 3);
              expect(server.continues).toEqual([{ message: 'my answer' }, {}]);
            } else if (isSessionExpiredError(errors[0])) {
              // A 404 (or a 400/410 saying the session is gone): the conversation ended as expired,
              // read-only with Start again, never a Retry that would ask the dead session again.
              expectClientError(errors[0], reply);
              expect(part(el, 'expired'), 'the expired notice').not.toBeNull();
              expect(part(el, 'start-again-button')).not.toBeNull();
              expect(part(el, 'retry-button')).toBeNull();
              expect(userTexts(el)).toEqual(['my answer']);
              await settle();
              expect(server.continues).toEqual([{ message: 'my answer' }]);
            } else {
              expect(showsRetry(el), 'error state with a retry').toBe(true);
              expectClientError(errors[0], reply);
              expect(userTexts(el)).toEqual(['my answer']);
              expect(part(el, 'messages')!.textContent).toContain('Not sent');
              expect($<HTMLInputElement>(el, '.composer [part~="input"]')?.value, 'the typed text is kept').toBe(
                'my answer',
              );
              part<HTMLButtonElement>(el, 'retry-button')!.click();
              await settled(el, events, 3);
              expect(server.continues).toEqual([{ message: 'my answer' }, { message: 'my answer' }]);
            }
            expect(problems).toEqual([]);
          } finally {
            el.remove();
          }
        }),
        RUNS,
      );
    });

    it('keeps a rating with an absurd range to a usable number of options', async () => {
      const container = await fixture<HTMLDivElement>(html`<div></div>`);
      for (const startsAt of [-100_000, -1e12]) {
        problems = [];
        const rating = { id: 'rate', type: 'rating input', options: { buttonType: 'Numbers', startsAt, length: 10 } };
        server.start = () => ({ status: 200, body: { json: startResponse({ input: rating }) } });
        const { el, events } = mount(container);
        try {
          await settled(el, events);
          const options = parts(el, 'rating-option').length;
          expect(options, `startsAt ${startsAt}`).toBeGreaterThan(0);
          expect(options, `startsAt ${startsAt}`).toBeLessThanOrEqual(101);
          expect(problems).toEqual([]);
        } finally {
          el.remove();
        }
      }
    });

    it('lets the visitor type when cards offer no usable button', async () => {
      const container = await fixture<HTMLDivElement>(html`<div></div>`);
      const cards = {
        id: 'cards',
        type: 'cards',
        items: [{ id: 'c1', title: 'A card', paths: [{ text: 'no id' }] }, 'junk'],
      };
      server.start = () => ({ status: 200, body: { json: startResponse({ input: cards }) } });
      const { el, events } = mount(container);
      try {
        await settled(el, events);
        await typeAndSend(el, 'typed instead');
        await until(() => server.continues.length === 1);
        expect(server.continues).toEqual([{ message: 'typed instead' }]);
        expect(problems).toEqual([]);
      } finally {
        el.remove();
      }
    });

    it('renders any Widget resource, or stays off when it is switched off', async () => {
      const container = await fixture<HTMLDivElement>(html`<div></div>`);
      const widget = fc.oneof(
        anyJson,
        fc.record(
          {
            id: anyJson,
            title: maybe(anyText),
            subTitle: maybe(anyText),
            primaryColor: colour,
            secondaryColor: colour,
            primaryAIColor: colour,
            secondaryAIColor: colour,
            primaryUserColor: colour,
            secondaryUserColor: colour,
            headerIcon: maybe(
              fc.oneof(
                anyUrl,
                anyUrl.map((url) => JSON.stringify({ url })),
              ),
            ),
            widgetIcon: maybe(anyUrl),
            avatarIcon: maybe(anyUrl),
            aiFirstMessage: maybe(anyText),
            defaultMessages: anyJson,
            audioVoice: anyJson,
            voiceActive: anyJson,
            isActivated: maybe(fc.boolean()),
            isPublic: anyJson,
            Bot: anyJson,
            unity: anyJson,
          },
          { requiredKeys: [] },
        ),
      );
      await fc.assert(
        fc.asyncProperty(
          widget,
          fc.constantFrom('standard', 'bubble'),
          fc.boolean(),
          async (value, mode, asAttribute) => {
            problems = [];
            server.start = () => ({
              status: 200,
              body: { json: startResponse({ messages: [textMessage('m1', 'Hello from the stub')] }) },
            });
            const { el, events } = mount(container, (node) => {
              node.mode = mode as FlowbotChat['mode'];
              node.open = true;
              if (asAttribute) node.setAttribute('widget', JSON.stringify(value));
              else (node as { widget: unknown }).widget = value;
            });
            try {
              await settled(el, events);
              const off =
                typeof value === 'object' &&
                value !== null &&
                !Array.isArray(value) &&
                (value as { isActivated?: unknown }).isActivated === false;
              if (off) {
                expect(part(el, 'unavailable')).not.toBeNull();
                expect(server.starts).toBe(0);
              } else {
                expect(botTexts(el)).toContain('Hello from the stub');
                const title = (value as { title?: unknown } | null)?.title;
                if (typeof title === 'string' && title.trim()) expect(part(el, 'title')!.textContent).toBe(title);
              }
              expect(part(el, 'error')).toBeNull();
              expect(problems).toEqual([]);
            } finally {
              el.remove();
            }
          },
        ),
        RUNS,
      );
    });
  });
});
