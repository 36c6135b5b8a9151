/**
 * A streamed answer while it grows: the settled blocks (see
 * `protocol/markdown-blocks.ts`) are parsed and templated once and kept; only
 * the tail is parsed again when a piece arrives. Loaded on demand, with the
 * stream reader itself (see `on-demand.ts`).
 */
import { html, type TemplateResult } from 'lit';
import { parseMarkdown } from '../protocol/markdown.js';
import { settledLength } from '../protocol/markdown-blocks.js';
import { renderRichText } from './rich-text.js';

interface Settled {
  /** The settled source rendered so far. */
  source: string;
  /** Its blocks' templates, in order. */
  parts: TemplateResult[];
}

const settledOf = new WeakMap<object, Settled>();

/** The growing text of `entry` (any object that holds it), as safe markdown. */
export function renderStreamingText(entry: { readonly text: string }): TemplateResult {
  const { text } = entry;
  let settled = settledOf.get(entry);
  if (!settled || !text.startsWith(settled.source)) settled = { source: '', parts: [] };
  const cut = settledLength(text);
  if (cut > settled.source.length) {
    settled.parts.push(renderRichText(parseMarkdown(text.slice(settled.source.length, cut))));
    settled.source = text.slice(0, cut);
  }
  settledOf.set(entry, settled);
  return html`<div class="fb-content fb-text">${settled.parts}${renderRichText(parseMarkdown(text.slice(settled.source.length)))}</div>`;
}
