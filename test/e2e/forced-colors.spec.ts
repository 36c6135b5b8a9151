/**
 * High contrast (`forced-colors: active`): the browser replaces the widget's colours with the
 * visitor's few system colours, drops shadows and turns every fill into the page's background.
 * Whatever told a control or a bubble apart from its surroundings must then still be there: an
 * edge (a border or an outline the browser paints in a system colour) or a system-colour fill.
 * Checked by computed style on every control of every input type of the demo flow, every message
 * type, and the frame (launcher, panel, close button, new-messages and stop buttons).
 */
import { test, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

const shots = 'test-results/screenshots';

/** A small PNG (one transparent pixel): the demo's file inputs take `.png`. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function fault(request: APIRequestContext, body: { spec: string; match?: string; times?: number }) {
  const response = await request.post('/__api/faults', { data: body });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * Why each shown element among `selector` (in the widget's shadow root) does not stand out from
 * what is behind it, in computed style: `[]` when every one does. An element stands out by an
 * edge (a border on all four sides, or an outline, in an opaque colour other than the
 * background behind it) or by a fill other than that background.
 */
function withoutEdges(host: Element, selector: string): string[] {
  const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  /** A computed colour as 8-bit sRGB and alpha, through a canvas pixel (any syntax a browser prints). */
  const rgba = (color: string): number[] => {
    probe.clearRect(0, 0, 1, 1);
    probe.fillStyle = color;
    probe.fillRect(0, 0, 1, 1);
    return [...probe.getImageData(0, 0, 1, 1).data];
  };
  const opaque = (color: string): boolean => rgba(color)[3]! > 200;
  const same = (a: string, b: string): boolean => rgba(a).join() === rgba(b).join();
  const parentOf = (node: Element): Element | null =>
    node.parentElement ?? ((node.getRootNode() as ShadowRoot).host as Element | undefined) ?? null;
  // The page's canvas, in the visitor's colours.
  const swatch = document.body.appendChild(document.createElement('div'));
  swatch.style.backgroundColor = 'Canvas';
  const canvasColor = getComputedStyle(swatch).backgroundColor;
  swatch.remove();
  const behind = (node: Element): string => {
    for (let up = parentOf(node); up; up = parentOf(up)) {
      const fill = getComputedStyle(up).backgroundColor;
      if (opaque(fill)) return fill;
    }
    return canvasColor;
  };
  const name = (node: Element): string =>
    `${node.localName}[${node.getAttribute('part') ?? node.className}] "${(node.textContent ?? '').trim().slice(0, 24)}"`;
  const problems: string[] = [];
  for (const node of host.shadowRoot!.querySelectorAll(selector)) {
    const box = node.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(node).visibility === 'hidden') continue;
    const style = getComputedStyle(node);
    const back = behind(node);
    const bordered = (['Top', 'Right', 'Bottom', 'Left'] as const).every((side) => {
      const color = style.getPropertyValue(`border-${side.toLowerCase()}-color`);
      return (
        parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0 &&
        !['none', 'hidden'].includes(style.getPropertyValue(`border-${side.toLowerCase()}-style`)) &&
        opaque(color) &&
        !same(color, back)
      );
    });
    const outlined =
      style.outlineStyle !== 'none' &&
      parseFloat(style.outlineWidth) > 0 &&
      opaque(style.outlineColor) &&
      !same(style.outlineColor, back);
    const filled = opaque(style.backgroundColor) && !same(style.backgroundColor, back);
    if (!bordered && !outlined && !filled)
      problems.push(
        `${name(node)}: border ${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}, outline ${style.outlineWidth} ${style.outlineStyle}, fill ${style.backgroundColor} on ${back}`,
      );
    // Forced colours draw text on a plate of the canvas colour, unless the element opts out.
    const plate = style.forcedColorAdjust === 'none' ? style.backgroundColor : canvasColor;
    if (node.textContent?.trim() && same(style.color, plate))
      problems.push(`${name(node)}: text ${style.color} on ${plate}`);
  }
  return problems;
}

