import { expect as chaiExpect } from '@open-wc/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaFile, richFile } from '../../../src/element/on-demand/loader.js';
import { messageContentStyles, messageToPlain, renderMessageContent } from '../../../src/render/message.js';
import { markup, mount } from './helpers.js';

const msg = (type: string, content: unknown) => ({ id: 'm1', type, content });

beforeAll(async () => {
  // The markdown parser, and the reader, renderer and styles of video, audio and embeds, are
  // loaded on demand (the element waits for them before showing such a message).
  const [rich, media] = await Promise.all([richFile.load(), mediaFile.load()]);
  // The element adopts these styles into its shadow root; the tests adopt them into the page.
  document.adoptedStyleSheets = [
    messageContentStyles.styleSheet!,
    rich.contentStyles.styleSheet!,
    media.contentStyles.styleSheet!,
  ];
});

async function show(type: string, content: unknown, ctx?: Parameters<typeof renderMessageContent>[1]) {
  const template = renderMessageContent(msg(type, content), ctx);
  expect(template).not.toBeNull();
  const el = await mount(template);
  el.style.width = '320px';
  return el;
}

describe('renderMessageContent', () => {
  it('is accessible', async () => {
    const el = await mount([
      renderMessageContent(
        msg('text', {
          type: 'markdown',
          markdown: '# Hi\n\nSee [the docs](https://example.com) or:\n\n1. one\n2. two',
        }),
      ),
      renderMessageContent(msg('image', { url: 'https://cdn.example/a.png', clickLink: { alt: 'A cat' } })),
      renderMessageContent(
        msg('image', { url: 'https://cdn.example/b.png', clickLink: { url: 'https://example.com/b' } }),
      ),
      renderMessageContent(msg('video', { url: 'https://cdn.example/a.mp4' })),
      renderMessageContent(msg('audio', { url: 'https://cdn.example/a.mp3' })),
    ]);
    await chaiExpect(el).to.be.accessible();
  });

  describe('text', () => {
    it('renders rich text', async () => {
      const el = await show('text', {
        type: 'richText',
        richText: [{ type: 'p', children: [{ text: 'Hello ' }, { text: 'you', bold: true }] }],
      });
      expect(el.querySelector('p')!.textContent).toBe('Hello you');
      expect(el.querySelector('strong')!.textContent).toBe('you');
    });

    it('renders markdown to the same DOM as rich text', async () => {
      const fromMd = await show('text', { type: 'markdown', markdown: 'Hello **you**\n\n- a' });
      const fromRich = await show('text', {
        type: 'richText',
        richText: [
          { type: 'p', children: [{ text: 'Hello ' }, { text: 'you', bold: true }] },
          { type: 'p', children: [{ text: '' }] },
          { type: 'ul', children: [{ type: 'li', children: [{ type: 'lic', children: [{ text: 'a' }] }] }] },
        ],
      });
      expect(markup(fromMd)).toBe(markup(fromRich));
    });

    it('sets the conversation language on text', async () => {
      const el = await show('text', { type: 'markdown', markdown: 'Bonjour' }, { lang: 'fr' });
      expect(el.querySelector('[lang="fr"]')!.textContent).toBe('Bonjour');
    });

    it('skips text with nothing to show', () => {
      expect(renderMessageContent(msg('text', { type: 'richText', richText: [] }))).toBeNull();
      expect(renderMessageContent(msg('text', { type: 'markdown', markdown: '   ' }))).toBeNull();
      expect(renderMessageContent(msg('text', { type: 'richText' }))).toBeNull();
    });
  });

  describe('image', () => {
    it('shows the image lazily with its alt text', async () => {
      const el = await show('image', { url: 'https://cdn.example/cat.png', clickLink: { alt: 'A cat' } });
      const img = el.querySelector('img')!;
      expect(img.getAttribute('src')).toBe('https://cdn.example/cat.png');
      expect(img.alt).toBe('A cat');
      expect(img.loading).toBe('lazy');
      expect(el.querySelector('a')).toBeNull();
    });

    it('treats an image without alt text as decorative', async () => {
      const el = await show('image', { url: 'https://cdn.example/cat.png' });
      expect(el.querySelector('img')!.getAttribute('alt')).toBe('');
    });

    it('wraps the image in its safe click link', async () => {
      const el = await show('image', {
        url: 'https://cdn.example/cat.png',
        clickLink: { url: 'https://example.com/cats', alt: 'Cats' },
      });
      const a = el.querySelector('a')!;
      expect(a.getAttribute('href')).toBe('https://example.com/cats');
      expect(a.target).toBe('_blank');
      expect(a.rel).toBe('noopener noreferrer');
      expect(a.querySelector('img')!.alt).toBe('Cats');
    });

    it('gives a link around an image without alt text a name', async () => {
      const el = await show('image', {
        url: 'https://cdn.example/cat.png',
        clickLink: { url: 'https://example.com/cats' },
      });
      expect(el.querySelector('a')!.getAttribute('aria-label')).toBe('Open link');
    });

    it('drops an unsafe click link but keeps the image', async () => {
      const el = await show('image', { url: 'https://cdn.example/cat.png', clickLink: { url: 'javascript:alert(1)' } });
      expect(el.querySelector('a')).toBeNull();
      expect(el.querySelector('img')).not.toBeNull();
    });

    it('resolves relative URLs against the given base', async () => {
      const el = await show(
        'image',
        { url: '/files/a.png', clickLink: { url: 'more' } },
        { baseUrl: 'https://api.example/v/' },
      );
      expect(el.querySelector('img')!.getAttribute('src')).toBe('https://api.example/files/a.png');
      expect(el.querySelector('a')!.getAttribute('href')).toBe('https://api.example/v/more');
    });

    it('tells the caller when the image has settled', async () => {
      const onImageLoad = vi.fn();
      await show('image', { url: '/__no-such-image__.png' }, { onImageLoad });
      await vi.waitFor(() => expect(onImageLoad).toHaveBeenCalled());
    });

    it('skips an image without a usable URL', () => {
      expect(renderMessageContent(msg('image', {}))).toBeNull();
      expect(renderMessageContent(msg('image', { url: 'data:image/png;base64,AAAA' }))).toBeNull();
    });
  });

  describe('video', () => {
    it('plays YouTube from the privacy-enhanced host', async () => {
      const el = await show('video', {
        type: 'youtube',
        id: 'dQw4w9WgXcQ',
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      });
      const frame = el.querySelector('iframe')!;
      expect(frame.src).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
      expect(frame.title).toBe('Video (YouTube)');
      // Fullscreen through `allow` (an `allowfullscreen` beside it only makes the browser warn).
      expect(frame.allow).toContain('fullscreen');
      expect(frame.hasAttribute('allowfullscreen')).toBe(false);
      expect(frame.sandbox.contains('allow-top-navigation')).toBe(false);
    });

    it('recognises YouTube and Vimeo links whatever the type says', async () => {
      for (const url of ['https://youtu.be/dQw4w9WgXcQ', 'https://m.youtube.com/shorts/dQw4w9WgXcQ']) {
        const el = await show('video', { type: 'url', url });
        expect(el.querySelector('iframe')!.src).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
      }
      const vimeo = await show('video', { url: 'https://vimeo.com/channels/staff/76979871' });
      expect(vimeo.querySelector('iframe')!.src).toBe('https://player.vimeo.com/video/76979871');
      expect(vimeo.querySelector('iframe')!.title).toBe('Video (Vimeo)');
    });

    it('plays Vimeo, TikTok and Gumlet by id', async () => {
      const expected: Record<string, string> = {
        vimeo: 'https://player.vimeo.com/video/76979871',
        tiktok: 'https://www.tiktok.com/embed/v2/7106594312292453675',
        gumlet: 'https://play.gumlet.io/embed/64bfb0913ed6e5096d66dc1e',
      };
      const ids: Record<string, string> = {
        vimeo: '76979871',
        tiktok: '7106594312292453675',
        gumlet: '64bfb0913ed6e5096d66dc1e',
      };
      for (const type of Object.keys(expected)) {
        const el = await show('video', { type, id: ids[type] });
        expect(el.querySelector('iframe')!.src).toBe(expected[type]);
      }
    });

    it('refuses provider ids that do not match the provider pattern', () => {
      for (const id of ['../../evil', 'dQw4w9WgXc"><script>', 'short', 'dQw4w9WgXcQ?autoplay=1', '']) {
        expect(renderMessageContent(msg('video', { type: 'youtube', id })), id).toBeNull();
      }
      expect(renderMessageContent(msg('video', { type: 'vimeo', id: '123abc' }))).toBeNull();
    });

    it('plays other URLs in a video element with controls', async () => {
      const el = await show('video', {
        type: 'url',
        url: 'https://cdn.example/clip.mp4',
        areControlsDisplayed: false,
        isAutoplayEnabled: true,
      });
      const video = el.querySelector('video')!;
      expect(video.getAttribute('src')).toBe('https://cdn.example/clip.mp4');
      expect(video.controls).toBe(true);
      expect(video.autoplay).toBe(false);
    });

    it('sizes videos from height, maxWidth and aspectRatio without style attributes', async () => {
      const ratio = await show('video', { type: 'youtube', id: 'dQw4w9WgXcQ', aspectRatio: '4/3' });
      const box = ratio.querySelector('iframe')!.getBoundingClientRect();
      expect(box.width).toBeCloseTo(320, 0);
      expect(box.height).toBeCloseTo(240, 0);

      const fixed = await show('video', { type: 'vimeo', id: '76979871', height: 250, maxWidth: '200px' });
      const frame = fixed.querySelector('iframe')!.getBoundingClientRect();
      expect(frame.height).toBeCloseTo(250, 0);
      expect(frame.width).toBeCloseTo(200, 0);

      const wide = await show('video', { type: 'youtube', id: 'dQw4w9WgXcQ', maxWidth: '9000px' });
      expect(wide.querySelector('iframe')!.getBoundingClientRect().width).toBeLessThanOrEqual(320);

      for (const el of [ratio, fixed, wide]) expect(el.querySelector('[style]')).toBeNull();
    });

    it('defaults provider players to 16:9', async () => {
      const el = await show('video', { type: 'youtube', id: 'dQw4w9WgXcQ', aspectRatio: 'nonsense' });
      const box = el.querySelector('iframe')!.getBoundingClientRect();
      expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
    });
  });

  describe('audio', () => {
    it('shows audio controls and does not autoplay by default', async () => {
      const el = await show('audio', { url: 'https://cdn.example/voice.mp3', isAutoplayEnabled: true });
      const audio = el.querySelector('audio')!;
      expect(audio.getAttribute('src')).toBe('https://cdn.example/voice.mp3');
      expect(audio.controls).toBe(true);
      expect(audio.autoplay).toBe(false);
    });

    it('autoplays only when the message asks and the caller allows it', async () => {
      const el = await show(
        'audio',
        { url: 'https://cdn.example/voice.mp3', isAutoplayEnabled: true },
        { autoplay: true },
      );
      expect(el.querySelector('audio')!.autoplay).toBe(true);
      const off = await show('audio', { url: 'https://cdn.example/voice.mp3' }, { autoplay: true });
      expect(off.querySelector('audio')!.autoplay).toBe(false);
    });
  });

  describe('embed', () => {
    it('shows a sandboxed, titled iframe 400px high by default', async () => {
      const el = await show('embed', { url: 'https://forms.example/f/1' });
      const frame = el.querySelector('iframe')!;
      expect(frame.src).toBe('https://forms.example/f/1');
      expect(frame.title).toBe('Embedded content');
      expect([...frame.sandbox].sort()).toEqual([
        'allow-forms',
        'allow-popups',
        'allow-popups-to-escape-sandbox',
        'allow-scripts',
      ]);
      expect(frame.getAttribute('height')).toBe('400');
      expect(frame.getBoundingClientRect().height).toBeCloseTo(400, 0);
      expect(el.querySelector('[style]')).toBeNull();
    });

    it('uses the given height', async () => {
      const el = await show('embed', { url: 'https://forms.example/f/1', height: '600px' });
      expect(el.querySelector('iframe')!.getAttribute('height')).toBe('600');
      const odd = await show('embed', { url: 'https://forms.example/f/1', height: '100vh; background:red' });
      expect(odd.querySelector('iframe')!.getAttribute('height')).toBe('400');
    });

    it('does not let an embed from the page origin lift its sandbox', async () => {
      const el = await show('embed', { url: '/some/page' });
      const frame = el.querySelector('iframe')!;
      expect(frame.sandbox.contains('allow-scripts')).toBe(true);
      expect(frame.sandbox.contains('allow-same-origin')).toBe(false);
    });
  });

  it('skips custom embeds and unknown types', () => {
    expect(renderMessageContent(msg('custom-embed', { url: 'https://x.example', code: 'alert(1)' }))).toBeNull();
    expect(renderMessageContent(msg('hologram', { url: 'https://x.example' }))).toBeNull();
  });

  it('never throws on malformed messages', async () => {
    const contents: unknown[] = [
      null,
      undefined,
      0,
      'text',
      [],
      true,
      {},
      { url: 42 },
      { url: ['https://x.example'] },
      { type: { evil: 1 }, url: {}, id: 5, height: {}, aspectRatio: [], maxWidth: null, clickLink: 'x' },
      { type: 'richText', richText: 'x' },
      { type: 'markdown', markdown: 7 },
      { richText: [null] },
    ];
    const types = ['text', 'image', 'video', 'audio', 'embed', 'custom-embed', '', 'constructor', '__proto__'];
    const templates = types.flatMap((type) => contents.map((content) => renderMessageContent(msg(type, content))));
    const el = await mount(templates);
    expect(el.querySelectorAll('.fb-content').length).toBe(templates.filter(Boolean).length);
    for (const type of types) {
      for (const content of contents) expect(typeof messageToPlain(msg(type, content))).toBe('string');
    }
    for (const bad of [null, 5, 'x', { type: 'text' }, { type: 7, content: {} }] as unknown[]) {
      expect(renderMessageContent(bad as never)).toBeNull();
      expect(messageToPlain(bad as never)).toBe('');
    }
  });
});

