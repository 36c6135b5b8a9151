/**
 * `npm run manifest` (the last step of `npm run build`): the analyzer reads the element's source
 * and JSDoc, `completeManifest()` below makes the manifest describe the package as it ships, and
 * the generators turn it into framework typings and editor data in `dist/`:
 *
 * - `custom-elements.json`                      the manifest (named by `customElements` in package.json)
 * - `dist/frameworks/custom-elements-jsx.d.ts`  props and events (custom-element-jsx-integration)
 * - `dist/frameworks/custom-elements-solid.d.ts` Solid's JSX (custom-element-solidjs-integration)
 * - `dist/frameworks/{jsx,preact,svelte,vue,solid}.d.ts` the entries `flowbot-chat/<framework>` (jsx: React):
 *   each puts the generated types where its framework's checker looks
 * - `dist/web-types.json`                       JetBrains (named by `web-types` in package.json)
 * - `dist/vscode.{html,css}-custom-data.json`   VS Code's custom data
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { customElementJsxPlugin } from 'custom-element-jsx-integration';
import { customElementSolidJsPlugin } from 'custom-element-solidjs-integration';
import { customElementVsCodePlugin } from 'custom-element-vs-code-integration';
import { customElementJetBrainsPlugin } from 'custom-element-jet-brains-integration';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const outdir = 'dist/frameworks';
/** Where the generated typings import the element's own types from (relative to `outdir`). */
const typesFrom = '../types/index.js';

/** Read with TypeScript's parser: what the manifest needs that the analyzer leaves out. */
function readSources(ts) {
  const parse = (path) =>
    ts.createSourceFile(
      path,
      readFileSync(new URL(`../${path}`, import.meta.url), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );

  /** Type aliases that are unions of string literals: expanded so no tool sees a bare alias. */
  const unions = new Map();
  for (const path of ['src/element/flowbot-chat.ts', 'src/conversation/persistence.ts']) {
    parse(path).forEachChild((node) => {
      if (!ts.isTypeAliasDeclaration(node) || !ts.isUnionTypeNode(node.type)) return;
      if (node.type.types.every((t) => ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal))) {
        unions.set(node.name.text, node.type.getText());
      }
    });
  }

  /**
   * The events, from the one table of `src/element/events.ts` (`flowbotEvents`): each class
   * (`class X extends eventOf<Detail, 'name'>('name', { cancelable })`) gives the event's name,
   * detail type, whether it is cancelable and its description (the class's JSDoc).
   */
  const classes = new Map();
  const events = [];
  const file = parse('src/element/events.ts');
  file.forEachChild((node) => {
    if (ts.isClassDeclaration(node) && node.name) {
      const base = node.heritageClauses?.[0]?.types[0]?.expression;
      if (!base || !ts.isCallExpression(base) || base.expression.getText() !== 'eventOf') return;
      const [detail] = base.typeArguments ?? [];
      const [name, options] = base.arguments;
      const doc = ts.getJSDocCommentsAndTags(node).find(ts.isJSDoc);
      classes.set(node.name.text, {
        name: name.text,
        detail: detail?.getText() ?? 'null',
        cancelable: /\bcancelable:\s*true\b/.test(options?.getText() ?? ''),
        description: (typeof doc?.comment === 'string' ? doc.comment : '').replace(/\s*\n\s*/g, ' '),
      });
    }
    if (ts.isVariableStatement(node)) {
      for (const declaration of node.declarationList.declarations) {
        if (declaration.name.getText() !== 'flowbotEvents') continue;
        let table = declaration.initializer;
        while (table && !ts.isObjectLiteralExpression(table)) table = table.expression;
        for (const property of table.properties) events.push(property.initializer.getText());
      }
    }
  });
  if (!events.length) throw new Error('manifest: no table of events (flowbotEvents) in src/element/events.ts');
  events.forEach((eventClass, i) => {
    const known = classes.get(eventClass);
    if (!known)
      throw new Error(
        `manifest: the table of events names ${eventClass}, which is no event class of src/element/events.ts`,
      );
    events[i] = { ...known, eventClass };
  });
  return { unions, events };
}

