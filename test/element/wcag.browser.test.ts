/**
 * WCAG 2.2 AA, criterion by criterion: each test is named by the success criterion it proves
 * (ACCESSIBILITY.md lists them all, with the other tests that prove the rest). What a visitor
 * perceives is measured in the real browser: painted colours, geometry, focus, announcements.
 */
import { expect, fixture, html } from '@open-wc/testing';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { cdp, page, userEvent } from 'vitest/browser';
import type { FlowbotChat } from '../../src/element/flowbot-chat.js';
import { mountInput } from './controls-helpers.js';
import { $, $$, part, text } from '../support/widget-dom.js';
import { inputShown, typeAndSend, until } from '../support/widget-actions.js';
import { paragraphMessage, startResponse, stubViewer, textMessage } from '../support/fake-viewer.js';
import {
  backgroundOf,
  clippersOf,
  contrast,
  controlsOf,
  focusRingOf,
  largeText,
  outlineBox,
  over,
  parseColour,
  shown,
  textColourOf,
  textElements,
  within,
  type Rgba,
} from './wcag-helpers.js';
import { DARK } from '../support/dark-theme.js';

// What an earlier file of the run left in the tab's storage (an invitation already seen this visit)
// would keep the invitation away.
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await page.viewport(1280, 800);
});

/** A bot theme (the start response's `flowbot.theme`) with a dark container, dark fields and a deep indigo. */
const BOT_DARK = {
  chat: {
    container: { backgroundColor: '#111827', color: '#f9fafb' },
    hostBubbles: { backgroundColor: '#1f2937', color: '#f3f4f6' },
    guestBubbles: { backgroundColor: '#4338ca', color: '#ffffff' },
    buttons: { backgroundColor: '#4338ca', color: '#ffffff' },
    inputs: { backgroundColor: '#1f2937', color: '#f9fafb' },
  },
};

/** The three looks every colour test runs in: the page's custom properties, or the bot's theme. */
const THEMES: { name: string; styles: Record<string, string>; theme?: unknown }[] = [
  { name: 'light', styles: {} },
  { name: 'dark', styles: DARK },
  { name: 'bot theme, dark container', styles: {}, theme: BOT_DARK },
];

/** Every input type, with the options that change its controls. */
const INPUTS: Record<string, Record<string, unknown>> = {
  text: { type: 'text input', options: { labels: { placeholder: 'Your name' } } },
  'long text': { type: 'text input', options: { isLong: true } },
  'text with files and voice': {
    type: 'text input',
    options: { attachments: { isEnabled: true }, audioClip: { isEnabled: true } },
  },
  number: { type: 'number input', options: { min: 1, max: 10 } },
  email: { type: 'email input' },
  url: { type: 'url input' },
  phone: { type: 'phone number input' },
  'date range': { type: 'date input', options: { isRange: true } },
  time: { type: 'time input' },
  choice: {
    type: 'choice input',
    items: [
      { id: 'a', content: 'Alpha' },
      { id: 'b', content: 'Beta' },
    ],
  },
  'multiple choice': {
    type: 'choice input',
    options: { isMultipleChoice: true },
    items: [
      { id: 'a', content: 'Alpha' },
      { id: 'b', content: 'Beta' },
      { id: 'c', content: 'Gamma' },
    ],
  },
  'searchable choice': {
    type: 'choice input',
    options: { isSearchable: true },
    items: Array.from({ length: 12 }, (_, i) => ({ id: `i${i}`, content: `Option ${i + 1}` })),
  },
  'picture choice': {
    type: 'picture choice input',
    items: [
      { id: 'p1', title: 'Sea', description: 'Blue', pictureSrc: 'https://example.invalid/sea.png' },
      { id: 'p2', title: 'Hill', description: 'Green', pictureSrc: 'https://example.invalid/hill.png' },
    ],
  },
  'rating (numbers)': { type: 'rating input', options: { buttonType: 'Numbers', length: 10, startsAt: 0 } },
  'rating (icons)': { type: 'rating input', options: { buttonType: 'Icons', length: 5, startsAt: 1 } },
  file: { type: 'file input', options: { isMultipleAllowed: true } },
  cards: {
    type: 'cards',
    items: [
      { id: 'c1', title: 'Plan A', description: 'Small', paths: [{ id: 'x', text: 'Pick A' }] },
      { id: 'c2', title: 'Plan B', description: 'Large', paths: [{ id: 'y', text: 'Pick B' }] },
    ],
  },
  payment: { type: 'payment input' },
};

