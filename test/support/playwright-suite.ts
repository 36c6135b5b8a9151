/**
 * What the Playwright suites (e2e, visual, the framework apps) set alike: a test left as
 * `test.only` fails under CI instead of silently skipping the rest, a test's time, the report; and
 * the e2e site (`test/e2e/serve.ts`) as the web server of the suites that load its pages.
 */
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const suiteBasics = {
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  reporter: process.env.CI ? 'line' : 'list',
} as const;

/** The e2e site's pages on `pagePort`, its reference server on `apiPort`, until the run ends. */
export const e2eSite = (pagePort: number, apiPort: number) => ({
  command: `npx tsx test/e2e/serve.ts --page-port ${pagePort} --api-port ${apiPort}`,
  cwd: root,
  url: `http://127.0.0.1:${pagePort}/__health`,
  reuseExistingServer: !process.env.CI,
  timeout: 30_000,
});
