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
    const errors = pageErrors(page);
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

/** The app's chunk that registers the widget (`flowbot-chat/light` imports it when it is wanted). */
/** The page's uncaught errors, as they come (`andConsole`: its console's errors too). */
function pageErrors(page: Page, andConsole = false): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (andConsole) page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return errors;
}

const isWidgetCode = (url: string): boolean => /\/define-[\w-]+\.js$/.test(url);

/** Each app's light page: a closed bubble whose Widget resource the app gives as its framework says. */
const lightApps = [
  { name: 'Svelte 5 (an object is set as a property by itself)', app: 'svelte', title: 'Svelte bubble' },
  { name: 'Vue 3 (:widget.prop)', app: 'vue', title: 'Vue bubble' },
  { name: 'React 19 (the object set in a ref)', app: 'react', title: 'React bubble' },
];

for (const { name, app, title } of lightApps)
  test(`${name} with flowbot-chat/light: a closed bubble in the Widget resource’s colour, no widget code until reached for, a cold tap opens it on its first message before that code`, async ({
    page,
  }) => {
    const errors = pageErrors(page, true);
    const fetched: string[] = [];
    const starts: string[] = [];
    page.on('request', (request) => {
      fetched.push(request.url());
      if (request.url().includes('/startChat')) starts.push(request.url());
    });
    // The widget's code held back, as a slow network would.
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(isWidgetCode, async (route) => (await held, route.continue()));
    await page.goto(`http://127.0.0.1:${PAGE_PORT}/${app}/light.html?api=${encodeURIComponent(api)}`);
    const bubble = page.locator('flowbot-chat#bubble');
    const launcher = bubble.locator('[part~="launcher"]');
    await expect(launcher).toBeVisible();
    await expect(launcher).toHaveAccessibleName('Open chat');
    // The Widget resource reached the element as a property, and its colour the launcher.
    await expect(launcher).toHaveCSS('background-color', 'rgb(15, 118, 110)');
    await page.waitForTimeout(1_000);
    expect(fetched.filter(isWidgetCode)).toEqual([]);
    expect(await page.evaluate(() => !!customElements.get('flowbot-chat'))).toBe(false);
    expect(starts).toEqual([]);

    // The visitor's first move is the tap: the start goes out with it, the code is asked for.
    await launcher.dispatchEvent('click');
    await expect(launcher).toHaveAttribute('aria-busy', 'true');
    await expect.poll(() => starts.length).toBe(1);
    await expect.poll(() => fetched.filter(isWidgetCode).length).toBe(1);
    // The panel opens on its first message before the widget's code, drawn by the light entry's chunk.
    const drawn = bubble.locator('[data-first-turn]');
    await expect(drawn.locator('[part~="bot-message"]').first()).toContainText('Welcome to Acme Academy');
    await expect(drawn.locator('[part~="title"]')).toHaveText(title);
    expect(await page.evaluate(() => !!customElements.get('flowbot-chat'))).toBe(false);
    release();
    await expect(drawn).toHaveCount(0);
    await expect(bubble.locator('[part~="bot-message"]').first()).toContainText('Welcome to Acme Academy');
    await expect(bubble.locator('[part~="title"]')).toHaveText(title);
    expect(starts).toHaveLength(1);
    expect(errors).toEqual([]);
  });

test.describe('Svelte 5 with flowbot-chat/light', () => {
  const light = `http://127.0.0.1:${PAGE_PORT}/svelte/light.html?api=${encodeURIComponent(api)}`;

  test("a closed bubble's preview: drawn before the widget code, which its card's click brings and which takes it over", async ({
    page,
  }) => {
    const errors = pageErrors(page, true);
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    await page.goto(`${light}&preview`);
    const bubble = page.locator('flowbot-chat#bubble');
    const card = bubble.locator('[part~="preview"]');
    await expect(card).toBeVisible();
    await expect(card.locator('button').first()).toHaveAccessibleName('Open chat: Questions? Ask the Svelte bot.');
    await page.waitForTimeout(1_000);
    expect(fetched.filter(isWidgetCode)).toEqual([]);
    expect(await page.evaluate(() => !!customElements.get('flowbot-chat'))).toBe(false);
    // Its click is the launcher's tap: the conversation and the code come, the chat opens on its first message.
    await card.locator('button').first().dispatchEvent('click');
    await expect(bubble.locator('[part~="bot-message"]').first()).toContainText('Welcome to Acme Academy');
    await expect(card).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('an inline widget: its first turn drawn before the widget code, which then carries the conversation', async ({
    page,
  }) => {
    const errors = pageErrors(page);
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(isWidgetCode, async (route) => (await held, route.continue()));
    await page.goto(`${light}&inline`);
    const chat = page.locator('flowbot-chat#chat');
    // Drawn while the widget's code is held back.
    await expect(chat.locator('[part~="bot-message"]').first()).toContainText('Welcome to Acme Academy');
    await expect(chat.locator('[part~="title"]')).toHaveText('Svelte light chat');
    expect(await page.evaluate(() => !!customElements.get('flowbot-chat'))).toBe(false);
    // This bot's question comes after a delay, which only the widget's code keeps: it comes once released.
    release();
    await page.waitForFunction(() => customElements.get('flowbot-chat'));
    await chat.locator('[part~="input"]:visible').fill('Ada');
    await chat.locator('[part~="send-button"]:visible').click();
    await expect(chat.locator('[part~="user-message"]')).toHaveText('Ada');
    await expect(page.locator('#answers')).toHaveText('Ada');
    expect(errors).toEqual([]);
  });
});
