/**
 * What each kind of page downloads of the widget, in a real browser against the reference server:
 * the widget's files each page fetched before its first bot message, after it, and in all (4 s
 * after load or after its last step), with their gzip sizes from the build (`tools/size.mjs`
 * measures the same way). Each page type fetches exactly the files listed, and the total stays
 * within its budget: a change that makes a kind of visitor download more fails here.
 * The page types, their budgets and the measuring are shared with the bench
 * (`test/support/page-downloads.ts`; `npx tsx test/bench/run.ts --only downloads` prints them too).
 * The table is printed (`npx playwright test -c test/e2e/playwright.config.ts downloads`).
 */
import { test, expect } from '@playwright/test';
import { measureDownloads, PAGE_TYPES, type Downloads } from '../support/page-downloads.js';

const rows: (Downloads & { page: string })[] = [];

test.describe('what each kind of page downloads', () => {
  test.beforeEach(async ({ request }) => {
    expect((await request.post('/__api/reset')).ok()).toBe(true);
  });

  for (const type of PAGE_TYPES) {
    test(type.name, async ({ page }) => {
      const row = { page: type.name, ...(await measureDownloads(page, type)) };
      const names = row.files;
      expect([...names].sort(), 'the files it fetched').toEqual([...type.files].sort());
      // Each once: a file fetched twice would be paid twice.
      expect(new Set(names).size).toBe(names.length);
      rows.push(row);
      expect(row.before + row.after, 'its gzip bytes in all').toBeLessThanOrEqual(type.budget);
    });
  }

  test.afterAll(() => {
    if (!rows.length) return;
    console.log('\n| page | before the first message | after it | in all | files |\n|---|---|---|---|---|');
    for (const row of rows)
      console.log(
        `| ${row.page} | ${row.before} B | ${row.after} B | ${row.before + row.after} B | ${row.files.join(', ')} |`,
      );
  });
});
