#!/usr/bin/env node
/**
 * `npm test`'s framework step (after the build): the package as a stranger's app gets it.
 * 1. `npm pack` of the working tree, then one `npm install --no-save` of the tarball: the apps'
 *    dependencies come from package-lock.json here and stay in node_modules here between runs
 *    (a few seconds when nothing changed; about 20 s on a fresh clone).
 * 2. Each framework's own type check (skipLibCheck: false, except Next.js's own typings), and a
 *    file per framework that must fail with a wrong `mode` and a wrong event detail.
 * 3. The builds: Vite for React, Vue and Svelte; `next build`.
 * 4. One Playwright run of the four apps against the reference server (ports 4730–4732).
 * Angular 21 needs Node 22: `dom/` checks with plain tsc the DOM typings its template checker uses.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
// Plain tsc checks use the project's TypeScript 7 (several times faster); vue-tsc, svelte-check
// and next build need the JavaScript TypeScript 5 of the apps.
const tsc = `${root}node_modules/.bin/tsc`;

function run(cmd, args, { cwd = here, quiet = false } = {}) {
  const result = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', stdio: quiet ? 'pipe' : 'inherit' });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

const timings = [];
function step(name, body) {
  const started = Date.now();
  body();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${name} ${seconds} s`);
  console.log(`  ✔ ${name} (${seconds} s)`);
}
function must(name, cmd, args, options) {
  const result = run(cmd, args, { quiet: true, ...options });
  if (!result.ok) {
    console.error(result.output);
    throw new Error(`${name} failed`);
  }
}
/** The checker must fail, on both wrong lines. */
function mustFail(name, cmd, args, options) {
  const { ok, output } = run(cmd, args, { quiet: true, ...options });
  const expected = [/"sideways"' is not assignable/, /Property 'nope' does not exist on type 'FlowbotAnswerDetail'/];
  const missing = expected.filter((pattern) => !pattern.test(output));
  if (ok || missing.length) {
    console.error(output);
    throw new Error(`${name}: expected a type error for ${missing.join(' and ') || 'the file'}`);
  }
}

try {
  step('install (npm pack + npm install of the tarball)', () => {
    const pack = `${here}.pack/`;
    rmSync(pack, { recursive: true, force: true });
    mkdirSync(pack);
    must('npm pack', 'npm', ['pack', '--silent', '--pack-destination', pack], { cwd: root });
    const tarball = readdirSync(pack).find((f) => f.endsWith('.tgz'));
    // The lockfile pins the frameworks; --no-save keeps it and package.json as they are. Removing
    // the old copy makes npm unpack this tarball even when its name has not changed.
    rmSync(`${here}node_modules/flowbot-chat`, { recursive: true, force: true });
    must('npm install', 'npm', ['install', '--no-save', '--no-audit', '--no-fund', `./.pack/${tarball}`]);
  });

  step('type checks (each must-fail file fails)', () => {
    must('React: tsc', tsc, ['-p', 'react/tsconfig.json']);
    mustFail('React: wrong.tsx', tsc, ['-p', 'react/tsconfig.wrong.json']);
    must('Vue: vue-tsc', 'npx', ['vue-tsc', '-p', 'vue/tsconfig.json']);
    mustFail('Vue: Wrong.vue', 'npx', ['vue-tsc', '-p', 'vue/tsconfig.wrong.json']);
    must('Svelte: svelte-check', 'npx', ['svelte-check', '--tsconfig', './tsconfig.json', '--fail-on-warnings'], {
      cwd: `${here}svelte`,
    });
    mustFail('Svelte: Wrong.svelte', 'npx', ['svelte-check', '--tsconfig', './tsconfig.wrong.json'], {
      cwd: `${here}svelte`,
    });
    must('Next.js: tsc', tsc, ['-p', 'next/tsconfig.json']);
    mustFail('Next.js: wrong.tsx', tsc, ['-p', 'next/tsconfig.wrong.json']);
    must('DOM typings (Angular): tsc', tsc, ['-p', 'dom/tsconfig.json']);
    mustFail('DOM typings: wrong.ts', tsc, ['-p', 'dom/tsconfig.wrong.json']);
  });

  step('builds (Vite x3, next build)', () => {
    for (const app of ['react', 'vue', 'svelte'])
      must(`${app}: vite build`, 'npx', ['vite', 'build', '-c', `${app}/vite.config.ts`]);
    must('next build', 'npx', ['next', 'build', 'next']);
  });

  step('browsers (one Playwright run, four apps)', () => {
    if (!run('npx', ['playwright', 'test', '-c', 'test/frameworks/playwright.config.ts'], { cwd: root }).ok) {
      throw new Error('the apps failed in the browser');
    }
  });
} catch (error) {
  console.error(`\n✖ frameworks: ${error.message}`);
  process.exit(1);
}
console.log(`frameworks: ${timings.join(', ')}`);
