#!/usr/bin/env node
// The sizes README.md and docs/*.md give, kept to the build, and the changelog's shape.
// `npm run docs:sizes` (after `npm run build`) writes every size figure as the build makes it;
// `npm run release:check` (a step of `npm test`, after the build) fails on a figure the build no
// longer makes, on two figures of one file that differ, on a size written anywhere else in those
// files, and on a changelog release with one kind of heading twice or a heading Keep a Changelog
// does not have. `node tools/docs-check.mjs` runs the same checks alone.
//
// Where the figures are (every `N KB`, `N B` or `N bytes` in those files is one of them, or is in
// `NOT_BUILT` below):
// - the README's Self-hosting table (`<!-- tested: self-hosted-files -->`): each row's last cell,
//   `~N KB`, is the gzip size of the file its first cell names;
// - anywhere else, a figure right after a comment that names what it measures (a comment does not
//   show on a rendered page): `<!-- gzip: flowbot-chat.persist.js -->5.4 KB` is that built file's
//   gzip size, `<!-- gzip: src/protocol/markdown/index.ts -->5 KB` that module's and what it
//   imports, bundled alone and minified by the build's bundler.
// Sizes are gzip level 9, as tools/size.mjs measures them, in KB of 1,024 B. A figure keeps the
// precision it is written with (`2 KB`, `1.8 KB`): it is right when it is the build's size rounded
// to that precision, give or take `HEADROOM` (64 B, twice what the hashes a file carries move its
// gzip size from build to build). So a rebuild alone never fails the check; a change of code that
// moves a size further does, until `docs:sizes` writes it again.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { HEADROOM } from './size.mjs';

/** The sizes written in those files that are not the build's, each by the words around it (on one line). */
export const NOT_BUILT = [
  // A limit of the reference server's client logs.
  ['docs/reference-server.md', 'kept up to 4 KB of JSON'],
  // Limits of the viewer's responses and of an upload.
  ['docs/client.md', 'body over 64 KB 413'],
  ['docs/client.md', '(2,097,152 bytes,'],
  ['docs/client.md', 'a body over 2097152 bytes'],
  // Other projects' sizes.
  ['docs/answers-and-markdown.md', 'weigh about 15 KB gzip each'],
  ['docs/answers-and-markdown.md', 'is about 8 KB gzip or more'],
  // The size of a code block the highlighter is measured on, and the highlighters measured (their
  // gzip when bundled alone, the day they were chosen).
  ['docs/answers-and-markdown.md', 'per task: 100 KB of JavaScript'],
  ['docs/answers-and-markdown.md', 'the time to tokenize 100 KB'],
  ['docs/answers-and-markdown.md', '| 100 KB of JavaScript |'],
  ['docs/answers-and-markdown.md', '| 4,337 B (4,257 B as built) |'],
  ['docs/answers-and-markdown.md', '| 9,227 B (its loader'],
  ['docs/answers-and-markdown.md', '| 7,035 B |'],
  ['docs/answers-and-markdown.md', '| 21,490 B |'],
  ['docs/answers-and-markdown.md', '| 30,972 B |'],
  ['docs/answers-and-markdown.md', '| 291,930 B |'],
  // The formula converters measured.
  ['docs/answers-and-markdown.md', '| Temml 0.13.5 (chosen) | 59,534 B'],
  ['docs/answers-and-markdown.md', '| KaTeX | 77,428 B'],
];

const TABLE = '<!-- tested: self-hosted-files -->';
const MARKED = /<!-- gzip: (\S+) -->(\d+(?:\.\d+)?) KB/g;
const ROW = /~(\d+(?:\.\d+)?) KB\s*\|\s*$/;
const ANY_SIZE = /(?<![\w.,])\d[\d,.]*\s?(?:KB|kB|B|bytes)\b/g;

/** The files whose sizes are kept: README.md and docs/*.md. */
export function docFiles(root = '.') {
  const docs = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'));
  return ['README.md', ...docs.sort().map((name) => `docs/${name}`)];
}

/** `bytes` in KB with `decimals` decimals, as a figure is written. */
export const kb = (bytes, decimals) => (bytes / 1024).toFixed(decimals);

const decimalsOf = (written) => written.split('.')[1]?.length ?? 0;