/** The manifest as the package ships: public members only, real types, paths in `dist/`. */
function completeManifest() {
  let sources;
  return {
    name: 'flowbot-complete-manifest',
    collectPhase({ ts }) {
      sources = readSources(ts);
    },
    packageLinkPhase({ customElementsManifest: manifest }) {
      const expand = (type) => {
        if (!type?.text) return type;
        let text = type.text;
        for (const [name, union] of sources.unions) text = text.replace(new RegExp(`\\b${name}\\b`, 'g'), union);
        const references = ['FlowbotWidget', 'Widget']
          .filter((name) => new RegExp(`\\b${name}\\b`).test(text))
          .map((name) => ({ name, package: pkg.name, module: 'dist/index.js' }));
        return { ...type, text, ...(references.length ? { references } : {}) };
      };

      const declarations = [];
      for (const mod of manifest.modules) {
        // `eventOf` makes the event classes; the package does not export it.
        for (const declaration of (mod.declarations ?? []).filter((d) => d.name !== 'eventOf')) {
          if (declaration.customElement) {
            declaration.members = (declaration.members ?? [])
              .filter(
                (m) => !m.static && m.privacy !== 'private' && m.privacy !== 'protected' && !m.name.startsWith('#'),
              )
              // The DOM's own method, overridden (see src/element/controllers/event-replay.ts): not the element's API.
              .filter((m) => m.name !== 'addEventListener')
              .map((m) => ({ ...m, ...(m.type ? { type: expand(m.type) } : {}) }));
            // Its lifecycle is an internal base (src/element/chat-element.ts), no API of the package.
            declaration.superclass = { name: 'LitElement', package: 'lit' };
            declaration.attributes = (declaration.attributes ?? []).map((a) => ({
              name: a.name,
              ...a,
              // `lang` is HTMLElement's own property.
              ...(a.name === 'lang' ? { fieldName: 'lang', type: { text: 'string' } } : {}),
              ...(a.type ? { type: expand(a.name === 'lang' ? { text: 'string' } : a.type) } : {}),
            }));
            // The generators type a handler as `CustomEvent<type>`: the type is the detail's.
            declaration.events = sources.events.map((e) => ({
              type: { text: e.detail },
              description: e.description,
              name: e.name,
              cancelable: e.cancelable,
              eventClass: e.eventClass,
            }));
          }
          declarations.push(declaration);
        }
      }

      for (const d of declarations) {
        if (d.superclass?.name === 'CustomEvent') d.superclass = { name: 'CustomEvent', package: 'global:' };
        // Each event class is made by `eventOf` (which the analyzer reads as a mixin) over `FlowbotEvent`.
        if (d.mixins?.some((m) => m.name === 'eventOf')) {
          const event = sources.events.find((e) => e.eventClass === d.name);
          delete d.mixins;
          d.superclass = { name: 'FlowbotEvent', module: 'dist/element.js' };
          d.members = [
            ...(event
              ? [{ kind: 'field', name: 'eventName', static: true, readonly: true, type: { text: `'${event.name}'` } }]
              : []),
            ...(d.members ?? [])
              .filter((m) => !m.static)
              .map((m) =>
                m.inheritedFrom?.name === 'eventOf'
                  ? { ...m, inheritedFrom: { name: 'FlowbotEvent', module: 'dist/element.js' } }
                  : m,
              ),
          ];
        }
      }
      const element = declarations.find((d) => d.customElement);
      const module = 'dist/element.js';
      manifest.modules = [
        {
          kind: 'javascript-module',
          path: module,
          declarations,
          exports: declarations.map((d) => ({ kind: 'js', name: d.name, declaration: { name: d.name, module } })),
        },
        {
          kind: 'javascript-module',
          path: 'dist/index.js',
          declarations: [],
          exports: [
            ...declarations.map((d) => ({ kind: 'js', name: d.name, declaration: { name: d.name, module } })),
            { kind: 'custom-element-definition', name: element.tagName, declaration: { name: element.name, module } },
          ],
        },
      ];
      const left = JSON.stringify(manifest).match(/"src\/[^"]*"/);
      if (left)
        throw new Error(
          `manifest: a path outside the package is left: ${left[0]} in ${JSON.stringify(manifest).slice(Math.max(0, left.index - 300), left.index + 50)}`,
        );
    },
  };
}

