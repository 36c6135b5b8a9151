/**
 * The tarball a stranger installs: `npm pack` holds the licence and no build by-products, and the
 * widget's entries install and import with only the widget's own dependencies (no Hono: the
 * reference server carries its own copy). Builds `dist/` first when it is missing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const npm = (args: string[], cwd: string): string =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

let work: string;
let tarball: string;
let files: string[];

beforeAll(() => {
  if (!existsSync(join(root, 'dist/flowbot-chat.iife.js')) || !existsSync(join(root, 'dist/server.js'))) {
    npm(['run', 'build'], root);
  }
  work = mkdtempSync(join(tmpdir(), 'flowbot-pack-'));
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', work], root)) as [
    { filename: string; files: { path: string }[] },
  ];
  tarball = join(work, packed.filename);
  files = packed.files.map((file) => file.path);
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('npm pack', () => {
  it('holds the licence, the entries, the manifest, the README and the docs it links to', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'README.md',
        'docs/security.md',
        'docs/frameworks.md',
        'package.json',
        'custom-elements.json',
        'dist/index.js',
        'dist/flowbot-chat.iife.js',
        'dist/flowbot-chat.main.js',
        'dist/flowbot-chat.lazy.js',
        'dist/sri.json',
        'dist/server.js',
        'dist/types/index.d.ts',
      ]),
    );
  });

  it('leaves out the size breakdown and source maps', () => {
    expect(files.filter((path) => path.endsWith('iife-modules.json') || path.endsWith('.map'))).toEqual([]);
  });

  it('installs and imports without Hono, and the server entry runs on its own copy', async () => {
    const app = join(work, 'app');
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    npm(['install', tarball, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], app);
    expect(existsSync(join(app, 'node_modules/hono'))).toBe(false);
    expect(existsSync(join(app, 'node_modules/@hono'))).toBe(false);
    const script = `
      const widget = await import('flowbot-chat');
      const api = await import('flowbot-chat/api');
      const { startReferenceServer } = await import('flowbot-chat/server');
      const server = await startReferenceServer({ port: 0 });
      const started = await api.createViewerClient({ viewerBaseUrl: server.url }).startChat('goodbye');
      await server.close();
      console.log(JSON.stringify({ element: typeof widget.FlowbotChat, messages: started.messages.length }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, encoding: 'utf8' });
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({ element: 'function', messages: 1 });
  }, 120_000);
});
