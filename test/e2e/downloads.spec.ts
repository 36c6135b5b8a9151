/**
 * What each kind of page downloads of the widget, in a real browser against the reference server:
 * the widget's files each page fetched before its first bot message, after it, and in all (4 s
 * after load or after its last step), with their gzip sizes from the build (`tools/size.mjs`
 * measures the same way). Each page type fetches exactly the files listed before its first message
 * and after it, and each part stays within its budget: a change that makes a kind of visitor download
 * more, or sooner, fails here.
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
      // Each once: a file fetched twice would be paid twice.
      expect(new Set(names).size).toBe(names.length);
      rows.push(row);
      // Which files come before the first message and which after: a file that moves before it
      // delays the conversation, even at the same bytes in all.
      const either = type.either ?? [];
      const fixed = (files: string[]) => files.filter((file) => !either.includes(file)).sort();
      expect(fixed(row.filesBefore), 'the files it fetched before the first message').toEqual([...type.before].sort());
      expect(fixed(row.filesAfter), 'the files it fetched after it').toEqual([...type.after].sort());
      // The files in a race with the first message: each fetched once, before it or after it.
      for (const file of either)
        expect(
          names.filter((name) => name === file),
          file,
        ).toHaveLength(1);
      expect(row.before, 'its gzip bytes before the first message').toBeLessThanOrEqual(type.budget.before);
      expect(row.after, 'its gzip bytes after it').toBeLessThanOrEqual(type.budget.after);
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