/** Whether the figure `written` ("34", "1.8") is `bytes` in KB at its precision, give or take `HEADROOM`. */
export function fits(written, bytes) {
  const decimals = decimalsOf(written);
  const value = Number(written);
  return Number(kb(bytes - HEADROOM, decimals)) <= value && value <= Number(kb(bytes + HEADROOM, decimals));
}

/**
 * The size figures of one Markdown text (of `file`): each with its line (from 0), where its number
 * starts and what it is written as, and what it measures (a built file's name or a `src/` module).
 * `problems` says what cannot be read: a gzip comment without a figure after it, a table row without
 * its `~N KB`, a size that is neither a figure nor in `NOT_BUILT`, an entry of `NOT_BUILT` not found.
 */
export function figuresOf(text, file) {
  const lines = text.split('\n');
  const figures = [];
  const problems = [];
  const table = lines.findIndex((line) => line.trim() === TABLE);
  if (table >= 0) {
    for (let at = table + 3; at < lines.length && lines[at].startsWith('|'); at++) {
      const name = /`([^`]+)`/.exec(lines[at])?.[1];
      const cell = ROW.exec(lines[at]);
      if (!name || !cell) problems.push(`${file}:${at + 1}: a Self-hosting row without its \`file\` or its \`~N KB\``);
      else figures.push({ line: at, start: cell.index + 1, written: cell[1], of: name });
    }
  }
  lines.forEach((line, at) => {
    const marked = [...line.matchAll(MARKED)];
    for (const match of marked) {
      const start = match.index + match[0].indexOf('-->') + '-->'.length;
      figures.push({ line: at, start, written: match[2], of: match[1] });
    }
    if (marked.length !== (line.match(/<!-- gzip:/g) ?? []).length) {
      problems.push(`${file}:${at + 1}: a <!-- gzip: … --> comment not followed by a figure in KB ("5.4 KB")`);
    }
  });
  const notBuilt = NOT_BUILT.filter(([where]) => where === file).map(([, words]) => words);
  for (const words of notBuilt) {
    if (!lines.some((line) => line.includes(words)))
      problems.push(`${file}: no "${words}" (tools/docs-check.mjs's NOT_BUILT)`);
  }
  lines.forEach((line, at) => {
    for (const match of line.matchAll(ANY_SIZE)) {
      if (figures.some((figure) => figure.line === at && figure.start === match.index)) continue;
      if (notBuilt.some((words) => words.includes(match[0]) && line.includes(words))) continue;
      problems.push(
        `${file}:${at + 1}: "${match[0]}" is not from the build: put <!-- gzip: <file> --> before it, ` +
          `or add the words around it to NOT_BUILT in tools/docs-check.mjs`,
      );
    }
  });
  return { figures, problems };
}

/**
 * `text` against the sizes in `bytesOf` (what each figure measures → gzip bytes): `stale`, a message
 * for each figure the build no longer makes; `problems`, what a rewrite cannot mend (see `figuresOf`);
 * `text`, the text with every figure written as this build makes it; `written`, each figure as it was.
 */
export function judge(text, file, bytesOf) {
  const { figures, problems } = figuresOf(text, file);
  const stale = [];
  const lines = text.split('\n');
  // From the last, so a figure's new length does not move the next one on its line.
  for (const figure of [...figures].sort((a, b) => b.line - a.line || b.start - a.start)) {
    const bytes = bytesOf.get(figure.of);
    if (bytes === undefined) {
      problems.push(`${file}:${figure.line + 1}: ${figure.of} was not measured`);
      continue;
    }
    const built = kb(bytes, decimalsOf(figure.written));
    if (!fits(figure.written, bytes)) {
      stale.unshift(
        `${file}:${figure.line + 1}: ${figure.of} written ${figure.written} KB, built ${built} KB (${bytes} B)`,
      );
    }
    const line = lines[figure.line];
    lines[figure.line] = line.slice(0, figure.start) + built + line.slice(figure.start + figure.written.length);
  }
  const written = figures.map((figure) => ({ ...figure, where: `${file}:${figure.line + 1}` }));
  return { stale, problems, text: lines.join('\n'), written };
}

/**
 * Figures of one thing at one precision that differ (`~5.3 KB` in one place, `5.4 KB` in another):
 * each may be within the hashes' noise of the build, but a reader sees two sizes for one file.
 */
