import { describe, expect, it } from 'vitest';
import { LINK_SCHEMES, safeUrl } from '../../../src/protocol/safe-url.js';
import { HOSTILE_URLS } from '../render/helpers.js';

describe('safeUrl', () => {
  it('keeps absolute http and https URLs, normalised', () => {
    expect(safeUrl('https://example.com/a b?q=1&r=2#top')).toBe('https://example.com/a%20b?q=1&r=2#top');
    expect(safeUrl('HTTP://EXAMPLE.com')).toBe('http://example.com/');
    expect(safeUrl('  https://example.com/x  ')).toBe('https://example.com/x');
  });

  it('resolves relative URLs against the base, or the document', () => {
    expect(safeUrl('/img/a.png', { base: 'https://cdn.example/x/' })).toBe('https://cdn.example/img/a.png');
    expect(safeUrl('b.png', { base: 'https://cdn.example/x/' })).toBe('https://cdn.example/x/b.png');
    expect(safeUrl('//other.example/p')).toBe(`${location.protocol}//other.example/p`);
    expect(safeUrl('/a.png')).toBe(new URL('/a.png', document.baseURI).href);
  });

  it('allows mailto: and tel: only when asked to', () => {
    expect(safeUrl('mailto:hi@example.com')).toBeUndefined();
    expect(safeUrl('tel:+33123456789')).toBeUndefined();
    expect(safeUrl('mailto:hi@example.com', { allow: LINK_SCHEMES })).toBe('mailto:hi@example.com');
    expect(safeUrl('TEL:+33123456789', { allow: LINK_SCHEMES })).toBe('tel:+33123456789');
    expect(safeUrl('ftp://example.com/f', { allow: LINK_SCHEMES })).toBeUndefined();
  });

  it('rejects script, data and local schemes however they are disguised', () => {
    for (const url of HOSTILE_URLS) {
      expect(safeUrl(url), JSON.stringify(url)).toBeUndefined();
      expect(safeUrl(url, { allow: LINK_SCHEMES }), JSON.stringify(url)).toBeUndefined();
    }
  });

  it('never allows the dangerous schemes, even when listed', () => {
    expect(safeUrl('javascript:alert(1)', { allow: ['javascript:', 'http:'] })).toBeUndefined();
    expect(safeUrl('data:text/plain,hi', { allow: ['data'] })).toBeUndefined();
  });

  it('keeps URLs whose query merely contains an ampersand', () => {
    expect(safeUrl('https://example.com/?a=1&amp;b=2')).toBe('https://example.com/?a=1&amp;b=2');
  });

  it('returns undefined for anything that is not a usable string', () => {
    for (const value of [undefined, null, 42, {}, [], true, '', '   ', 'https://' + 'a'.repeat(9000)]) {
      expect(safeUrl(value)).toBeUndefined();
    }
    expect(safeUrl('http://[bad')).toBeUndefined();
  });
});
