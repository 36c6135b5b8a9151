/**
 * Library builds, one per `--mode`:
 * - `es`     (default) ES modules for npm: lit, ky and valibot stay external.
 * - `iife`   the script-tag file, everything inlined but the parts loaded on demand.
 * - `lazy`   those parts (`src/lazy.ts`), the file the script-tag file fetches beside itself.
 * - `server` the Node-only reference server.
 */
import { fileURLToPath } from 'node:url';
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
          const group = match ? match[1]! : (process.env.SIZE_BY_FILE ? id.replace(/^.*\/src\//, 'src/') : 'flowbot-chat (src)');
          groups[group] = (groups[group] ?? '') + (info.code ?? '');
        }
      }
      this.emitFile({ type: 'asset', fileName: 'iife-modules.json', source: JSON.stringify(groups) });
    },
  };
}

const external = [/^lit($|\/)/, /^@lit\//, /^ky$/, /^valibot$/, /^hono($|\/)/, /^@hono\//, /^node:/];

/**
 * Lit's css`` blocks are shipped as written; this squeezes their static text (comments and
 * runs of white space) in the builds. Interpolations are left alone.
 */
function minifyLitCss(): Plugin {
  const squeeze = (text: string) =>
    text
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      .replace(/\s*([{};,>])\s*/g, '$1')
      .replace(/;}/g, '}')
      .trim();
  return {
    name: 'flowbot-minify-lit-css',
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id) || !code.includes('css`')) return null;
      return code.replace(/css`([^`]*)`/g, (_m, body: string) => {
        const parts = body.split(/(\$\{[^}]*\})/);
        return `css\`${parts.map((part, i) => (i % 2 ? part : squeeze(part))).join('')}\``;
      });
    },
  };
}

/**
 * The script-tag file fetches its on-demand parts as a second file beside it
 * (`flowbot-chat.lazy.js`, built by `--mode lazy`): swap in that loader.
 */
function scriptTagLazyLoader(): Plugin {
  return {
    name: 'flowbot-script-tag-lazy-loader',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('lazy-load.js')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && resolved.id.endsWith('/src/lazy-load.ts')
        ? resolved.id.replace(/lazy-load\.ts$/, 'lazy-load.script.ts')
        : resolved;
    },
  };
}

export default defineConfig(({ mode }) => {
  if (mode === 'iife') {
    return {
      publicDir: false,
      plugins: [scriptTagLazyLoader(), minifyLitCss(), moduleBreakdown()],
      build: {
        target: 'es2022',
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
  if (mode === 'lazy') {
    return {
      publicDir: false,
      plugins: [minifyLitCss()],
      resolve: {
        // The script-tag file's own Lit, handed over at load (see src/lazy-lit.ts).
        alias: [{ find: /^lit(\/directives\/live\.js)?$/, replacement: fileURLToPath(new URL('src/lazy-lit.ts', import.meta.url)) }],
      },
      build: {
        target: 'es2022',
        emptyOutDir: false,
        outDir: 'dist',
        minify: true,
        sourcemap: false,
        lib: {
          entry: 'src/lazy.ts',
          formats: ['es'],
          fileName: () => 'flowbot-chat.lazy.js',
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
      target: 'es2022',
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
