import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '../support/browser-launch.js';
import { e2eSite, suiteBasics } from '../support/playwright-suite.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Visual regression: what a visitor sees of `<flowbot-chat>`, compared pixel by pixel with the
 * baselines in `baselines/` beside this file. The built script-tag file on a plain page against the
 * reference server, both started by the end-to-end suite's `serve.ts`.
 * Run from the project root: `npm run test:visual`; `npm run test:visual:update` rewrites the
 * baselines, and their diff is what a reviewer looks at.
 *
 * The text is drawn in the suite's own fonts (DejaVu Sans and Sans Mono from the `dejavu-fonts-ttf`
 * package, served to the page by `serve.ts`), so the machine's installed fonts do not matter; the
 * spec fails if any text was drawn with one. The rasteriser does: the baselines are Chromium's on
 * Linux, so on macOS and Windows the suite is skipped with one printed line saying why and how to
 * run it, and under `CI` it fails there rather than pass without a comparison.
 */
/** Why the suite cannot run on this system; undefined on Linux. */
export const NOT_LINUX =
  process.platform === 'linux'
    ? undefined
    : `visual regression skipped on ${process.platform}: the baselines are drawn by Chromium on Linux, and other systems rasterise the same fonts differently. Run it on Linux: a Debian or Ubuntu container with Chromium (\`npm run build && npm run test:visual\`), or see its result in CI.`;
if (NOT_LINUX && !process.env.TEST_WORKER_INDEX) {
  if (process.env.CI) throw new Error(NOT_LINUX.replace('skipped', 'cannot run'));
  console.log(NOT_LINUX);
}

// `VISUAL_PAGE_PORT` and `VISUAL_API_PORT` move them (other suites may be running).
export const PAGE_PORT = Number(process.env.VISUAL_PAGE_PORT) || 4770;
export const API_PORT = Number(process.env.VISUAL_API_PORT) || 4771;

export default defineConfig({
  testDir: '.',
  testMatch: 'visual.spec.ts',
  // The baselines are committed: one PNG per state, named by the test, for every machine.
  snapshotPathTemplate: '{testDir}/baselines/{arg}{ext}',
  // Two workers keep the run short on two cores; every test has its own page and conversation.
  workers: 2,
  fullyParallel: true,
  ...suiteBasics,
  outputDir: `${root}test-results/visual`,
  expect: {
    toHaveScreenshot: {
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      // Antialiased pixels are left out by the comparison itself. Any other pixel counts as changed
      // past a colour distance of 0.02 (of 1): the default 0.2 cannot tell a pale bot bubble
      // (#f1f5f9) from the near-white transcript behind it, so a lost bubble background passed.
      // Up to 25 changed pixels pass; a missing 20 px icon changes about 100.
      threshold: 0.02,
      maxDiffPixels: 25,
    },
  },
  use: {
    baseURL: `http://127.0.0.1:${PAGE_PORT}`,
    browserName: 'chromium',
    launchOptions: {
      ...chromiumLaunchOptions,
      args: [
        ...chromiumLaunchOptions.args,
        // Text drawn the same on every machine: no hinting, grey antialiasing, whole-pixel glyph
        // positions, sRGB and one device pixel per CSS pixel.
        '--font-render-hinting=none',
        '--disable-lcd-text',
        '--disable-font-subpixel-positioning',
        '--force-color-profile=srgb',
        '--force-device-scale-factor=1',
      ],
    },
    viewport: { width: 432, height: 720 },
    deviceScaleFactor: 1,
    locale: 'en-US',
    timezoneId: 'UTC',
    colorScheme: 'light',
    reducedMotion: 'reduce',
  },
  webServer: e2eSite(PAGE_PORT, API_PORT),
});
