import { beforeAll, describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/protocol/markdown/index.js';
import { renderMessageContent } from '../../../src/render/message.js';
import { mediaFile, richFile } from '../../../src/element/on-demand/loader.js';
import { renderRichText } from '../../../src/render/rich-text.js';
import { HOSTILE_URLS, mount } from './helpers.js';

// Video, audio and embeds are read and drawn by the on-demand part.
beforeAll(() => Promise.all([richFile.load(), mediaFile.load()]));

const SCRIPTY_TEXT = [
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned = 1">',
  '<svg onload="window.__pwned = 1"></svg>',
  '<iframe srcdoc="<script>parent.__pwned = 1</script>"></iframe>',
  '" onmouseover="window.__pwned = 1" x="',
  '<style>*{display:none}</style>',
  '<a href="javascript:window.__pwned = 1">x</a>',
  '{{constructor.constructor("window.__pwned = 1")()}}',
];

/** Everything that would let server data act on the page, as found in the rendered DOM. */
function findDanger(root: Element): string[] {
  const found: string[] = [];
  for (const el of root.querySelectorAll('*')) {
    const tag = el.localName;
    if (['script', 'style', 'object', 'embed', 'base', 'form', 'meta', 'link', 'svg', 'math'].includes(tag))
      found.push(`<${tag}>`);
    for (const attr of el.attributes) {
      if (attr.name.startsWith('on') || attr.name === 'style' || attr.name === 'srcdoc')
        found.push(`${tag}[${attr.name}]`);
      if (
        ['href', 'src', 'action', 'formaction', 'poster', 'xlink:href'].includes(attr.name) &&
        !/^(?:https?:\/\/|mailto:|tel:)/.test(attr.value)
      ) {
        found.push(`${tag}[${attr.name}=${attr.value}]`);
      }
    }
  }
  return found;
}

describe('hostile content', () => {
  it('keeps script-like text as text in rich text', async () => {
    const el = await mount(renderRichText(SCRIPTY_TEXT.map((text) => ({ type: 'p', children: [{ text }] }))));
    expect(findDanger(el)).toEqual([]);
    expect([...el.querySelectorAll('p')].map((p) => p.textContent)).toEqual(SCRIPTY_TEXT);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('keeps script-like text as text in markdown', async () => {
    const el = await mount(renderRichText(parseMarkdown(SCRIPTY_TEXT.join('\n\n'))));
    expect(findDanger(el)).toEqual([]);
    for (const text of SCRIPTY_TEXT) expect(el.textContent).toContain(text);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('lets no hostile URL reach an href or src', async () => {
    const templates = HOSTILE_URLS.flatMap((url) => [
      renderRichText([{ type: 'p', children: [{ type: 'a', url, children: [{ text: 'rich' }] }] }]),
      renderRichText(parseMarkdown(`[md](${url}) <${url}>`)),
      renderMessageContent({ id: '1', type: 'image', content: { url, clickLink: { url, alt: 'x' } } }),
      renderMessageContent({
        id: '2',
        type: 'image',
        content: { url: 'https://cdn.example/a.png', clickLink: { url } },
      }),
      renderMessageContent({ id: '3', type: 'video', content: { type: 'url', url } }),
      renderMessageContent({ id: '4', type: 'audio', content: { url } }),
      renderMessageContent({ id: '5', type: 'embed', content: { url } }),
    ]);
    const el = await mount(templates);
    expect(findDanger(el)).toEqual([]);
    expect(el.querySelectorAll('img')).toHaveLength(HOSTILE_URLS.length);
    expect(el.querySelectorAll('video, audio, iframe')).toHaveLength(0);
    expect(el.textContent).toContain('rich');
  });

  it('ignores attribute-looking keys on nodes and content', async () => {
    const el = await mount([
      renderRichText([
        {
          type: 'p',
          onclick: 'window.__pwned = 1',
          style: 'color:red',
          children: [{ text: 'x', onmouseover: 'y', class: 'evil' }],
        },
      ]),
      renderMessageContent({
        id: '1',
        type: 'image',
        content: { url: 'https://cdn.example/a.png', onerror: 'window.__pwned = 1', style: 'x' },
      }),
      renderMessageContent({
        id: '2',
        type: 'embed',
        content: { url: 'https://forms.example', sandbox: '', srcdoc: '<script>1</script>', allow: 'camera' },
      }),
    ]);
    expect(findDanger(el)).toEqual([]);
    expect(el.querySelector('.evil')).toBeNull();
    expect(el.querySelector('iframe')!.sandbox.length).toBeGreaterThan(0);
    expect(el.querySelector('iframe')!.hasAttribute('allow')).toBe(false);
  });
});
