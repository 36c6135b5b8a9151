#!/usr/bin/env node
// The size budget of the script-tag file, checked in CI: prints raw, gzip and brotli bytes and
// what each package contributes, and fails when the gzip size is over budget.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { minifySync } from 'rolldown/experimental';

export const BUDGET_GZIP = 30 * 1024;
const TARGET_GZIP = 25 * 1024;
const FILE = 'dist/flowbot-chat.iife.js';

const gzip = (buf) => gzipSync(buf, { level: 9 }).length;
const brotli = (buf) =>
  brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

export function measure(file = FILE) {
  const code = readFileSync(file);
  const parts = existsSync('dist/iife-modules.json')
    ? Object.entries(JSON.parse(readFileSync('dist/iife-modules.json', 'utf8'))).map(([name, src]) => {
        // Minify each package's part alone (the bundler's own minifier) so the figures are comparable.
        let min = src;
        try {
          min = minifySync(`${name}.js`, src).code;
        } catch {
          // Keep the unminified figure if this minifier API ever changes.
        }
        const buf = Buffer.from(min);
        return { name, raw: buf.length, gzip: gzip(buf) };
      })
    : [];
  parts.sort((a, b) => b.raw - a.raw);
  return { file, raw: code.length, gzip: gzip(code), brotli: brotli(code), parts };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(FILE)) {
    console.error(`${FILE} is missing: run npm run build first.`);
    process.exit(1);
  }
  const m = measure();
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`\n${m.file}`);
  console.log(`  raw ${m.raw} B (${kb(m.raw)}) · gzip ${m.gzip} B (${kb(m.gzip)}) · brotli ${m.brotli} B (${kb(m.brotli)})`);
  console.log(`  budget ${kb(BUDGET_GZIP)} gzip (target ${kb(TARGET_GZIP)})`);
  if (m.parts.length) {
    console.log('  by package (minified; gzip of each part alone, so the parts add up to more than the whole):');
    for (const p of m.parts) console.log(`    ${p.name.padEnd(24)} ${String(p.raw).padStart(7)} B raw  ${String(p.gzip).padStart(6)} B gzip`);
  }
  const LAZY = 'dist/flowbot-chat.lazy.js';
  if (existsSync(LAZY)) {
    const lazy = readFileSync(LAZY);
    console.log(
      `\n${LAZY} (fetched beside it only when a conversation needs a rarer control or markdown; not in the budget)\n` +
        `  raw ${lazy.length} B · gzip ${gzip(lazy)} B (${kb(gzip(lazy))}) · brotli ${brotli(lazy)} B`,
    );
  } else {
    console.error(`${LAZY} is missing: the script-tag file cannot load its rarer controls.`);
    process.exit(1);
  }
  // A build that lost the element (a dropped side-effect import, say) is small too: not a win.
  if (m.gzip < 10 * 1024) {
    console.error(`\n✖ ${m.file} is only ${m.gzip} B gzip: the build has lost the element`);
    process.exit(1);
  }
  if (m.gzip > BUDGET_GZIP) {
    console.error(`\n✖ over budget by ${m.gzip - BUDGET_GZIP} B gzip`);
    process.exit(1);
  }
  console.log(`✔ within budget (${kb(BUDGET_GZIP - m.gzip)} to spare)`);
}
