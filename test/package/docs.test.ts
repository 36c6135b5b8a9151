/**
 * The README, `docs/*.md` and CONTRIBUTING.md, as a reader follows them: every relative link reaches
 * a file (and its heading), every snippet a test runs is in the file its test reads, and the README
 * says which version is released where as package.json and the changelog do. The figures that come
 * from the build are checked in pack.test.ts, after its one build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { markers, readmeTable } from '../support/readme-snippets.js';

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
  'README.md': ['plain-page', 'self-hosted-files', 'script-tag', 'modulepreload', 'init', 'parts', 'reserve-css'],
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

describe('what is released where', () => {
  it("the README names package.json's version, and says it is unpublished while the changelog does", () => {
    const { version } = JSON.parse(read('package.json')) as { version: string };
    const readme = read('README.md').replace(/\s+/g, ' ');
    const section = /## What is released where (.*?) ## /.exec(readme)?.[1];
    expect(section, 'README.md: "## What is released where"').toBeDefined();
    expect(section).toContain(`The version in \`package.json\` is ${version},`);
    const changelog = read('CHANGELOG.md').replace(/\s+/g, ' ');
    const entry = new RegExp(`## \\[${version.replace(/\./g, '\\.')}\\](.*?)(## \\[|$)`).exec(changelog)?.[1];
    expect(entry, `CHANGELOG.md: "## [${version}]"`).toBeDefined();
    const unpublished = entry!.includes('not yet published');
    expect(section!.includes('not yet on the npm registry'), 'README.md and CHANGELOG.md agree').toBe(unpublished);
  });
});

describe('the custom properties', () => {
  /** Every `--flowbot-*` the widget's styles read, from the source. */
  function readDir(dir: string): string[] {
    return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? readDir(`${dir}/${entry.name}`)
        : entry.name.endsWith('.ts')
          ? [...read(`${dir}/${entry.name}`).matchAll(/var\((--flowbot-[a-z-]+)/g)].map((m) => m[1]!)
          : [],
    );
  }
  const used = [...new Set(readDir('src'))].sort();
  const named = (text: string) => [...new Set(text.match(/--flowbot-[a-z-]+/g))].sort();

  it('finds them in the source', () => expect(used.length).toBeGreaterThanOrEqual(25));

  it("the README's list names exactly the ones the styles read", () => {
    const section = /### Custom properties\n([\s\S]*?)\n## /.exec(read('README.md'))?.[1];
    expect(section, 'README.md: "### Custom properties"').toBeDefined();
    expect(named(section!)).toEqual(used);
  });

  it("docs/theming.md's table gives each of them a default", () => {
    const section = /## Custom properties\n([\s\S]*?)\n## /.exec(read('docs/theming.md'))?.[1];
    expect(section, 'docs/theming.md: "## Custom properties"').toBeDefined();
    expect(named(section!)).toEqual(used);
  });
});

describe("the README's steps", () => {
  it('CONTRIBUTING.md sends a tarball user to the same files, by the same glob, counting none the table does not have', () => {
    const rows = readmeTable(read('README.md'), 'self-hosted-files').length;
    const numbers = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
    const contributing = read('CONTRIBUTING.md').replace(/\s+/g, ' ');
    // The sentence: from the last full stop before the link to the next one (a file name's dots are no stop).
    const pointer = /(?:^|\. )((?:(?!\. ).)*\[Self-hosting\]\(README\.md#self-hosting\)(?:(?!\. ).)*)/.exec(
      contributing,
    )?.[1];
    expect(pointer, 'CONTRIBUTING.md: the sentence that links to Self-hosting').toBeDefined();
    expect(pointer).toContain('`node_modules/flowbot-chat/dist/flowbot-chat.*.js`');
    // A count of the files, if the sentence gives one, is the table's.
    for (const [, count] of pointer!.matchAll(/\b(\w+) files\b/g)) {
      const n = /^\d+$/.test(count!) ? Number(count) : numbers.indexOf(count!.toLowerCase()) + 1;
      if (n > 0) expect(n, `CONTRIBUTING.md: "${count} files"`).toBe(rows);
    }
  });

  it('what following the steps leaves in the tree (the site folder, the packed tarball) is ignored by git, the formatter and the linter', async () => {
    const readme = read('README.md');
    const tryIt = /## Try it: a plain page against the local server\n([\s\S]*?)\n## /.exec(readme)?.[1];
    expect(tryIt, 'README.md: "## Try it"').toBeDefined();
    const folder = /^mkdir -p (\S+)$/m.exec(tryIt!)?.[1];
    expect(folder, 'README.md: the mkdir line').toBe('site/flowbot-chat');
    const tarball = /^npm pack\s+# writes (\S+\.tgz)$/m.exec(read('CONTRIBUTING.md'))?.[1];
    expect(tarball, 'CONTRIBUTING.md: the npm pack line').toMatch(/^flowbot-chat-[\d.]+\.tgz$/);
    const made = [`${folder}/flowbot-chat.main.js`, `${folder}/flowbot-chat.iife.js`, 'site/index.html', tarball!];

    const git = spawnSync('git', ['check-ignore', '--no-index', ...made], { cwd: root, encoding: 'utf8' });
    expect(git.stdout.trim().split('\n').sort(), 'ignored by git').toEqual([...made].sort());

    const prettier = await import('prettier');
    for (const file of made) {
      const info = await prettier.getFileInfo(join(root, file), { ignorePath: join(root, '.prettierignore') });
      expect(info.ignored, `${file} ignored by prettier`).toBe(true);
    }

    const { ESLint } = await import('eslint');
    const eslint = new ESLint({ cwd: root });
    for (const file of made.filter((name) => name.endsWith('.js'))) {
      expect(await eslint.isPathIgnored(join(root, file)), `${file} ignored by eslint`).toBe(true);
    }
  });
});
