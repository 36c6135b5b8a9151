#!/usr/bin/env node
// `npm run build`: the npm ES modules, the script-tag file, the Node server entry, type
// declarations and the custom-elements manifest.
import { rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

rmSync('dist', { recursive: true, force: true });
const steps = [
  ['npx', ['vite', 'build', '--logLevel', 'warn']],
  ['npx', ['vite', 'build', '--mode', 'iife', '--logLevel', 'warn']],
  ['npx', ['vite', 'build', '--mode', 'lazy', '--logLevel', 'warn']],
  ['npx', ['vite', 'build', '--mode', 'server', '--logLevel', 'warn']],
  ['npx', ['tsc', '-p', 'tsconfig.build.json']],
  ['node', ['scripts/manifest.mjs']],
];
for (const [cmd, args] of steps) {
  const run = spawnSync(cmd, args, { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`build step failed: ${cmd} ${args.join(' ')}`);
    process.exit(run.status ?? 1);
  }
}
console.log('built dist/ and custom-elements.json');
