// Finds a Chromium the tests can drive; mirrors test/support/browser-launch.ts for plain Node scripts.
import { existsSync } from 'node:fs';

export async function findChromium() {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : undefined;
  try {
    const { chromium } = await import('playwright');
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // Playwright has no browser of its own here.
  }
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p));
}

export const NO_CHROMIUM_HELP = `No Chromium found for the browser tests.
Get one of:
  - Debian/Ubuntu:   sudo apt-get install chromium        (found at /usr/bin/chromium)
  - any laptop:      npx playwright install chromium
  - or point to one: CHROMIUM_PATH=/path/to/chrome npm test`;
