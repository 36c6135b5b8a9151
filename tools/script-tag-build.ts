// The script-tag files' builds (`vite build --mode <mode>`, see vite.config.ts), in the one order
// they must run, that of their table (src/script-tag/files.ts): each file carries the SHA-384 of files built before it (the answers' file the
// export's, the languages' hashes file each language's, the widget's code every on-demand file's
// and the languages' hashes file's, the script-tag file the widget code's). `npm run build`, the
// demo (`npm start`) and the bench build them through this list alone; vite.config.ts refuses a
// script-tag build mode that is not on it.
import { spawnSync } from 'node:child_process';
import { SCRIPT_TAG_FILES } from '../src/script-tag/files.js';

/** The rows of `src/script-tag/files.ts`, in their order. */
export const SCRIPT_TAG_MODES: readonly string[] = SCRIPT_TAG_FILES.map((row) => row.key);

/**
 * Builds them in order; `before(mode)` is called as each starts. Returns the mode whose build
 * failed, or undefined when all were built.
 */
export function buildScriptTag({
  logLevel = 'warn',
  before = () => undefined,
}: { logLevel?: string; before?: (mode: string) => void } = {}): string | undefined {
  for (const mode of SCRIPT_TAG_MODES) {
    before(mode);
    const run = spawnSync('npx', ['vite', 'build', '--mode', mode, '--logLevel', logLevel], { stdio: 'inherit' });
    if (run.status !== 0) return mode;
  }
  return undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const failed = buildScriptTag();
  if (failed) {
    console.error(`the ${failed} build failed`);
    process.exit(1);
  }
}
