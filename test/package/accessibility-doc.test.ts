/**
 * ACCESSIBILITY.md names, for every WCAG criterion, the tests that prove it. A name that no test
 * has any more (renamed, deleted) would make the table a promise nobody keeps: this fails first.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const doc = readFileSync(join(root, 'ACCESSIBILITY.md'), 'utf8');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'frameworks' ? [] : testFiles(path);
    return /\.(test|spec)\.ts$/.test(entry.name) ? [path] : [];
  });
}

const files = testFiles(join(root, 'test'));
/** Every test file's text with its white space collapsed (a name may be wrapped over lines). */
const sources = new Map(
  files.map((file) => [
    file,
    readFileSync(file, 'utf8')
      .replace(/\s+/g, ' ')
      .replace(/\\(['"])/g, '$1'),
  ]),
);

/** The rows of the criteria tables: the criterion and its "proved by" cell. */
const rows = doc
  .split('\n')
  .filter((line) => /^\| \d\.\d+\.\d+ /.test(line))
  .map((line) => line.split(' | '))
  .map((cells) => ({ criterion: cells[0]!.slice(2), proof: cells.at(-1)!.replace(/ \|$/, '') }));

describe('ACCESSIBILITY.md', () => {
  it('lists the A and AA criteria of WCAG 2.2', () => {
    expect(rows.length).toBeGreaterThanOrEqual(55);
    for (const id of ['1.4.3', '1.4.10', '1.4.11', '2.1.2', '2.4.7', '2.4.11', '2.5.8', '3.3.8', '4.1.2', '4.1.3']) {
      expect(
        rows.some((row) => row.criterion.startsWith(`${id} `)),
        id,
      ).toBe(true);
    }
  });

  it('names only test files that exist and tests that they hold', () => {
    const missing: string[] = [];
    for (const { criterion, proof } of rows) {
      for (const [, file] of proof.matchAll(/`((?:element|unit|e2e|visual)\/[\w./-]+\.ts)`/g)) {
        if (!files.some((path) => path.endsWith(`/test/${file}`))) missing.push(`${criterion}: ${file}`);
      }
      // A quoted name, cut with "…" where it goes on: its words before the cut are in a test file.
      for (const [, name] of proof.matchAll(/"((?:[^"\\]|\\.){6,}?)"/g)) {
        const words = name!
          .replace(/\\"/g, '"')
          .split('…')[0]!
          .replace(/<[^>]+>/g, '')
          .trim();
        const shown = words
          .split(/<each input type>:?/)
          .at(-1)!
          .trim();
        if (![...sources.values()].some((text) => text.includes(shown))) missing.push(`${criterion}: "${shown}"`);
      }
    }
    expect(missing).toEqual([]);
  });
});
