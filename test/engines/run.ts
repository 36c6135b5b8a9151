/**
 * The end-to-end conversation in Chromium, Firefox and WebKit: `npx tsx test/engines/run.ts
 * [chromium] [firefox] [webkit]` (all three by default). Serves the e2e pages and the built
 * script-tag file on one loopback origin and the reference server on another, runs every
 * scenario in a fresh browser of each engine, prints one PASS/FAIL line per engine and scenario
 * and a summary, and exits non-zero on any failure. Run `npm run build` first.
 *
 * Which browser plays each engine is decided in `launch.ts`; `CHROMIUM_PATH`, `FIREFOX_PATH` and
 * `MINIBROWSER_PATH` point it at a particular binary. `ENGINE_SCENARIOS=hostile` runs only the
 * scenarios whose name contains that text.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { endProcess, engineNames, launchEngine, withTimeout, type EngineName, type EnginePage } from './launch.js';
import { freePort } from '../support/free-port.js';
import { changedWidgetCode, layoutScenarios, twiceUnderTrustedTypes } from './layout.js';
import { scenarios as conversations, type Site } from './scenarios.js';

const scenarios = [...conversations, ...layoutScenarios, twiceUnderTrustedTypes, changedWidgetCode];

/** Longest wait for a browser to start or answer one command. */
const LAUNCH_TIMEOUT_MS = 45_000;
/** Longest a scenario may take, start to end. */
const SCENARIO_TIMEOUT_MS = 60_000;
/** Longest the whole run may take before everything is ended and the run fails. */
const RUN_TIMEOUT_MS = 10 * 60_000;

const root = fileURLToPath(new URL('../../', import.meta.url));
const iife = `${root}dist/flowbot-chat.iife.js`;

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !engineNames.includes(name as EngineName));
if (unknown.length) {
  console.error(`Unknown engine ${unknown.join(', ')}; choose from ${engineNames.join(', ')}.`);
  process.exit(2);
}
const engines = wanted.length ? engineNames.filter((name) => wanted.includes(name)) : engineNames;
// ENGINE_SCENARIOS=text runs only the scenarios whose name contains it (e.g. `hostile`).
const only = process.env.ENGINE_SCENARIOS?.toLowerCase();
const chosen = only ? scenarios.filter((scenario) => scenario.name.toLowerCase().includes(only)) : scenarios;
if (!chosen.length) {
  console.error(`No scenario name contains "${process.env.ENGINE_SCENARIOS}".`);
  process.exit(2);
}

if (!existsSync(iife)) {
  console.error('No dist/flowbot-chat.iife.js: run `npm run build` first.');
  process.exit(2);
}

// The page server and the reference server, on free loopback ports.
const [pagePort, apiPort] = [await freePort(), await freePort()];
const server = spawn(
  process.execPath,
  ['--import', 'tsx', 'test/e2e/serve.ts', '--page-port', String(pagePort), '--api-port', String(apiPort)],
  {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    // A streamed answer's words 20 ms apart (the e2e suite's 5 ms put a 253-character answer in one
    // WebKit frame on a busy two-core machine, so "it grows on screen" could not be seen).
    env: { ...process.env, FLOWBOT_STREAM_PACE_MS: process.env.FLOWBOT_STREAM_PACE_MS ?? '20' },
  },
);
let serverLog = '';
server.stderr.on('data', (chunk: Buffer) => {
  serverLog = (serverLog + chunk.toString()).slice(-4_000);
});

let current: EnginePage | undefined;
let cleaningUp: Promise<void> | undefined;

/** Ends the browser in use (if any) and the servers: once, whatever happened. */
function cleanUp(): Promise<void> {
  cleaningUp ??= (async () => {
    const page = current;
    current = undefined;
    await page?.close().catch((error: unknown) => console.error(`closing ${page.engine}: ${String(error)}`));
    await endProcess(server);
  })();
  return cleaningUp;
}

const watchdog = setTimeout(() => {
  console.error(`\nThe engine run took longer than ${RUN_TIMEOUT_MS / 60_000} min: stopping.`);
  void cleanUp().finally(() => process.exit(1));
}, RUN_TIMEOUT_MS);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

async function serverOrigins(): Promise<Site> {
  const started = new Promise<Site>((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /pages on (http:\/\/\S+), API on (http:\/\/\S+)/.exec(out);
      if (match) resolve({ pageOrigin: match[1]!.replace(/,$/, ''), apiOrigin: match[2]! });
    });
    server.once('exit', (code) => reject(new Error(`the page server exited (${code}): ${serverLog.trim()}`)));
  });
  const site = await withTimeout(started, 30_000, 'starting the page server');
  const health = await fetch(`${site.pageOrigin}/__health`, { signal: AbortSignal.timeout(5_000) });
  if (!health.ok) throw new Error(`the page server answers ${health.status} on /__health`);
  return site;
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const indent = (text: string) => text.replace(/^/gm, '      ');

let passed = 0;
let failed = 0;
try {
  const site = await serverOrigins();
  console.log(`Three engines: pages on ${site.pageOrigin}, API on ${site.apiOrigin}`);
  for (const engine of engines) {
    let described = false;
    for (const scenario of chosen) {
      const started = Date.now();
      const label = `${engine.padEnd(8)} ${scenario.name}`;
      try {
        // A fresh browser per scenario: no focus, storage or stuck command carried over.
        current = await launchEngine(engine, { timeoutMs: LAUNCH_TIMEOUT_MS }).catch((error: unknown) => {
          throw new Error(`could not start ${engine}: ${error instanceof Error ? error.message : String(error)}`);
        });
        if (!described) {
          console.log(`${engine}: ${current.description}`);
          described = true;
        }
        const note = await withTimeout(scenario.run(current, site), SCENARIO_TIMEOUT_MS, scenario.name);
        passed++;
        console.log(`  PASS  ${label} (${seconds(started)})${note ? `: ${note}` : ''}`);
      } catch (error) {
        failed++;
        console.log(`  FAIL  ${label} (${seconds(started)})`);
        console.log(indent(error instanceof Error ? error.message : String(error)));
      } finally {
        const page = current;
        current = undefined;
        await page?.close().catch((error: unknown) => console.error(`  closing ${engine}: ${String(error)}`));
      }
    }
  }
} catch (error) {
  failed++;
  console.log(`  FAIL  ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await cleanUp();
  clearTimeout(watchdog);
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
