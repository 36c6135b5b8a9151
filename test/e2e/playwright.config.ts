import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '../support/browser-launch.js';

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
  // A `test.only` left in a spec would silently skip the rest: CI refuses it.
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  reporter: process.env.CI ? 'line' : 'list',
  outputDir: `${root}test-results`,
  use: {
    baseURL: `http://127.0.0.1:${PAGE_PORT}`,
    launchOptions: chromiumLaunchOptions,
    browserName: 'chromium',
  },
  webServer: {
    command: `npx tsx test/e2e/serve.ts --page-port ${PAGE_PORT} --api-port ${API_PORT}`,
    cwd: root,
    url: `http://127.0.0.1:${PAGE_PORT}/__health`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
