/**
 * What `npm run release:check` holds the docs to besides the tarball (tools/docs-check.mjs): the
 * changelog's shape, and the sizes the README and the docs give, against samples. The repository's
 * own sizes against its build are checked in pack.test.ts, which builds `dist/` when it is missing.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { changelogProblems, disagreements, figuresOf, fits, judge, measure } from '../../tools/docs-check.mjs';

const root = new URL('../../', import.meta.url);

describe("the changelog's shape", () => {
  const release = (...headings: string[]) => headings.map((heading) => `### ${heading}\n- A change.\n`).join('\n');

  it('holds for CHANGELOG.md', () => {
    expect(changelogProblems(readFileSync(new URL('CHANGELOG.md', root), 'utf8'))).toEqual([]);
  });

  it('is one heading per kind of change in each release, in any order', () => {
    const text = `# Changelog\n\n## [Unreleased]\n\n${release('Added', 'Changed', 'Fixed')}\n## [0.1.0]\n\n${release('Changed', 'Added', 'Removed', 'Deprecated', 'Security')}`;
    expect(changelogProblems(text)).toEqual([]);
  });

  it('fails on a kind of change twice in one release, saying where', () => {
    const text = `# Changelog\n\n## [Unreleased]\n\n${release('Changed', 'Added', 'Changed')}\n## [0.1.0]\n\n${release('Changed')}`;
    expect(changelogProblems(text)).toEqual([
      'CHANGELOG.md:11: [Unreleased] has "### Changed" again (first at line 5): one heading per kind',
    ]);
  });

  it("fails on a heading that is not one of Keep a Changelog's kinds", () => {
    const text = `## [Unreleased]\n\n${release('Notes', 'Fixes')}`;
    expect(changelogProblems(text)).toEqual([
      'CHANGELOG.md:3: [Unreleased] has "### Notes", not a kind of Keep a Changelog\'s (Added, Changed, Deprecated, Removed, Fixed, Security)',
      'CHANGELOG.md:6: [Unreleased] has "### Fixes", not a kind of Keep a Changelog\'s (Added, Changed, Deprecated, Removed, Fixed, Security)',
    ]);
  });

  it('reads no heading inside a code block', () => {
    expect(changelogProblems(`## [Unreleased]\n\n### Added\n- A change:\n\n\`\`\`md\n### Added\n\`\`\`\n`)).toEqual([]);
  });
});

describe('a size figure', () => {
  it("is right when it is the build's size rounded to its own precision, give or take 64 B", () => {
    // 1.8 KB is what 1,792–1,894 B round to; the hashes move a build by up to 32 B, so 64 B either side.
    expect([1727, 1728, 1843, 1958, 1959].map((bytes) => fits('1.8', bytes))).toEqual([false, true, true, true, false]);
    // "2 KB" is 1.5–2.5 KB.
    expect([1471, 1472, 2269, 2623, 2624].map((bytes) => fits('2', bytes))).toEqual([false, true, true, true, false]);
  });

  const sample = [
    'The script tag is <!-- gzip: flowbot-chat.iife.js -->2 KB gzip, the widget about',
    '<!-- gzip: flowbot-chat.main.js -->34 KB; a log keeps 4 KB of JSON.',
    '',
    '<!-- tested: self-hosted-files -->',
    '| file | what | gzip |',
    '|---|---|---|',
    '| `flowbot-chat.iife.js` | the script tag | ~2 KB |',
    '| `flowbot-chat.persist.js` | remembering | ~5.3 KB |',
    '',
    'Remembering is <!-- gzip: flowbot-chat.persist.js -->6.5 KB.',
  ].join('\n');
  const built = new Map([
    ['flowbot-chat.iife.js', 2_269],
    ['flowbot-chat.main.js', 34_464],
    ['flowbot-chat.persist.js', 5_493],
  ]);

  it('is found after a gzip comment and in the Self-hosting table; any other size is a problem', () => {
    const { figures, problems } = figuresOf(sample, 'sample.md');
    expect(figures.map((figure) => [figure.of, figure.written])).toEqual([
      ['flowbot-chat.iife.js', '2'],
      ['flowbot-chat.persist.js', '5.3'],
      ['flowbot-chat.iife.js', '2'],
      ['flowbot-chat.main.js', '34'],
      ['flowbot-chat.persist.js', '6.5'],
    ]);
    expect(problems).toEqual([
      'sample.md:2: "4 KB" is not from the build: put <!-- gzip: <file> --> before it, or add the words around it to NOT_BUILT in tools/docs-check.mjs',
    ]);
    expect(figuresOf('About <!-- gzip: flowbot-chat.main.js -->34 kB.', 'sample.md').problems).toEqual([
      'sample.md:1: a <!-- gzip: … --> comment not followed by a figure in KB ("5.4 KB")',
      'sample.md:1: "34 kB" is not from the build: put <!-- gzip: <file> --> before it, or add the words around it to NOT_BUILT in tools/docs-check.mjs',
    ]);
  });

  it('that the build no longer makes is stale, and written as built at its own precision', () => {
    const judged = judge(sample, 'sample.md', built);
    expect(judged.stale).toEqual(['sample.md:10: flowbot-chat.persist.js written 6.5 KB, built 5.4 KB (5493 B)']);
    // Every figure as this build makes it: the table's 5.3 (within the noise) too.
    expect(judged.text).toBe(sample.replace('-->6.5 KB', '-->5.4 KB').replace('~5.3 KB', '~5.4 KB'));
    expect(judge(judged.text, 'sample.md', built).stale).toEqual([]);
  });

  it('of one file at one precision is the same everywhere', () => {
    const { written } = judge(sample.replace('-->6.5 KB', '-->5.4 KB'), 'sample.md', built);
    expect(disagreements(written)).toEqual(['flowbot-chat.persist.js is 5.3 KB (sample.md:8), 5.4 KB (sample.md:10)']);
  });

  it('of a source module is that module and what it imports, bundled alone and minified', async () => {
    const folder = 'src/protocol/markdown/';
    const sources = [
      'index.ts',
      'blocks.ts',
      'block-syntax.ts',
      'inline.ts',
      'inline-syntax.ts',
      'streaming.ts',
      'tree.ts',
    ];
    const gzipped = (names: string[]) =>
      gzipSync(Buffer.concat(names.map((name) => readFileSync(new URL(folder + name, root)))), { level: 9 }).length;
    const sizes = await measure([`${folder}index.ts`], { root: fileURLToPath(root) });
    // More than the entry's own text (mostly a comment), less than all of them as written.
    expect(sizes.get(`${folder}index.ts`)).toBeGreaterThan(gzipped(['index.ts']) * 2);
    expect(sizes.get(`${folder}index.ts`)).toBeLessThan(gzipped(sources) * 0.7);
  });
});
