/**
 * The builds, one per `--mode` (`npm run build` runs them in this order):
 * - `es`     (default) ES modules for npm: lit, ky, valibot (and react for `flowbot-chat/react`) stay external.
 * - `iife`   the script-tag file: small, it starts the chat and fetches the widget's code beside it.
 * - `main`   that code (`src/main.ts`), everything inlined but the part loaded on demand.
 * - `lazy`   that part (`src/render/on-demand.ts`), which the widget's code fetches beside itself.
 * - `server` the Node-only reference server.
 * - `test`   (Vitest's) the `unit` (Node) and `browser` (real Chromium) test projects.
 * The plugins of these builds are in `test/tools/build-plugins.ts` and `test/tools/test-plugins.ts`.
 */
/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig, type BuildEnvironmentOptions, type UserConfig } from 'vite';
import { minifyLitCss, minifyLitHtml, moduleBreakdown, scriptTagOnDemand } from './test/tools/build-plugins.js';

const external = [/^lit($|\/)/, /^@lit\//, /^react($|\/)/, /^ky$/, /^valibot$/, /^node:/];

/** A minified single file for the script-tag path. */
const scriptTagBuild = (entry: string, format: 'iife' | 'es', fileName: string): BuildEnvironmentOptions => ({
  target: 'es2022',
  emptyOutDir: false,
  outDir: 'dist',
  minify: true,
  sourcemap: false,
  lib: { entry, formats: [format], name: 'FlowbotChatBundle', fileName: () => fileName },
  // Vite leaves library ES output unminified (white space, names): these files are for browsers only.
  rolldownOptions: { output: { minify: true } },
});

const builds: Record<string, () => UserConfig | Promise<UserConfig>> = {
  es: () => ({
    publicDir: false,
    build: {
      target: 'es2022',
      emptyOutDir: false,
      outDir: 'dist',
      minify: false,
      // Readable as built; maps would point into src/, which the package does not ship.
      sourcemap: false,
      lib: {
        entry: { index: 'src/index.ts', element: 'src/element.ts', define: 'src/define.ts', api: 'src/api/index.ts', react: 'src/react.ts' },
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
      rolldownOptions: {
        external,
        // A directive in the source does not survive bundling; the React entry needs it for Next.js.
        output: { banner: (chunk) => (chunk.isEntry && chunk.name === 'react' ? "'use client';" : '') },
      },
    },
  }),

  iife: () => ({
    publicDir: false,
    build: scriptTagBuild('src/embed.ts', 'iife', 'flowbot-chat.iife.js'),
  }),

  main: () => ({
    publicDir: false,
    plugins: [scriptTagOnDemand(), minifyLitCss(), minifyLitHtml(), moduleBreakdown()],
    build: scriptTagBuild('src/main.ts', 'es', 'flowbot-chat.main.js'),
  }),

  lazy: () => ({
    publicDir: false,
    plugins: [minifyLitCss(), minifyLitHtml()],
    resolve: {
      // The script-tag file's own Lit, handed over at load (see src/lazy/shared-lit.ts).
      alias: [
        {
          find: /^lit(\/directives\/live\.js)?$/,
          replacement: fileURLToPath(new URL('src/lazy/shared-lit.ts', import.meta.url)),
        },
        // Its fetch endpoint too (the uploads' first step).
        {
          find: /^\.\/fetch-endpoint\.js$/,
          replacement: fileURLToPath(new URL('src/lazy/shared-lit.ts', import.meta.url)),
        },
      ],
    },
    build: scriptTagBuild('src/render/on-demand.ts', 'es', 'flowbot-chat.lazy.js'),
  }),

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
    const [{ playwright }, { chromiumLaunchOptions }, { redirectingViewer, referenceServer, wtrWebSocketShim }] = await Promise.all([
      import('@vitest/browser-playwright'),
      import('./test/browser-launch.js'),
      import('./test/tools/test-plugins.js'),
    ]);
    return {
      test: {
        projects: [
          {
            test: {
              name: 'unit',
              environment: 'node',
              include: ['test/{api,server,conversation,protocol,package}/**/*.test.ts'],
              testTimeout: 20_000,
            },
          },
          {
            plugins: [wtrWebSocketShim(), referenceServer(), redirectingViewer()],
            // Pre-bundle up front: a mid-run re-optimisation reloads the page and loads Lit twice.
            optimizeDeps: {
              include: ['lit', 'lit/directives/live.js', 'lit/directives/keyed.js', 'ky', 'valibot', '@open-wc/testing', 'fast-check'],
            },
            test: {
              name: 'browser',
              include: ['test/**/*.test.ts'],
              exclude: ['test/{api,server,conversation,protocol,package,e2e}/**'],
              setupFiles: ['test/setup-browser.ts'],
              testTimeout: 20_000,
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
  return build();
});
