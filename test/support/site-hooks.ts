/** What an e2e spec asks of the e2e site's reference server, through its test hooks (see test/e2e/serve.ts). */
import { expect, type APIRequestContext } from '@playwright/test';

/** Forgets the server's queued faults and its counts, so that a test starts from none: `test.beforeEach(resetSite)`. */
export async function resetSite({ request }: { request: APIRequestContext }): Promise<void> {
  expect((await request.post('/__api/reset')).ok()).toBe(true);
}