/** Every control a visitor can use, and every message. */
const CONTROLS = [
  'button',
  'input:not([type="radio"], [type="file"], [hidden])',
  'textarea',
  '[part~="rating-option"]',
  '[part~="file-drop"]',
  '[part~="card"]',
].join(', ');
const MESSAGES = '[part~="message"], [part~="error"], [part~="panel"]';

const chat = (page: Page): Locator => page.locator('flowbot-chat');
const composer = (page: Page): Locator => chat(page).locator('[part~="composer"]');

/** Every control and message shown now stands out in forced colours (focus and hover set aside). */
async function expectEdges(page: Page, step: string): Promise<void> {
  await page.mouse.move(0, 0);
  await chat(page).evaluate((host) => (host.shadowRoot!.activeElement as HTMLElement | null)?.blur());
  const problems = await chat(page).evaluate(withoutEdges, `${CONTROLS}, ${MESSAGES}`);
  expect.soft(problems, step).toEqual([]);
}

/** Waits for the next control (not the placeholder while it loads), with the typing over. */
async function settled(page: Page): Promise<void> {
  await composer(page).locator(':is(input, textarea, button, label)').first().waitFor();
  await chat(page).locator('[part~="typing"]').waitFor({ state: 'detached' });
  await expect(composer(page).locator('.bone')).toHaveCount(0);
}

async function answer(page: Page, value: string): Promise<void> {
  const field = composer(page).locator('[part~="input"]').first();
  await field.fill(value);
  await field.press('Enter');
}

async function choose(page: Page, label: string): Promise<void> {
  await composer(page).locator('button', { hasText: label }).first().click();
}

/**
 * An element's shape with its colours removed: its edges' styles and widths, its outline, the marks
 * its ::before and ::after add, its weight and decoration, whether its icons are filled, and its
 * words. Two states that differ only in colour (a fill, a text colour, a border's colour) give the
 * same shape: WCAG 1.4.1 wants them told apart another way.
 */
const shape = (node: Element): string => {
  const out: string[] = [];
  for (const pseudo of [null, '::before', '::after']) {
    const style = getComputedStyle(node, pseudo);
    out.push(
      (['Top', 'Right', 'Bottom', 'Left'] as const)
        .map((side) => `${style[`border${side}Style`]} ${style[`border${side}Width`]}`)
        .join(','),
      style.outlineStyle === 'none' ? 'no outline' : `outline ${style.outlineStyle} ${style.outlineWidth}`,
      `content ${style.content}`,
      `weight ${style.fontWeight}`,
      `decoration ${style.textDecorationLine} ${style.textDecorationThickness}`,
    );
  }
  for (const icon of node.querySelectorAll('svg, svg *'))
    out.push(getComputedStyle(icon).fill === 'none' ? 'open' : 'filled');
  out.push(`words ${(node.textContent ?? '').trim()}`);
  return out.join(' | ');
};

test.beforeEach(async ({ page, request }) => {
  expect((await request.post('/__api/reset')).ok()).toBe(true);
  await page.emulateMedia({ forcedColors: 'active', reducedMotion: 'reduce' });
});

