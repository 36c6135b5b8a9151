// `npm start` says what it does while it builds, then where its pages are; on a taken port, which
// port and which variable changes it: no stack trace.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
let holder: Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => (holder ? holder.close(resolve) : resolve(undefined)));
  holder = undefined;
});

/** Holds a free loopback port, as another program would. */
async function holdAPort(): Promise<number> {
  holder = createServer();
  await new Promise<void>((resolve) => holder!.listen(0, '127.0.0.1', resolve));
  const address = holder.address();
  return typeof address === 'object' && address ? address.port : 0;
}

function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'demo/start.ts'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** A port free right now (held a moment, then let go). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('npm start', () => {
  it('says it is building before its silent build, and gives the pages once they are served', async () => {
    const [api, demo] = [await freePort(), await freePort()];
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'demo/start.ts'], {
      cwd: root,
      env: { ...process.env, FLOWBOT_API_PORT: String(api), FLOWBOT_DEMO_PORT: String(demo) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    /** Each piece of output with the time it came, from the start. */
    const said: { at: number; text: string }[] = [];
    const t0 = performance.now();
    const done = new Promise<void>((resolve, reject) => {
      const listen = (chunk: Buffer) => {
        said.push({ at: performance.now() - t0, text: chunk.toString() });
        if (
          said
            .map((s) => s.text)
            .join('')
            .includes('Press Ctrl+C to stop.')
        )
          resolve();
      };
      child.stdout!.on('data', listen);
      child.stderr!.on('data', listen);
      child.once('exit', (code) => reject(new Error(`npm start ended (${code}): ${said.map((s) => s.text).join('')}`)));
    });
    try {
      await done;
    } finally {
      child.kill('SIGTERM');
    }
    const output = said.map((s) => s.text).join('');
    const building = said.find((s) => /Building the script-tag files/.test(s.text));
    expect(building, output).toBeDefined();
    // Said at once (well before the build's end), and before the addresses.
    expect(building!.at).toBeLessThan(5_000);
    expect(output.indexOf('Building')).toBeLessThan(output.indexOf(`http://127.0.0.1:${demo}/`));
    expect(output).toMatch(/Built in [\d.]+ s\./);
    expect(output).toContain(`Script-tag page    http://127.0.0.1:${demo}/embed.html`);
  }, 120_000);

  for (const [variable, other, what] of [
    ['FLOWBOT_API_PORT', 'FLOWBOT_DEMO_PORT', 'the reference server'],
    ['FLOWBOT_DEMO_PORT', 'FLOWBOT_API_PORT', 'the demo pages'],
  ] as const) {
    it(`names a taken ${variable} and how to change it`, async () => {
      const port = await holdAPort();
      const { code, output } = await start({ [variable]: String(port), [other]: '0' });
      expect(code).toBe(1);
      expect(output).toContain(`Port ${port} (${what}) is already in use`);
      expect(output).toContain(`${variable}=`);
      expect(output).not.toMatch(/EADDRINUSE|\n\s+at /);
    }, 30_000);
  }
});
