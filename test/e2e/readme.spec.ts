/**
 * The README and the docs, followed by a site owner as written: the files the README's
 * self-hosting steps list are copied from `dist/` into an empty folder and served by a plain static
 * server, and pages made of the snippets (the README's plain page, script tag, modulepreload line,
 * `Flowbot.init` and `::part` rules; docs/theming.md's dark theme, docs/security.md's
 * Content-Security-Policy line, docs/answers-and-markdown.md's feedback forwarding) hold a
 * conversation with the reference server. The snippets are read from the file they are in by their
 * `<!-- tested: name -->` markers; the only change made to them is their URLs: the CDN's origin
 * becomes the test's static server, and the viewer's (the placeholder, or `npm start`'s) the
 * reference server's.
 */
import { createServer, type Server } from 'node:http';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Page, type Locator } from '@playwright/test';
import { API_PORT } from './playwright.config.js';
import { codeOf, readmeBlock, readmeTable } from '../support/readme-snippets.js';
import { expectDarkTheme, rgb, styleOf } from './computed-style.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const readme = readFileSync(`${root}README.md`, 'utf8');
/** A snippet of one of the docs (`docs/<file>`), read as the README's are. */
const docBlock = (file: string, name: string) =>
  readmeBlock(readFileSync(`${root}docs/${file}`, 'utf8'), name, `docs/${file}`);
const apiUrl = `http://127.0.0.1:${API_PORT}`;

/** Where the README's snippets load the files from, and the viewer they name. */
const CDN_ORIGIN = 'https://unpkg.com';
/** The folder of the script tag's URL, as the README pins it (`/flowbot-chat@<version>/dist/`). */
const FOLDER = new URL(
  /<script (?:async )?src="([^"]+)"/.exec(readmeBlock(readme, 'script-tag'))![1]!,
).pathname.replace(/[^/]+$/, '');
const VIEWERS = ['https://viewer.example.com', 'http://127.0.0.1:8787'];

/** A snippet with its URLs moved: the CDN's origin to `cdn`, the viewer's to the reference server. */
function rewrite(snippet: string, cdn: string): string {
  return VIEWERS.reduce((text, viewer) => text.replaceAll(viewer, apiUrl), snippet.replaceAll(CDN_ORIGIN, cdn));
}

