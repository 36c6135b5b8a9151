// The demo needs no network: every asset a shipped flow refers to is served by the reference
// server, and the only media from elsewhere (YouTube, Vimeo) come after a message that says so.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createReferenceApp } from '../../../src/server/app.js';

const dir = new URL('../../../src/server/flows/', import.meta.url);
const flows = readdirSync(dir)
  .filter((name) => name.endsWith('.json') && name !== 'assets.json')
  .map((name) => ({ name, text: readFileSync(new URL(name, dir), 'utf8') }));

const EXPECTED_TYPE: Record<string, RegExp> = {
  svg: /^image\/svg\+xml/,
  html: /^text\/html/,
  wav: /^audio\//,
  webm: /^video\/webm/,
};

describe('demo assets', () => {
  const { app } = createReferenceApp();
  const names = [
    ...new Set(flows.flatMap((f) => [...f.text.matchAll(/\{\{\$assetsUrl\}\}\/([\w.-]+)/g)].map((m) => m[1]!))),
  ];

  it('are referred to by the flows', () => {
    expect(names).toEqual(expect.arrayContaining(['banner.svg', 'clip.webm', 'chime.wav', 'embed.html']));
  });

  for (const name of names) {
    it(`serves ${name}`, async () => {
      const res = await app.request(`/demo-assets/${name}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(EXPECTED_TYPE[name.split('.').pop()!]!);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
    });
  }

  it('serves a real WebM video (EBML header)', async () => {
    const bytes = new Uint8Array(await (await app.request('/demo-assets/clip.webm')).arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  });

  it('says that YouTube and Vimeo need a connection, just before them', () => {
    const demo = JSON.parse(flows.find((f) => f.name === 'demo.json')!.text) as {
      blocks: { messages?: { type: string; text?: string; content?: { type?: string } }[] }[];
    };
    for (const block of demo.blocks) {
      const messages = block.messages ?? [];
      messages.forEach((message, i) => {
        if (message.type !== 'video' || !['youtube', 'vimeo'].includes(message.content?.type ?? '')) return;
        const notes = messages.slice(0, i).filter((m) => m.type === 'text' && /internet connection/.test(m.text ?? ''));
        expect(notes, `a note before the ${message.content?.type} video`).toHaveLength(1);
      });
    }
  });
});