/**
 * The entries `flowbot-chat/<framework>`: each registers the element at run time (they map to
 * `dist/index.js`) and, for the type checker, re-exports the package's types and adds the
 * element to its framework's table of elements.
 */
function frameworkEntries() {
  const header = (what) =>
    `/** ${what} Generated by \`npm run build\` from custom-elements.json. */\nexport * from '${typesFrom}';\n`;
  const files = {
    'jsx.d.ts': `${header('<flowbot-chat> in React 19 JSX (also Next.js): attributes, properties and typed `onflowbot-*` events.')}
import type { CustomElements } from './custom-elements-jsx.js';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements extends CustomElements {}
  }
}
`,
    'preact.d.ts': `${header('<flowbot-chat> in Preact JSX.')}
import type { CustomElements } from './custom-elements-jsx.js';

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements extends CustomElements {}
  }
}
`,
    'svelte.d.ts': `${header('<flowbot-chat> in Svelte 5 templates: attributes, properties and typed `onflowbot-*` events.')}
import type { HTMLAttributes } from 'svelte/elements';
import type { FlowbotChat } from '${typesFrom}';
import type { FlowbotChatProps } from './custom-elements-jsx.js';

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'flowbot-chat': Omit<HTMLAttributes<FlowbotChat>, keyof FlowbotChatProps> & FlowbotChatProps;
  }
}
`,
    // Not custom-element-vuejs-integration: it names the listener props `onflowbot-answer`, and
    // vue-tsc looks `@flowbot-answer` up as `onFlowbotAnswer`, so handlers were left untyped.
    'vue.d.ts': `${header('<flowbot-chat> in Vue 3 templates (GlobalComponents, checked by vue-tsc).')}
import type { DefineComponent } from 'vue';
import type { FlowbotChatProps } from './custom-elements-jsx.js';

type Camel<S extends string> = S extends \`\${infer Head}-\${infer Tail}\` ? \`\${Head}\${Capitalize<Camel<Tail>>}\` : S;
/** Vue looks the listener of \`@flowbot-answer\` up as the prop \`onFlowbotAnswer\`. */
type VueProps<P> = { [K in keyof P as K extends \`on\${infer E}\` ? \`on\${Capitalize<Camel<E>>}\` : K]: P[K] };

declare module 'vue' {
  interface GlobalComponents {
    'flowbot-chat': DefineComponent<VueProps<FlowbotChatProps>>;
  }
}
`,
    'solid.d.ts': `${header('<flowbot-chat> in Solid JSX.')}
import type { CustomElements } from './custom-elements-solid.js';

declare module 'solid-js' {
  namespace JSX {
    interface IntrinsicElements extends CustomElements {}
  }
}
`,
  };
  return {
    name: 'flowbot-framework-entries',
    packageLinkPhase() {
      mkdirSync(outdir, { recursive: true });
      for (const [name, text] of Object.entries(files)) writeFileSync(`${outdir}/${name}`, text);
    },
  };
}

const quiet = { hideLogs: true };

export default {
  globs: ['src/element/flowbot-chat.ts', 'src/element/event-base.ts', 'src/element/events.ts'],
  outdir: '.',
  litelement: true,
  plugins: [
    completeManifest(),
    customElementJsxPlugin({ ...quiet, outdir, fileName: 'custom-elements-jsx.d.ts', globalTypePath: typesFrom }),
    customElementSolidJsPlugin({ ...quiet, outdir, fileName: 'custom-elements-solid.d.ts', globalTypePath: typesFrom }),
    customElementVsCodePlugin({
      ...quiet,
      outdir: 'dist',
      htmlFileName: 'vscode.html-custom-data.json',
      cssFileName: 'vscode.css-custom-data.json',
    }),
    customElementJetBrainsPlugin({ ...quiet, outdir: 'dist', webTypesFileName: 'web-types.json' }),
    frameworkEntries(),
  ],
};
