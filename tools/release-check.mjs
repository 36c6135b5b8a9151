#!/usr/bin/env node
// `npm run release:check` (also a step of `npm test`): what a release would publish, checked as a
// stranger receives it. Packs the built package (`npm run build` first) and checks:
// - the tarball's files against `tools/release-files.txt` (chunk hashes written as `[hash]`):
//   a file that appears or goes away is a reviewed change (`--update` rewrites the list);
// - publint on the tarball (package.json's fields and exports point at files that exist, in the
//   right format), warnings included;
// - @arethetypeswrong/cli on the tarball: every entry's types resolve for Node's ESM and bundlers
//   (the package is ESM only; `./iife` is the script-tag file, a classic script with nothing to import);
// - `dist/sri.json` against the built files, and README.md's pinned lines against it;
// - the sizes README.md and docs/*.md give against the built files (`npm run docs:sizes` writes
//   them), and CHANGELOG.md's shape: one heading per kind of change in a release (tools/docs-check.mjs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { changelogProblems, checkSizes } from './docs-check.mjs';
import { pins, readmeDifferences } from './sri.mjs';

const LIST = 'tools/release-files.txt';
const update = process.argv.includes('--update');
const problems = [];
const bin = (name) => join('node_modules', '.bin', name);

/** `dist/api-B53H-_GN.js` → `dist/api-[hash].js`: Vite's chunk names carry 8 characters of hash. */
export const withoutHash = (path) =>
  path.replace(/-([A-Za-z0-9_-]{8})\.js$/, (whole, hash) => (/^[a-z]+$/.test(hash) ? whole : '-[hash].js'));

function run(name, command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
  if (result.status !== 0) problems.push(`${name} failed:\n${output}`);
  else console.log(`✔ ${name}`);
  return output;
}

let pinned;
try {
  pinned = pins();
} catch (error) {
  console.error(`✖ ${error.message}\nRun \`npm run build\` first.`);
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'flowbot-release-'));
try {
  const packed = spawnSync('npm', ['pack', '--json', '--pack-destination', work], { encoding: 'utf8' });
  if (packed.status !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
  const [{ filename, files }] = JSON.parse(packed.stdout);
  const tarball = join(work, filename);

  // The files a stranger installs.
  const listed = [...new Set(files.map((file) => withoutHash(file.path)))].sort();
  if (update) {
    writeFileSync(LIST, `${listed.join('\n')}\n`);
    console.log(`✔ ${LIST} rewritten (${listed.length} files)`);
  } else {
    const expected = readFileSync(LIST, 'utf8').split('\n').filter(Boolean);
    const extra = listed.filter((file) => !expected.includes(file));
    const missing = expected.filter((file) => !listed.includes(file));
    if (extra.length || missing.length) {
      problems.push(
        `the tarball's files differ from ${LIST}:` +
          extra.map((file) => `\n  + ${file}`).join('') +
          missing.map((file) => `\n  - ${file}`).join('') +
          '\nIf the change is meant, run `npm run release:check -- --update` and commit the list.',
      );
    } else console.log(`✔ the tarball holds the ${listed.length} files of ${LIST}`);
  }

  run('publint', bin('publint'), ['--strict', tarball]);
  run('@arethetypeswrong/cli', bin('attw'), [tarball, '--profile', 'esm-only', '--exclude-entrypoints', './iife']);

  // The hashes as built, and the README's lines as pinned.
  const written = JSON.parse(readFileSync('dist/sri.json', 'utf8'));
  if (JSON.stringify(written) !== JSON.stringify(pinned)) {
    problems.push('dist/sri.json does not match the built files: run `npm run build` again.');
  }
  const readme = readmeDifferences(readFileSync('README.md', 'utf8'), pinned);
  if (readme.length) {
    problems.push(
      `README.md's pinned lines differ from the build:\n  ${readme.join('\n  ')}\nRun \`npm run readme:sri\`.`,
    );
  } else console.log(`✔ README.md pins flowbot-chat@${pinned.version} with the built files' hashes`);
  const changelog = readFileSync('CHANGELOG.md', 'utf8');
  if (!changelog.includes(`## [${pinned.version}]`)) {
    problems.push(`CHANGELOG.md has no section for ${pinned.version}`);
  } else console.log(`✔ CHANGELOG.md has a section for ${pinned.version}`);
  const shape = changelogProblems(changelog);
  if (shape.length) problems.push(`CHANGELOG.md is not in Keep a Changelog's shape:\n  ${shape.join('\n  ')}`);
  else console.log(`✔ CHANGELOG.md has one heading per kind of change in each release`);

  // The sizes the README and the docs give, against this build.
  const sizes = await checkSizes().catch((error) => ({ stale: [], problems: [error.message] }));
  if (sizes.stale.length) {
    problems.push(
      `sizes in README.md and docs/ differ from the build:\n  ${sizes.stale.join('\n  ')}\nRun \`npm run docs:sizes\`.`,
    );
  }
  if (sizes.problems.length) problems.push(`sizes in README.md and docs/ not kept:\n  ${sizes.problems.join('\n  ')}`);
  if (!sizes.stale.length && !sizes.problems.length)
    console.log(`✔ the sizes README.md and docs/ give are the build's`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (problems.length) {
  for (const problem of problems) console.error(`✖ ${problem}`);
  process.exit(1);
}