/** A conversation with a header, a link, an answer and a field error on screen. */
async function conversation(styles: Record<string, string> = {}, widget: Record<string, unknown> = {}) {
  const link = paragraphMessage(
    'm2',
    { text: 'Read ' },
    { type: 'a', url: 'https://example.com/terms', children: [{ text: 'the terms' }] },
  );
  stubViewer(startResponse({ messages: [textMessage('m1', 'Hello! What is your name?'), link] }), [
    { messages: [textMessage('m3', 'And your e-mail?')], input: { id: 'in-2', type: 'email input' } },
  ]);
  const el = await fixture<FlowbotChat>(
    html`<flowbot-chat public-id="stub" .widget=${{ title: 'Support', subTitle: 'We answer fast', ...widget }}></flowbot-chat>`,
  );
  for (const [name, value] of Object.entries(styles)) el.style.setProperty(name, value);
  await inputShown(el);
  await typeAndSend(el, 'Ada');
  await until(() => $(el, '.composer input[type="email"]'));
  await typeAndSend(el, 'not an address');
  await until(() => part(el, 'field-error'));
  return el;
}

/** Every text of the widget against what is behind it: what falls under 4.5:1 (3:1 for large text). */
function lowContrastTexts(el: FlowbotChat): string[] {
  const low: string[] = [];
  for (const node of textElements(el)) {
    const ratio = contrast(textColourOf(node), backgroundOf(node));
    if (ratio < (largeText(node) ? 3 : 4.5)) low.push(`${text(node).slice(0, 30)} ${ratio.toFixed(2)}:1`);
  }
  for (const field of $$<HTMLInputElement>(el, 'input[placeholder], textarea[placeholder]')) {
    const placeholder = parseColour(getComputedStyle(field, '::placeholder').color);
    const ratio = contrast(placeholder, backgroundOf(field));
    if (ratio < 4.5) low.push(`placeholder "${field.placeholder}" ${ratio.toFixed(2)}:1`);
  }
  return low;
}

/** A control's edge (border) or fill against the background around it: the better of the two. */
function edgeContrast(control: Element): number {
  const around = backgroundOf(control.parentElement ?? control);
  const style = getComputedStyle(control);
  const edge = parseFloat(style.borderTopWidth) >= 1 ? over(parseColour(style.borderTopColor), around) : undefined;
  return Math.max(contrast(backgroundOf(control), around), edge ? contrast(edge, around) : 0);
}

/** What a text belongs to, for the contrast table: the first of these its element is inside. */
const TEXT_KINDS: [string, string][] = [
  ['invitation', '[part~="preview"]'],
  ['menu', '[part~="menu"]'],
  ['reason form', '[part~="feedback-form"]'],
  ['time', 'time'],
  ['answer actions', '[part~="actions"]'],
  ['field error', '[part~="field-error"]'],
  ['header', '[part~="header"]'],
  ['rating labels', '.ends'],
  ['cards', '.card'],
  ['picture choices', '.picture'],
  ['choices', '.choice, .choices'],
  ['date range labels', '.range-field'],
  ['files', '.drop, .files'],
  ['link', 'a'],
  ['bot bubble', '.row.bot'],
  ['visitor bubble', '.row.user'],
  ['composer', '[part~="composer"]'],
];
const kindOf = (node: Element): string =>
  TEXT_KINDS.find(([, selector]) => node.closest(selector))?.[0] ?? `${node.localName}.${node.className}`;

/** Actions and times show on hover and focus: this shows them all at once, as a hover shows one row's. */
const SHOW_ACTIONS = new CSSStyleSheet();
SHOW_ACTIONS.replaceSync('.acts { opacity: 1 !important; }');

/** Mounts a widget in `look` against a fake viewer whose start response is `start`. */
async function mountIn(
  look: (typeof THEMES)[number],
  start: Record<string, unknown>,
  turns: unknown[] = [],
  attributes: Record<string, string> = {},
): Promise<FlowbotChat> {
  stubViewer(startResponse({ ...start, flowbot: { id: 'bot', version: '1', theme: look.theme } }), turns);
  const el = document.createElement('flowbot-chat') as FlowbotChat;
  el.setAttribute('public-id', 'stub');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  for (const [name, value] of Object.entries(look.styles)) el.style.setProperty(name, value);
  await fixture(el);
  return el;
}

/**
 * Every text the widget draws, in `look`: the conversation (header, bubbles, a link, times, the
 * answers' actions, the menu, the reason form, a field error), each input type's control (choices,
 * rating labels, cards, pictures, date range, files) and the invitation. Resolves to each text's
 * kind and its contrast ratio against what is painted behind it (and whether it is large).
 */
