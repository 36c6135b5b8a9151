/**
 * The shape of `src/` (see `src/README.md`): each folder is a layer, and a
 * layer imports only the layers below it, with no exception and no circle.
 * Within the element's layer, each feature is a folder entered by its
 * `index.ts` alone: a feature imports the core, or another feature through
 * its `index.ts`, and so does the rest of the element.
 * Reads every source file's imports (type-only ones included) as text, so a
 * forbidden import fails `npm test` the moment it is written. An import that
 * leaves `src/` (a demo's file, a tool, a test helper) is forbidden too: what
 * the package's code uses lives in `src/`, under the layer that uses it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SCRIPT_TAG_FILES } from '../../src/script-tag/files.js';

const src = fileURLToPath(new URL('../../src/', import.meta.url));

interface Import {
  readonly from: string;
  readonly to: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Whether `target` (a resolved path) is outside `src/`. */
const leavesSrc = (target: string): boolean => !target.startsWith(src);

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const out: Import[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2];
    if (!spec?.startsWith('.')) continue;
    const target = resolve(dirname(file), spec.replace(/\.js$/, '.ts'));
    if (target === file) continue;
    out.push({ from: relative(src, file), to: relative(src, target) });
  }
  return out;
}

const files = sourceFiles(src);
const everyImport = files.flatMap(importsOf);
/** The imports between files of `src/` (those leaving it are checked apart). */
const imports = everyImport.filter((edge) => !leavesSrc(resolve(src, edge.to)));

/**
 * The layers, top first. A layer may import the layers after it in this list
 * (and itself), never one before it. Layers on one line are side by side: they
 * may not import each other. The reference server stands apart, on `api` and
 * `protocol`, and nothing imports it.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['entries'], // index.ts, element.ts, define.ts, react.ts: the npm entries
  ['element'],
  ['script-tag', 'render', 'conversation'],
  // The script tag draws a closed bubble's launcher in the Widget resource's colours, as the widget does.
  ['theme'],
  ['i18n'],
  ['api'],
  ['protocol'],
];
const SERVER_MAY_IMPORT = ['api', 'protocol'];

/** The layer of a file: its folder under `src/`, or `entries` for the files at the top. */
const layerOf = (path: string): string => (path.includes('/') ? path.split('/')[0]! : 'entries');
const rankOf = (layer: string): number => LAYERS.findIndex((line) => line.includes(layer));

function allowed(edge: Import): boolean {
  const from = layerOf(edge.from);
  const to = layerOf(edge.to);
  if (from === to) return true;
  if (from === 'server') return SERVER_MAY_IMPORT.includes(to);
  if (to === 'server') return false;
  const [a, b] = [rankOf(from), rankOf(to)];
  return a >= 0 && b > a && !LAYERS[a]!.includes(to);
}

/**
 * The element's own parts, which are no feature: its files at the top of `element/` (the
 * component), the controllers it always owns and the plumbing of what loads on demand. Every
 * other folder of `element/` is a feature: its code in that folder, entered by its `index.ts`.
 */
const ELEMENT_PARTS = ['controllers', 'on-demand'];

/** The feature a file belongs to (its folder under `element/`), or undefined for a file of no feature. */
function featureOf(path: string): string | undefined {
  const [layer, folder, ...rest] = path.split('/');
  return layer === 'element' && rest.length > 0 && !ELEMENT_PARTS.includes(folder!) ? folder : undefined;
}

