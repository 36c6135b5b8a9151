/**
 * The one place that decides how each engine is driven. Playwright's own browsers when they are
 * installed (a laptop after `npx playwright install`); otherwise the system's: Chromium through
 * Playwright, Firefox ESR through puppeteer-core over WebDriver BiDi, and WebKitGTK's MiniBrowser
 * through `WebKitWebDriver` on a virtual X display (Xvfb). Every path yields the same small
 * `EnginePage`, which can open more tabs of the same browser (one profile: shared storage).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type { KeyInput, Page as PuppeteerPage } from 'puppeteer-core';
import { chromium, firefox, webkit, type Browser as PlaywrightBrowser, type BrowserType, type Page } from 'playwright';
import { chromiumLaunchOptions } from '../support/browser-launch.js';
import { freePort } from '../support/free-port.js';
import { waitForDriver, webDriverKeys, WebDriverSession } from './webdriver.js';

/** The three engines the widget must work in. */
export type EngineName = 'chromium' | 'firefox' | 'webkit';

/** All engines, in the order they run. */
export const engineNames: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];

/** The keys the scenarios press. */
export type Key = keyof typeof webDriverKeys;

/** One browser tab, whichever engine and driver is behind it. */
export interface EnginePage {
  /** The engine. */
  readonly engine: EngineName;
  /** What runs it, e.g. `firefox 153.7.0 (/usr/bin/firefox-esr) via puppeteer-core, WebDriver BiDi`. */
  readonly description: string;
  /** Navigates and waits for the load event. */
  goto(url: string): Promise<void>;
  /** Sizes the page's viewport (`innerWidth` × `innerHeight`) in CSS pixels. */
  setViewport(width: number, height: number): Promise<void>;
  /**
   * Runs `fn` in the page and returns its JSON-serialisable result. `fn` is sent as source text,
   * so it must not use anything from the enclosing module.
   */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<R>;
  /** Presses and releases one key, as a keyboard would (it goes to the focused element). */
  press(key: Key): Promise<void>;
  /** Types text into the focused element, key by key. */
  type(text: string): Promise<void>;
  /** Brings this tab to the front, as a visitor who switches to it (keys go to the tab in front). */
  bringToFront(): Promise<void>;
  /**
   * Opens another tab of the same browser and profile (the site's storage is shared), in front.
   * Its `close` closes that tab only; the first tab's `close` closes the browser.
   */
  newPage(): Promise<EnginePage>;
  /** Closes the browser and ends every process it started (another tab: closes that tab). Safe to call twice. */
  close(): Promise<void>;
}

/** Options of {@link launchEngine}. */
export interface LaunchOptions {
  /** Longest wait for the browser to start, and for any single command. */
  timeoutMs: number;
}

/** Thrown when an engine is not installed; the message says how to get it. */
export class EngineUnavailableError extends Error {
  override name = 'EngineUnavailableError';
}

const firefoxCandidates = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];
const miniBrowserCandidates = [
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/x86_64-linux-gnu/webkitgtk-6.0/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkitgtk-6.0/MiniBrowser',
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser',
];

/** Playwright's own download of an engine, when present. */
function playwrightOwn(type: BrowserType): boolean {
  try {
    return existsSync(type.executablePath());
  } catch {
    return false;
  }
}

function firstExisting(paths: readonly string[]): string | undefined {
  return paths.find((p) => existsSync(p));
}

function onPath(command: string): string | undefined {
  const dirs = (process.env.PATH ?? '').split(':').filter(Boolean);
  return firstExisting(dirs.map((dir) => `${dir}/${command}`));
}

/** Rejects after `ms` with a message naming `what`; the timer never keeps the process alive. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The source sent for `evaluate`: `fn` applied to `args`. The TypeScript loader names functions
 * with a `__name` helper that does not exist in the page, hence the stand-in.
 */
