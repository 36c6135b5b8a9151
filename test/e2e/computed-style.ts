/** What the widget shows of its colours, for specs that check a theme by computed style. */
import { expect, type Locator } from '@playwright/test';
import { customProperties } from '../support/readme-snippets.js';

/** The computed value of `property` on the first element of `part` in the widget's shadow root. */
export async function styleOf(widget: Locator, part: string, property: string): Promise<string> {
  // An inline widget's first turn, drawn before the widget's code, leaves as that code takes over: a
  // part found in it may be gone by the time it is read (a detached element has no computed style).
  for (let tries = 0; ; tries++) {
    const value = await widget
      .locator(`[part~="${part}"]`)
      .first()
      .evaluate((el, p) => (el.isConnected ? getComputedStyle(el).getPropertyValue(p) : null), property);
    if (value !== null || tries === 5) return value ?? '';
  }
}

/** `#0f766e` → `rgb(15, 118, 110)`, as computed styles say it. */
export function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/**
 * Where each property of docs/theming.md's dark theme shows: a part and a computed style. All are on
 * screen while a text field waits for an answer after one the visitor gave.
 */
const SEEN: Record<string, [part: string, property: string]> = {
  '--flowbot-primary-color': ['send-button', 'background-color'],
  '--flowbot-on-primary-color': ['send-button', 'color'],
  '--flowbot-user-bubble-color': ['user-message', 'background-color'],
  '--flowbot-user-text-color': ['user-message', 'color'],
  '--flowbot-background-color': ['panel', 'background-color'],
  '--flowbot-text-color': ['panel', 'color'],
  '--flowbot-bot-bubble-color': ['bot-message', 'background-color'],
  '--flowbot-bot-text-color': ['bot-message', 'color'],
  '--flowbot-border-color': ['composer', 'border-top-color'],
  '--flowbot-input-background-color': ['input', 'background-color'],
  '--flowbot-input-text-color': ['input', 'color'],
  '--flowbot-background-image': ['messages', 'background-image'],
};

/** Every property of `css` (docs/theming.md's dark theme) that shows in the widget shows its value there. */
export async function expectDarkTheme(widget: Locator, css: string): Promise<void> {
  const declared = new Map(customProperties(css));
  expect([...declared.keys()]).toEqual(expect.arrayContaining(Object.keys(SEEN)));
  for (const [property, [part, style]] of Object.entries(SEEN)) {
    const value = declared.get(property)!;
    await expect
      .poll(() => styleOf(widget, part, style), { message: `${property} on ${part}` })
      .toBe(value.startsWith('#') ? rgb(value) : value);
  }
}
