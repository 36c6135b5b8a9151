/**
 * Vite plugins of the package's own builds (see `vite.config.ts`): what each
 * dependency costs in the script-tag file, and the widget code's modules its on-demand files
 * take over instead of carrying a copy. (Lit's templates and styles are squeezed by
 * `@lit-labs/rollup-plugin-minify-html-literals`.)
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { minify } from 'terser';
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
 * A second minifier after the bundler's: Terser, whose compressor folds what the bundler's leaves
 * (2 passes), on each script-tag file as written. About 1% fewer gzip bytes for the widget's code
 * and its on-demand parts (the first message's files 262 B, `rich.js` 230 B) with no change of code;
 * the SRI hashes are taken of its output. Run last: it sees the file as it will be served.
 */
export function terserPass(): Plugin {
  return {
    name: 'flowbot-terser-pass',
    async generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const { code } = await minify(chunk.code, {
          ecma: 2020,
          module: !chunk.fileName.endsWith('.iife.js'),
          compress: { passes: 2 },
          format: { comments: false },
        });
        if (code === undefined) throw new Error(`terser: no output for ${chunk.fileName}`);
        chunk.code = code;
      }
    },
  };
}

/**
 * The widget code's modules that its on-demand files take over from it instead of carrying their
 * own copy (paths under `src/`, without `.ts`), and which of their exports: those the widget's code
 * has anyway (handing over one it does not use would move its bytes into the first file). A file's
 * other exports of these modules stay its own. A second copy would be bytes loaded twice; Lit, the
 * fetch endpoint and the strings are handed over the same way, by name (`src/script-tag/shared-lit.ts`).
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
  'conversation/typing': ['readTypingEmulation'],
  'element/event-base': ['eventOf'],
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
  'script-tag/load-once': ['createLoader'],
  'script-tag/on-demand-file': ['importOnDemandFile'],
  'theme/sheets': ['adoptStyles'],
};

/**
 * The answers' modules that the export's file (`flowbot-chat.export.js`) takes over from the
 * answers' file, which always comes first (it loads the export's): Copy's writer and the dates.
 * The same rules as `SHARED_MODULES`: only exports the answers' file has anyway.
 */
export const ANSWERS_MODULES: Readonly<Record<string, readonly string[]>> = {
  'render/answer-text': ['escapeMarkdown', 'limitedSource', 'link', 'markdownOf', 'richTextToDocument'],
  'render/dates': ['TIME', 'dateFormat'],
  'render/answer-strings': ['answerStringsFor'],
};

/**
 * The rich messages' modules that the streams' file (`flowbot-chat.stream.js`) takes over from the
 * rich messages' file, fetched with it: the markdown reader and its drawing (with the code's
 * colours, whose file that one loads), and what an answer holds around its text. The same rules as
 * `SHARED_MODULES`: only exports the rich messages' file has anyway.
 */
export const RICH_MODULES: Readonly<Record<string, readonly string[]>> = {
  'i18n/en': ['enOnDemand'],
  'protocol/markdown/blocks': ['Blocks'],
  'protocol/markdown/inline': ['readInline'],
  'protocol/markdown/tree': ['fill'],
  'protocol/agent': ['mergeSources', 'readableToolName'],
  'render/agent-read': ['answerParts', 'aroundAnswer'],
  'render/code': ['highlightLines'],
  'render/markdown': ['drawMarkdown'],
  // With the widget code's `el` and `richTextContent` (`SHARED_MODULES`): a module may be shared by both.
  'render/rich-text': ['renderRichText'],
};

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
/** Marks the import of a shared module's exports that a file keeps as its own. */
const OWN = '?own';
const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

/** One hand-over: the modules a file leaves for the files it loads, where, and in which order. */
export interface HandOver {
  /** The module (under `src/`, without `.ts`) the giving build writes the hand-over into. */
  readonly file: string;
  readonly modules: Readonly<Record<string, readonly string[]>>;
  /** Every export handed over, in one order: one array, read by position. */
  readonly exports: readonly { readonly module: string; readonly name: string }[];
  /**
   * Where it is left (a registered symbol): one per version and list, so a page with two versions
   * of the widget never reads one's exports by the other's positions.
   */
  readonly key: string;
  /** The module of a taking file that reads the array. */
  readonly reader: string;
  /** The prefix of a taking file's stand-in for one of these modules. */
  readonly prefix: string;
  /**
   * A taking file fetched together with the giving one may run first: it waits for the hand-over
   * (a top-level `await`) instead of refusing to run without it.
   */
  readonly waits?: boolean;
}

function handOver(
  name: string,
  file: string,
  modules: Readonly<Record<string, readonly string[]>>,
  waits?: boolean,
): HandOver {
  const exports = Object.entries(modules).flatMap(([module, names]) => names.map((n) => ({ module, name: n })));
  const hash = createHash('sha256').update(JSON.stringify(exports)).digest('hex').slice(0, 12);
  return {
    file,
    modules,
    exports,
    key: `flowbot-chat/${name}@${VERSION}/${hash}`,
    reader: `\0flowbot-handed-over:${name}`,
    prefix: `\0flowbot-shared:${name}:`,
    ...(waits && { waits }),
  };
}