test.describe('<flowbot-chat> in forced colours', () => {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
    [320, 640],
  ] as const) {
    test(`every control and message of the demo stands out at ${width} px`, async ({ page, request }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height });
      const shot = async (name: string) => page.screenshot({ path: `${shots}/forced-${width}-${name}.png` });
      await page.goto('/controls.html?bot=demo');
      await settled(page);
      await expectEdges(page, 'the first choice');
      await shot('start');

      await choose(page, 'Every input');
      await settled(page);
      await expect(chat(page).locator('[part~="bot-message"][data-type="image"] img')).toBeVisible();
      await expectEdges(page, 'text input, image message, visitor bubble');

      // A failed send: the error notice, its retry and the answer marked as not sent.
      await fault(request, { spec: 'status=500', match: '/continueChat', times: 1 });
      await answer(page, 'Ada');
      await expect(chat(page).locator('[part~="retry-button"]')).toBeVisible();
      await expectEdges(page, 'error notice');
      await shot('error');
      await chat(page).locator('[part~="retry-button"]').click();
      await settled(page);

      // The long text takes attachments: the attach button, then a picked file with its remove button.
      await composer(page)
        .locator('.attach-picker')
        .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
      await expect(composer(page).locator('.attached li')).toHaveCount(1);
      await expectEdges(page, 'text input with an attachment');
      await shot('attachments');
      await composer(page).locator('.attached li button').click();
      await answer(page, 'Curious about the widget.');
      await settled(page);

      for (const [kind, value] of [
        ['number', '42'],
        ['e-mail', 'ada@example.com'],
        ['url', 'example.com'],
        ['phone', '+55 11 98765-4321'],
        ['date', '2030-01-02'],
      ] as const) {
        await expectEdges(page, `${kind} field`);
        if (kind === 'e-mail') {
          await answer(page, 'not an address');
          await expect(composer(page).locator('[part~="field-error"]')).toBeVisible();
          await expectEdges(page, 'e-mail field with its error');
        }
        await answer(page, value);
        await settled(page);
      }
      await expectEdges(page, 'date range');
      await composer(page).locator('[part~="input"]').nth(0).fill('2030-07-01');
      await composer(page).locator('[part~="input"]').nth(1).fill('2030-07-14');
      await composer(page).locator('[part~="input"]').nth(1).press('Enter');
      await settled(page);
      await expectEdges(page, 'date with a time');
      await answer(page, '2030-03-04T09:30');
      await settled(page);
      await expectEdges(page, 'time');
      await answer(page, '18:45');
      await settled(page);

      // Multiple choice: the picked item stays told apart from the others.
      await expectEdges(page, 'multiple choice and its send button');
      await choose(page, 'Code');
      const pressed = composer(page).locator('[part~="choice"][aria-pressed="true"]');
      const unpressed = composer(page).locator('[part~="choice"][aria-pressed="false"]').first();
      await page.mouse.move(0, 0);
      await chat(page).evaluate((host) => (host.shadowRoot!.activeElement as HTMLElement | null)?.blur());
      const [on, off] = [await pressed.evaluate(shape), await unpressed.evaluate(shape)];
      expect(on, `picked: ${on}; not picked: ${off}`).not.toBe(off);
      // Focused and not: the ring is a shape (an outline), not a colour.
      await pressed.focus();
      await page.keyboard.press('Tab');
      const focusedChoice = composer(page).locator('[part~="choice"][aria-pressed="false"]:focus-visible');
      await expect(focusedChoice).toHaveCount(1);
      const restingChoice = composer(page).locator('[part~="choice"][aria-pressed="false"]:not(:focus)').first();
      const [focusedShape, restingShape] = [await focusedChoice.evaluate(shape), await restingChoice.evaluate(shape)];
      expect(focusedShape, `focused: ${focusedShape}; not: ${restingShape}`).not.toBe(restingShape);
      // A focused item and a picked one must not look alike either. If this one fails, it is the
      // multiple-choice focus ring (changed to differ in shape from the picked ring on another branch).
      expect.soft(focusedShape, 'multiple choice: a focused item vs a picked one').not.toBe(on);
      await page.mouse.move(0, 0);
      await chat(page).evaluate((host) => (host.shadowRoot!.activeElement as HTMLElement | null)?.blur());
      await expectEdges(page, 'multiple choice with an item picked');
      await shot('multiple-choice');
      await choose(page, 'Done');
      await settled(page);

      await expectEdges(page, 'searchable choice');
      await choose(page, 'Brazil');
      await settled(page);

      await expectEdges(page, 'picture choice');
      await shot('pictures');
      await choose(page, 'Fox');
      await settled(page);

      // A 0–10 scale: the picked number stands out from every other.
      await expectEdges(page, 'rating as numbers');
      await composer(page).locator('[part~="rating-option"]', { hasText: '9' }).click();
      const options = composer(page).locator('[part~="rating-option"]');
      // Told apart with the colours removed (each option's own number set aside).
      const looks: string[] = [];
      for (let n = 0; n < (await options.count()); n++)
        looks.push((await options.nth(n).evaluate(shape)).replace(/ \| words .*$/, ''));
      const picked = looks[9]!;
      expect(
        looks.filter((l) => l === picked),
        `picked: ${picked}, all: ${looks.join(' || ')}`,
      ).toHaveLength(1);
      await expectEdges(page, 'rating as numbers, 9 picked');
      await shot('rating');
      await choose(page, 'Send');
      await settled(page);

      // Stars: those up to the picked one are filled, the others are not.
      await expectEdges(page, 'rating as icons');
      await composer(page).locator('[part~="rating-option"]').nth(3).click();
      const fills = await composer(page)
        .locator('[part~="rating-option"] svg')
        .evaluateAll((icons) => icons.map((icon) => getComputedStyle(icon).fill));
      expect(fills[3]).not.toBe(fills[4]);
      await expectEdges(page, 'rating as icons, 4 picked');
      await shot('stars');
      await choose(page, 'Send');
      await settled(page);

      // The file input: the drop zone, upload and skip, then a picked file with its remove button.
      await expectEdges(page, 'file input');
      await composer(page)
        .locator('input[type="file"]')
        .setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: PNG });
      await expect(composer(page).locator('.files li')).toHaveCount(1);
      await expectEdges(page, 'file input with a file');
      await shot('file');
      await composer(page).locator('[part~="skip-button"]').click();
      await settled(page);

      await expectEdges(page, 'payment skip');
      await composer(page).locator('[part~="skip-button"]').click();
      await settled(page);

      await expectEdges(page, 'cards');
      await shot('cards');

      // The visitor scrolled up to read: an answer the page sends brings the new-messages button.
      await chat(page).evaluate((host) => {
        host.shadowRoot!.querySelector('[part~="messages"]')!.scrollTop = 0;
      });
      await page.waitForTimeout(100);
      await chat(page).evaluate((host) =>
        (host as HTMLElement & { send(text: string): boolean }).send('Enrol in Basics'),
      );
      await expect(chat(page).locator('[part~="new-messages"]')).toBeVisible();
      await expectEdges(page, 'new-messages button');
      await shot('new-messages');
      await chat(page).locator('[part~="new-messages"]').click();

      // Past a pause the bot asks for, the last choice, then the end and its restart button.
      await settled(page);
      await choose(page, 'No, thanks');
      await expect(chat(page).locator('[part~="restart-button"]')).toBeVisible();
      await expectEdges(page, 'restart');
      await shot('end');
    });
  }

  test('the bubble: launcher, panel and close button stand out', async ({ page }) => {
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
      [320, 640],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/controls.html?bot=support&mode=bubble');
      const launcher = chat(page).locator('[part~="launcher"]');
      await expect(launcher).toBeVisible();
      await expectEdges(page, 'the closed launcher');
      await launcher.click();
      await settled(page);
      await expectEdges(page, 'the open panel');
      await page.screenshot({ path: `${shots}/forced-${width}-bubble.png` });
    }
  });

  test("a streamed answer's stop button stands out", async ({ page, request }) => {
    await fault(request, { spec: 'stream-stall=4', match: '/streamMessage' });
    await page.goto('/controls.html?bot=assistant');
    await answer(page, 'How long is a course?');
    await expect(chat(page).locator('[part~="stop-button"]')).toBeVisible();
    await expectEdges(page, 'stop button');
    await page.screenshot({ path: `${shots}/forced-1280-stop.png` });
    await chat(page).locator('[part~="stop-button"]').click();
  });
});
