/**
 * Vite plugins of the package's own builds (see `vite.config.ts`): what each
 * dependency costs in the script-tag file, and the widget code's modules its on-demand files
 * take over instead of carrying a copy. (Lit's templates and styles are squeezed by
 * `@lit-labs/rollup-plugin-minify-html-literals`.)
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

/**
 * The widget code's modules that its on-demand files take over from it instead of carrying their
 * own copy (paths under `src/`, without `.ts`), and which of their exports: those the widget's code
 * has anyway (handing over one it does not use would move its bytes into the first file). A file's
 * other exports of these modules stay its own. A second copy would be bytes loaded twice; Lit, the
 * fetch endpoint and the catalogues are handed over the same way, by name (`src/script-tag/shared-lit.ts`).
 */
export const SHARED_MODULES: Readonly<Record<string, readonly string[]>> = {
  'api/errors': [
    'FlowbotError',
    'FlowbotNetworkError',
    'FlowbotResponseError',
    'FlowbotTimeoutError',
    'isAbortError',
    'isFlowbotHttpError',
    'isFlowbotResponseError',
  ],
  'api/transport/core': ['DEFAULT_TIMEOUT', 'callOptions', 'checkPathParams', 'clip', 'displayUrl', 'normaliseBaseUrl'],
  'api/transport/response': ['REDIRECT_MODE', 'describe', 'httpError', 'readText', 'redirectError'],
  'conversation/storage-key': ['storageKey'],
  'conversation/stream-stop': ['STOPPED'],
  'i18n/lang': ['langOf'],
  'protocol/answers': ['textAnswer'],
  'protocol/json': ['isObject', 'parseJson', 'pick', 'readInputOptions', 'text'],
  'protocol/limits': ['LIMITS', 'MAX_RESPONSE_BYTES', 'SHORTENED', 'limitTurn'],
  'protocol/message': ['ENGLISH', 'readMessage', 'str'],
  'protocol/rich-text': ['childrenOf', 'enter', 'newWalk'],
  'protocol/safe-url': ['LINK_SCHEMES', 'WEB_SCHEMES', 'safeUrl'],
  'protocol/turn': ['readChatInput', 'readChatMessage', 'readDynamicTheme'],
  'render/inputs/text-input': ['renderTextInput'],
  'render/rich-text': ['el', 'richTextContent'],
  'theme/sheets': ['adoptStyles'],
};

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const SHARED_PREFIX = '\0flowbot-shared:';
/** The module of an on-demand file that reads what the widget's code handed over. */
const HANDED_OVER = '\0flowbot-handed-over';
/** Marks the import of a shared module's exports that a file keeps as its own. */
const OWN = '?own';

/** Every shared export, in one order: the widget's code hands them over as one array, by position. */
const SHARED_EXPORTS = Object.entries(SHARED_MODULES).flatMap(([module, names]) =>
  names.map((name) => ({ module, name })),
);

/**
 * Where the widget's code leaves them (a registered symbol): one per version and list, so a page
 * with two versions of the widget never reads one's exports by the other's positions.
 */
const SHARED_KEY = `flowbot-chat/modules@${
  (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version
}/${createHash('sha256').update(JSON.stringify(SHARED_EXPORTS)).digest('hex').slice(0, 12)}`;

/** The names a module of `src/` exports as values (not types), read from its source. */
function exportedValues(path: string): string[] {
  const source = readFileSync(`${SRC}${path}.ts`, 'utf8');
  const names = new Set<string>();
  for (const [, name] of source.matchAll(
    /^export\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|enum)\s+([A-Za-z_$][\w$]*)/gm,
  ))
    names.add(name!);
  for (const [, list] of source.matchAll(/^export\s*\{([^}]*)\}/gm))
    for (const item of list!.split(',')) {
      const spec = item.trim();
      if (!spec || spec.startsWith('type ')) continue;
      names.add(
        spec
          .split(/\s+as\s+/)
          .pop()!
          .trim(),
      );
    }
  return [...names];
}

/**
 * An on-demand file's build: each shared module's shared exports are the widget code's own, read
 * from what that code handed over (see `src/script-tag/shared-modules.ts`); its other exports stay
 * the file's own.
 */
export function takeSharedModules(): Plugin {
  return {
    name: 'flowbot-take-shared-modules',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source === HANDED_OVER) return source;
      if (source.startsWith('\0') || !importer) return null;
      const resolved = await this.resolve(source.replace(OWN, ''), importer, { ...options, skipSelf: true });
      const path = resolved && !resolved.external ? resolved.id.replace(/\\/g, '/') : '';
      if (source.endsWith(OWN)) return path;
      const shared = Object.keys(SHARED_MODULES).find((module) => path === `${SRC}${module}.ts`);
      return shared ? SHARED_PREFIX + shared : null;
    },
    load(id) {
      if (id === HANDED_OVER) return `export const m = globalThis[Symbol.for(${JSON.stringify(SHARED_KEY)})];`;
      if (!id.startsWith(SHARED_PREFIX)) return null;
      const module = id.slice(SHARED_PREFIX.length);
      const shared = SHARED_MODULES[module]!;
      const missing = shared.filter((name) => !exportedValues(module).includes(name));
      if (missing.length) this.error(`src/${module}.ts does not export ${missing.join(', ')} (see SHARED_MODULES)`);
      const own = exportedValues(module).filter((value) => !shared.includes(value));
      const at = (name: string) => SHARED_EXPORTS.findIndex((entry) => entry.module === module && entry.name === name);
      // Each export a pure read, so the exports this file does not use are left out.
      const reads = shared.map((name) => `export const ${name} = /* @__PURE__ */ (() => m[${at(name)}])();`);
      return [
        `import { m } from ${JSON.stringify(HANDED_OVER)};`,
        ...reads,
        ...(own.length ? [`export { ${own.join(', ')} } from ${JSON.stringify(`${SRC}${module}.ts${OWN}`)};`] : []),
      ].join('\n');
    },
  };
}

/**
 * The widget's build: `src/script-tag/shared-modules.ts` becomes the hand-over of the shared
 * exports, one array in the order of `SHARED_MODULES`, under a registered symbol of this version.
 */
export function handSharedModules(): Plugin {
  const file = `${SRC}script-tag/shared-modules.ts`;
  return {
    name: 'flowbot-hand-shared-modules',
    enforce: 'pre',
    load(id) {
      if (id.replace(/\\/g, '/') !== file) return null;
      const imports = SHARED_EXPORTS.map(
        ({ module, name }, i) => `import { ${name} as v${i} } from ${JSON.stringify(`${SRC}${module}.ts`)};`,
      );
      const values = SHARED_EXPORTS.map((_, i) => `v${i}`).join(', ');
      return {
        code: `${imports.join('\n')}\nglobalThis[Symbol.for(${JSON.stringify(SHARED_KEY)})] ??= [${values}];\n`,
        // Imported for this alone.
        moduleSideEffects: true,
      };
    },
  };
}
