/**
 * The README, `docs/*.md` and CONTRIBUTING.md, as a reader follows them: every relative link reaches
 * a file (and its heading), every snippet a test runs is in the file its test reads, and the
 * figures that come from the build (the files' gzip sizes, the files to self-host, the packages an
 * install brings) are the build's, so none of them can go stale. Builds `dist/` first when it is
 * missing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { codeOf, markers, readmeTable } from '../support/readme-snippets.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const docs = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The Markdown without its fenced blocks and inline code, where a `[text](url)` is not a link. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '').replace(/(`+)[\s\S]*?\1/g, '');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces made hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');

/** The anchors of a Markdown file's headings (a repeated one gets `-1`, `-2`, as on GitHub). */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(heading!.replace(/`/g, ''));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** Headings are read with their inline code kept (`` `Flowbot.init` `` → `flowbotinit`). */
function headingAnchors(file: string): Set<string> {
  const text = read(file).replace(/^```[\s\S]*?^```/gm, '');
  return anchors(text.replace(/^(#{1,6} .*)$/gm, (line) => line.replace(/`/g, '')));
}

describe('links', () => {
  it('finds the documents', () => {
    expect(docs).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/security.md']));
    expect(docs.length).toBeGreaterThanOrEqual(10);
  });

  for (const file of docs) {
    it(`every relative link of ${file} reaches a file, and its heading`, () => {
      const links = [...prose(read(file)).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
      const broken = links
        .filter((link) => !/^[a-z]+:/i.test(link))
        .filter((link) => {
          const [path, anchor] = link.split('#') as [string, string | undefined];
          const target = path ? relative(root, join(root, dirname(file), path)) : file;
          if (!existsSync(join(root, target))) return true;
          return anchor !== undefined && target.endsWith('.md') && !headingAnchors(target).has(anchor);
        });
      expect(broken).toEqual([]);
    });
  }
});

/** Where each tested snippet lives: the file its test reads it from (see CONTRIBUTING.md). */
const SNIPPETS: Record<string, string[]> = {
  'README.md': ['plain-page', 'self-hosted-files', 'script-tag', 'modulepreload', 'init', 'parts'],
  'docs/security.md': ['csp'],
  'docs/answers-and-markdown.md': ['feedback'],
  'docs/theming.md': ['dark-theme'],
  'docs/frameworks.md': ['init-options'],
};

describe('tested snippets', () => {
  for (const file of docs) {
    it(`${file} holds exactly the snippets its tests read from it`, () => {
      expect(markers(read(file)).sort()).toEqual([...(SNIPPETS[file] ?? [])].sort());
    });
  }
});

describe('figures from the build', () => {
  let gzipKB: Record<string, number>;
  let pinnedFiles: string[];

  beforeAll(() => {
    if (!existsSync(join(root, 'dist/sri.json')) || !existsSync(join(root, 'dist/flowbot-chat.lazy.js'))) {
      execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    }
    pinnedFiles = Object.keys((JSON.parse(read('dist/sri.json')) as { files: Record<string, string> }).files);
    // As tools/size.mjs measures them.
    gzipKB = Object.fromEntries(
      pinnedFiles.map((name) => [name, gzipSync(readFileSync(join(root, 'dist', name)), { level: 9 }).length / 1024]),
    );
  }, 300_000);

  /** Whether "2.1" or "31" (as written, with its precision) is `kb` rounded to that precision. */
  const sameFigure = (written: string, kb: number) => {
    const decimals = written.split('.')[1]?.length ?? 0;
    return kb.toFixed(decimals) === Number(written).toFixed(decimals);
  };

  it('the Self-hosting table lists the files the build pins, in their order, with their gzip sizes', () => {
    const rows = readmeTable(read('README.md'), 'self-hosted-files');
    expect(rows.map((row) => codeOf(row[0]!))).toEqual(pinnedFiles);
    for (const row of rows) {
      const name = codeOf(row[0]!);
      const written = /^~([\d.]+) KB$/.exec(row.at(-1)!)?.[1];
      expect(written, `the gzip cell of ${name}`).toBeDefined();
      expect(
        sameFigure(written!, gzipKB[name]!),
        `${name}: ~${written} KB written, ${gzipKB[name]!.toFixed(1)} KB built`,
      ).toBe(true);
    }
  });

  it('the sizes in the prose are the built ones', () => {
    const claims: [file: string, pattern: RegExp, built: string][] = [
      ['README.md', /the script-tag file is ([\d.]+) KB gzip/, 'flowbot-chat.iife.js'],
      ['README.md', /the widget's code \(about ([\d.]+) KB gzip\)/, 'flowbot-chat.main.js'],
      ['docs/security.md', /The file is small \(about ([\d.]+) KB gzip\)/, 'flowbot-chat.iife.js'],
    ];
    for (const [file, pattern, built] of claims) {
      const written = pattern.exec(read(file).replace(/\s+/g, ' '))?.[1];
      expect(written, `${file}: ${pattern}`).toBeDefined();
      expect(
        sameFigure(written!, gzipKB[built]!),
        `${file}: ${written} KB written, ${gzipKB[built]!.toFixed(1)} KB built`,
      ).toBe(true);
    }
  });

  it('the packages an install brings are package.json dependencies and the peers they require', () => {
    const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    const deps = Object.keys(pkg.dependencies);
    const peers = deps.flatMap((dep) => {
      const manifest = JSON.parse(read(`node_modules/${dep}/package.json`)) as {
        peerDependencies?: Record<string, string>;
        peerDependenciesMeta?: Record<string, { optional?: boolean }>;
      };
      return Object.keys(manifest.peerDependencies ?? {}).filter(
        (peer) => !manifest.peerDependenciesMeta?.[peer]?.optional,
      );
    });
    const sentence = /Installing it brings [^.]*\./.exec(read('CONTRIBUTING.md').replace(/\s+/g, ' '))?.[0];
    expect(sentence, 'CONTRIBUTING.md: "Installing it brings …"').toBeDefined();
    const named = [...sentence!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    expect([...new Set(named)].sort()).toEqual([...new Set([...deps, ...peers])].sort());
  });
});
