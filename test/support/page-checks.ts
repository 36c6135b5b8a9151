/** What the e2e specs check of any page they open, whatever the widget on it does. */
import { expect, type Locator, type Page } from '@playwright/test';

/** Every console error and uncaught exception of `page` from now on: a spec expects none. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Nothing of `locator` is off screen: its box lies within the viewport (to half a pixel). */
export async function expectWithinViewport(page: Page, locator: Locator): Promise<void> {
  const box = (await locator.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
}