async function measureEveryText(
  look: (typeof THEMES)[number],
): Promise<{ kind: string; ratio: number; large: boolean; words: string }[]> {
  const out: { kind: string; ratio: number; large: boolean; words: string }[] = [];
  const measure = (el: FlowbotChat) => {
    for (const node of textElements(el)) {
      out.push({
        kind: kindOf(node),
        ratio: contrast(textColourOf(node), backgroundOf(node)),
        large: largeText(node),
        words: text(node).slice(0, 24),
      });
    }
    // A button drawn as an icon alone (Copy, the thumbs, the menu's, the invitation's close): 3:1 (1.4.11).
    for (const button of $$(el, 'button').filter((b) => shown(b) && !text(b) && b.querySelector('svg'))) {
      const icon = button.querySelector('svg')!;
      out.push({
        kind: `${kindOf(button)} (icons)`,
        ratio: contrast(textColourOf(icon), backgroundOf(button)),
        large: true,
        words: button.getAttribute('aria-label') ?? '',
      });
    }
    for (const field of $$<HTMLInputElement>(el, 'input[placeholder], textarea[placeholder]')) {
      const placeholder = over(parseColour(getComputedStyle(field, '::placeholder').color), backgroundOf(field));
      out.push({
        kind: 'placeholder',
        ratio: contrast(placeholder, backgroundOf(field)),
        large: false,
        words: field.placeholder,
      });
    }
  };
  // The conversation: a thumbs-down answer's reasons open, the menu open, an address refused.
  const chat = await mountIn(
    look,
    { messages: [textMessage('m1', 'Hello! What is your name?'), textMessage('m2', 'Read the terms first.')] },
    [{ messages: [textMessage('m3', 'And your e-mail?')], input: { id: 'in-2', type: 'email input' } }],
    { feedback: 'all' },
  );
  chat.shadowRoot!.adoptedStyleSheets = [...chat.shadowRoot!.adoptedStyleSheets, SHOW_ACTIONS];
  await inputShown(chat);
  await typeAndSend(chat, 'Ada');
  await until(() => $(chat, '.composer input[type="email"]'));
  await typeAndSend(chat, 'not an address');
  await until(() => part(chat, 'field-error'));
  await until(() => $(chat, '[data-act="down"]'));
  $<HTMLButtonElement>(chat, '[data-act="down"]')!.click();
  await until(() => part(chat, 'feedback-form'));
  part<HTMLButtonElement>(chat, 'menu-button')!.click();
  await until(() => part(chat, 'menu'));
  measure(chat);
  chat.remove();
  // Each input type's control.
  const rating = {
    ...INPUTS['rating (numbers)']!,
    options: { buttonType: 'Numbers', length: 5, labels: { left: 'Poor', right: 'Great' } },
  };
  for (const input of [
    INPUTS.choice!,
    INPUTS['multiple choice']!,
    rating,
    INPUTS.cards!,
    INPUTS['picture choice']!,
    INPUTS['date range']!,
    INPUTS.file!,
    INPUTS.text!,
  ]) {
    const el = await mountIn(look, { input: { id: 'in', ...input } }, [{ messages: [textMessage('t', 'Thanks')] }]);
    await until(() => $(el, '.composer :is(form, .choice-input, .cards, .skip-input)'));
    await el.updateComplete;
    measure(el);
    el.remove();
  }
  // The invitation beside the launcher.
  const bubble = await mountIn(look, {}, [], { mode: 'bubble', 'preview-delay': '0' });
  bubble.widget = { aiFirstMessage: 'Hi! Questions about your order?' };
  const preview = await until(() => part(bubble, 'preview'));
  // Measured as it stands once it has come in.
  await Promise.all(bubble.shadowRoot!.getAnimations().map((animation) => animation.finished));
  await until(() => shown(preview));
  measure(bubble);
  bubble.remove();
  sessionStorage.clear();
  localStorage.clear();
  return out;
}

/** The colour a focus indicator is painted in: its outline's, else its ring-shaped shadow's. */
function ringColour(ring: Element): Rgba {
  const style = getComputedStyle(ring);
  if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) return parseColour(style.outlineColor);
  return parseColour(/^(rgba?\([^)]*\)|#\w+|[a-z]+)/.exec(style.boxShadow)?.[1] ?? 'transparent');
}

/** What surrounds a ring: the control's own fill for a ring drawn inside it, else what is behind the control. */
function aroundRing(ring: Element): Rgba {
  const style = getComputedStyle(ring);
  const inside = style.outlineStyle !== 'none' && parseFloat(style.outlineOffset) < 0;
  const parent = ring.parentElement ?? (ring.getRootNode() as ShadowRoot).host;
  return backgroundOf(inside ? ring : parent);
}

