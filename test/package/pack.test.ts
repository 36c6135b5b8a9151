/**
 * The tarball a stranger installs: `npm pack` holds the licence and no build by-products, and the
 * widget's entries install and import with only the widget's own dependencies (no Hono: the
 * reference server carries its own copy). The figures the README and CONTRIBUTING.md give that come
 * from the build (the files' gzip sizes, the files to self-host, the packages an install brings) are
 * the build's, so none of them can go stale. Builds `dist/` first when it is missing.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSizes } from '../../tools/docs-check.mjs';
import { codeOf, readmeTable } from '../support/readme-snippets.js';
import { hashFor, SCRIPT_TAG_FILES, TRUSTED_TYPES, type ScriptTagFileRow } from '../../src/script-tag/files.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => readFileSync(join(root, file), 'utf8');
/**
 * The environment of a command as a shell would give it: without what the test runner sets
 * (`NODE_ENV=test`, `VITEST…`), a build here would be a test build (Lit's development mode, larger
 * files), not the one `npm run build` makes.
 */
const shellEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')));
const npm = (args: string[], cwd: string): string =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: shellEnv() });

let work: string;
let tarball: string;
let files: string[];

beforeAll(() => {
  if (!existsSync(join(root, 'dist/flowbot-chat.iife.js')) || !existsSync(join(root, 'dist/server.js'))) {
    npm(['run', 'build'], root);
  }
  work = mkdtempSync(join(tmpdir(), 'flowbot-pack-'));
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', work], root)) as [
    { filename: string; files: { path: string }[] },
  ];
  tarball = join(work, packed.filename);
  files = packed.files.map((file) => file.path);
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('npm pack', () => {
  it('holds the licence, the entries, the manifest, the README and the docs it links to', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'README.md',
        'docs/security.md',
        'docs/frameworks.md',
        'package.json',
        'custom-elements.json',
        'dist/index.js',
        'dist/flowbot-chat.iife.js',
        'dist/flowbot-chat.main.js',
        'dist/flowbot-chat.rich.js',
        'dist/flowbot-chat.stream.js',
        'dist/flowbot-chat.answers.js',
        'dist/flowbot-chat.export.js',
        'dist/flowbot-chat.invite.js',
        'dist/flowbot-chat.persist.js',
        'dist/flowbot-chat.controls.js',
        'dist/sri.json',
        'dist/server.js',
        'dist/types/index.d.ts',
      ]),
    );
  });

  it('leaves out the size breakdown and source maps', () => {
    expect(files.filter((path) => path.endsWith('iife-modules.json') || path.endsWith('.map'))).toEqual([]);
  });

  it('installs and imports without Hono, and the server entry runs on its own copy', async () => {
    const app = join(work, 'app');
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    npm(['install', tarball, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], app);
    expect(existsSync(join(app, 'node_modules/hono'))).toBe(false);
    expect(existsSync(join(app, 'node_modules/@hono'))).toBe(false);
    const script = `
      const widget = await import('flowbot-chat');
      const api = await import('flowbot-chat/api');
      const { startReferenceServer } = await import('flowbot-chat/server');
      const server = await startReferenceServer({ port: 0 });
      const started = await api.createViewerClient({ viewerBaseUrl: server.url }).startChat('goodbye');
      await server.close();
      console.log(JSON.stringify({ element: typeof widget.FlowbotChat, messages: started.messages.length }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, encoding: 'utf8' });
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({ element: 'function', messages: 1 });
  }, 120_000);
});

describe('the figures the README, the docs and CONTRIBUTING.md give, against the build', () => {
  let pinnedFiles: string[];

  // After the file's own beforeAll, which builds `dist/` when it is missing.
  beforeAll(() => {
    pinnedFiles = Object.keys((JSON.parse(read('dist/sri.json')) as { files: Record<string, string> }).files);
  });

  // After the build (a test of docs.test.ts until it ran before the build in a clean copy).
  it("the README's steps copy exactly the files its Self-hosting table lists", () => {
    const readme = read('README.md');
    // One glob: `cp dist/flowbot-chat.*.js site/flowbot-chat/`, every file of the table and no other the build makes.
    const glob = /^cp dist\/(\S+) site\/flowbot-chat\/$/m.exec(readme)?.[1];
    expect(glob, 'README.md: the cp line of the plain page').toBe('flowbot-chat.*.js');
    const matches = (name: string) => /^flowbot-chat\..+\.js$/.test(name);
    const listed = readmeTable(readme, 'self-hosted-files').map((row) => row[0]!.replace(/`/g, ''));
    expect(listed.every(matches)).toBe(true);
    const built = (JSON.parse(read('dist/sri.json')) as { files: Record<string, string> }).files;
    expect(readdirSync(join(root, 'dist')).filter(matches).sort()).toEqual(Object.keys(built).sort());
    expect(listed).toEqual(Object.keys(built));
  });

  it('the Self-hosting table lists the files the build pins, in their order', () => {
    const rows = readmeTable(read('README.md'), 'self-hosted-files');
    expect(rows.map((row) => codeOf(row[0]!))).toEqual(pinnedFiles);
  });

  /** The files of a row of src/script-tag/files.ts: a language's row stands for each language's file. */
  const filesOf = (row: ScriptTagFileRow) =>
    row.key === 'langs' ? pinnedFiles.filter((file) => file.startsWith('flowbot-chat.lang-')) : [row.file];

  it("the Self-hosting table lists the script tag's files of src/script-tag/files.ts, each loaded by the file its row names", () => {
    const rows = readmeTable(read('README.md'), 'self-hosted-files');
    const what = new Map(rows.map((row) => [codeOf(row[0]!), row[1]!]));
    expect([...what.keys()].sort()).toEqual(SCRIPT_TAG_FILES.flatMap(filesOf).sort());
    /** How the README says who loads a file, by the key of the row that does. */
    const loadedBy: Readonly<Record<string, string>> = {
      page: "checked by the page's `integrity`",
      // At once, or (the launcher's) once the page has painted.
      iife: 'by the first file, which checks its hash',
      launcher: "loaded by the launcher's file, which checks its hash",
      main: 'loaded by the widget, which checks its hash',
      answers: "loaded by the answers' file, which checks its hash",
      rich: "loaded by the rich messages' file, which checks its hash",
      languages: 'checked against the hash in `flowbot-chat.languages.js`',
    };
    for (const row of SCRIPT_TAG_FILES)
      for (const file of filesOf(row)) expect(what.get(file), file).toContain(loadedBy[row.loadedBy]);
  });

  it('each script-tag file carries the name and the hash of the files its rows say it loads', () => {
    // SHA-384 for the widget's code (the preload line pins it), SHA-256 for the rest (`hashFor`).
    const hash = (file: string, algorithm: 'sha256' | 'sha384') =>
      `${algorithm}-${createHash(algorithm)
        .update(readFileSync(join(root, 'dist', file)))
        .digest('base64')}`;
    const byKey = new Map<string, ScriptTagFileRow>(SCRIPT_TAG_FILES.map((row) => [row.key, row]));
    for (const row of SCRIPT_TAG_FILES) {
      const loader = byKey.get(row.loadedBy);
      if (!loader) continue; // The first file, loaded by the page.
      const code = read(`dist/${filesOf(loader)[0]!}`);
      for (const file of filesOf(row)) {
        expect(code, `${loader.file} carries ${file}'s hash`).toContain(hash(file, hashFor(row.key)));
        // A language's file is named from its tag (`flowbot-chat.lang-${tag}.js`).
        if (row.key !== 'langs') expect(code, `${loader.file} names ${file}`).toContain(file);
      }
    }
  });

  it('each script-tag file creates the Trusted Types policies its row names, and no other', () => {
    for (const row of SCRIPT_TAG_FILES)
      for (const file of filesOf(row)) {
        const created = [...read(`dist/${file}`).matchAll(/createPolicy\(\s*(["'`])([^"'`]+)\1/g)].map((m) => m[2]);
        expect(created, file).toEqual('policies' in row ? row.policies : []);
      }
  });

  it("the Trusted Types policies the README and the docs tell a page to allow are the files'", () => {
    const said = ['README.md', 'docs/security.md'].flatMap((file) =>
      [...read(file).matchAll(/(allow its policy: )?trusted-types((?: [\w'-]+)+)/g)].map((m) => ({
        file,
        // The console's line when the script-tag file's own policy is refused names that one alone.
        refused: !!m[1],
        names: m[2]!
          .trim()
          .split(' ')
          .filter((name) => name !== "'allow-duplicates'"),
      })),
    );
    expect(said.filter(({ refused }) => !refused).length).toBeGreaterThan(2);
    const own = SCRIPT_TAG_FILES.find((row) => row.key === 'iife');
    for (const { file, refused, names } of said)
      expect(names, file).toEqual(refused ? own && 'policies' in own && own.policies : TRUSTED_TYPES);
  });

  it("every size in the README and the docs is the build's (the Self-hosting table's, the prose's)", async () => {
    // As `npm run release:check` checks them: `npm run docs:sizes` writes them.
    const { stale, problems } = await checkSizes({ root });
    expect([...stale, ...problems]).toEqual([]);
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

describe('the files beside the script tag', () => {
  /** Code of a module the widget's code hands over (`SHARED_MODULES` in tools/build-plugins.ts), by a text only it holds. */
  const handedOver = {
    'protocol/limits.ts (the hostile-data limits)': '(shortened)',
    'api/errors.ts (the errors of the API calls)': 'FlowbotNetworkError',
    // Its list of refused schemes: the highlighter's file names `javascript` as a language, never this.
    'protocol/safe-url.ts (the safe URLs)': 'javascript|data|vbscript',
  };
  it('carry no copy of the modules the widget code hands over to them: only the widget code has them', () => {
    // Read once the build is there (see beforeAll).
    // The launcher's and the first turn's files (an inline widget's, a tapped bubble's) come before the
    // widget's code, so they have nothing to take from it.
    const onDemand = readdirSync(join(root, 'dist')).filter((file) =>
      /^flowbot-chat\.(?!iife\.|main\.|launcher\.|first\.|open\.)[\w-]+\.js$/.test(file),
    );
    expect(onDemand.length).toBeGreaterThan(5);
    const main = read('dist/flowbot-chat.main.js');
    for (const [module, text] of Object.entries(handedOver)) {
      expect(main, `the widget's code holds ${module}`).toContain(text);
      for (const file of onDemand) expect(read(`dist/${file}`), `${file} bundles ${module} again`).not.toContain(text);
    }
  });

  it('an on-demand file refuses a page whose widget code handed over no table for its list (another version)', async () => {
    // Here nothing handed anything over: the file stops at once, naming the table it looked for.
    for (const file of ['flowbot-chat.send.js', 'flowbot-chat.rich.js', 'flowbot-chat.export.js']) {
      const key = /"(flowbot-chat\/(?:modules|answers)@[^"]+)"/.exec(read(`dist/${file}`))?.[1];
      expect(key, file).toBeDefined();
      await expect(import(pathToFileURL(join(root, 'dist', file)).href), file).rejects.toThrow(
        `${key}: built for another version`,
      );
    }
  });

  it("the streams' file draws with the rich messages' markdown, handed over, and a markdown answer's file holds no stream", () => {
    const rich = read('dist/flowbot-chat.rich.js');
    const stream = read('dist/flowbot-chat.stream.js');
    // A code block's bar is drawn by the markdown's drawing (render/markdown.ts): the rich messages' file alone.
    expect(rich).toContain('fb-code-bar');
    expect(stream).not.toContain('fb-code-bar');
    // What an agent did, drawn (its thinking's fold, the answer's box): the streams' file alone.
    expect(stream).toContain('fb-thinking');
    expect(rich).not.toContain('fb-thinking');
    expect(rich).not.toContain('fb-answer');
    // It takes the rich messages' hand-over under this version's key, and waits for it when it runs first.
    const key = /"(flowbot-chat\/rich@[^"]+)"/.exec(stream)?.[1];
    expect(key).toBeDefined();
    expect(rich).toContain(key);
  });

  it("the export's file carries no copy of Copy's writer: the answers' file, which loads it, hands it over", () => {
    // The rule under a markdown table's header row: written by answer-text.ts alone.
    const rule = ' --- |';
    expect(read('dist/flowbot-chat.answers.js')).toContain(rule);
    expect(read('dist/flowbot-chat.export.js')).not.toContain(rule);
    // And the export's own work is there, not in the answers' file: a visitor's files listed by name.
    expect(read('dist/flowbot-chat.export.js')).toContain('attachedFileUrls');
    expect(read('dist/flowbot-chat.answers.js')).not.toContain('attachedFileUrls');
  });
});
