/**
 * A right-to-left page (`<html dir="rtl">`): the conversation is laid out mirrored and the
 * bubble sits on the left, on desktop and on a 390 px phone.
 */
import { test, expect, type Page } from '@playwright/test';
import { expectWithinViewport, watchConsole } from '../support/page-checks.js';

const shots = 'test-results/screenshots';

const box = async (page: Page, selector: string) => (await page.locator(selector).last().boundingBox())!;

test.describe('right-to-left page', () => {
  test('mirrors the conversation', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/rtl.html');
    await page.locator('#inline [part~="choice"]').filter({ hasText: 'Billing' }).click();
    await expect(page.locator('#inline [part~="user-message"]')).toHaveText(['Billing']);
    await expect(page.locator('#inline [part~="bot-message"]').filter({ hasText: 'Leave your e-mail' })).toBeVisible();

    const panel = await box(page, '#inline [part~="panel"]');
    const botBubble = await box(page, '#inline [part~="bot-message"]');
    const userBubble = await box(page, '#inline [part~="user-message"]');
    // Bot messages start at the right edge, the visitor's answers at the left.
    expect(panel.x + panel.width - (botBubble.x + botBubble.width)).toBeLessThan(24);
    expect(userBubble.x - panel.x).toBeLessThan(24);
    // The title at the right of the header; the send button to the left of the field.
    const title = await box(page, '#inline [part~="title"]');
    expect(panel.x + panel.width - (title.x + title.width)).toBeLessThan(24);
    const send = await box(page, '#inline [part~="send-button"]');
    const field = await box(page, '#inline [part~="input"]');
    expect(send.x + send.width).toBeLessThanOrEqual(field.x + 1);

    // The bubble launcher sits in the bottom-left corner.
    const launcher = await box(page, '#bubble [part~="launcher"]');
    expect(launcher.x).toBeLessThan(100);
    await page.screenshot({ path: `${shots}/rtl-desktop.png`, fullPage: true });

    await page.locator('#bubble [part~="launcher"]').click();
    await expect(page.locator('#bubble [part~="bot-message"]').first()).toBeVisible();
    const bubblePanel = await box(page, '#bubble [part~="panel"]');
    expect(bubblePanel.x).toBeLessThan(100);
    await page.screenshot({ path: `${shots}/rtl-desktop-bubble.png` });
    expect(problems).toEqual([]);
  });

  test('on a 390 px phone', async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/rtl.html');
    await page.locator('#inline [part~="choice"]').filter({ hasText: 'Billing' }).click();
    await expect(page.locator('#inline [part~="user-message"]')).toHaveText(['Billing']);
    await page.screenshot({ path: `${shots}/rtl-phone-inline.png`, fullPage: true });
    const launcher = await box(page, '#bubble [part~="launcher"]');
    expect(launcher.x).toBeLessThan(100);
    await page.locator('#bubble [part~="launcher"]').click();
    const panel = page.locator('#bubble [part~="panel"]');
    await expect(page.locator('#bubble [part~="bot-message"]').first()).toBeVisible();
    await expectWithinViewport(page, panel);
    await page.screenshot({ path: `${shots}/rtl-phone-bubble.png` });
    expect(problems).toEqual([]);
  });
});