/** The widget code's, taken by every on-demand file (`src/script-tag/shared-modules.ts`). */
export const WIDGET_HANDOVER = handOver('modules', 'script-tag/shared-modules', SHARED_MODULES);
/** The answers' file's, taken by the export's (`src/element/answer-actions/shared-with-export.ts`). */
export const ANSWERS_HANDOVER = handOver('answers', 'element/answer-actions/shared-with-export', ANSWERS_MODULES);
/** The rich messages' file's, taken by the streams' (`src/element/rich/shared-with-stream.ts`), which may run first. */
export const RICH_HANDOVER = handOver('rich', 'element/rich/shared-with-stream', RICH_MODULES, true);

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
 * An on-demand file's build: each shared module's shared exports are the giving file's own, read
 * from what that file handed over (see `src/script-tag/shared-modules.ts`); its other exports stay
 * the file's own. `from`: the hand-overs it takes, the widget code's first.
 */
export function takeSharedModules(...from: readonly HandOver[]): Plugin {
  return {
    name: 'flowbot-take-shared-modules',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (from.some((h) => h.reader === source)) return source;
      if (source.startsWith('\0') || !importer) return null;
      const resolved = await this.resolve(source.replace(OWN, ''), importer, { ...options, skipSelf: true });
      const path = resolved && !resolved.external ? resolved.id.replace(/\\/g, '/') : '';
      // The rest of a module the rich messages' file hands over: only what this file uses of it (its
      // styles, built at the module's top, are that file's).
      if (source.endsWith(OWN))
        return from.some((h) => h.waits && Object.keys(h.modules).some((module) => path === `${SRC}${module}.ts`))
          ? { id: path, moduleSideEffects: false }
          : path;
      for (const h of from) {
        const shared = Object.keys(h.modules).find((module) => path === `${SRC}${module}.ts`);
        if (shared) return h.prefix + shared;
      }
      return null;
    },
    load(id) {
      const reader = from.find((h) => h.reader === id);
      // Refused when the table under this key is not there: the widget's code on the page was built
      // with another list (another version), so no position here would name the right export.
      if (reader)
        return reader.waits
          ? // Fetched together with the giving file: until it has run, this one waits (see `handSharedModules`).
            [
              `const k = ${JSON.stringify(reader.key)};`,
              "export const m = globalThis[Symbol.for(k)] ?? await new Promise((r) => (globalThis[Symbol.for(k + '#')] ??= []).push(r));",
            ].join('\n')
          : [
              `const k = ${JSON.stringify(reader.key)};`,
              'export const m = globalThis[Symbol.for(k)];',
              'if (!m) throw Error(`${k}: built for another version`);',
            ].join('\n');
      const h = from.find((one) => id.startsWith(one.prefix));
      if (!h) return null;
      const module = id.slice(h.prefix.length);
      // A module some of whose exports one hand-over lists and some another (the widget code's and the
      // rich messages'): each is read from the one that lists it.
      const givers = from.filter((one) => one.modules[module]);
      const shared = givers.flatMap((one) => one.modules[module]!);
      const missing = shared.filter((name) => !exportedValues(module).includes(name));
      if (missing.length)
        this.error(`src/${module}.ts does not export ${missing.join(', ')} (see tools/build-plugins.ts)`);
      const own = exportedValues(module).filter((value) => !shared.includes(value));
      // Each export a pure read, so the exports this file does not use are left out.
      const reads = givers.flatMap((one, g) =>
        one.modules[module]!.map((name) => {
          const at = one.exports.findIndex((entry) => entry.module === module && entry.name === name);
          return `export const ${name} = /* @__PURE__ */ (() => m${g}[${at}])();`;
        }),
      );
      return [
        ...givers.map((one, g) => `import { m as m${g} } from ${JSON.stringify(one.reader)};`),
        ...reads,
        ...(own.length ? [`export { ${own.join(', ')} } from ${JSON.stringify(`${SRC}${module}.ts${OWN}`)};`] : []),
      ].join('\n');
    },
  };
}

/**
 * A giving build (the widget's, the answers'): the hand-over's module becomes the hand-over of its
 * exports, one array in the order of its list, under a registered symbol of this version.
 */
export function handSharedModules(h: HandOver): Plugin {
  const file = `${SRC}${h.file}.ts`;
  return {
    name: 'flowbot-hand-shared-modules',
    enforce: 'pre',
    load(id) {
      if (id.replace(/\\/g, '/') !== file) return null;
      const imports = h.exports.map(
        ({ module, name }, i) => `import { ${name} as v${i} } from ${JSON.stringify(`${SRC}${module}.ts`)};`,
      );
      const values = h.exports.map((_, i) => `v${i}`).join(', ');
      const key = JSON.stringify(h.key);
      // A taking file that ran first waits for it (`waits`): it is woken with the hand-over.
      const wake = h.waits
        ? `for (const r of globalThis[Symbol.for(${key} + '#')] ?? []) r(globalThis[Symbol.for(${key})]);\n`
        : '';
      return {
        code: `${imports.join('\n')}\nglobalThis[Symbol.for(${key})] ??= [${values}];\n${wake}`,
        // Imported for this alone.
        moduleSideEffects: true,
      };
    },
  };
}
