/**
 * The builds, one per `--mode` (`npm run build` runs them in this order; the script-tag ones through
 * `tools/script-tag-build.ts`, in the order of their table, `src/script-tag/files.ts`):
 * - `es`     (default) ES modules for npm: lit, ky, valibot (and react for `flowbot-chat/react`) stay external.
 * - the script tag's files, a mode per row of `src/script-tag/files.ts` (its key), in that table's order:
 *   the parts fetched on demand (`rich`, `export`, `answers`, `invite`, `persist`, `controls`), each
 *   rendering with the widget code's Lit; `langs`, each language's words besides English
 *   (`src/i18n/<file>.ts`, `flowbot-chat.lang-<file>.js`), and `languages`, their hashes; `main`, the
 *   widget's code (`src/define.ts`), everything inlined but the parts; `iife`, the script-tag file
 *   (`src/script-tag/embed.ts`): small, it starts the chat and loads the widget's code beside it. Each
 *   file carries the SHA-384 of the rows it loads (`loadedBy`), built before it, so a page that pins
 *   the script-tag file's own hash (`integrity`) runs nothing else unchecked.
 * - `server` the Node-only reference server.
 * - `test`   (Vitest's) the Node and browser (real Chromium) test projects.
 * `import.meta.env.FLOWBOT_SCRIPT_TAG` tells the code which path it is built for (see
 * `src/element/on-demand/loader.ts`). The build plugins are in `tools/build-plugins.ts`; the
 * test servers' in `test/support/test-plugins.ts`.
 */
/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type BuildEnvironmentOptions, type UserConfig } from 'vite';
import minifyTemplates from '@lit-labs/rollup-plugin-minify-html-literals';
import {
  ANSWERS_HANDOVER,
  handSharedModules,
  RICH_HANDOVER,
  moduleBreakdown,
  takeSharedModules,
  terserPass,
  WIDGET_HANDOVER,
  type HandOver,
} from './tools/build-plugins.js';
import { SCRIPT_TAG_MODES } from './tools/script-tag-build.js';
import { hashFor, SCRIPT_TAG_FILES, type ScriptTagFileRow } from './src/script-tag/files.js';

