/**
 * A Brazilian Portuguese page: the widget takes the page's language for its own words, on
 * desktop and on a 390 px phone. The built script-tag file, the API on another origin.
 */
import { test, expect, type Page } from '@playwright/test';

const shots = 'test-results/screenshots';
const inline = (page: Page, selector: string) => page.locator(`#inline ${selector}`);

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (msg) => msg.type() === 'error' && problems.push(msg.text()));
  return problems;
}

test.describe('pt-BR page', () => {
  test('the widget speaks Portuguese through a whole conversation', async ({ page }) => {
    const problems = watch(page);
    await page.goto('/pt-br.html');
    await expect(inline(page, '[part~="messages"]')).toHaveAttribute('aria-label', 'Conversa');
    // Named by its label, or by its header's title once the header appears (for the conversation's menu).
    await expect(inline(page, '[part~="panel"]')).toHaveAccessibleName('Chat');
    await expect(page.locator('#bubble [part~="launcher"]')).toHaveAttribute('aria-label', 'Abrir chat');

    await inline(page, '[part~="choice"]').filter({ hasText: 'Billing' }).click();
    const field = inline(page, '[part~="input"]');
    await field.fill('ada@example.com');
    await field.press('Enter');
    await expect(inline(page, '[part~="end"]')).toContainText('A conversa terminou.');
    await expect(inline(page, '[part~="restart-button"]')).toHaveText('Recomeçar');
    await page.screenshot({ path: `${shots}/pt-br-desktop.png`, fullPage: true });
    expect(problems).toEqual([]);
  });

  test('the bubble on a 390 px phone', async ({ page }) => {
    const problems = watch(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/pt-br.html');
    await page.locator('#bubble [part~="launcher"]').click();
    const panel = page.locator('#bubble [part~="panel"]');
    await expect(panel).toBeVisible();
    await expect(page.locator('#bubble [part~="close-button"]')).toHaveAttribute('aria-label', 'Fechar chat');
    await expect(page.locator('#bubble [part~="launcher"]')).toHaveAttribute('aria-label', 'Fechar chat');
    await expect(page.locator('#bubble [part~="bot-message"]').first()).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390.5);
    await page.screenshot({ path: `${shots}/pt-br-phone.png` });
    expect(problems).toEqual([]);
  });
});

test.describe('a language the widget does not ship', () => {
  /**
   * Loads `path` with its start held back (no message, so nothing else asks for the on-demand
   * file) and says whether the on-demand file was asked for meanwhile.
   */
  async function asksForOnDemandFile(page: Page, path: string): Promise<boolean> {
    let asked = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/flowbot-chat.lazy.js')) asked = true;
    });
    let started!: () => void;
    const start = new Promise<void>((resolve) => (started = resolve));
    await page.route('**/startChat', () => started());
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await start;
    await expect(page.locator('#inline [part~="messages"]')).toBeAttached();
    // The widget is up and rendered; a language it fetches is asked for in the same task.
    await page.waitForTimeout(500);
    return asked;
  }

  test('lang="fr" fetches no on-demand file for its words, and speaks English', async ({ page }) => {
    expect(await asksForOnDemandFile(page, '/fr.html')).toBe(false);
    await expect(inline(page, '[part~="messages"]')).toHaveAttribute('aria-label', 'Conversation');
  });

  test('lang="pt-BR", which it ships, does (the control of the test above)', async ({ page }) => {
    expect(await asksForOnDemandFile(page, '/pt-br-inline.html')).toBe(true);
    await expect(inline(page, '[part~="messages"]')).toHaveAttribute('aria-label', 'Conversa');
  });
});