/** Visits every control Tab reaches in `el`, both ways from the transcript (the header's buttons are above it), while it has the focus. */
async function eachTabStop(el: FlowbotChat, visit: (control: Element) => void): Promise<number> {
  const seen = new Set<Element>();
  const see = async (active: Element): Promise<void> => {
    // What shows on focus (an answer's actions) has faded in.
    await Promise.all(
      el.shadowRoot!.getAnimations().flatMap((a) => (a instanceof CSSTransition ? [a.finished.catch(() => {})] : [])),
    );
    seen.add(active);
    visit(active);
  };
  for (const shift of [true, false]) {
    part<HTMLElement>(el, 'messages')!.focus();
    for (let i = 0; i < 40; i++) {
      await userEvent.tab({ shift });
      const active = el.shadowRoot!.activeElement;
      if (!active || seen.has(active)) break;
      if (active.matches('[part~="messages"]')) continue;
      await see(active);
    }
  }
  // The transcript's own stop (focused as Tab leaves it: by keyboard), then what is inside the
  // messages, reached once a message is entered (Enter), then by Tab round it.
  await until(() => part(el, 'menu-button'));
  const log = part<HTMLElement>(el, 'messages')!;
  log.focus();
  await see(log);
  await userEvent.keyboard('{Home}');
  for (let m = 0; m < 20; m++) {
    const message = el.shadowRoot!.activeElement as HTMLElement;
    await userEvent.keyboard('{Enter}');
    for (let i = 0; i < 10 && el.shadowRoot!.activeElement !== message; i++) {
      await see(el.shadowRoot!.activeElement!);
      await userEvent.tab();
    }
    message.focus();
    await userEvent.keyboard('{ArrowDown}');
    if (el.shadowRoot!.activeElement === message) break;
  }
  return seen.size;
}

/** Emulates the visitor's `prefers-reduced-motion` (or lifts it). */
const reduceMotion = (reduce: boolean) =>
  cdp().send('Emulation.setEmulatedMedia', {
    media: '',
    features: [{ name: 'prefers-reduced-motion', value: reduce ? 'reduce' : 'no-preference' }],
  });

/**
 * What moves in `el` now: each running animation or transition on the clock (one tied to a
 * scroll position moves only as the visitor scrolls), with the properties it changes. A fade
 * (opacity alone) is left out when `fades` allows it.
 */
function moving(el: FlowbotChat, fades = true): string[] {
  return el
    .shadowRoot!.getAnimations()
    .filter((animation) => animation.playState === 'running' && animation.timeline instanceof DocumentTimeline)
    .map((animation) => {
      const keyframes = (animation.effect as KeyframeEffect).getKeyframes();
      const changed = [
        ...new Set(
          keyframes.flatMap((frame) =>
            Object.keys(frame).filter((key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key)),
          ),
        ),
      ];
      const name =
        animation instanceof CSSAnimation
          ? animation.animationName
          : animation instanceof CSSTransition
            ? `transition of ${animation.transitionProperty}`
            : 'script';
      const target = (animation.effect as KeyframeEffect).target;
      return { what: `${name} on ${target?.localName}.${target?.className} (${changed.join(', ')})`, changed };
    })
    .filter(({ changed }) => !(fades && changed.every((key) => key === 'opacity')))
    .map(({ what }) => what);
}

