#!/usr/bin/env node
// Generates custom-elements.json from the element's JSDoc. The analyzer also rewrites
// package.json's `customElements` field; ours is already right, so package.json is restored.
import { readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const pkg = readFileSync('package.json', 'utf8');
const run = spawnSync(
  'npx',
  ['cem', 'analyze', '--litelement', '--globs', 'src/flowbot-chat.ts', 'src/events.ts', '--outdir', '.', '--quiet'],
  { stdio: 'inherit' },
);
writeFileSync('package.json', pkg);
if (run.status !== 0) process.exit(run.status ?? 1);
const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
const element = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'flowbot-chat');
if (!element) {
  console.error('custom-elements.json has no <flowbot-chat> declaration');
  process.exit(1);
}
console.log(
  `custom-elements.json: <flowbot-chat> with ${element.attributes?.length ?? 0} attributes, ` +
    `${element.events?.length ?? 0} events, ${element.cssParts?.length ?? 0} parts, ` +
    `${element.cssProperties?.length ?? 0} custom properties`,
);
