import { expect, test, type Page } from '@playwright/test';
import { API_PORT, NEXT_PORT, PAGE_PORT } from './ports.mjs';

const api = `http://127.0.0.1:${API_PORT}`;
const apps = [
  { name: 'React 19', url: `http://127.0.0.1:${PAGE_PORT}/react/`, title: 'React chat' },
  { name: 'Vue 3', url: `http://127.0.0.1:${PAGE_PORT}/vue/`, title: 'Vue chat' },
  { name: 'Svelte 5', url: `http://127.0.0.1:${PAGE_PORT}/svelte/`, title: 'Svelte chat' },
  { name: 'Next.js (server rendered)', url: `http://127.0.0.1:${NEXT_PORT}/`, title: 'Next.js chat' },
];

/** A conversation as a visitor has it: the first bot message, an answer, the app's handler. */
async function converse(page: Page, title: string): Promise<void> {
  const chat = page.locator('flowbot-chat#chat');
  await expect(chat.locator('[part~="bot-message"]').first()).toContainText('Welcome to Acme Academy');
  // The widget object reached the element as a property.
  await expect(chat.locator('[part~="title"]')).toHaveText(title);
  await chat.locator('[part~="input"]').fill('Ada');
  await chat.locator('[part~="send-button"]').click();
  await expect(chat.locator('[part~="user-message"]')).toHaveText('Ada');
  await expect(page.locator('#answers')).toHaveText('Ada');
}

for (const app of apps) {
  test(`${app.name}: a conversation, and the app's handler receives flowbot-answer`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${app.url}?api=${encodeURIComponent(api)}`);
    await converse(page, app.title);
    // open={false} / :open="false" set the state, and the actions are still methods.
    expect(await page.locator('flowbot-chat#chat').evaluate((el: any) => [el.open, typeof el.show])).toEqual([
      false,
      'function',
    ]);
    expect(errors).toEqual([]);
  });
}

test('Next.js: server-rendered, and after hydration the React side has flowbot-start', async ({ page, request }) => {
  const html = await (await request.get(`http://127.0.0.1:${NEXT_PORT}/?api=${encodeURIComponent(api)}`)).text();
  expect(html).toContain('<flowbot-chat');
  await page.goto(`http://127.0.0.1:${NEXT_PORT}/?api=${encodeURIComponent(api)}`);
  await expect(page.locator('#started')).not.toBeEmpty();
  // The plain-JSX bubble from the server HTML upgraded too (attributes only).
  await expect(page.locator('flowbot-chat#launcher').locator('[part~="launcher"]')).toBeVisible();
});