/** The files of `src/` a row of the table of files builds a file from (a feature's `index.ts`, or a second entry of it). */
const ENTRIES = new Set<string>(SCRIPT_TAG_FILES.map((row) => row.entry.replace(/^src\//, '')));

/**
 * Whether an import reaches a feature's code from inside that feature, or through the feature's
 * `index.ts`, or another entry of it that the table of files builds a file from (the first turn's
 * `open.ts`: a tapped bubble's panel, its own file).
 */
function throughEntry(edge: Import): boolean {
  const feature = featureOf(edge.to);
  return (
    feature === undefined ||
    featureOf(edge.from) === feature ||
    edge.to === `element/${feature}/index.ts` ||
    ENTRIES.has(edge.to)
  );
}

const features = [...new Set(files.map((file) => featureOf(relative(src, file))))].filter((f) => f !== undefined);

describe('the layers of src/', () => {
  it('finds the source files and their imports', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(imports.some((edge) => edge.from === 'conversation/controller.ts')).toBe(true);
    // Every folder of src/ is a layer of the list (a new folder must be placed in it).
    const folders = new Set(files.map((file) => layerOf(relative(src, file))));
    expect([...folders].filter((folder) => folder !== 'server' && rankOf(folder) < 0)).toEqual([]);
  });

  it('imports only what each layer may import', () => {
    const forbidden = imports.filter((edge) => !allowed(edge)).map((edge) => `${edge.from} → ${edge.to}`);
    expect(forbidden).toEqual([]);
  });

  it('imports nothing from outside src/', () => {
    const outside = everyImport.filter((edge) => leavesSrc(resolve(src, edge.to)));
    expect(outside.map((edge) => `${edge.from} → ${edge.to}`)).toEqual([]);
  });

  it('gives every feature of the element a folder entered by its index.ts', () => {
    expect(features).toEqual(expect.arrayContaining(['agent', 'controls', 'media', 'stream', 'voice']));
    const entries = new Set(files.map((file) => relative(src, file)));
    expect(features.filter((feature) => !entries.has(`element/${feature}/index.ts`))).toEqual([]);
  });

  it('imports a feature of the element only through its index.ts (from another feature, the element or an entry)', () => {
    const inside = imports.filter((edge) => !throughEntry(edge)).map((edge) => `${edge.from} → ${edge.to}`);
    expect(inside).toEqual([]);
  });

  it('keeps the wire format free of every other layer', () => {
    expect(imports.filter((edge) => layerOf(edge.from) === 'protocol' && layerOf(edge.to) !== 'protocol')).toEqual([]);
  });

  it('has no import circles', () => {
    const graph = new Map<string, string[]>();
    for (const edge of imports) graph.set(edge.from, [...(graph.get(edge.from) ?? []), edge.to]);
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        circles.push([...path.slice(path.indexOf(file)), file].join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
    expect(circles).toEqual([]);
  });

  it('fails on a forbidden import (the check itself works)', () => {
    expect(allowed({ from: 'conversation/controller.ts', to: 'render/message.ts' })).toBe(false);
    expect(allowed({ from: 'protocol/message.ts', to: 'api/viewer.ts' })).toBe(false);
    expect(allowed({ from: 'api/viewer.ts', to: 'protocol/turn.ts' })).toBe(true);
    expect(allowed({ from: 'render/transcript.ts', to: 'element/flowbot-chat.ts' })).toBe(false);
    expect(allowed({ from: 'element/flowbot-chat.ts', to: 'render/transcript.ts' })).toBe(true);
    expect(allowed({ from: 'server/app.ts', to: 'conversation/controller.ts' })).toBe(false);
    expect(allowed({ from: 'element/flowbot-chat.ts', to: 'server/app.ts' })).toBe(false);
    expect(throughEntry({ from: 'element/stream/view.ts', to: 'element/agent/view.ts' })).toBe(false);
    expect(throughEntry({ from: 'element/stream/view.ts', to: 'element/agent/index.ts' })).toBe(true);
    expect(throughEntry({ from: 'element/stream/index.ts', to: 'element/stream/view.ts' })).toBe(true);
    expect(throughEntry({ from: 'element/on-demand/features.ts', to: 'element/voice/speech.ts' })).toBe(false);
    expect(throughEntry({ from: 'element/chat.ts', to: 'element/media/view.ts' })).toBe(false);
    expect(throughEntry({ from: 'element/chat.ts', to: 'element/controllers/draft.ts' })).toBe(true);
    expect(throughEntry({ from: 'element/invitation/invite.ts', to: 'element/events.ts' })).toBe(true);
    expect(leavesSrc(resolve(src, 'server', '../../demo/flows/demo.json'))).toBe(true);
    expect(leavesSrc(resolve(src, 'server', './flows/demo.json'))).toBe(false);
  });
});
