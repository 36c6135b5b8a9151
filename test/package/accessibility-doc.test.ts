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

/** The short names the document gives some test files (see its "Test files" line). */
const ALIASES: Record<string, string> = {
  wcag: 'element/wcag.browser.test.ts',
  'e2e/forced-colors': 'e2e/forced-colors.spec.ts',
  visual: 'visual/visual.spec.ts',
};

/** A test file's code: comments removed, white space collapsed (a name may be wrapped over lines). */
function code(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
    .replace(/\s+/g, ' ');
}

/** The titles of a file's tests and groups (`it`, `test`, `describe`), a template's `${…}` kept as written. */
function titles(source: string): string[] {
  return [...source.matchAll(/\b(?:it|test|describe)(?:\.\w+)?\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g)].map(([, , title]) =>
    title!.replace(/\\(['"`])/g, '$1'),
  );
}

/**
 * Whether `name` (the words of a quoted name before its "…") names a test of `source`: a title holds
 * it, or, for titles built from data (`${criterion}, every input type fits`), the data holds it as
 * a string in the code. Comments never count.
 */
export function namesATest(source: string, name: string): boolean {
  const body = code(source);
  const all = titles(body);
  if (all.some((title) => title.includes(name))) return true;
  const built = all.filter((title) => title.includes('${'));
  if (!built.length) return false;
  // The title's fixed words after its `${…}` are the name's, or the name is a string of the data.
  if (
    built.some(
      (title) => name && title.split(/\$\{[^}]*\}/).some((words) => words.trim() && name.includes(words.trim())),
    )
  )
    return true;
  return [...body.matchAll(/(['"`])((?:\\.|(?!\1).)*)\1/g)].some(([, , text]) =>
    text!.replace(/\\(['"`])/g, '$1').includes(name),
  );
}

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

  it('names only test files that exist and tests that they hold, each in the file it names', () => {
    const missing: string[] = [];
    for (const { criterion, proof } of rows) {
      // The cell names a file (a path or a short name), then that file's tests, then maybe another file.
      let source: string | undefined;
      let file = '';
      for (const [, named, quoted] of proof.matchAll(/`([\w./-]+)`|"((?:[^"\\]|\\.){6,}?)"/g)) {
        if (named) {
          file = ALIASES[named] ?? named;
          const path = files.find((candidate) => candidate.endsWith(`/test/${file}`));
          if (!path && /\.ts$/.test(file)) missing.push(`${criterion}: ${file}`);
          source = path ? readFileSync(path, 'utf8') : undefined;
          continue;
        }
        // A quoted name, cut with "…" where it goes on: its words before the cut name a test of that file.
        const words = quoted!
          .replace(/\\"/g, '"')
          .split('…')[0]!
          .split(/<each input type>:?/)
          .at(-1)!
          .replace(/<[^>]+>/g, '')
          .trim();
        if (!source || !namesATest(source, words)) missing.push(`${criterion}: "${words}" in ${file || 'no file'}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('counts a name only in a test title of the named file, never in a comment', () => {
    const source = `// "keeps the typed answer"\n/* keeps the typed answer */\nit('sends the answer', () => {});`;
    expect(namesATest(source, 'keeps the typed answer')).toBe(false);
    expect(namesATest(source, 'sends the answer')).toBe(true);
    const built = "for (const [w, c] of [[320, '1.4.10: at 320 CSS px']]) it(`${c}, every input type fits`, () => {});";
    expect(namesATest(built, '1.4.10: at 320 CSS px')).toBe(true);
    expect(namesATest(built, 'every input type fits')).toBe(true);
    expect(namesATest(built, 'nothing of the kind')).toBe(false);
  });
});
