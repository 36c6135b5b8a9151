/**
 * The script tag a security team can approve: the README's line pins a version and the script-tag
 * file's hash, and every file that file loads after it runs only if it is the build's, byte for
 * byte. `serve.ts` serves each of the two later files changed after the build (as a compromised
 * CDN would), each change first setting `globalThis.__flowbotTampered`.
 */
import { readFileSync } from 'node:fs';
import { test, expect, type Locator, type Page } from '@playwright/test';
import { resetSite } from '../support/site-hooks.js';

/** The console's errors and the page's uncaught exceptions, as they arrive. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** Whether any line of a changed file ran. */
const tamperedRan = (page: Page) =>
  page.evaluate(() => (globalThis as { __flowbotTampered?: string }).__flowbotTampered ?? null);

/**
 * The changed files the page fetched (a 200 whose body carries the change's marker), by name: a
 * refusal is only proved when the file was fetched, else a wrong path would pass for one.
 */
function tamperedFetched(page: Page): string[] {
  const fetched: string[] = [];
  page.on('response', async (response) => {
    const name =
      /flowbot-chat\.(?:main|rich|stream|media|answers|export|history|invite|preview|open|persist|controls|dark|highlight|send)\.js$/.exec(
        new URL(response.url()).pathname,
      )?.[0];
    if (!name || response.status() !== 200) return;
    const body = await response.text().catch(() => '');
    if (body.startsWith('globalThis.__flowbotTampered')) fetched.push(name);
  });
  return fetched;
}

/** Opens `path`, with the console's errors and the changed files fetched recorded from its first request. */
async function openWatched(page: Page, path: string): Promise<{ errors: string[]; fetched: string[] }> {
  const errors = consoleErrors(page);
  const fetched = tamperedFetched(page);
  await page.goto(path);
  return { errors, fetched };
}

/** What `selector`'s shadow root says, and whether it takes room on the page. */
const notice = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const box = el.getBoundingClientRect();
    return { text: el.shadowRoot?.textContent ?? null, shown: box.width > 0 && box.height > 0 };
  });

const bot = (page: Page) => page.locator('flowbot-chat [part~="bot-message"]');

/** Answers the support flow's e-mail question in `field`, and waits for its thanks. */
async function sendEmail(page: Page, field: Locator): Promise<void> {
  await field.fill('ada@example.com');
  await field.press('Enter');
  await expect(bot(page).last()).toContainText('We will write to ada@example.com');
}

/** The console line that names `file` refused. */
const refusal = (file: string) => `flowbot-chat: ${file} not run: it failed its integrity check or did not load`;
const mainRefused = refusal('flowbot-chat.main.js');

/** None of the changed `file` ran, the console names it refused, and nothing else broke on the page. */
async function expectRefused(page: Page, errors: string[], file: string): Promise<void> {
  expect(await tamperedRan(page)).toBeNull();
  expect(errors.filter((line) => line.startsWith('flowbot-chat:'))).toContain(refusal(file));
  expect(errors.filter((line) => line.startsWith('pageerror'))).toEqual([]);
}

// Faults another spec queued on the shared reference server would fail these conversations.
test.beforeEach(resetSite);