function evaluationSource(fn: (...args: never[]) => unknown, argsSource: string): string {
  return `(() => { const __name = (f) => f; return (${fn.toString()})(...${argsSource}); })()`;
}

/** Starts `name` and opens one tab. */
export async function launchEngine(name: EngineName, options: LaunchOptions): Promise<EnginePage> {
  switch (name) {
    case 'chromium':
      return launchWithPlaywright('chromium', chromium, options, chromiumLaunchOptions);
    case 'firefox': {
      const forced = process.env.FIREFOX_PATH;
      if (!forced && playwrightOwn(firefox)) {
        return launchWithPlaywright('firefox', firefox, options, { headless: true });
      }
      const binary = forced ?? firstExisting(firefoxCandidates);
      if (!binary) {
        throw new EngineUnavailableError(
          'no Firefox: `sudo apt-get install firefox-esr`, or `npx playwright install firefox`, or set FIREFOX_PATH',
        );
      }
      return launchFirefoxBiDi(binary, options);
    }
    case 'webkit': {
      const forced = process.env.MINIBROWSER_PATH;
      if (!forced && playwrightOwn(webkit)) {
        return launchWithPlaywright('webkit', webkit, options, { headless: true });
      }
      const miniBrowser = forced ?? firstExisting(miniBrowserCandidates);
      const driver = onPath('WebKitWebDriver');
      if (!miniBrowser || !driver) {
        throw new EngineUnavailableError(
          'no WebKit: `sudo apt-get install webkit2gtk-driver xvfb`, or `npx playwright install webkit`',
        );
      }
      return launchWebKitGtk(driver, miniBrowser, options);
    }
  }
}

async function launchWithPlaywright(
  engine: EngineName,
  type: BrowserType,
  options: LaunchOptions,
  launchOptions: Parameters<BrowserType['launch']>[0],
): Promise<EnginePage> {
  const browser: PlaywrightBrowser = await type.launch({ ...launchOptions, timeout: options.timeoutMs });
  let page: Page;
  try {
    // A context of its own, so that more tabs can join it (`newPage`).
    page = await (await browser.newContext()).newPage();
  } catch (error) {
    await browser.close().catch(() => {});
    throw error;
  }
  const binary = launchOptions?.executablePath ?? "Playwright's own build";
  const description = `${engine} ${browser.version()} (${binary}) via Playwright`;
  return playwrightTab(engine, description, page, options, () =>
    withTimeout(browser.close(), options.timeoutMs, `closing ${engine}`),
  );
}

/** One tab of a Playwright browser; `close` ends it (the browser, for the first tab). */
function playwrightTab(
  engine: EngineName,
  description: string,
  page: Page,
  options: LaunchOptions,
  close: () => Promise<void>,
): EnginePage {
  page.setDefaultTimeout(options.timeoutMs);
  return {
    engine,
    description,
    goto: async (url) => {
      await page.goto(url, { waitUntil: 'load' });
    },
    setViewport: (width, height) => page.setViewportSize({ width, height }),
    evaluate: (fn, ...args) => page.evaluate(evaluationSource(fn, JSON.stringify(args))),
    press: (key) => page.keyboard.press(key),
    type: (text) => page.keyboard.type(text),
    bringToFront: () => page.bringToFront(),
    newPage: async () => {
      // A page of the same context: the same storage, as a visitor's second tab.
      const next = await page.context().newPage();
      await next.bringToFront();
      return playwrightTab(engine, description, next, options, () => next.close());
    },
    close,
  };
}

