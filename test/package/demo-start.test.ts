// `npm start` on a taken port says which port and which variable changes it: no stack trace (what it
// says while it builds is checked by the demo's e2e test, which starts it with a real build).
import { spawn } from 'node:child_process';
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

describe('npm start', () => {
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
