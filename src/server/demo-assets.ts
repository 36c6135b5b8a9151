/**
 * The demo flows' media, served under `/demo-assets/<name>` so the demo works
 * offline: SVG pictures, an embed page and a short video (data in
 * `flows/assets.json`, beside the flows, so the server's bundle carries it; the
 * video as base64) plus a short chime generated here (`chime.wav`).
 */
import assets from './flows/assets.json' with { type: 'json' };

export interface DemoAsset {
  type: string;
  body: string | Uint8Array<ArrayBuffer>;
}

const TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  html: 'text/html; charset=utf-8',
  wav: 'audio/wav',
  webm: 'video/webm',
};

let chime: Uint8Array<ArrayBuffer> | undefined;

/** A 0.4 s, 880 Hz fading tone: 8 kHz, 8-bit mono PCM in a WAV container. */
function makeChime(): Uint8Array<ArrayBuffer> {
  const rate = 8000;
  const samples = Math.round(rate * 0.4);
  const bytes = new Uint8Array(new ArrayBuffer(44 + samples));
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // PCM chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate, true); // byte rate
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, samples, true);
  for (let i = 0; i < samples; i++) {
    const fade = 1 - i / samples;
    bytes[44 + i] = Math.round(128 + 100 * fade * Math.sin((2 * Math.PI * 880 * i) / rate));
  }
  return bytes;
}

const files = assets.files as Record<string, string>;
const binary = assets.binary as Record<string, string>;
const decoded = new Map<string, Uint8Array<ArrayBuffer>>();

/** The asset called `name`, or undefined. */
export function demoAsset(name: string): DemoAsset | undefined {
  const type = TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream';
  if (name === 'chime.wav') return { type, body: (chime ??= makeChime()) };
  if (Object.hasOwn(binary, name)) {
    let body = decoded.get(name);
    if (!body) decoded.set(name, (body = new Uint8Array(Buffer.from(binary[name]!, 'base64'))));
    return { type, body };
  }
  const body = Object.hasOwn(files, name) ? files[name] : undefined;
  if (body === undefined) return undefined;
  return { type, body };
}
