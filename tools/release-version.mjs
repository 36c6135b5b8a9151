#!/usr/bin/env node
// npm's `version` step (`npm version 0.2.0`, `npm version minor`): after npm has written the new
// version into package.json and before it commits, this moves the rest with it, so the three never
// disagree: CHANGELOG.md's "Unreleased" section becomes the version's (dated today), the build is
// made again (dist/sri.json carries the version), and README.md's pinned lines take the new
// version and hashes. npm's commit then holds all of it.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
const today = new Date().toISOString().slice(0, 10);

const changelog = readFileSync('CHANGELOG.md', 'utf8');
if (changelog.includes(`## [${version}]`)) {
  console.log(`CHANGELOG.md already has ${version}`);
} else if (!changelog.includes('## [Unreleased]')) {
  console.error('CHANGELOG.md has no "## [Unreleased]" section to release.');
  process.exit(1);
} else {
  writeFileSync('CHANGELOG.md', changelog.replace('## [Unreleased]', `## [Unreleased]\n\n## [${version}] - ${today}`));
  console.log(`CHANGELOG.md: Unreleased → ${version} (${today})`);
}

const npm = (args) => execFileSync('npm', args, { stdio: 'inherit' });
npm(['run', 'build', '--silent']);
npm(['run', 'readme:sri', '--silent']);
execFileSync('git', ['add', 'CHANGELOG.md', 'README.md'], { stdio: 'inherit' });