export function disagreements(written) {
  const groups = new Map();
  for (const figure of written) {
    const key = `${figure.of} ${decimalsOf(figure.written)}`;
    groups.set(key, [...(groups.get(key) ?? []), figure]);
  }
  return [...groups.values()]
    .filter((group) => new Set(group.map((figure) => figure.written)).size > 1)
    .map((group) => `${group[0].of} is ${group.map((figure) => `${figure.written} KB (${figure.where})`).join(', ')}`);
}

/** The gzip bytes of each thing `names` says (built files in `dist`, `src/` modules bundled alone). */
export async function measure(names, { root = '.', dist = join(root, 'dist') } = {}) {
  const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;
  const sizes = new Map();
  for (const name of new Set(names)) {
    if (name.startsWith('src/')) {
      // A module moved or renamed: the comment before its figure names it still.
      if (!existsSync(join(root, name))) throw new Error(`${name} is missing: a <!-- gzip: --> comment names it`);
      const { build } = await import('rolldown');
      const bundled = await build({
        input: join(root, name),
        write: false,
        output: { format: 'es', minify: true },
        logLevel: 'silent',
      });
      sizes.set(name, gzip(bundled.output[0].code));
    } else {
      const file = join(dist, name);
      if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first (or the name is wrong)`);
      sizes.set(name, gzip(readFileSync(file)));
    }
  }
  return sizes;
}

/**
 * Every size of README.md and docs/*.md against the build: `stale`, the figures the build no longer
 * makes and those of one file that disagree, and `problems`, the sizes that are no figure (see
 * `figuresOf`). With `write`, writes every figure as this build makes it (which mends the stale).
 */
export async function checkSizes({ root = '.', write = false } = {}) {
  const texts = docFiles(root).map((file) => [file, readFileSync(join(root, file), 'utf8')]);
  const names = texts.flatMap(([file, text]) => figuresOf(text, file).figures.map((figure) => figure.of));
  const bytesOf = await measure(names, { root });
  const stale = [];
  const problems = [];
  const written = [];
  for (const [file, text] of texts) {
    const judged = judge(text, file, bytesOf);
    if (write && judged.text !== text) writeFileSync(join(root, file), judged.text);
    stale.push(...judged.stale);
    problems.push(...judged.problems);
    written.push(...judged.written);
  }
  stale.push(...disagreements(written));
  return { stale, problems };
}

/** Keep a Changelog's kinds of change, in its order. */
export const CHANGE_KINDS = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'];

/**
 * What breaks Keep a Changelog's shape in `text` (a CHANGELOG.md): in a release's section (`## …`),
 * a kind of change under two headings (`### Changed` twice), or a `###` heading that is not a kind.
 */
export function changelogProblems(text, file = 'CHANGELOG.md') {
  const problems = [];
  let release;
  let seen = new Map();
  let fenced = false;
  text.split('\n').forEach((line, at) => {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) return;
    if (/^## /.test(line)) {
      release = line.slice(3).trim();
      seen = new Map();
      return;
    }
    const kind = /^### +(.*?)\s*$/.exec(line)?.[1];
    if (kind === undefined) return;
    const where = `${file}:${at + 1}: ${release ?? 'before any release'}`;
    if (!CHANGE_KINDS.includes(kind)) {
      problems.push(`${where} has "### ${kind}", not a kind of Keep a Changelog's (${CHANGE_KINDS.join(', ')})`);
    } else if (seen.has(kind)) {
      problems.push(`${where} has "### ${kind}" again (first at line ${seen.get(kind)}): one heading per kind`);
    } else seen.set(kind, at + 1);
  });
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const write = process.argv.includes('--write');
  let sizes;
  try {
    sizes = await checkSizes({ write });
  } catch (error) {
    console.error(`✖ ${error.message}`);
    process.exit(1);
  }
  const problems = [...sizes.problems, ...changelogProblems(readFileSync('CHANGELOG.md', 'utf8'))];
  if (write) for (const figure of sizes.stale) console.log(`✎ ${figure}`);
  else problems.unshift(...sizes.stale);
  for (const problem of problems) console.error(`✖ ${problem}`);
  if (problems.length) process.exit(1);
  console.log(`✔ the sizes README.md and docs/ give are the build's; CHANGELOG.md keeps one heading per kind`);
}