describe('messageToPlain', () => {
  it('summarises each kind of message', () => {
    expect(messageToPlain(msg('text', { type: 'markdown', markdown: '**Hi** there' }))).toBe('Hi there');
    expect(
      messageToPlain(msg('text', { type: 'richText', richText: [{ type: 'p', children: [{ text: 'Hey' }] }] })),
    ).toBe('Hey');
    expect(messageToPlain(msg('image', { url: 'https://cdn.example/a.png', clickLink: { alt: 'A cat' } }))).toBe(
      'Image: A cat',
    );
    expect(messageToPlain(msg('image', { url: 'https://cdn.example/a.png' }))).toBe('Image');
    expect(messageToPlain(msg('video', { type: 'youtube', id: 'dQw4w9WgXcQ' }))).toBe('Video');
    expect(messageToPlain(msg('video', { url: 'https://cdn.example/a.mp4' }))).toBe('Video');
    expect(messageToPlain(msg('audio', { url: 'https://cdn.example/a.mp3' }))).toBe('Audio');
    expect(messageToPlain(msg('embed', { url: 'https://forms.example' }))).toBe('Embedded content');
  });

  it('is empty for what is not shown', () => {
    expect(messageToPlain(msg('custom-embed', { url: 'https://x.example' }))).toBe('');
    expect(messageToPlain(msg('image', { url: 'javascript:alert(1)' }))).toBe('');
    expect(messageToPlain(msg('nope', {}))).toBe('');
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});
