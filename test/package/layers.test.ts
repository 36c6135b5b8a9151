/**
 * The shape of `src/` (see `src/README.md`): each folder is a layer, and a
 * layer imports only the layers below it, with no exception and no circle.
 * Reads every source file's imports (type-only ones included) as text, so a
 * forbidden import fails `npm test` the moment it is written. An import that
 * leaves `src/` (a demo's file, a tool, a test helper) is forbidden too: what
 * the package's code uses lives in `src/`, under the layer that uses it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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
    expect(leavesSrc(resolve(src, 'server', '../../demo/flows/demo.json'))).toBe(true);
    expect(leavesSrc(resolve(src, 'server', './flows/demo.json'))).toBe(false);
  });
});
