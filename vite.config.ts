/**
 * Library builds, one per `--mode`:
 * - `es`     (default) ES modules for npm: lit, ky and valibot stay external.
 * - `iife`   the script-tag file, everything inlined but the parts loaded on demand.
 * - `lazy`   those parts (`src/lazy.ts`), the file the script-tag file fetches beside itself.
 * - `server` the Node-only reference server.
 * - `test`   (Vitest's) the `unit` (Node) and `browser` (real Chromium) test projects.
 */
/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

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
 * Lit's html`` and svg`` templates are shipped as written, indentation and line breaks
 * included: every such run becomes a text node in the DOM. In the script-tag builds this
 * drops the runs that hold a line break next to a tag and turns the others into one space.
 * Expressions are walked (nested templates included); anything it cannot follow is left
 * as it was.
 */
function minifyLitHtml(): Plugin {
  const squeeze = (text: string): string =>
    text.replace(/>\s*\n\s*/g, '>').replace(/\s*\n\s*</g, '<').replace(/\s*\n\s*/g, ' ');
  /** Index after the end of the string or template starting at `i` (code[i] is the quote). */
  function skipString(code: string, i: number, out: string[]): number {
    const quote = code[i]!;
    if (quote === '`') return template(code, i, out, false);
    let j = i + 1;
    while (j < code.length && code[j] !== quote) j += code[j] === '\\' ? 2 : 1;
    out.push(code.slice(i, j + 1));
    return j + 1;
  }
  /** Copies an expression up to its closing brace, squeezing the templates inside. */
  function expression(code: string, i: number, out: string[]): number {
    let depth = 0;
    let j = i;
    while (j < code.length) {
      const c = code[j]!;
      if (c === "'" || c === '"' || c === '`') {
        j = skipString(code, j, out);
        continue;
      }
      if (/[\w$]/.test(code[j - 1] ?? '') === false && /^(html|svg)`/.test(code.slice(j, j + 5))) {
        const tag = code.startsWith('html', j) ? 'html' : 'svg';
        out.push(tag);
        j = template(code, j + tag.length, out, true);
        continue;
      }
      if (c === '/' && (code[j + 1] === '/' || code[j + 1] === '*')) throw new Error('comment in an expression');
      if (c === '{') depth++;
      if (c === '}') {
        if (depth === 0) return j;
        depth--;
      }
      out.push(c);
      j++;
    }
    throw new Error('unbalanced expression');
  }
  /** Copies the template starting at the backtick `i`; squeezes its static text when `lit`. */
  function template(code: string, i: number, out: string[], lit: boolean): number {
    out.push('`');
    let j = i + 1;
    let chunk = '';
    const flush = () => {
      out.push(lit ? squeeze(chunk) : chunk);
      chunk = '';
    };
    while (j < code.length) {
      const c = code[j]!;
      if (c === '\\') {
        chunk += code.slice(j, j + 2);
        j += 2;
      } else if (c === '`') {
        flush();
        out.push('`');
        return j + 1;
      } else if (c === '$' && code[j + 1] === '{') {
        flush();
        out.push('${');
        j = expression(code, j + 2, out);
        out.push('}');
        j++;
      } else {
        chunk += c;
        j++;
      }
    }
    throw new Error('unterminated template');
  }
  return {
    name: 'flowbot-minify-lit-html',
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id) || !/\b(html|svg)`/.test(code)) return null;
      const out: string[] = [];
      let last = 0;
      try {
        const re = /\b(html|svg)`/g;
        let match: RegExpExecArray | null;
        while ((match = re.exec(code))) {
          out.push(code.slice(last, match.index), match[1]!);
          last = template(code, match.index + match[1]!.length, out, true);
          re.lastIndex = last;
        }
        out.push(code.slice(last));
        return out.join('');
      } catch {
        return null;
      }
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
      if (!source.endsWith('lazy-import.js')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && resolved.id.endsWith('/src/lazy-import.ts')
        ? resolved.id.replace(/lazy-import\.ts$/, 'lazy-import.script.ts')
        : resolved;
    },
  };
}

/**
 * @open-wc/testing pulls in @web/test-runner-commands, which imports a module that
 * only Web Test Runner serves. Nothing here uses those commands: resolve it to a stub.
 */
function wtrWebSocketShim(): Plugin {
  const id = '\0wtr-web-socket-stub';
  return {
    name: 'wtr-web-socket-shim',
    enforce: 'pre',
    resolveId(source) {
      return source.includes('__web-dev-server__web-socket') ? id : null;
    },
    load(loaded) {
      return loaded === id
        ? 'export const sendMessageWaitForResponse = () => Promise.reject(new Error("not under Web Test Runner"));'
        : null;
    },
  };
}

/**
 * Mounts the real reference server (in memory, fresh per test run) under the Vite
 * dev server, so component tests talk to it over real HTTP, same origin.
 * `/__reference/seed` tells a test the seeded ids.
 */
function referenceServer(): Plugin {
  return {
    name: 'flowbot-reference-server',
    async configureServer(server) {
      const [{ getRequestListener }, { createReferenceApp }] = await Promise.all([
        import('@hono/node-server'),
        server.ssrLoadModule('/src/server/app.ts') as Promise<typeof import('./src/server/app.js')>,
      ]);
      // Faults on (component tests inject them); no rate limit: every test shares this one app.
      const reference = createReferenceApp({ faults: true, rateLimit: false, streamPaceMs: 2 });
      // Absolute URLs the server hands out point at this dev server, once it listens.
      server.httpServer?.once('listening', () => {
        const address = server.httpServer?.address();
        if (address && typeof address === 'object') reference.state.publicUrl = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
      });
      const listener = getRequestListener(reference.app.fetch);
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '';
        if (url === '/__reference/seed') {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ token: reference.token, seed: reference.seed }));
          return;
        }
        if (url.startsWith('/api/') || url.startsWith('/demo-assets/')) {
          void listener(req, res);
          return;
        }
        next();
      });
    },
  };
}

/** The Vitest projects; Playwright and its provider are loaded only here. */
async function testConfig(): Promise<UserConfig> {
  const [{ playwright }, { chromiumLaunchOptions }] = await Promise.all([
    import('@vitest/browser-playwright'),
    import('./test/browser-launch.js'),
  ]);
  return {
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/{api,server,conversation,package,protocol}/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        plugins: [wtrWebSocketShim(), referenceServer()],
        // Pre-bundle up front: a mid-run re-optimisation reloads the page and loads Lit twice.
        optimizeDeps: { include: ['lit', 'lit/directives/live.js', 'lit/directives/keyed.js', 'ky', 'valibot', '@open-wc/testing', 'fast-check'] },
        test: {
          name: 'browser',
          include: ['test/**/*.test.ts'],
          exclude: ['test/{api,server,conversation,package,protocol,e2e}/**'],
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
}

export default defineConfig(async ({ mode }): Promise<UserConfig> => {
  if (mode === 'test') return testConfig();
  if (mode === 'iife') {
    return {
      publicDir: false,
      plugins: [scriptTagLazyLoader(), minifyLitCss(), minifyLitHtml(), moduleBreakdown()],
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
      plugins: [minifyLitCss(), minifyLitHtml()],
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