/** Everything `moving` reports over the next `ms`, sampled each frame. */
async function movingDuring(el: FlowbotChat, ms: number, fades = true): Promise<string[]> {
  const seen = new Set<string>();
  const end = performance.now() + ms;
  while (performance.now() < end) {
    for (const what of moving(el, fades)) seen.add(what);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return [...seen];
}

describe('<flowbot-chat> and WCAG 2.2 AA', () => {
  describe('1.4.3 Contrast (Minimum) and 1.4.11 Non-text Contrast', () => {
    it('1.4.3: every text, placeholders and the field error included, is 4.5:1 in the default theme', async () => {
      const el = await conversation();
      expect(lowContrastTexts(el)).to.deep.equal([]);
    });

    it("1.4.3: every text, the field error included, is 4.5:1 in the README's dark theme", async () => {
      const el = await conversation(DARK);
      expect(lowContrastTexts(el)).to.deep.equal([]);
    });

    it("1.4.3: the visitor's answer is 4.5:1 as painted (opacity included) while it is sent and after its send failed, and shows which", async () => {
      for (const look of THEMES) {
        let fail!: () => void;
        const held = new Promise<Response>(
          (resolve) => (fail = () => resolve(Response.json({ message: 'boom' }, { status: 500 }))),
        );
        const el = await mountIn(look, { messages: [textMessage('m1', 'Hello! What is your name?')] }, [() => held]);
        await inputShown(el);
        await typeAndSend(el, 'Ada');
        const bubble = await until(() => $(el, '.row.user.sending [part~="user-message"]'));
        const ratio = () => contrast(textColourOf(bubble), backgroundOf(bubble));
        expect(ratio(), `${look.name}, sending`).to.be.at.least(4.5);
        // A send that takes a moment is marked: an outline round the bubble, 3:1 on the panel (1.4.11).
        // Read once its colour has come in whole (its 1 ms fade in, on a busy machine, can be caught half-way).
        const ring = await until(() => {
          const style = getComputedStyle(bubble);
          const colour = parseColour(style.outlineColor);
          return style.outlineStyle !== 'none' && colour[3] === 1 && colour;
        }, 2000);
        const around = backgroundOf(bubble.parentElement!);
        expect(contrast(over(ring, around), around), `${look.name}, the sending mark`).to.be.at.least(3);
        expect(ratio(), `${look.name}, sending, marked`).to.be.at.least(4.5);
        expect(lowContrastTexts(el), `${look.name}, sending`).to.deep.equal([]);
        fail();
        await until(() => $(el, '.row.user.failed'));
        expect(ratio(), `${look.name}, not sent`).to.be.at.least(4.5);
        expect(lowContrastTexts(el), `${look.name}, not sent`).to.deep.equal([]);
        el.remove();
      }
    });

    it('1.4.3: every text the widget draws is 4.5:1 (3:1 when large), light, dark and under a bot theme with a dark container', async () => {
      const table: Record<string, Record<string, number>> = {};
      for (const look of THEMES) {
        const texts = await measureEveryText(look);
        for (const { kind, ratio } of texts) {
          table[kind] ??= {};
          table[kind]![look.name] = Math.min(table[kind]![look.name] ?? 21, ratio);
        }
        const low = texts.filter(({ ratio, large }) => ratio < (large ? 3 : 4.5));
        expect(
          low.map(({ kind, words, ratio }) => `${kind} "${words}" ${ratio.toFixed(2)}:1`),
          look.name,
        ).to.deep.equal([]);
        // Every text the criterion's row names was on screen and measured.
        const kinds = new Set(texts.map(({ kind }) => kind));
        for (const kind of [
          'choices',
          'rating labels',
          'cards',
          'answer actions (icons)',
          'time',
          'menu',
          'reason form',
          'field error',
          'invitation',
          'placeholder',
        ])
          expect(kinds.has(kind), `${look.name}: ${kind} measured`).to.equal(true);
      }
      // The worst ratio of each text in each look (the table ACCESSIBILITY.md quotes).
      console.info(
        Object.entries(table)
          .map(
            ([kind, ratios]) =>
              `${kind}: ${THEMES.map(({ name }) => `${name} ${ratios[name]?.toFixed(2) ?? '-'}`).join(', ')}`,
          )
          .join('\n'),
      );
    });

    it('1.4.11: a field stands out from the panel by 3:1 (edge or fill), with and without an error, default and dark', async () => {
      for (const styles of [{}, DARK]) {
        const el = await conversation(styles);
        expect(edgeContrast(part(el, 'input')!), 'field with an error').to.be.at.least(3);
        const { el: plain } = await mountInput(INPUTS.text!);
        for (const [name, value] of Object.entries(styles as Record<string, string>))
          plain.style.setProperty(name, value);
        await plain.updateComplete;
        expect(edgeContrast(part(plain, 'input')!), 'field').to.be.at.least(3);
        el.remove();
        plain.remove();
      }
    });

    it('1.4.11: every focus ring is 3:1 against what surrounds it and every field edge 3:1 against the panel, light, dark and under a bot theme', async () => {
      const stops: Record<string, number> = {};
      for (const look of THEMES) {
        const scenes: [string, Record<string, unknown>, Record<string, string>][] = [
          // A header (title and menu), answers with their actions, and a field.
          [
            'conversation',
            { messages: [textMessage('m1', 'Hello!'), textMessage('m2', 'Ask away.')] },
            { feedback: 'all' },
          ],
          ...[
            'long text',
            'date range',
            'choice',
            'multiple choice',
            'searchable choice',
            'picture choice',
            'rating (numbers)',
            'rating (icons)',
            'file',
            'cards',
          ].map((name): [string, Record<string, unknown>, Record<string, string>] => [
            name,
            { input: { id: 'in', ...INPUTS[name]! } },
            {},
          ]),
        ];
        for (const [name, start, attributes] of scenes) {
          const el = await mountIn(look, start, [], attributes);
          el.widget = { title: 'Support' };
          await until(() => $(el, '.composer :is(form, .choice-input, .cards, .skip-input)'));
          await el.updateComplete;
          const visited = await eachTabStop(el, (control) => {
            const ring = focusRingOf(control);
            const label = `${look.name}, ${name}: ${control.localName}[part=${control.getAttribute('part')}].${control.className}`;
            expect(ring, `${label} shows no focus ring`).to.exist;
            const ratio = contrast(over(ringColour(ring!), aroundRing(ring!)), aroundRing(ring!));
            stops[look.name] = Math.min(stops[look.name] ?? 21, ratio);
            expect(ratio, `${label}'s ring`).to.be.at.least(3);
          });
          expect(visited, `${look.name}, ${name}: controls reached`).to.be.greaterThan(1);
          // A field is found by its edge; a control that shows its words (a button, the drop zone) needs none.
          for (const field of $$(
            el,
            '.composer :is(input:not([type="radio"], [type="checkbox"], [type="file"]), textarea)',
          ))
            expect(
              edgeContrast(field),
              `${look.name}, ${name}: the edge of ${field.localName}.${field.className}`,
            ).to.be.at.least(3);
          el.remove();
        }
      }
      console.info(`worst focus ring: ${JSON.stringify(stops)}`);
    });

    it('1.4.3 and 1.4.11: any widget colours keep every text at 4.5:1 and the field at 3:1 from the panel', async () => {
      const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
      await fc.assert(
        fc.asyncProperty(
          fc.record({ primaryColor: hex, secondaryColor: hex, primaryAIColor: hex, secondaryAIColor: hex }),
          async (widget) => {
            const el = await conversation({}, widget);
            try {
              expect(lowContrastTexts(el), JSON.stringify(widget)).to.deep.equal([]);
              // A button named by its words needs no edge of its own (1.4.11's understanding); a field does.
              expect(edgeContrast(part(el, 'input')!), JSON.stringify(widget)).to.be.at.least(3);
            } finally {
              el.remove();
            }
          },
        ),
        {
          numRuns: 12,
          // Found by a run: a subtitle at 4.4999:1 as painted (the blend's channels rounded), under the line.
          examples: [
            [
              {
                primaryColor: '#ba5f47',
                secondaryColor: '#000000',
                primaryAIColor: '#000000',
                secondaryAIColor: '#000000',
              },
            ],
          ],
        },
      );
    });
  });

  describe('1.4.4 Resize Text and 1.4.10 Reflow', () => {
    for (const [width, height, criterion] of [
      [320, 640, '1.4.10: at 320 CSS px'],
      [640, 400, '1.4.4: at 200% (a 1280 px window zoomed: 640 CSS px)'],
    ] as const) {
      it(`${criterion}, every input type fits: no scrolling in two directions, nothing cut`, async () => {
        await page.viewport(width, height);
        for (const [name, input] of Object.entries(INPUTS)) {
          const { el } = await mountInput(input);
          const panel = part(el, 'panel')!.getBoundingClientRect();
          expect(document.documentElement.scrollWidth, name).to.be.at.most(width);
          expect(panel.right, name).to.be.at.most(width + 0.5);
          // Nothing sticks out of the panel, except inside a scroller that shows it scrolls (cards).
          for (const node of $$(el, '.panel *')) {
            if (node.closest('.cards, pre, .table-scroll')) continue;
            const rect = node.getBoundingClientRect();
            if (rect.width === 0) continue;
            expect(rect.right, `${name}: ${node.localName}.${node.className}`).to.be.at.most(panel.right + 0.5);
          }
          el.remove();
        }
      });
    }
  });

  describe('1.4.12 Text Spacing', () => {
    it('keeps every text whole with line height 1.5, paragraphs 2em, letters 0.12em and words 0.16em', async () => {
      const spacing = new CSSStyleSheet();
      spacing.replaceSync(
        '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }',
      );
      for (const input of [INPUTS.choice!, INPUTS['rating (numbers)']!, INPUTS['date range']!, INPUTS.cards!]) {
        const { el } = await mountInput(input);
        el.shadowRoot!.adoptedStyleSheets = [...el.shadowRoot!.adoptedStyleSheets, spacing];
        await el.updateComplete;
        for (const node of textElements(el)) {
          for (let at: Element | null = node; at && at !== el.shadowRoot!.host; at = at.parentElement) {
            const style = getComputedStyle(at);
            if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
            if (at.matches('.messages, .cards, .choices')) break; // scrollers: the text scrolls into view
            expect(at.scrollHeight, `${text(node).slice(0, 20)} in ${at.className}`).to.be.at.most(at.clientHeight + 1);
            expect(at.scrollWidth, `${text(node).slice(0, 20)} in ${at.className}`).to.be.at.most(at.clientWidth + 1);
          }
        }
        el.remove();
      }
    });
  });

  describe('2.1.2 No Keyboard Trap and 2.4.3 Focus Order', () => {
    it('2.1.2: Tab goes through the inline widget and out of it, both ways', async () => {
      stubViewer(startResponse());
      const wrapper = await fixture<HTMLElement>(
        html`<div><button id="before">Before</button><flowbot-chat public-id="stub"></flowbot-chat><button id="after">After</button></div>`,
      );
      const el = wrapper.querySelector('flowbot-chat')!;
      await inputShown(el);
      wrapper.querySelector<HTMLButtonElement>('#before')!.focus();
      let steps = 0;
      while (document.activeElement?.id !== 'after' && steps++ < 20) await userEvent.tab();
      expect(document.activeElement?.id).to.equal('after');
      steps = 0;
      while (document.activeElement?.id !== 'before' && steps++ < 20) await userEvent.tab({ shift: true });
      expect(document.activeElement?.id).to.equal('before');
    });

    it('2.4.3: Tab follows the reading order: the transcript (one stop), the answer and Send; inside a message, down it', async () => {
      const el = await conversation();
      const log = part<HTMLElement>(el, 'messages')!;
      const order: Element[] = [];
      log.focus();
      for (let i = 0; i < 12; i++) {
        const active = el.shadowRoot!.activeElement;
        if (!active || order.includes(active)) break;
        order.push(active);
        await userEvent.tab();
      }
      const names = order.map((node) => node.getAttribute('part') ?? node.localName);
      // The transcript is one stop: the field comes right after it, and Send after the field.
      expect(names.indexOf('input')).to.equal(1);
      expect(names.indexOf('send-button')).to.equal(2);
      // Entered, a message's controls come in its reading order: its link, then its actions, each at or below the one before.
      await until(() => part(el, 'menu-button'));
      log.focus();
      await userEvent.keyboard('{End}');
      for (let i = 0; i < 5 && !el.shadowRoot!.activeElement!.querySelector('a'); i++)
        await userEvent.keyboard('{ArrowUp}');
      const message = el.shadowRoot!.activeElement as HTMLElement;
      await userEvent.keyboard('{Enter}');
      const inside: Element[] = [];
      for (let i = 0; i < 10 && el.shadowRoot!.activeElement !== message; i++) {
        inside.push(el.shadowRoot!.activeElement!);
        await userEvent.tab();
      }
      expect(inside.map((node) => node.localName)[0]).to.equal('a');
      expect(inside.some((node) => node.closest('[part~="actions"]'))).to.equal(true);
      const tops = inside.map((node) => Math.round(node.getBoundingClientRect().top));
      expect(tops).to.deep.equal([...tops].sort((x, y) => x - y));
    });
  });

  describe('2.4.7 Focus Visible and 2.5.8 Target Size (Minimum)', () => {
    it('2.4.7: a ring counts only when focus draws it: a frame or a shadow shown at all times is none', async () => {
      const host = await fixture<HTMLElement>(html`<div></div>`);
      const root = host.attachShadow({ mode: 'open' });
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(`
        button { width: 80px; height: 32px; outline: none; box-shadow: inset 0 0 0 2px #333; }
        .outline:focus { outline: 2px solid #4f46e5; outline-offset: 2px; }
        .glow:focus { box-shadow: 0 0 0 3px #4f46e5; }
        .clear:focus { box-shadow: 0 0 0 3px transparent; }
        .thin:focus { outline: 1px solid #4f46e5; }
      `);
      root.adoptedStyleSheets = [sheet];
      const ringOf = (name: string) => {
        const button = root.appendChild(document.createElement('button'));
        button.className = name;
        button.focus();
        const ring = focusRingOf(button);
        expect(root.activeElement, `${name} keeps focus`).to.equal(button);
        return ring;
      };
      expect(ringOf('none'), 'a frame shown at all times').to.equal(undefined);
      expect(ringOf('clear'), 'a transparent shadow').to.equal(undefined);
      expect(ringOf('thin'), 'a 1 px outline').to.equal(undefined);
      expect(ringOf('outline')).to.have.class('outline');
      expect(ringOf('glow')).to.have.class('glow');
    });

    for (const [name, input] of Object.entries(INPUTS)) {
      it(`${name}: every control is at least 24×24 px and shows a focus ring that nothing clips`, async () => {
        const { el } = await mountInput(input);
        const controls = controlsOf(el);
        expect(controls.length).to.be.greaterThan(0);
        for (const control of controls) {
          const rect = control.getBoundingClientRect();
          const label = `${control.localName}[part=${control.getAttribute('part')}] ${text(control).slice(0, 20)}`;
          // Exact sizes: 23.6 px is not 24.
          expect(rect.width, `${label} width`).to.be.at.least(24);
          expect(rect.height, `${label} height`).to.be.at.least(24);
        }
        // Every control reached by Tab (both ways: the header's buttons are above the transcript), its ring drawn and whole.
        await until(() => part(el, 'menu-button')); // the header's menu comes on demand
        const reached: string[] = [];
        await eachTabStop(el, (active) => {
          const ring = focusRingOf(active);
          const label = `${active.localName}[part=${active.getAttribute('part')}]`;
          reached.push(active.getAttribute('part') ?? active.localName);
          expect(ring, `${label} shows no focus ring`).to.exist;
          for (const clip of clippersOf(ring!))
            expect(within(outlineBox(ring!), clip), `${label}'s ring is clipped`).to.equal(true);
        });
        expect(reached, 'the header reached by Tab').to.include('menu-button');
      });
    }
  });

  describe('2.2.2 Pause, Stop, Hide and 2.3.3 Animation from Interactions', () => {
    afterEach(() => reduceMotion(false));

    it('2.3.3: with reduced motion nothing moves: the typing dots, the panel opening, the invitation (a fade at most), the transcript scrolling', async () => {
      // The probe sees motion: without the preference the invitation slides in.
      await reduceMotion(false);
      const moved = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" public-id="stub" preview-delay="0" .widget=${{ aiFirstMessage: 'Hi there!' }}></flowbot-chat>`,
      );
      await until(() => part(moved, 'preview'));
      expect(await movingDuring(moved, 150), 'the invitation without the preference').not.to.deep.equal([]);
      moved.remove();
      sessionStorage.clear();
      localStorage.clear();

      await reduceMotion(true);
      // The invitation and the bubble's panel opening.
      stubViewer(startResponse());
      const bubble = await fixture<FlowbotChat>(
        html`<flowbot-chat mode="bubble" public-id="stub" preview-delay="0" .widget=${{ aiFirstMessage: 'Hi there!' }}></flowbot-chat>`,
      );
      await until(() => part(bubble, 'preview'));
      expect(await movingDuring(bubble, 400), 'the invitation').to.deep.equal([]);
      part<HTMLButtonElement>(bubble, 'launcher')!.click();
      expect(await movingDuring(bubble, 400), 'the panel opening').to.deep.equal([]);
      await inputShown(bubble);
      // The transcript jumps to a new message: no smooth scrolling.
      expect(getComputedStyle(part(bubble, 'messages')!).scrollBehavior).to.equal('auto');
      bubble.remove();
      sessionStorage.clear();
      localStorage.clear();

      // The typing dots: nothing runs, not even a fade.
      stubViewer(
        startResponse({
          flowbot: {
            id: 'bot',
            version: '1',
            settings: { typingEmulation: { enabled: true, speed: 300, maxDelay: 1, isDisabledOnFirstMessage: false } },
          },
          messages: [textMessage('m1', 'One moment, I am looking it up.')],
        }),
      );
      const typing = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await until(() => part(typing, 'typing'));
      expect(await movingDuring(typing, 300, false), 'the typing dots').to.deep.equal([]);
      await inputShown(typing, 8000);
    });
  });

  describe('2.5.3 Label in Name and 3.1.2 Language of Parts', () => {
    it("2.5.3: a button's accessible name holds the words it shows", async () => {
      for (const input of [INPUTS.choice!, INPUTS.cards!, INPUTS.payment!, INPUTS['multiple choice']!]) {
        const { el } = await mountInput(input);
        for (const button of $$(el, 'button')) {
          const shownWords = text(button).toLowerCase();
          const name = (button.getAttribute('aria-label') ?? shownWords).toLowerCase();
          if (shownWords) expect(name, shownWords).to.contain(shownWords);
        }
        el.remove();
      }
    });

    it("3.1.2: the widget's own words carry its language when it differs from the page's", async () => {
      stubViewer(startResponse());
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub" lang="pt-BR"></flowbot-chat>`);
      await inputShown(el);
      expect(document.documentElement.lang === 'pt-BR').to.equal(false);
      expect(part(el, 'send-button')!.matches(':lang(pt-BR)')).to.equal(true);
      await until(() => text(part(el, 'send-button')) === 'Enviar');
    });
  });

  describe('4.1.2 Name, Role, Value and 4.1.3 Status Messages', () => {
    it('4.1.2: axe finds nothing in any input type, with an error, at the end, and when unavailable', async () => {
      for (const input of Object.values(INPUTS)) {
        const { el } = await mountInput(input);
        await expect(el).to.be.accessible();
        el.remove();
      }
      await expect(await conversation()).to.be.accessible();
      stubViewer(startResponse({ input: undefined }));
      const ended = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      await until(() => part(ended, 'end'));
      await expect(ended).to.be.accessible();
      const off = await fixture<FlowbotChat>(
        html`<flowbot-chat public-id="stub" .widget=${{ isActivated: false }}></flowbot-chat>`,
      );
      await until(() => part(off, 'unavailable'));
      await expect(off).to.be.accessible();
    });

    it('4.1.3: each message reaches the polite log once; the typing state is said in it, once', async () => {
      const typing = {
        settings: { typingEmulation: { enabled: true, speed: 400, maxDelay: 0.3, isDisabledOnFirstMessage: false } },
      };
      stubViewer(
        startResponse({
          flowbot: { id: 'bot', version: '1', ...typing },
          messages: [textMessage('m1', 'One'), textMessage('m2', 'Two')],
        }),
      );
      const el = await fixture<FlowbotChat>(html`<flowbot-chat public-id="stub"></flowbot-chat>`);
      const log = await until(() => part(el, 'messages'));
      expect(log.getAttribute('role')).to.equal('log');
      expect(log.getAttribute('aria-live')).to.equal('polite');
      const added: string[] = [];
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes) if (node instanceof Element) added.push(text(node));
      }).observe(log, { childList: true });
      await until(() => part(el, 'typing'));
      expect(text(part(el, 'typing'))).to.equal('Bot is typing');
      await inputShown(el, 8000);
      // Each message's row is added once (its answer's time and actions come with it, out of the live region's updates).
      const said = added.filter((words) => /^(One|Two)/.test(words)).map((words) => words.slice(0, 3));
      expect(said).to.deep.equal(['One', 'Two']);
      // The typing state is said by the log itself: no live region of its own, so it is not said twice.
      expect(log.querySelector('[part~="typing"] [aria-live], [part~="typing"][aria-live]')).to.equal(null);
    });
  });
});
