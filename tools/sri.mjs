#!/usr/bin/env node
// The pinned script tag. Run at the end of `npm run build`: checks the chain of hashes (the
// script-tag file carries the widget code's SHA-384, that code the on-demand files' SHA-256 and the
// languages' hashes file's, that file each language's, the answers' file the export's) and writes
// `dist/sri.json`: the version, each file's SHA-384, the script-tag line and the optional preload
// line for this version on the CDN. `--readme` writes those two lines into README.md
// (`npm run readme:sri`); `--check` fails when README.md's lines differ from them (`npm test`).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';

/** Where the README's lines load the package from. */
export const CDN = 'https://unpkg.com';
const DIST = 'dist';
const README = 'README.md';
/** The script tag's files (src/script-tag/files.ts): their rows, from the one the page loads first. */
const { SCRIPT_TAG_FILES, hashFor } = await tsImport('../src/script-tag/files.ts', import.meta.url);
const ROWS = [...SCRIPT_TAG_FILES].reverse();
const fileOf = (key) => ROWS.find((row) => row.key === key).file;
const [SCRIPT, MAIN] = [fileOf('iife'), fileOf('main')];
/** Each language's file (`flowbot-chat.lang-<file>.js`), as built. */
const languageFiles = (dist) =>
  readdirSync(dist)
    .filter((name) => /^flowbot-chat\.lang-[\w-]+\.js$/.test(name))
    .sort();

/** The Subresource Integrity value of `bytes` (SHA-384, or the algorithm given). */
export const integrity = (bytes, algorithm = 'sha384') =>
  `${algorithm}-${createHash(algorithm).update(bytes).digest('base64')}`;

/** What `dist/sri.json` holds, from the built files. Throws when a file does not carry the next one's hash. */
export function pins(dist = DIST) {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
  const read = (file) => readFileSync(`${dist}/${file}`);
  const languages = languageFiles(dist);
  /** A row's files: the languages' row stands for each language's file. */
  const filesOf = (row) => (row.key === 'langs' ? languages : [row.file]);
  const files = Object.fromEntries(ROWS.flatMap(filesOf).map((file) => [file, integrity(read(file))]));
  for (const [file, next, algorithm] of [
    ...ROWS.filter((row) => row.loadedBy !== 'page').flatMap((row) =>
      filesOf(row).map((next) => [fileOf(row.loadedBy), next, hashFor(row.key)]),
    ),
  ]) {
    if (!read(file).includes(integrity(read(next), algorithm)))
      throw new Error(
        `${dist}/${file} does not carry the ${algorithm} of ${next}: build ${next} first (see tools/script-tag-build.ts)`,
      );
  }
  const base = `${CDN}/flowbot-chat@${version}/dist/`;
  return {
    version,
    base,
    files,
    // `async`: the line never holds up the host page's parsing and first paint, wherever it is pasted.
    script: `<script async src="${base}${SCRIPT}" integrity="${files[SCRIPT]}" crossorigin="anonymous"></script>`,
    preload: `<link rel="modulepreload" href="${base}${MAIN}" integrity="${files[MAIN]}" crossorigin="anonymous" />`,
  };
}

// Any version (or none) of the two lines, as README.md may hold them.
const cdn = CDN.replace(/[.]/g, '\\.');
const lines = {
  script: new RegExp(`<script (?:async )?src="${cdn}/flowbot-chat[^"]*/dist/${SCRIPT}"[^>]*></script>`, 'g'),
  preload: new RegExp(`<link rel="modulepreload" href="${cdn}/flowbot-chat[^"]*/dist/${MAIN}"[^>]*/>`, 'g'),
};

/** README.md's lines that differ from `pinned` (or say that one is missing), one message each. */
export function readmeDifferences(readme, pinned) {
  const problems = [];
  for (const [name, pattern] of Object.entries(lines)) {
    const found = readme.match(pattern) ?? [];
    if (!found.length) problems.push(`no ${name} line loading ${CDN}/flowbot-chat…`);
    for (const line of found) if (line !== pinned[name]) problems.push(`${line}\n    should be ${pinned[name]}`);
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pinned = pins();
  const mode = process.argv[2];
  if (mode === '--readme') {
    let readme = readFileSync(README, 'utf8');
    for (const [name, pattern] of Object.entries(lines)) readme = readme.replace(pattern, pinned[name]);
    writeFileSync(README, readme);
    console.log(`README.md pins flowbot-chat@${pinned.version}: ${pinned.files[SCRIPT]}`);
  } else if (mode === '--check') {
    const problems = readmeDifferences(readFileSync(README, 'utf8'), pinned);
    if (problems.length) {
      console.error(`✖ README.md's script tag is not the one this build pins (dist/sri.json):`);
      for (const problem of problems) console.error(`  ${problem}`);
      console.error('Run `npm run readme:sri` (after `npm run build`) to update README.md.');
      process.exit(1);
    }
    console.log(`✔ README.md pins flowbot-chat@${pinned.version} as built`);
  } else {
    writeFileSync(`${DIST}/sri.json`, `${JSON.stringify(pinned, null, 2)}\n`);
  }
}
