/**
 * A Brazilian Portuguese page: the widget takes the page's language for its own words, on
 * desktop and on a 390 px phone. The built script-tag file, the API on another origin.
 */
import { test, expect, type Page } from '@playwright/test';
import { expectWithinViewport, watchConsole } from '../support/page-checks.js';
import * as pt_br from '../../src/i18n/pt-br.js';
import * as es from '../../src/i18n/es.js';
import * as fr from '../../src/i18n/fr.js';
import * as de from '../../src/i18n/de.js';
import * as it from '../../src/i18n/it.js';
import * as nl from '../../src/i18n/nl.js';
import * as pl from '../../src/i18n/pl.js';
import * as tr from '../../src/i18n/tr.js';
import * as ja from '../../src/i18n/ja.js';
import * as zh_cn from '../../src/i18n/zh-cn.js';
import * as ko from '../../src/i18n/ko.js';
import * as ar from '../../src/i18n/ar.js';
import * as he from '../../src/i18n/he.js';
import { enFirst } from '../../src/i18n/en.js';

/** Each shipped language's words, by file. */
const words = {
  'pt-br': pt_br,
  es: es,
  fr: fr,
  de: de,
  it: it,
  nl: nl,
  pl: pl,
  tr: tr,
  ja: ja,
  'zh-cn': zh_cn,
  ko: ko,
  ar: ar,
  he: he,
};

const shots = 'test-results/screenshots';
const inline = (page: Page, selector: string) => page.locator(`#inline ${selector}`);

test.describe('pt-BR page', () => {
  test('the widget speaks Portuguese through a whole conversation', async ({ page }) => {
    const problems = watchConsole(page);
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

  test('answers drawn before the words arrived take them once they do', async ({ page }) => {
    // The Portuguese words are held back until the first answers and their actions are drawn in English.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/flowbot-chat.lang-pt-br.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/pt-br-inline.html', { waitUntil: 'domcontentloaded' });
    const copy = inline(page, '[data-act="copy"]').first();
    await expect(copy).toHaveAttribute('aria-label', 'Copy answer');
    release();
    await expect(copy).toHaveAttribute('aria-label', 'Copiar resposta');
    await expect(inline(page, '[part~="messages"]')).toHaveAttribute('aria-label', 'Conversa');
  });

  test('the bubble on a 390 px phone', async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/pt-br.html');
    await page.locator('#bubble [part~="launcher"]').click();
    const panel = page.locator('#bubble [part~="panel"]');
    await expect(panel).toBeVisible();
    await expect(page.locator('#bubble [part~="close-button"]')).toHaveAttribute('aria-label', 'Fechar chat');
    await expect(page.locator('#bubble [part~="launcher"]')).toHaveAttribute('aria-label', 'Fechar chat');
    await expect(page.locator('#bubble [part~="bot-message"]').first()).toBeVisible();
    await expectWithinViewport(page, panel);
    await page.screenshot({ path: `${shots}/pt-br-phone.png` });
    expect(problems).toEqual([]);
  });
});

test.describe('a language the widget does not ship', () => {
  /**
   * Loads `path` with its start held back (no message, so nothing else asks for the on-demand
   * files) and says whether a file of words was asked for meanwhile (the on-demand part, the
   * languages' hashes or a language's file).
   */
  async function asksForOnDemandFile(page: Page, path: string): Promise<boolean> {
    let asked = false;
    page.on('request', (request) => {
      if (/\/flowbot-chat\.(rich|languages|lang-[\w-]+)\.js$/.test(request.url())) asked = true;
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

  test('lang="sv" fetches no file for its words, and speaks English', async ({ page }) => {
    expect(await asksForOnDemandFile(page, '/sv.html')).toBe(false);
    await expect(inline(page, '[part~="messages"]')).toHaveAttribute('aria-label', 'Conversation');
  });

  test('lang="pt-BR", which it ships, does (the control of the test above)', async ({ page }) => {
    expect(await asksForOnDemandFile(page, '/pt-br-inline.html')).toBe(true);
    await expect(inline(page, '[part~="messages"]')).toHaveAttribute('aria-label', 'Conversa');
  });
});

test.describe('every language it ships', () => {
  /**
   * Each language besides English: its file, the tag a page says, and the name of the first question's
   * group of choices, a word no shipped language shares with English (French says "Conversation" too,
   * so the conversation's name could not tell French from English).
   */
  const LANGUAGES: [file: string, tag: string, choices: string][] = Object.entries(words).map(([file, module]) => {
    const [tag, strings] = Object.entries(module.strings)[0]!;
    return [file, tag, strings.choices!];
  });

  for (const [file, tag, choices] of LANGUAGES) {
    test(`a page in ${tag} fetches its words alone, checked, and speaks them`, async ({ page }) => {
      const problems = watchConsole(page);
      const fetched: string[] = [];
      page.on('request', (request) => {
        const name = /\/(flowbot-chat\.(?:languages|lang-[\w-]+)\.js)$/.exec(request.url())?.[1];
        if (name) fetched.push(name);
      });
      // A page that says this language (right to left for Arabic and Hebrew).
      const rtl = /^(ar|he)/.test(tag) ? '&dir=rtl' : '';
      await page.goto(`/lang.html?lang=${tag}${rtl}`);
      expect(choices, 'a word that tells it from English').not.toBe(enFirst.choices);
      await expect(inline(page, '[role="group"]:has([part~="choice"])')).toHaveAttribute('aria-label', choices);
      // (The browser's request events may come a moment after what the file did.)
      await expect
        .poll(() => [...fetched].sort())
        .toEqual(['flowbot-chat.lang-' + file + '.js', 'flowbot-chat.languages.js'].sort());
      expect(problems).toEqual([]);
    });
  }

  test('a language file that is not the build’s is refused, named in the console, and the page speaks English', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
    await page.route('**/flowbot-chat.lang-pt-br.js', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace('Conversa', 'Conversa!') });
    });
    await page.goto('/pt-br-inline.html');
    await expect(inline(page, '[part~="bot-message"]').first()).toBeVisible();
    await expect.poll(() => errors.join('\n')).toContain('flowbot-chat.lang-pt-br.js not run');
    await expect(inline(page, '[part~="messages"]')).toHaveAttribute('aria-label', 'Conversation');
  });
});
