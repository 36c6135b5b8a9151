import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '../support/browser-launch.js';
import { e2eSite, suiteBasics } from '../support/playwright-suite.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * End-to-end: the built script-tag file on a plain page (one origin) talking to
 * the reference server (another origin). `serve.ts` beside this file starts both.
 * Run from the project root: `npx playwright test -c test/e2e/playwright.config.ts`.
 */
// `E2E_PAGE_PORT` and `E2E_API_PORT` move them (two runs side by side).
export const PAGE_PORT = Number(process.env.E2E_PAGE_PORT) || 4710;
export const API_PORT = Number(process.env.E2E_API_PORT) || 4711;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  workers: 1,
  ...suiteBasics,
  outputDir: `${root}test-results`,
  use: {
    baseURL: `http://127.0.0.1:${PAGE_PORT}`,
    launchOptions: chromiumLaunchOptions,
    browserName: 'chromium',
  },
  webServer: e2eSite(PAGE_PORT, API_PORT),
});