test.describe('script-tag integrity', () => {
  test("runs nothing of widget code that is not the build's: every widget says it is unavailable", async ({ page }) => {
    const { errors, fetched } = await openWatched(page, '/tampered-main.html');
    await expect.poll(() => notice(page, '#english')).toEqual({ text: 'This chat is unavailable', shown: true });
    // In the language of the page around it, as the widget would.
    expect(await notice(page, '#portuguese')).toEqual({ text: 'Este chat não está disponível', shown: true });
    // An element added later says it too.
    await page.evaluate(() => {
      const late = document.createElement('flowbot-chat');
      late.id = 'late';
      document.body.append(late);
    });
    expect(await notice(page, '#late')).toEqual({ text: 'This chat is unavailable', shown: true });
    // Fetched, and not run.
    await expect.poll(() => fetched).toContain('flowbot-chat.main.js');
    expect(await tamperedRan(page)).toBeNull();
    await expect(bot(page)).toHaveCount(0);
    expect(errors.filter((line) => line.startsWith('flowbot-chat:'))).toEqual([mainRefused]);
    expect(errors.filter((line) => line.startsWith('pageerror'))).toEqual([]);
  });

  test("runs nothing of an on-demand file that is not the build's: markdown shown as its text, the conversation goes on", async ({
    page,
  }) => {
    const { errors, fetched } = await openWatched(page, '/tampered-rich.html');
    // The markdown reader comes with the on-demand file: without it, the answers' words as written.
    await expect(bot(page).first()).toContainText('Our plans:');
    await expect(bot(page).filter({ hasText: 'Ask away.' })).toBeVisible();
    await expect(page.locator('flowbot-chat table')).toHaveCount(0);
    const reply = page.locator('flowbot-chat [part~="input"]');
    await reply.fill('Thanks');
    await reply.press('Enter');
    await expect(page.locator('flowbot-chat [part~="user-message"]')).toHaveText(['Thanks']);
    await expect.poll(() => fetched).toContain('flowbot-chat.rich.js');
    await expectRefused(page, errors, 'flowbot-chat.rich.js');
  });

  test("runs nothing of a controls file that is not the build's: a text field stands in, the conversation goes on", async ({
    page,
  }) => {
    const { errors, fetched } = await openWatched(page, '/tampered-controls.html');
    await expect(bot(page).first()).toContainText('Acme support bot');
    await page.locator('flowbot-chat [part~="choice"]').filter({ hasText: 'Billing' }).click();
    await expect(bot(page).filter({ hasText: 'Leave your e-mail' })).toBeVisible();
    // The e-mail control comes with the controls' file: without it, a plain text field asks.
    const field = page.locator('flowbot-chat [part~="input"]');
    await expect(field).toBeVisible();
    await expect(field).toHaveAttribute('type', 'text');
    await sendEmail(page, field);
    await expect.poll(() => fetched).toContain('flowbot-chat.controls.js');
    await expectRefused(page, errors, 'flowbot-chat.controls.js');
  });

  test("runs nothing of an answers' file that is not the build's: the conversation goes on without the answers' actions", async ({
    page,
  }) => {
    const { errors, fetched } = await openWatched(page, '/tampered-answers.html');
    await expect(bot(page).first()).toContainText('Acme support bot');
    await expect.poll(() => fetched).toContain('flowbot-chat.answers.js');
    await page.locator('flowbot-chat [part~="choice"]').filter({ hasText: 'Billing' }).click();
    const field = page.locator('flowbot-chat [part~="input"]');
    await sendEmail(page, field);
    // No Copy, no thumbs, no menu: their code was refused.
    await expect(page.locator('flowbot-chat [part~="actions"]')).toHaveCount(0);
    await expect(page.locator('flowbot-chat [part~="menu-button"]')).toHaveCount(0);
    await expectRefused(page, errors, 'flowbot-chat.answers.js');
  });

  test("runs nothing of a send file that is not the build's: the visitor's answer stays on screen, not sent, and the chat says it cannot be reached", async ({
    page,
  }) => {
    const { errors, fetched } = await openWatched(page, '/tampered-send.html');
    await expect(bot(page).first()).toContainText('Acme support bot');
    await page.locator('flowbot-chat [part~="choice"]').filter({ hasText: 'Billing' }).click();
    await expect.poll(() => fetched).toContain('flowbot-chat.send.js');
    const answer = page.locator('flowbot-chat [part~="user-message"]').last();
    await expect(answer).toHaveText('Billing');
    await expect(answer.locator('..')).toContainText('Not sent');
    await expect(page.locator('flowbot-chat [part~="error"]')).toContainText('cannot be reached');
    // Nothing reached the viewer: the bot never asks its next question.
    await expect(bot(page).filter({ hasText: 'Leave your e-mail' })).toHaveCount(0);
    await expectRefused(page, errors, 'flowbot-chat.send.js');
  });

  test("runs nothing of an export's file that is not the build's: no download, the rest of the answers' actions stay", async ({
    page,
  }) => {
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));
    const { errors, fetched } = await openWatched(page, '/tampered-export.html');
    await expect(bot(page).first()).toContainText('Acme support bot');
    // Its file comes when the visitor opens the menu, checked against the hash in the answers' file.
    await page.locator('flowbot-chat [part~="menu-button"]').click();
    await expect.poll(() => fetched).toContain('flowbot-chat.export.js');
    await page.locator('flowbot-chat [role="menuitem"]').first().click();
    // Nothing downloaded, and a screen reader hears so.
    await expect(
      page.locator('flowbot-chat [role="status"]').filter({ hasText: 'The download failed. Try again.' }),
    ).toHaveCount(1);
    const exported = await page
      .locator('flowbot-chat')
      .evaluate((el) =>
        (el as HTMLElementTagNameMap['flowbot-chat']).exportTranscript().then(String, () => 'rejected'),
      );
    expect(exported).toBe('rejected');
    expect(downloads).toEqual([]);
    // Copy and the thumbs are the answers' file's own: still there.
    await expect(page.locator('flowbot-chat [part~="menu-button"]')).toBeVisible();
    await page.locator('flowbot-chat [part~="bot-message"]').first().hover();
    await expect(page.locator('flowbot-chat [part~="actions"]').first()).toBeVisible();
    await expectRefused(page, errors, 'flowbot-chat.export.js');
  });

  test("runs nothing of an earlier conversations' file that is not the build's: the visitor hears so, the conversation goes on", async ({
    page,
  }) => {
    const { errors, fetched } = await openWatched(page, '/tampered-history.html');
    await expect(bot(page).first()).toContainText('Acme support bot');
    // Its file comes when the visitor opens the menu, checked against the hash in the answers' file.
    await page.locator('flowbot-chat [part~="menu-button"]').click();
    await expect.poll(() => fetched).toContain('flowbot-chat.history.js');
    await page.locator('flowbot-chat [role="menuitem"]', { hasText: 'Conversations' }).click();
    await expect(
      page
        .locator('flowbot-chat [role="status"]')
        .filter({ hasText: 'The conversations could not be shown. Try again.' }),
    ).toHaveCount(1);
    await expect(page.locator('flowbot-chat [part~="history"]')).toHaveCount(0);
    await page.locator('flowbot-chat [part~="choice"]').filter({ hasText: 'Billing' }).click();
    await expect(bot(page).filter({ hasText: 'Leave your e-mail' })).toBeVisible();
    await expectRefused(page, errors, 'flowbot-chat.history.js');
  });

  test("runs nothing of an invitation's file that is not the build's: the bubble opens and holds a conversation", async ({
    page,
  }) => {
    const { errors, fetched } = await openWatched(page, '/tampered-invite.html');
    // The preview is the script tag's until the visitor reaches for the launcher: then the widget's
    // code comes, and its invitation's file, refused. The card drawn before stays, and still opens.
    const card = page.locator('flowbot-chat [part~="preview"]');
    await expect(card).toBeVisible();
    await page.locator('flowbot-chat [part~="launcher"]').hover();
    await expect.poll(() => fetched).toContain('flowbot-chat.invite.js');
    await expect.poll(() => errors.filter((line) => line.startsWith('flowbot-chat:'))).not.toEqual([]);
    await expect(card).toHaveCount(1);
    await card.locator('button').first().click();
    await expect(bot(page).first()).toContainText('Acme support bot');
    await expect(card).toHaveCount(0);
    await expectRefused(page, errors, 'flowbot-chat.invite.js');
  });

  test("runs nothing of a preview's file that is not the build's: the widget's code comes at once and shows the preview", async ({
    page,
  }) => {
    const { errors, fetched } = await openWatched(page, '/tampered-preview.html');
    await expect.poll(() => fetched).toContain('flowbot-chat.preview.js');
    const card = page.locator('flowbot-chat [part~="preview"]');
    await expect(card).toBeVisible();
    expect(await page.evaluate(() => !!customElements.get('flowbot-chat'))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { previewEvents: unknown[] }).previewEvents)).toEqual([
      ['flowbot-preview-show', { text: 'Questions about an order? Ask here.' }],
    ]);
    await card.locator('button').first().click();
    await expect(bot(page).first()).toContainText('Acme support bot');
    await expectRefused(page, errors, 'flowbot-chat.preview.js');
  });

  test("runs nothing of a tapped bubble's open file that is not the build's: the widget opens the panel when its code lands", async ({
    page,
  }) => {
    const { errors, fetched } = await openWatched(page, '/tampered-open.html');
    await page.locator('flowbot-chat [part~="launcher"]').click();
    await expect.poll(() => fetched).toContain('flowbot-chat.open.js');
    await expect(bot(page).first()).toBeVisible();
    await expect(page.locator('flowbot-chat [data-first-turn]')).toHaveCount(0);
    await expect(page.locator('flowbot-chat [part~="launcher"]')).toHaveAttribute('aria-expanded', 'true');
    await page.locator('flowbot-chat [part~="input"]').fill('Hello');
    await page.keyboard.press('Enter');
    await expect(page.locator('flowbot-chat [part~="user-message"]')).toHaveText('Hello');
    await expectRefused(page, errors, 'flowbot-chat.open.js');
  });

  test("runs nothing of a dark palette's file that is not the build's: the widget stays light, the conversation goes on", async ({
    page,
  }) => {
    const { errors, fetched } = await openWatched(page, '/tampered-dark.html');
    await expect(bot(page).first()).toContainText('Acme support bot');
    await expect.poll(() => fetched).toContain('flowbot-chat.dark.js');
    await expectRefused(page, errors, 'flowbot-chat.dark.js');
    await page.locator('flowbot-chat [part~="choice"]').filter({ hasText: 'Billing' }).click();
    await expect(page.locator('flowbot-chat [part~="input"]')).toBeVisible();
    // The light panel it had until then.
    const panel = await page
      .locator('flowbot-chat [part~="panel"]')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(panel).toBe('rgb(255, 255, 255)');
    expect(await tamperedRan(page)).toBeNull();
  });

  test("runs nothing of a highlight file that is not the build's: the code is shown plain, the conversation goes on", async ({
    page,
  }) => {
    const { errors, fetched } = await openWatched(page, '/tampered-highlight.html');
    await expect(bot(page).first()).toBeVisible();
    const field = page.locator('flowbot-chat [part~="input"]');
    await field.fill('How do I use the API?');
    await field.press('Enter');
    const code = page.locator('flowbot-chat .fb-code code');
    await expect(code).toHaveCount(3);
    await expect.poll(() => fetched).toContain('flowbot-chat.highlight.js');
    await expectRefused(page, errors, 'flowbot-chat.highlight.js');
    // Every block as sent, in one colour: no token drawn.
    await expect(code.first()).toHaveText(/^curl https:\/\/api\.acme\.example\/v1\/progress/);
    await expect(page.locator('flowbot-chat .fb-code code span')).toHaveCount(0);
    // The conversation goes on: the next question is asked.
    await expect(bot(page).last()).toContainText('Did that answer your question?');
    expect(await tamperedRan(page)).toBeNull();
  });

  test("runs nothing of a streams file that is not the build's: the answer's failure is said with a Retry, the visitor's question kept", async ({
    page,
  }) => {
    const { errors, fetched } = await openWatched(page, '/tampered-stream.html');
    await expect(bot(page).first()).toBeVisible();
    const field = page.locator('flowbot-chat [part~="input"]');
    await field.fill('Compare the plans');
    await field.press('Enter');
    await expect.poll(() => fetched).toContain('flowbot-chat.stream.js');
    await expectRefused(page, errors, 'flowbot-chat.stream.js');
    // The streamed answer cannot be shown: the conversation says so and offers to try again, the
    // visitor's question stays sent, and nothing of the changed file ran.
    await expect(page.locator('flowbot-chat [part~="user-message"]')).toHaveText(['Compare the plans']);
    await expect(page.locator('flowbot-chat [part~="error"]')).toBeVisible();
    await expect(page.locator('flowbot-chat [part~="retry-button"]')).toBeVisible();
    // The rich messages' file, fetched with it, is not refused.
    expect(errors.filter((line) => line.includes('flowbot-chat.rich.js'))).toEqual([]);
    expect(await tamperedRan(page)).toBeNull();
  });

  test("runs nothing of a media file that is not the build's: no player is drawn, the conversation goes on", async ({
    page,
  }) => {
    await page.route(/^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
    const { errors, fetched } = await openWatched(page, '/tampered-media.html');
    await page.locator('flowbot-chat [part~="choice"]').filter({ hasText: 'Every input' }).click();
    await expect.poll(() => fetched).toContain('flowbot-chat.media.js');
    await expectRefused(page, errors, 'flowbot-chat.media.js');
    // The messages after the videos are shown, and the input after them: only the players are missing.
    await expect(page.locator('flowbot-chat [part~="input"]').first()).toBeVisible();
    await expect(
      page.locator('flowbot-chat [part~="bot-message"] iframe, flowbot-chat video, flowbot-chat audio'),
    ).toHaveCount(0);
    expect(await tamperedRan(page)).toBeNull();
  });

  test("runs nothing of a persist file that is not the build's: the conversation goes on, remembered by nothing", async ({
    page,
  }) => {
    const { errors, fetched } = await openWatched(page, '/tampered-persist.html');
    // Nothing stored: the conversation starts at once, whatever the storage code does.
    await expect(bot(page).first()).toContainText('Acme support bot');
    await expect.poll(() => fetched).toContain('flowbot-chat.persist.js');
    await page.locator('flowbot-chat [part~="choice"]').filter({ hasText: 'Billing' }).click();
    await expect(page.locator('flowbot-chat [part~="input"]')).toBeVisible();
    await expectRefused(page, errors, 'flowbot-chat.persist.js');
    // Its code refused, nothing was kept: a reload starts over.
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('flowbot')))).toEqual(
      [],
    );
    await page.reload();
    await expect(bot(page).first()).toContainText('Acme support bot');
    await expect(page.locator('flowbot-chat [part~="choice"]').filter({ hasText: 'Billing' })).toBeVisible();
    expect(await tamperedRan(page)).toBeNull();
    expect(errors.filter((line) => line.startsWith('pageerror'))).toEqual([]);
  });

  test('runs nothing of a file the build gave no hash: it is not even fetched, and the console names it', async ({
    page,
  }) => {
    const errors = consoleErrors(page);
    const asked: string[] = [];
    // A file beside the script-tag file, that would say so if it ran.
    await page.route('**/flowbot-chat.unhashed-*.js', (route) => {
      asked.push(new URL(route.request().url()).pathname);
      return route.fulfill({ contentType: 'text/javascript', body: 'globalThis.__flowbotTampered = "unhashed";' });
    });
    await page.goto('/inline.html');
    await expect(bot(page).first()).toContainText('Acme support bot');
    // Every file the widget loads goes through the script-tag file's loader, the one it hands over to
    // the widget's code (as a language's file whose hash is missing from the languages' table would).
    const outcomes = await page.evaluate(async () => {
      type Load = (file: string, integrity: string | undefined) => Promise<string>;
      const load = (globalThis as unknown as Record<symbol, Load>)[Symbol.for('flowbot-chat/load')]!;
      const settle = (file: string, integrity: string | undefined) =>
        load(file, integrity).then(
          () => 'loaded',
          () => 'refused',
        );
      return [
        await settle('flowbot-chat.unhashed-empty.js', ''),
        await settle('flowbot-chat.unhashed-none.js', undefined),
      ];
    });
    expect(outcomes).toEqual(['refused', 'refused']);
    expect(asked).toEqual([]);
    expect(await tamperedRan(page)).toBeNull();
    // Refused and reported as a changed file is.
    expect(errors.filter((line) => line.startsWith('flowbot-chat:'))).toEqual([
      refusal('flowbot-chat.unhashed-empty.js'),
      refusal('flowbot-chat.unhashed-none.js'),
    ]);
    // The widget itself goes on.
    await page.locator('flowbot-chat [part~="choice"]').filter({ hasText: 'Billing' }).click();
    await expect(bot(page).filter({ hasText: 'Leave your e-mail' })).toBeVisible();
  });

  test('loads nothing on a page that requires Trusted Types without allowing the policy flowbot-chat', async ({
    page,
  }) => {
    const errors = consoleErrors(page);
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.main.js')) fetched.push(r.url());
    });
    await page.goto('/csp-lit-only-strict.html');
    await expect.poll(() => notice(page, 'flowbot-chat')).toEqual({ text: 'This chat is unavailable', shown: true });
    expect(fetched).toEqual([]);
    // The first turn's file is refused first (the script tag asks for it before the widget's code).
    expect(errors.filter((line) => line.startsWith('flowbot-chat:'))).toEqual([
      'flowbot-chat: flowbot-chat.first.js not run: allow its policy: trusted-types flowbot-chat',
      'flowbot-chat: flowbot-chat.main.js not run: allow its policy: trusted-types flowbot-chat',
    ]);
  });

  test('a preload line whose file changed on its server runs nothing of it', async ({ page }) => {
    const { errors, fetched } = await openWatched(page, '/preload-tampered.html');
    await expect.poll(() => notice(page, 'flowbot-chat')).toEqual({ text: 'This chat is unavailable', shown: true });
    await expect.poll(() => fetched).toContain('flowbot-chat.main.js');
    expect(await tamperedRan(page)).toBeNull();
    expect(errors.filter((line) => line.startsWith('flowbot-chat:'))).toEqual([mainRefused]);
  });

  test("the README's pinned lines, as written, hold a conversation", async ({ page }) => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    const lines =
      readme.match(/<(script async src|link rel="modulepreload" href)="https:\/\/unpkg\.com\/[^>]*>/g) ?? [];
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) {
      expect(line).toContain(`https://unpkg.com/flowbot-chat@${version}/dist/`);
      expect(line).toMatch(/ integrity="sha384-[\w+/]{64}" crossorigin="anonymous"/);
    }
    const errors = consoleErrors(page);
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.js')) fetched.push(new URL(r.url()).pathname);
    });
    // Those lines, their CDN origin replaced by the test server's (see serve.ts); the rest as written.
    await page.goto('/readme-snippet.html');
    await expect(bot(page).first()).toContainText('Acme support bot');
    await page.locator('flowbot-chat [part~="choice"]').filter({ hasText: 'Billing' }).click();
    // The e-mail control comes with the controls' file, checked against its hash too.
    const email = page.locator('flowbot-chat input[type="email"]');
    await expect(email).toBeVisible();
    await email.fill('not-an-email');
    await email.press('Enter');
    // So do its words (the widget's code carries only the English words it shows itself).
    await expect(page.locator('flowbot-chat [part~="field-error"]')).toHaveText('Enter a valid e-mail address');
    const folder = `/flowbot-chat@${version}/dist/`;
    // Each file once: the preloaded code is the one the script-tag file runs.
    expect(fetched.sort()).toEqual([
      `${folder}flowbot-chat.answers.js`,
      `${folder}flowbot-chat.controls.js`,
      // The first turn's file: this inline widget's first turn is drawn before the widget's code.
      `${folder}flowbot-chat.first.js`,
      `${folder}flowbot-chat.iife.js`,
      `${folder}flowbot-chat.main.js`,
      `${folder}flowbot-chat.send.js`,
    ]);
    expect(errors).toEqual([]);
  });
});
