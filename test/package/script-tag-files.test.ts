/**
 * The recipe of `src/README.md` for a file of its own, walked: a folder with its entry and a row in
 * the table of the script tag's files (`src/script-tag/files.ts`) are all a new file needs. Built
 * from a fixture's rows into a folder of its own (not `dist/`): the feature's file is made, the file
 * that loads it carries its hash, and its budget is checked as `tools/size.mjs` checks each row's.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { build } from 'vite';
import type { ScriptTagFileRow } from '../../src/script-tag/files.js';
import { measure } from '../../tools/size.mjs';
import { scriptTagBuilds } from '../../vite.config.js';

const out = mkdtempSync(join(tmpdir(), 'flowbot-feature-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The rows the recipe adds, in build order: the feature, then the file that loads it. */
const rows: readonly ScriptTagFileRow[] = [
  {
    key: 'fixture',
    file: 'flowbot-chat.fixture.js',
    entry: 'test/package/fixtures/feature/index.ts',
    holds: 'a feature of the fixture',
    budget: 200,
    loadedBy: 'loader',
  },
  {
    key: 'loader',
    file: 'flowbot-chat.loader.js',
    entry: 'test/package/fixtures/feature/loader.ts',
    holds: "the fixture's file that loads its feature",
    budget: 300,
    loadedBy: 'page',
  },
];

it('a folder and a row make a file of its own, its hash carried by the file that loads it, within its budget', async () => {
  const builds = scriptTagBuilds(rows, out);
  for (const row of rows) await build({ configFile: false, logLevel: 'silent', ...builds[row.key]!() });

  const feature = readFileSync(join(out, 'flowbot-chat.fixture.js'));
  expect(feature.toString()).toContain('hello from a feature');
  // Carried as every file loaded after the first ones is (`hashFor`).
  const hash = `sha256-${createHash('sha256').update(feature).digest('base64')}`;
  expect(readFileSync(join(out, 'flowbot-chat.loader.js'), 'utf8')).toContain(hash);
  for (const row of rows) expect(measure(join(out, row.file)).gzip).toBeLessThanOrEqual(row.budget!);
}, 60_000);
