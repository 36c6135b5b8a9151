/**
 * The shape of `src/` (see `src/README.md`): which layer may import which, and
 * no import circles. Reads every source file's imports as text, so a forbidden
 * import fails `npm test` the moment it is written.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../src/', import.meta.url));

interface Import {
  readonly from: string;
  readonly to: string;
  readonly typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const out: Import[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[3] ?? match[4];
    if (!spec?.startsWith('.')) continue;
    const target = resolve(dirname(file), spec.replace(/\.js$/, '.ts'));
    if (target === file || !target.startsWith(src)) continue;
    out.push({ from: relative(src, file), to: relative(src, target), typeOnly: !!match[2] });
  }
  return out;
}

const files = sourceFiles(src);
const imports = files.flatMap(importsOf);

/** The layer of a file: its folder under `src/`, or `element` for the files at the top. */
const layerOf = (path: string): string => (path.includes('/') ? path.split('/')[0]! : 'element');

/** What each layer may import (besides itself). */
const ALLOWED: Record<string, readonly string[]> = {
  api: ['protocol'],
  protocol: ['api'],
  // The script-tag file hands its fetch endpoint over with its Lit (the uploads' first step).
  lazy: ['api:api/fetch-endpoint.ts'],
  theme: ['protocol'],
  conversation: ['api', 'protocol'],
  render: ['api', 'protocol', 'lazy', 'element:i18n.ts', 'element:i18n-pt-br.ts', 'element:i18n-strings.ts'],
  server: ['api', 'protocol'],
  element: ['api', 'protocol', 'conversation', 'render', 'theme', 'lazy', 'element'],
};

/** Type-only imports that a layer may make of another, each with its reason in the importing file. */
const TYPE_ONLY: Record<string, readonly string[]> = {
  render: ['conversation/transcript.ts'],
};

/**
 * Single imports across the rules, each for a reason: the on-demand part bundles what arrives
 * late, and the storage code of `persist` is among it (the renderers themselves never use it).
 */
const EXCEPTIONS: ReadonlySet<string> = new Set(['render/on-demand.ts → conversation/persistence.ts']);

function allowed(edge: Import): boolean {
  const from = layerOf(edge.from);
  const to = layerOf(edge.to);
  if (from === to || EXCEPTIONS.has(`${edge.from} → ${edge.to}`)) return true;
  const rules = ALLOWED[from] ?? [];
  if (rules.includes(to) || rules.includes(`${to}:${edge.to}`)) return true;
  return edge.typeOnly && (TYPE_ONLY[from] ?? []).includes(edge.to);
}

describe('the layers of src/', () => {
  it('finds the source files and their imports', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(imports.some((edge) => edge.from === 'conversation/controller.ts')).toBe(true);
  });

  it('imports only what each layer may import', () => {
    const forbidden = imports.filter((edge) => !allowed(edge)).map((edge) => `${edge.from} → ${edge.to}`);
    expect(forbidden).toEqual([]);
  });

  it('keeps the wire format free of the conversation, the renderers, the theme and the element', () => {
    const upward = imports.filter(
      (edge) => layerOf(edge.from) === 'protocol' && !['protocol', 'api'].includes(layerOf(edge.to)),
    );
    expect(upward).toEqual([]);
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
    expect(allowed({ from: 'conversation/controller.ts', to: 'render/message.ts', typeOnly: false })).toBe(false);
    expect(allowed({ from: 'protocol/message.ts', to: 'render/message.ts', typeOnly: true })).toBe(false);
    expect(allowed({ from: 'render/transcript.ts', to: 'conversation/controller.ts', typeOnly: true })).toBe(false);
    expect(allowed({ from: 'render/transcript.ts', to: 'conversation/transcript.ts', typeOnly: true })).toBe(true);
  });
});