const external = [/^lit($|\/)/, /^@lit\//, /^react($|\/)/, /^ky$/, /^valibot$/, /^node:/];

/** Which path the code is built for: the script tag's files, or npm's modules. */
const scriptTag = (yes: boolean) => ({ 'import.meta.env.FLOWBOT_SCRIPT_TAG': JSON.stringify(yes) });

/**
 * The Subresource Integrity value of a built file (`sha384-…` or `sha256-…`, see `hashFor`), for the file that loads it. The
 * build modes run one after the other, so the file is already there.
 */
function integrityOf(file: string, algorithm: 'sha256' | 'sha384'): string {
  if (!existsSync(file))
    throw new Error(`vite: ${file} is missing: build it first (see the order in tools/script-tag-build.ts)`);
  return `${algorithm}-${createHash(algorithm).update(readFileSync(file)).digest('base64')}`;
}

/** The languages besides English, a file each, named by its tag in lower case (`src/i18n/pt-br.ts`). */
const LANGUAGE_FILES = readdirSync('src/i18n')
  .filter((name) => /^[a-z]{2}(-[a-z]{2})?\.ts$/.test(name) && name !== 'en.ts')
  .map((name) => name.slice(0, -3))
  .sort();

/** A minified single file for the script-tag path. */
const scriptTagBuild = (entry: string, format: 'iife' | 'es', fileName: string): BuildEnvironmentOptions => ({
  target: 'es2022',
  emptyOutDir: false,
  outDir: 'dist',
  minify: true,
  sourcemap: false,
  lib: { entry, formats: [format], name: 'FlowbotChatBundle', fileName: () => fileName },
  // Vite leaves library ES output unminified (white space, names): these files are for browsers only.
  // Nothing bundles them again, so the bundler's hints (`/* @__PURE__ */`) would only cost bytes.
  // Terser goes over the result once more (`terserPass`, in each script-tag build's plugins).
  rolldownOptions: { output: { minify: true, comments: false } },
});

/**
 * Lit's html`` and css`` templates are shipped as written (indentation and line breaks become text
 * nodes and bytes): the Lit team's plugin squeezes their static text in the script-tag builds.
 */
const minifyLitTemplates = () => minifyTemplates({ include: ['src/**/*.ts'], failOnError: true });

/** What the on-demand file takes from the widget's code instead of carrying its own copy. */
const sharedLit = fileURLToPath(new URL('src/script-tag/shared-lit.ts', import.meta.url));

/**
 * An on-demand file of the script-tag path: it renders with the widget code's Lit, handed over at
 * load. `from`: the hand-overs it takes modules from besides the widget code's (see
 * tools/build-plugins.ts); `gives`: the one it leaves for the files it loads.
 */
const onDemandBuild = (
  entry: string,
  fileName: string,
  { from = [], gives }: { from?: HandOver[]; gives?: HandOver } = {},
): UserConfig => ({
  publicDir: false,
  define: scriptTag(true),
  // The modules the widget's code has already are its, handed over too (see tools/build-plugins.ts).
  plugins: [
    minifyLitTemplates(),
    takeSharedModules(WIDGET_HANDOVER, ...from),
    ...(gives ? [handSharedModules(gives)] : []),
    terserPass(),
  ],
  resolve: {
    // The widget code's own Lit, handed over at load (see src/script-tag/shared-lit.ts).
    alias: [
      { find: /^lit(\/directives\/live\.js)?$/, replacement: sharedLit },
      // Its fetch endpoint too (the uploads' first step), and its catalogues (the words that arrived).
      { find: /^.*\/fetch-endpoint\.js$/, replacement: sharedLit },
      { find: /^.*\/i18n\/lookup\.js$/, replacement: sharedLit },
      // And its `css` tag (`theme/css.ts`).
      { find: /^.*\/theme\/css\.js$/, replacement: sharedLit },
    ],
  },
  build: scriptTagBuild(entry, 'es', fileName),
});

const HANDOVERS: Readonly<Record<'answers' | 'rich', HandOver>> = {
  answers: ANSWERS_HANDOVER,
  rich: RICH_HANDOVER,
};

/** The hashes a file carries: of the rows it loads (`import.meta.env.FLOWBOT_INTEGRITY.<key>`). */
const hashesCarriedBy = (rows: readonly ScriptTagFileRow[], key: string, outDir: string) =>
  Object.fromEntries(
    rows
      .filter((row) => row.loadedBy === key && row.key !== 'langs')
      .map((row) => [
        `import.meta.env.FLOWBOT_INTEGRITY.${row.key}`,
        JSON.stringify(integrityOf(`${outDir}/${row.file}`, hashFor(row.key))),
      ]),
  );

/**
 * A build per row of `src/script-tag/files.ts`: a part (`onDemandBuild`) unless the row needs
 * more (the first files, the languages), each carrying the hashes of the rows it loads. Other rows
 * and another folder than `dist/` are for the tests (a row added as the recipe says).
 */
export function scriptTagBuilds(
  rows: readonly ScriptTagFileRow[] = SCRIPT_TAG_FILES,
  outDir = 'dist',
): Record<string, () => UserConfig> {
  // The files that draw before the widget's code (a bubble's preview, the first turn's) draw no
  // template: of Lit, their styles take only the `css` tag, in its few lines of `theme/css.ts`
  // (the minifier shortens them as in the widget's code).
  const cssTagOnly = (row: ScriptTagFileRow): UserConfig => ({
    publicDir: false,
    plugins: [minifyLitTemplates(), terserPass()],
    resolve: {
      alias: [{ find: /^lit$/, replacement: fileURLToPath(new URL('src/theme/css.ts', import.meta.url)) }],
    },
    build: scriptTagBuild(row.entry, 'es', row.file),
  });
  const special: Readonly<Record<string, (row: ScriptTagFileRow) => UserConfig>> = {
    iife: (row) => ({
      publicDir: false,
      plugins: [terserPass()],
      build: scriptTagBuild(row.entry, 'iife', row.file),
    }),
    // The closed bubble's launcher: loaded before the widget's code, so it takes nothing from it.
    launcher: (row) => ({
      publicDir: false,
      plugins: [terserPass()],
      build: scriptTagBuild(row.entry, 'es', row.file),
    }),
    // A closed bubble's preview, an inline widget's first turn, a tapped bubble's panel with it: loaded
    // before the widget's code too.
    preview: cssTagOnly,
    first: cssTagOnly,
    open: cssTagOnly,
    main: (row) => ({
      publicDir: false,
      plugins: [minifyLitTemplates(), moduleBreakdown(), handSharedModules(WIDGET_HANDOVER), terserPass()],
      build: scriptTagBuild(row.entry, 'es', row.file),
    }),
    // Each language's words, a file each (they import nothing at run time: no chunk is shared).
    langs: () => ({
      ...onDemandBuild('', ''),
      build: {
        ...scriptTagBuild('', 'es', ''),
        lib: {
          entry: Object.fromEntries(LANGUAGE_FILES.map((file) => [file, `src/i18n/${file}.ts`])),
          formats: ['es'],
          fileName: (_format: string, name: string) => `flowbot-chat.lang-${name}.js`,
        },
      },
    }),
    // The hashes of the languages' files: the widget's code carries this file's only.
    languages: (row) => ({
      ...onDemandBuild(row.entry, row.file),
      define: {
        ...scriptTag(true),
        'import.meta.env.FLOWBOT_LANGUAGE_INTEGRITY': JSON.stringify(
          Object.fromEntries(
            LANGUAGE_FILES.map((file) => [file, integrityOf(`dist/flowbot-chat.lang-${file}.js`, hashFor('langs'))]),
          ),
        ),
      },
    }),
  };
  const part = (row: ScriptTagFileRow): UserConfig =>
    onDemandBuild(row.entry, row.file, {
      from: row.takes ? [HANDOVERS[row.takes]] : [],
      ...(row.gives && { gives: HANDOVERS[row.gives] }),
    });
  return Object.fromEntries(
    rows.map((row) => [
      row.key,
      () => {
        const build = (special[row.key] ?? part)(row);
        return {
          ...build,
          build: { ...build.build, outDir },
          define: { ...scriptTag(true), ...build.define, ...hashesCarriedBy(rows, row.key, outDir) },
        };
      },
    ]),
  );
}

const builds: Record<string, () => UserConfig | Promise<UserConfig>> = {
  es: () => ({
    publicDir: false,
    define: scriptTag(false),
    build: {
      target: 'es2022',
      emptyOutDir: false,
      outDir: 'dist',
      minify: false,
      // Readable as built; maps would point into src/, which the package does not ship.
      sourcemap: false,
      lib: {
        entry: {
          index: 'src/index.ts',
          element: 'src/element.ts',
          define: 'src/define.ts',
          api: 'src/api/index.ts',
          react: 'src/react.ts',
          light: 'src/light.ts',
        },
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
      rolldownOptions: {
        external,
        // A directive in the source does not survive bundling; the React entry needs it for Next.js.
        output: {
          banner: (chunk) => (chunk.isEntry && chunk.name === 'react' ? "'use client';" : ''),
          // `flowbot-chat.*.js` are the script tag's files (the README's self-hosting copies them all):
          // a chunk split off a module of that name (the element's styles, shared with the light
          // entry's first turn) is named without the dot.
          chunkFileNames: (chunk) => `${chunk.name.replace(/^flowbot-chat\./, 'flowbot-chat-')}-[hash].js`,
        },
      },
    },
  }),

  ...scriptTagBuilds(),

  // Hono is bundled in: only this entry needs it, so it is no dependency of the widget's users.
  server: () => ({
    publicDir: false,
    ssr: { noExternal: ['hono', '@hono/node-server'] },
    build: {
      ssr: true,
      target: 'node20',
      emptyOutDir: false,
      outDir: 'dist',
      minify: false,
      rolldownOptions: {
        input: { server: 'src/server/index.ts' },
        external,
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  }),

  /** The Vitest projects; Playwright and its provider are loaded only here. */
  test: async () => {
    const [{ playwright }, { chromiumLaunchOptions }, { redirectingViewer, referenceServer, wtrWebSocketShim }] =
      await Promise.all([
        import('@vitest/browser-playwright'),
        import('./test/support/browser-launch.js'),
        import('./test/support/test-plugins.js'),
      ]);
    return {
      test: {
        projects: [
          {
            test: {
              name: 'unit',
              environment: 'node',
              // The runner is chosen by file name: `*.browser.test.ts` runs in Chromium, any other `*.test.ts` in Node.
              include: ['test/**/*.test.ts'],
              exclude: ['test/**/*.browser.test.ts', 'test/frameworks/**', '**/node_modules/**'],
              testTimeout: 20_000,
            },
          },
          {
            plugins: [wtrWebSocketShim(), referenceServer(), redirectingViewer()],
            // Pre-bundle up front: a mid-run re-optimisation reloads the page and loads Lit twice.
            optimizeDeps: {
              include: [
                'lit',
                'lit/directives/live.js',
                'lit/directives/keyed.js',
                'ky',
                'valibot',
                '@open-wc/testing',
                'fast-check',
              ],
            },
            test: {
              name: 'browser',
              include: ['test/**/*.browser.test.ts'],
              setupFiles: ['test/support/setup-browser.ts'],
              testTimeout: 20_000,
              // One file at a time: files side by side share the browser's keyboard focus, so a
              // keyboard walk in one loses keys to the other (and on two cores it is no slower).
              fileParallelism: false,
              browser: {
                enabled: true,
                headless: true,
                screenshotFailures: false,
                provider: playwright({ launchOptions: chromiumLaunchOptions }),
                instances: [{ browser: 'chromium' }],
              },
            },
          },
        ],
      },
    };
  },
};

export default defineConfig(({ mode }) => {
  const build = builds[mode === 'production' ? 'es' : mode];
  if (!build) throw new Error(`vite: no build named "${mode}" (one of: ${Object.keys(builds).join(', ')})`);
  // Every script-tag file is built through the one ordered list (`npm run build`, `npm start`, the bench).
  const unlisted = Object.keys(builds).filter((name) => !['es', 'server', 'test', ...SCRIPT_TAG_MODES].includes(name));
  if (unlisted.length)
    throw new Error(`vite: add ${unlisted.join(', ')} to SCRIPT_TAG_MODES (tools/script-tag-build.ts)`);
  return build();
});
