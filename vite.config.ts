/**
 * Library builds, one per `--mode`:
 * - `es`     (default) ES modules for npm: lit, ky and valibot stay external.
 * - `iife`   the single self-contained script-tag file, everything inlined.
 * - `server` the Node-only reference server.
 */
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes `dist/iife-modules.json`: the minified code each package contributes to the
 * script-tag file, so the size check can say what every dependency costs.
 */
function moduleBreakdown(): Plugin {
  return {
    name: 'flowbot-module-breakdown',
    generateBundle(_options, bundle) {
      const groups: Record<string, string> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const [id, info] of Object.entries(chunk.modules)) {
          const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
          const group = match ? match[1]! : 'flowbot-chat (src)';
          groups[group] = (groups[group] ?? '') + (info.code ?? '');
        }
      }
      this.emitFile({ type: 'asset', fileName: 'iife-modules.json', source: JSON.stringify(groups) });
    },
  };
}

const external = [/^lit($|\/)/, /^@lit\//, /^ky$/, /^valibot$/, /^hono($|\/)/, /^@hono\//, /^node:/];

export default defineConfig(({ mode }) => {
  if (mode === 'iife') {
    return {
      publicDir: false,
      plugins: [moduleBreakdown()],
      build: {
        target: 'es2021',
        emptyOutDir: false,
        outDir: 'dist',
        minify: true,
        sourcemap: false,
        lib: {
          entry: 'src/embed.ts',
          formats: ['iife'],
          name: 'FlowbotChatBundle',
          fileName: () => 'flowbot-chat.iife.js',
        },
      },
    };
  }
  if (mode === 'server') {
    return {
      publicDir: false,
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
    };
  }
  return {
    publicDir: false,
    build: {
      target: 'es2021',
      emptyOutDir: false,
      outDir: 'dist',
      minify: false,
      sourcemap: true,
      lib: {
        entry: {
          index: 'src/index.ts',
          element: 'src/element.ts',
          define: 'src/define.ts',
          api: 'src/api/index.ts',
        },
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
      rolldownOptions: { external },
    },
  };
});
