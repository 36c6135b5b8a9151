/**
 * Makes `clip.webm`, the demo flow's short video (served by the reference server with the other
 * demo assets, so the demo needs no network): 2.5 s, 320 × 180, drawn on a canvas in headless
 * Chromium and recorded with MediaRecorder (VP8). Writes it, base64, into
 * `src/server/flows/assets.json` under `binary`. Run: `npx tsx tools/make-demo-clip.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../test/support/browser-launch.js';

const assetsPath = fileURLToPath(new URL('../src/server/flows/assets.json', import.meta.url));
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await browser.newPage();
  const record = async (): Promise<string> => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const g = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(25), {
      mimeType: 'video/webm;codecs=vp8',
      videoBitsPerSecond: 120_000,
    });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    const started = performance.now();
    const draw = (): void => {
      const t = (performance.now() - started) / 2500;
      g.fillStyle = '#eef2ff';
      g.fillRect(0, 0, 320, 180);
      g.fillStyle = '#4f46e5';
      g.beginPath();
      g.arc(40 + 240 * Math.min(t, 1), 90, 28, 0, 2 * Math.PI);
      g.fill();
      g.fillStyle = '#0f172a';
      g.font = 'bold 18px sans-serif';
      g.fillText('flowbot demo clip', 84, 160);
      if (t < 1) requestAnimationFrame(draw);
      else recorder.stop();
    };
    recorder.start();
    draw();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  };
  // Sent as source: the TypeScript loader names functions with a `__name` helper the page lacks.
  const base64 = (await page.evaluate(
    `(() => { const __name = (f) => f; return (${record.toString()})(); })()`,
  )) as string;
  const assets = JSON.parse(readFileSync(assetsPath, 'utf8')) as { binary?: Record<string, string> };
  assets.binary = { ...assets.binary, 'clip.webm': base64 };
  writeFileSync(assetsPath, `${JSON.stringify(assets, null, 2)}\n`);
  console.log(`clip.webm: ${Math.round((base64.length * 3) / 4 / 1024)} KB`);
} finally {
  await browser.close();
}
