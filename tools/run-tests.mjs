#!/usr/bin/env node
// `npm test`: every check, one after the other (the browser-heavy steps must not overlap on a
// small machine): typecheck, format, lint, unit + browser tests, build, size budget, README's pinned
// script tag, manifest, the framework apps of test/frameworks (installing the packed package),
// end-to-end, visual regression (the widget's look against committed baselines) and the
// end-to-end conversation again in Chromium, Firefox and WebKit.
import { spawnSync } from 'node:child_process';
import { findChromium, NO_CHROMIUM_HELP } from './find-chromium.mjs';

const chromium = await findChromium();
if (!chromium) {
  console.error(`\n${NO_CHROMIUM_HELP}\n`);
  process.exit(1);
}

const steps = [
  ['typecheck', 'npx', ['tsc', '--noEmit']],
  ['format (Prettier)', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ['lint (ESLint)', 'npx', ['eslint', '.']],
  // One after the other: the server's load test must not share the cores with the browser's timing tests.
  ['unit tests (Node)', 'npx', ['vitest', 'run', '--project', 'unit']],
  ['browser tests (Chromium)', 'npx', ['vitest', 'run', '--project', 'browser']],
  ['build', 'npm', ['run', 'build', '--silent']],
  ['size budget', 'node', ['tools/size.mjs']],
  // The tarball's files, publint, @arethetypeswrong/cli, the README's pinned line against the build.
  ['release check', 'node', ['tools/release-check.mjs']],
  ['framework apps (React, Vue, Svelte, Next.js)', 'node', ['test/frameworks/run.mjs']],
  ['end-to-end', 'npx', ['playwright', 'test', '-c', 'test/e2e/playwright.config.ts']],
  ['visual regression', 'npx', ['playwright', 'test', '-c', 'test/visual/playwright.config.ts']],
  ['three engines', 'npx', ['tsx', 'test/engines/run.ts']],
];

for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (run.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds} s`);
    process.exit(run.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds} s)`);
}
console.log('\nAll checks passed.');
