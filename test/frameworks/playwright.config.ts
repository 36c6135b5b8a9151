import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '../support/browser-launch.js';
import { suiteBasics } from '../support/playwright-suite.js';
import { NEXT_PORT, PAGE_PORT } from './ports.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * The four apps in one run, against the reference server: `node test/frameworks/run.mjs` builds
 * them first. Run from the project root: `npx playwright test -c test/frameworks/playwright.config.ts`.
 */
export default defineConfig({
  testDir: '.',
  testMatch: 'apps.spec.ts',
  workers: 1,
  ...suiteBasics,
  outputDir: `${here}../../test-results/frameworks`,
  use: { launchOptions: chromiumLaunchOptions, browserName: 'chromium' },
  webServer: [
    {
      command: 'node serve.mjs',
      cwd: here,
      url: `http://127.0.0.1:${PAGE_PORT}/__health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `npx next start next --hostname 127.0.0.1 --port ${NEXT_PORT}`,
      cwd: here,
      url: `http://127.0.0.1:${NEXT_PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { NEXT_TELEMETRY_DISABLED: '1' },
    },
  ],
});
