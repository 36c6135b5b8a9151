/**
 * Rich-text bubbles: an untrusted tree walked into Lit templates. Text is only
 * ever bound as text, links only get URLs that passed `safeUrl`, and any shape
 * (wrong types, cycles, huge or deep trees) degrades instead of throwing (the
 * bounded walk and the plain-text reading are in `protocol/rich-text.ts`).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { childrenOf, enter, MAX_NODES, newWalk, plainOf, type Walk } from '../protocol/rich-text.js';
import { LINK_SCHEMES, safeUrl } from '../protocol/safe-url.js';

type Obj = Record<string, unknown>;

/** Text with its line breaks as `<br>`. */
function lines(text: string): unknown {
  if (!/[\r\n]/.test(text)) return text;
  return text.split(/\r\n?|\n/).map((line, i) => (i ? html`<br>${line}` : line));
}

function leaf(node: Obj & { text: string }): unknown {
  if (!node.text) return '';
  let out = lines(node.text);
  if (node.code) out = html`<code>${out}</code>`;
  if (node.underline) out = html`<u>${out}</u>`;
  if (node.italic) out = html`<em>${out}</em>`;
  if (node.bold) out = html`<strong>${out}</strong>`;
  return out;
}

function listStart(value: unknown): number | typeof nothing {
  return Number.isInteger(value) && (value as number) > 1 && (value as number) < 1e9 ? (value as number) : nothing;
}

function renderNode(value: unknown, w: Walk, depth: number): unknown {
  if (typeof value === 'string') return lines(value);
  const out = enter(value, w, depth, (node) => {
    if (typeof node.text === 'string') return leaf(node as Obj & { text: string });
    const kids = () => childrenOf(node, w).map((child) => renderNode(child, w, depth + 1));
    switch (node.type) {
      case 'p': {
        const parts = kids();
        // An empty paragraph is a blank line: the <br> gives it a line's height.
        return parts.every((p) => p === '' || p === nothing) ? html`<p><br></p>` : html`<p>${parts}</p>`;
      }
      case 'a': {
        const href = safeUrl(node.url, { allow: LINK_SCHEMES });
        const parts = kids();
        if (!href) return parts;
        const label = parts.some((p) => p !== '' && p !== nothing) ? parts : href;
        const target = /^https?:/.test(href) ? '_blank' : nothing;
        return html`<a href=${href} target=${target} rel="noopener noreferrer">${label}</a>`;
      }
      case 'ul':
        return html`<ul>${kids()}</ul>`;
      case 'ol':
        return html`<ol start=${listStart(node.start)}>${kids()}</ol>`;
      case 'li':
        return html`<li>${kids()}</li>`;
      case 'lic':
        return kids();
      default:
        return plainOf(node.children, w, depth + 1);
    }
  });
  return out ?? nothing;
}

/**
 * Walks an untrusted rich-text tree into a Lit template (never innerHTML).
 * Elements: `p` (an empty one is a blank line), `a` (URL through `safeUrl`,
 * opens in a new tab with `rel="noopener noreferrer"`; an unsafe URL leaves
 * the content without a link), `ul`/`ol` → `li` → `lic`. Leaf marks: bold,
 * italic, underline, code. Unknown elements show their children as plain text.
 */
export function renderRichText(nodes: unknown): TemplateResult {
  const w = newWalk();
  const list = Array.isArray(nodes) ? nodes.slice(0, MAX_NODES) : [nodes];
  return html`${list.map((node) => renderNode(node, w, 0))}`;
}