/** A plain static server on a free loopback port: `files` under the CDN's folder path, `pages` at their paths. */
interface StaticSite {
  readonly url: string;
  /** Pages by path; may be set once the server's URL is known. */
  readonly pages: Record<string, string>;
  /** Every path asked for, with its status. */
  readonly served: { path: string; status: number }[];
  close(): Promise<void>;
}
async function serveStatic(options: {
  files?: string;
  /** The path the files are served under (the README's pinned folder by default). */
  folder?: string;
  headers?: Record<string, string>;
  /** What a CDN sends so that pages on other origins can load the files as modules. */
  cors?: boolean;
}): Promise<StaticSite> {
  const served: { path: string; status: number }[] = [];
  const pages: Record<string, string> = {};
  const names = options.files ? readdirSync(options.files) : [];
  const under = options.folder ?? FOLDER;
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const name = path.startsWith(under) ? path.slice(under.length) : undefined;
    let body: Buffer | string | undefined;
    if (path === '/favicon.ico') {
      // A real site has one; a 404 here would be a console error of every page.
      res.statusCode = 204;
      res.end();
      return;
    }
    if (name !== undefined && names.includes(name) && options.files) {
      body = readFileSync(join(options.files, name));
      res.setHeader('content-type', 'text/javascript; charset=utf-8');
      if (options.cors) res.setHeader('access-control-allow-origin', '*');
    } else if (pages[path] !== undefined) {
      body = pages[path];
      res.setHeader('content-type', 'text/html; charset=utf-8');
      for (const [header, value] of Object.entries(options.headers ?? {})) res.setHeader(header, value);
    }
    res.statusCode = body === undefined ? 404 : 200;
    served.push({ path, status: res.statusCode });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    pages,
    served,
    // Connections the browser keeps open would hold the close up: they end with it.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A plain page: `head` and `body` as given. */
const pageOf = (head: string, body: string) =>
  `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8" />\n<title>A site</title>\n${head}\n</head>\n<body>\n<h1>A site</h1>\n${body}\n</body>\n</html>\n`;

/** Console errors, uncaught exceptions and Content-Security-Policy violations of the page. */
async function watch(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && problems.push(`console: ${msg.text()}`));
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.exposeFunction('reportViolation', (text: string) => problems.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI}`,
      ),
    );
  });
  return problems;
}

/**
 * What a visitor does with the README's bot: reads the greeting, asks, reads the reply, leaves an
 * e-mail. `beforeEmail` runs while the e-mail field waits.
 */
async function converse(widget: Locator, beforeEmail?: () => Promise<void>): Promise<void> {
  const bot = widget.locator('[part~="bot-message"]');
  await expect(bot.first()).toContainText('Hi! What can I help you with?');
  const field = widget.locator('[part~="composer"] [part~="input"]');
  await field.fill('Where is my order?');
  await field.press('Enter');
  await expect(widget.locator('[part~="user-message"]').last()).toHaveText('Where is my order?');
  await expect(bot.last()).toContainText('You asked: Where is my order?');
  // The e-mail field is a control of the third file: it arrives on demand.
  const email = widget.locator('input[type="email"]');
  await expect(email).toBeVisible();
  await beforeEmail?.();
  await email.fill('ada@example.com');
  await email.press('Enter');
  await expect(bot.last()).toContainText('We will write to ada@example.com.');
}

let folder = '';
/** The files the README's self-hosting steps list, in their order. */
let listed: string[] = [];

test.beforeAll(() => {
  listed = readmeTable(readme, 'self-hosted-files').map((row) => codeOf(row[0]!));
  folder = mkdtempSync(join(tmpdir(), 'flowbot-self-hosted-'));
  for (const name of listed) copyFileSync(`${root}dist/${name}`, join(folder, name));
});
test.afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** The script-tag snippet, and its `<script>` line alone. */
const scriptTag = () => readmeBlock(readme, 'script-tag');
const scriptLine = () => /<script [^>]*><\/script>/.exec(scriptTag())![0];

/** The static servers a test started, closed after it. */
const started: StaticSite[] = [];
async function site(options: Parameters<typeof serveStatic>[0] = {}): Promise<StaticSite> {
  const s = await serveStatic(options);
  started.push(s);
  return s;
}
test.afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

/** A CDN holding the listed files, and a site on another origin whose page is `head` and `body`. */
async function cdnAndSite(head: string, body: string) {
  const cdn = await site({ files: folder, cors: true });
  const shop = await site();
  shop.pages['/'] = pageOf(rewrite(head, cdn.url), rewrite(body, cdn.url));
  return { cdn, shop };
}

test.describe('README, as a site owner follows it', () => {
  test('self-hosting: the files it lists, copied into one folder of the site, hold a conversation', async ({
    page,
  }) => {
    const problems = await watch(page);
    const own = await site({ files: folder });
    // Self-hosted, the files sit on the page's own origin: the CDN's origin becomes the site's.
    own.pages['/'] = pageOf('', rewrite(scriptTag(), ''));
    const code = page.waitForResponse((r) => r.url().endsWith('/flowbot-chat.main.js'));
    await page.goto(`${own.url}/`);
    await code;
    // Every file the widget asked its own site for was there (a missing one leaves it empty).
    const missing = () => own.served.filter((r) => r.status !== 200);
    expect(missing()).toEqual([]);
    await converse(page.locator('flowbot-chat'));
    expect(missing()).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('the script-tag snippet, from a CDN on another origin, holds a conversation', async ({ page }) => {
    const problems = await watch(page);
    const { cdn, shop } = await cdnAndSite('', scriptTag());
    await page.goto(`${shop.url}/`);
    await converse(page.locator('flowbot-chat'));
    // Each file the README lists, found, but the bubble's invitation (an inline widget never needs
    // it), the languages' (an English page needs none), the storage's (it remembers nothing),
    // markdown's, streams', media's and the voice's with the formulas' and the code colours' (its
    // conversation has none of them), the export's (nobody downloads), the dark palette's (the widget is light), the
    // launcher's, the preview's and the tapped bubble's (the inline widget has none), the consent's (it has no notice)
    // and the earlier conversations' (it remembers nothing).
    expect(cdn.served.map((r) => `${r.path} ${r.status}`).sort()).toEqual(
      listed
        .filter(
          (name) =>
            !/^flowbot-chat\.(invite|languages|lang-[\w-]+|persist|rich|stream|media|voice|math|highlight|export|history|dark|launcher|preview|open|consent)\.js$/.test(
              name,
            ),
        )
        .map((name) => `${FOLDER}${name} 200`)
        .sort(),
    );
    expect(problems).toEqual([]);
  });

  test('the modulepreload line: the widget takes its code from it, fetched once', async ({ page }) => {
    const problems = await watch(page);
    const preload = readmeBlock(readme, 'modulepreload');
    const { cdn, shop } = await cdnAndSite(preload, scriptTag());
    await page.goto(`${shop.url}/`);
    await converse(page.locator('flowbot-chat'));
    // Another URL or credentials mode than the script's own import would have fetched it twice.
    expect(cdn.served.filter((r) => r.path === `${FOLDER}flowbot-chat.main.js`)).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  test('the Content-Security-Policy line: the page served with it has no violation', async ({ page }) => {
    const problems = await watch(page);
    const line = docBlock('security.md', 'csp').trim();
    const [name, value] = [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()];
    expect(name).toBe('Content-Security-Policy');
    expect(value).toContain('trusted-types');
    const preload = readmeBlock(readme, 'modulepreload');
    const cdn = await site({ files: folder, cors: true });
    const shop = await site({ headers: { [name]: rewrite(value, cdn.url) } });
    shop.pages['/'] = pageOf(rewrite(preload, cdn.url), rewrite(scriptTag(), cdn.url));
    await page.goto(`${shop.url}/`);
    // The whole conversation, the controls' file's e-mail field and the bot's background picture included.
    await converse(page.locator('flowbot-chat'));
    expect(await styleOf(page.locator('flowbot-chat'), 'messages', 'background-image')).toContain('background.svg');
    expect(cdn.served.map((r) => r.path)).toContain(`${FOLDER}flowbot-chat.controls.js`);
    expect(problems).toEqual([]);
  });

  test('the Flowbot.init snippet opens a bubble that holds a conversation, styled by the ::part rules', async ({
    page,
  }) => {
    const problems = await watch(page);
    const init = readmeBlock(readme, 'init');
    const parts = readmeBlock(readme, 'parts');
    const { shop } = await cdnAndSite(`<style>\n${parts}\n</style>`, `${scriptLine()}\n<script>\n${init}\n</script>`);
    await page.goto(`${shop.url}/`);
    const widget = page.locator('flowbot-chat');
    // Kept by the stand-in while the async file came, run once it had: the bubble is open.
    await expect(widget).toHaveAttribute('mode', 'bubble');
    await expect(widget.locator('[part~="panel"]')).toBeVisible();
    await expect(widget.locator('[part~="title"]:visible')).toHaveText('Support');
    expect(await styleOf(widget, 'header', 'background-color')).toBe(rgb('#0f766e'));
    await converse(widget);
    expect(await styleOf(widget, 'bot-message', 'border-top-left-radius')).toBe('4px');
    expect(await styleOf(widget, 'bot-message', 'border-top-right-radius')).toBe('16px');
    expect(await styleOf(widget, 'launcher', 'box-shadow')).toBe('none');
    expect(problems).toEqual([]);
  });

  test('the plain page, beside the built files in a folder of the site, shows its title in its colours', async ({
    page,
  }) => {
    const problems = await watch(page);
    const plain = readmeBlock(readme, 'plain-page');
    // The page names its folder as a relative path (`flowbot-chat/…`): the files are served there.
    const src = /<script async src="([^"]+)"/.exec(plain)![1]!;
    expect(src).not.toMatch(/^[a-z]+:|^\//);
    const own = await site({ files: folder, folder: `/${src.replace(/[^/]+$/, '')}` });
    own.pages['/'] = rewrite(plain, '');
    await page.goto(`${own.url}/`);
    const widget = page.locator('flowbot-chat');
    await expect(widget.locator('[part~="title"]:visible')).toHaveText('Acme support');
    expect(await styleOf(widget, 'header', 'background-color')).toBe(rgb('#0f766e'));
    await expect(widget.locator('[part~="bot-message"]').first()).toBeVisible();
    // The height the page's rule gives it, which still applies once the widget runs.
    expect(await widget.evaluate((el) => el.getBoundingClientRect().height)).toBe(
      Number(/flowbot-chat:not\(\[mode\]\) \{[^}]*height: (\d+)px/.exec(plain)![1]),
    );
    // The brand colour is the visitor's too, over the bot's own theme (docs/theming.md).
    await widget.locator('[part~="choice"]').first().click();
    await expect(widget.locator('[part~="user-message"]')).toHaveCount(1);
    expect(await styleOf(widget, 'user-message', 'background-color')).toBe(rgb('#0f766e'));
    // The widget's code came from the folder beside the page; nothing it asked for was missing.
    expect(own.served.filter((r) => r.status !== 200)).toEqual([]);
    expect(own.served.map((r) => r.path)).toContain(`/${src.replace(/[^/]+$/, '')}flowbot-chat.main.js`);
    expect(problems).toEqual([]);
  });

  test('the plain page on a phone (390 px): the widget fits the screen, not a desktop-wide layout', async ({
    browser,
  }) => {
    const plain = readmeBlock(readme, 'plain-page');
    const src = /<script async src="([^"]+)"/.exec(plain)![1]!;
    const own = await site({ files: folder, folder: `/${src.replace(/[^/]+$/, '')}` });
    own.pages['/'] = rewrite(plain, '');
    // A phone honours the page's viewport line; without one it lays the page out 980 px wide and
    // shrinks it to the screen, the widget with it.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const page = await phone.newPage();
      const problems = await watch(page);
      await page.goto(`${own.url}/`);
      const widget = page.locator('flowbot-chat');
      await expect(widget.locator('[part~="bot-message"]').first()).toBeVisible();
      const { layout, box } = await widget.evaluate((el) => ({
        layout: window.innerWidth,
        box: el.getBoundingClientRect().toJSON() as DOMRect,
      }));
      expect(layout).toBe(390);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(390);
      expect(problems).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  test('the feedback snippet forwards each rating to the site, as the page wrote it', async ({ page }) => {
    const problems = await watch(page);
    const { shop } = await cdnAndSite('', `${scriptLine()}\n${docBlock('answers-and-markdown.md', 'feedback')}`);
    // The site's own endpoint: what it receives is what the snippet sent.
    const received: unknown[] = [];
    await page.route(`${shop.url}/api/chat-feedback`, async (route) => {
      received.push({ method: route.request().method(), body: route.request().postDataJSON() });
      await route.fulfill({ status: 204 });
    });
    await page.goto(`${shop.url}/`);
    const widget = page.locator('flowbot-chat');
    const field = widget.locator('[part~="composer"] [part~="input"]');
    await field.fill('How do refunds work?');
    await field.press('Enter');
    await expect(widget.locator('[part~="bot-message"]').last()).toHaveText('Did that answer your question?');
    // `feedback="all"`: the greeting can be rated too.
    const greeting = widget.locator('.row.bot', { hasText: "Hi! I'm the Acme Academy assistant." });
    // As a visitor does: the pointer over the answer shows its line (over the gap to the next answer).
    await greeting.locator('[part~="bot-message"]').hover();
    await greeting.getByRole('button', { name: 'Good answer' }).click();
    await greeting.getByRole('button', { name: 'Bad answer' }).click();
    await greeting.getByLabel('Too long').check();
    await greeting.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => received.length).toBe(3);
    const detail = {
      messageId: 'hello-text',
      sessionId: expect.any(String),
      text: "Hi! I'm the Acme Academy assistant.",
    };
    expect(received).toEqual([
      { method: 'POST', body: { ...detail, rating: 'up' } },
      { method: 'POST', body: { ...detail, rating: 'down', changed: true } },
      { method: 'POST', body: { ...detail, rating: 'down', reason: 'too-long', changed: true } },
    ]);
    expect(problems).toEqual([]);
  });

  test('the dark-theme rule gives the widget its colours and hides the light background picture', async ({ page }) => {
    const problems = await watch(page);
    const dark = docBlock('theming.md', 'dark-theme');
    const { shop } = await cdnAndSite(`<style>\n${dark}\n</style>`, scriptTag());
    await page.goto(`${shop.url}/`);
    const widget = page.locator('flowbot-chat');
    await converse(widget, () => expectDarkTheme(widget, dark));
    expect(problems).toEqual([]);
  });
});

test.describe('Flowbot.init options', () => {
  test('disableStreaming reaches the widget, and the early start asks for whole answers too', async ({ page }) => {
    const problems = await watch(page);
    const starts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/startChat')) starts.push(r.postData() ?? '');
    });
    // The README's stand-in first (the line is async), then the call.
    const standIn = readmeBlock(readme, 'init').split('\n')[0]!;
    expect(standIn).toMatch(/^window\.Flowbot = window\.Flowbot \|\|/);
    const init = `${standIn}\nFlowbot.init({ publicId: 'my-bot', apiHost: '${apiUrl}', disableStreaming: true });`;
    const { shop } = await cdnAndSite('', `${scriptLine()}\n<script>${init}</script>`);
    await page.goto(`${shop.url}/`);
    const widget = page.locator('flowbot-chat');
    await converse(widget);
    expect(await widget.evaluate((el) => (el as HTMLElementTagNameMap['flowbot-chat']).disableStreaming)).toBe(true);
    // One start: the widget took the early one, which asked exactly what the widget would.
    expect(starts).toHaveLength(1);
    expect(starts[0]).not.toContain('isStreamEnabled');
    expect(problems).toEqual([]);
  });
});