async function launchFirefoxBiDi(binary: string, options: LaunchOptions): Promise<EnginePage> {
  // Loaded only when needed: a laptop with Playwright's own browsers never uses it.
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: binary,
    headless: true,
    timeout: options.timeoutMs,
    protocolTimeout: options.timeoutMs,
    // The run ends its own browsers; no handlers left on this process.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const pid = browser.process()?.pid;
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    try {
      await withTimeout(browser.close(), options.timeoutMs, 'closing firefox');
    } finally {
      const child = browser.process();
      if (pid && child && child.exitCode === null && child.signalCode === null) process.kill(pid, 'SIGKILL');
    }
  };
  try {
    // A tab of our own: the tab headless Firefox opens at start never gets system focus, and
    // without focus Firefox ignores Enter on a focused <button> (links and fields still react).
    const page = await browser.newPage();
    await page.bringToFront();
    const version = (await browser.version()).replace(/^firefox\//i, '');
    const description = `firefox ${version} (${binary}) via puppeteer-core, WebDriver BiDi`;
    return puppeteerTab(description, page, options, close);
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}

/** One tab of the puppeteer-driven Firefox; `close` ends it (the browser, for the first tab). */
function puppeteerTab(
  description: string,
  page: PuppeteerPage,
  options: LaunchOptions,
  close: () => Promise<void>,
): EnginePage {
  page.setDefaultTimeout(options.timeoutMs);
  return {
    engine: 'firefox',
    description,
    goto: async (url) => {
      await page.goto(url, { waitUntil: 'load' });
    },
    setViewport: async (width, height) => {
      try {
        await page.setViewport({ width, height });
      } catch (error) {
        // A Firefox (ESR) whose WebDriver BiDi lacks the screen orientation's override has set the
        // viewport already: only that last step is refused.
        if (!/setScreenOrientationOverride/.test(String(error))) throw error;
        // The two were sent together: until the viewport's is done.
        await page.waitForFunction(`innerWidth === ${width}`);
      }
    },
    evaluate: (fn, ...args) => page.evaluate(evaluationSource(fn, JSON.stringify(args))) as Promise<never>,
    // puppeteer sends `Enter` as the keypad's key; a visitor presses the main one.
    press: (key) => page.keyboard.press(webDriverKeys[key] as KeyInput),
    type: (text) => page.keyboard.type(text),
    bringToFront: () => page.bringToFront(),
    newPage: async () => {
      // The browser's default context: the same profile and storage, as a visitor's second tab.
      const next = await page.browser().newPage();
      await next.bringToFront();
      return puppeteerTab(description, next, options, () => next.close());
    },
    close,
  };
}

/**
 * Ends a process we started and waits for it: SIGTERM, then SIGKILL after 3 s. With `group`,
 * signals its whole process group (it was spawned `detached`), so what it started ends too.
 */
export async function endProcess(child: ChildProcess, group = false): Promise<void> {
  const pid = child.pid;
  if (!pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<boolean>((resolve) => child.once('exit', () => resolve(true)));
  const signal = (name: NodeJS.Signals): void => {
    try {
      process.kill(group ? -pid : pid, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const timer = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3_000).unref());
  if (!(await Promise.race([exited, timer]))) {
    signal('SIGKILL');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
  }
}

/**
 * A virtual X display of our own: `Xvfb -displayfd` picks a free display number and writes it
 * back. Started directly rather than through `xvfb-run` so that this process is its parent and
 * can end and reap it.
 */
async function startXvfb(xvfb: string, timeoutMs: number): Promise<{ display: string; child: ChildProcess }> {
  const child = spawn(xvfb, ['-displayfd', '3', '-screen', '0', '1600x1200x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2_000);
  });
  const displayFd = child.stdio[3] as Readable;
  const display = new Promise<string>((resolve, reject) => {
    let out = '';
    displayFd.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^(\d+)\n/.exec(out);
      if (match) resolve(`:${match[1]}`);
    });
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${stderr.trim()}`)));
    child.once('error', reject);
  });
  try {
    return { display: await withTimeout(display, timeoutMs, 'starting Xvfb'), child };
  } catch (error) {
    await endProcess(child);
    throw error;
  }
}

async function launchWebKitGtk(driver: string, miniBrowser: string, options: LaunchOptions): Promise<EnginePage> {
  // MiniBrowser's own headless mode hangs; a virtual X display works.
  const xvfbPath = onPath('Xvfb');
  if (!xvfbPath && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    throw new EngineUnavailableError('WebKitGTK needs a display: `sudo apt-get install xvfb`');
  }
  const xvfb = xvfbPath ? await startXvfb(xvfbPath, options.timeoutMs) : undefined;
  const port = await freePort();
  // Its own process group, so that whatever it starts can be ended with it if it cannot close it.
  const child = spawn(driver, [`--port=${port}`, '--host=local'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: xvfb ? { ...process.env, DISPLAY: xvfb.display } : process.env,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2_000);
  });
  const driverUrl = `http://127.0.0.1:${port}`;
  let session: WebDriverSession | undefined;
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    let browserClosed = false;
    try {
      // Closes MiniBrowser; the driver reaps it.
      await session?.delete();
      browserClosed = true;
    } catch {
      // Ended below with the driver's group.
    } finally {
      await endProcess(child, !browserClosed);
      if (xvfb) await endProcess(xvfb.child);
    }
  };
  try {
    const exitedEarly = new Promise<never>((_, reject) => {
      child.once('exit', (code) => reject(new Error(`WebKitWebDriver exited (${code}): ${stderr.trim()}`)));
      child.once('error', reject);
    });
    exitedEarly.catch(() => {});
    await Promise.race([waitForDriver(driverUrl, options.timeoutMs), exitedEarly]);
    session = await Promise.race([
      WebDriverSession.create({
        driverUrl,
        commandTimeoutMs: options.timeoutMs,
        capabilities: {
          'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] },
        },
      }),
      exitedEarly,
    ]);
    await session.setTimeouts({ pageLoad: options.timeoutMs, script: options.timeoutMs });
    const active = session;
    const { browserName = 'MiniBrowser', browserVersion = '?' } = active.capabilities;
    const description = `${String(browserName)} ${String(browserVersion)} (${miniBrowser}) via WebKitWebDriver`;
    const first = await active.windowHandle();
    return webDriverTab(description, active, { current: first }, first, close);
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}

/**
 * One tab (window handle) of the WebKitGTK session. WebDriver commands act on the session's
 * current window, so each tab makes itself current first; `windows.current` says which is.
 */
function webDriverTab(
  description: string,
  session: WebDriverSession,
  windows: { current: string | undefined },
  handle: string,
  close: () => Promise<void>,
): EnginePage {
  const current = async (): Promise<WebDriverSession> => {
    if (windows.current !== handle) {
      await session.switchToWindow(handle);
      windows.current = handle;
    }
    return session;
  };
  return {
    engine: 'webkit',
    description,
    goto: async (url) => (await current()).navigate(url),
    // The driver sizes the window, toolbar and all: size it, then add what the frame takes.
    setViewport: async (width, height) => {
      const active = await current();
      await active.setWindowRect({ width, height });
      const [innerWidth, innerHeight] = (await active.execute('return [innerWidth, innerHeight];')) as [number, number];
      if (innerWidth !== width || innerHeight !== height) {
        await active.setWindowRect({ width: 2 * width - innerWidth, height: 2 * height - innerHeight });
      }
    },
    // The driver wraps the script in a function whose `arguments` are `args`.
    evaluate: async (fn, ...args) =>
      (await current()).execute(`return ${evaluationSource(fn, 'arguments')};`, args) as Promise<never>,
    press: async (key) => (await current()).keys(webDriverKeys[key]),
    type: async (text) => (await current()).keys(text),
    // Switching to a window is what brings it to the front in WebDriver.
    bringToFront: async () => {
      await session.switchToWindow(handle);
      windows.current = handle;
    },
    newPage: async () => {
      const next = await session.newWindow('tab');
      await session.switchToWindow(next);
      windows.current = next;
      const tab = webDriverTab(description, session, windows, next, async () => {
        await tab.bringToFront();
        await session.closeWindow();
        windows.current = undefined;
      });
      return tab;
    },
    close,
  };
}
