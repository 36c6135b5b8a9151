/**
 * Vite plugins of the package's own builds (see `vite.config.ts`): what each
 * dependency costs in the script-tag file. (Lit's templates and styles are squeezed by
 * `@lit-labs/rollup-plugin-minify-html-literals`.)
 */
import type { Plugin } from 'vite';

/**
 * Writes `dist/iife-modules.json`: the minified code each package contributes to the
 * script-tag file, so the size check can say what every dependency costs.
 */
export function moduleBreakdown(): Plugin {
  return {
    name: 'flowbot-module-breakdown',
    generateBundle(_options, bundle) {
      const groups: Record<string, string> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const [id, info] of Object.entries(chunk.modules)) {
          const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
          const group = match
            ? match[1]!
            : process.env.SIZE_BY_FILE
              ? id.replace(/^.*\/src\//, 'src/')
              : 'flowbot-chat (src)';
          groups[group] = (groups[group] ?? '') + (info.code ?? '');
        }
      }
      this.emitFile({ type: 'asset', fileName: 'iife-modules.json', source: JSON.stringify(groups) });
    },
  };
}
