/**
 * One place that decides which Chromium the tests drive: `CHROMIUM_PATH`, else
 * Playwright's own download (a laptop after `npx playwright install chromium`),
 * else Debian's `/usr/bin/chromium`.
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright';

function findChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {
    // No Playwright browser registry entry: fall through to the system browser.
  }
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

export const chromiumExecutable = findChromium();

export const chromiumLaunchOptions = {
  headless: true,
  ...(chromiumExecutable ? { executablePath: chromiumExecutable } : {}),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-default-apps',
    '--disable-extensions',
  ],
};
