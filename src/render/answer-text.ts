/**
 * The text of an answer and of a rich-text tree, as Markdown or plain text: what Copy puts on the
 * clipboard (`element/answer-actions/`), and what the conversation's export
 * (`element/transcript-export/`, a file of its own) writes each message with. Text only, made from the checked model of a message, never from the page's
 * markup:
 *
 * - a link keeps its URL only when `safeUrl` allows it (http, https, mailto, tel); any other link
 *   is its text alone;
 * - in Markdown, text never turns into markup: `<` and `>` are written as `&lt;` and `&gt;` (no raw
 *   HTML reaches a Markdown viewer) and the characters of Markdown's own syntax are escaped; code
 *   keeps its text in code spans and fenced blocks, where a viewer shows it as text;
 * - a markdown message counts within the response limits (`protocol/limits.ts`): a longer one (a streamed
 *   answer has no other bound) is cut, and the cut says so.
 *
 * Rich text and markdown are written from their tree, the one the bubble drew: a node type this
 * module does not know is written as its text.
 */
import type { AgentSummary } from './on-demand-source.js';
import { isObject } from '../protocol/json.js';
import { LIMITS, SHORTENED } from '../protocol/limits.js';
import { readMessage, type Message, type ReadOptions } from '../protocol/message.js';
import { childrenOf, enter, newWalk, type RichTextNode, type Walk } from '../protocol/rich-text.js';
import { LINK_SCHEMES, safeUrl } from '../protocol/safe-url.js';

/** The formats of a document. */
export type ExportFormat = 'markdown' | 'text';

/** How to read messages: the markdown parser and the media reader (both arrive on demand). */
export type MessageReaders = Pick<ReadOptions, 'markdown' | 'media'> & {
  /** What an agent did around an answer (the on-demand part's `agentSummary`, handed over with the markdown reader). */
  readonly agent?: ((content: unknown) => AgentSummary | undefined) | undefined;
};

/** The format a text is written in. */
export type Mode = ExportFormat;

/** A markdown message's source within the response limits, the cut said as the limits say it. */
export function limitedSource(source: string): string {
  return source.length > LIMITS.messageChars ? `${source.slice(0, LIMITS.messageChars)}\n\n${SHORTENED}` : source;
}

/** The markdown source of a markdown message (a string), or undefined. */
export function markdownOf(message: Message): string | undefined {
  if (!isObject(message) || message.type !== 'text' || !isObject(message.content)) return undefined;
  const c = message.content;
  return typeof c.markdown === 'string' && (c.type === 'markdown' || !Array.isArray(c.richText))
    ? c.markdown
    : undefined;
}

// ---------------------------------------------------------------------------------------------
// Text and Markdown of a rich-text tree

/** Markdown's syntax characters, escaped with a backslash wherever they stand. */
const INLINE_SYNTAX = /[\\`*_[\]~|]/g;
/** What starts a block at the start of a line: a heading, a list item, a rule, a setext line. */
const LINE_START = /^(\s*)([#+=-]|\d{1,9}(?=[.)]))/;

/** `text` as Markdown that shows exactly it: no markup, no HTML. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(INLINE_SYNTAX, '\\$&')
    .replace(/&(?=#?[a-z\d]+;)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .split('\n')
    .map((line) => line.replace(LINE_START, (_m, space: string, mark: string) => `${space}\\${mark}`))
    .join('  \n');
}

/** The longest run of backticks in `text`. */
const longestTicks = (text: string): number => Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));

/** An inline code span holding `text` as is. */
function codeSpan(text: string): string {
  const fence = '`'.repeat(longestTicks(text) + 1);
  const pad = /^[`\s]|[`\s]$/.test(text) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A fenced code block holding `text` as is. */
function codeBlock(text: string): string {
  const fence = '`'.repeat(Math.max(3, longestTicks(text) + 1));
  return `${fence}\n${text}\n${fence}`;
}

/** A URL as a Markdown link destination: the characters that would end it, percent-encoded. */
const destination = (url: string): string =>
  url.replace(/[()<>\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

/** `inner` between `mark`s, its outer white space left outside (where Markdown needs it). */
function wrap(inner: string, mark: string): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(inner)!;
  return match[2] ? `${match[1]}${mark}${match[2]}${mark}${match[3]}` : inner;
}

/** A link: `[text](url)` in Markdown, `text (url)` in plain text. */
export function link(text: string, url: string | undefined, mode: Mode, plain: string): string {
  if (!url) return text;
  if (mode === 'markdown') return `[${text || escapeMarkdown(url)}](${destination(url)})`;
  return plain && plain !== url ? `${text} (${url})` : url;
}

/** The inline content of `nodes`, and its bare text (to tell a link's text from its URL). */
function inline(nodes: unknown[], w: Walk, depth: number, mode: Mode): { out: string; plain: string } {
  let out = '';
  let plain = '';
  for (const value of nodes) {
    if (typeof value === 'string') {
      out += mode === 'markdown' ? escapeMarkdown(value) : value;
      plain += value;
      continue;
    }
    enter(value, w, depth, (node) => {
      if (typeof node.text === 'string') {
        const text = node.text;
        plain += text;
        if (mode === 'text') out += text;
        else if (node.code) out += text ? codeSpan(text) : '';
        else {
          let md = escapeMarkdown(text);
          if (node.italic) md = wrap(md, '_');
          if (node.bold) md = wrap(md, '**');
          out += md;
        }
        return;
      }
      const inner = inline(childrenOf(node, w), w, depth + 1, mode);
      plain += inner.plain;
      // A formula as its source (TeX between its delimiters, which a Markdown viewer with math draws), when
      // it holds nothing a viewer could read as HTML or a link.
      out +=
        node.type === 'a'
          ? link(inner.out, safeUrl(node.url, { allow: LINK_SCHEMES }), mode, inner.plain)
          : node.type === 'math' && /^(\$|\\[([])/.test(inner.plain) && !/[<>&]|\]\s*[([:]/.test(inner.plain)
            ? inner.plain
            : inner.out;
    });
  }
  return { out, plain };
}

/** A paragraph whose only content is code with a line break: a code block. */
function codeBlockText(node: RichTextNode): string | undefined {
  const children = Array.isArray(node.children) ? node.children : [];
  const only = children[0];
  return children.length === 1 &&
    isObject(only) &&
    only.code &&
    typeof only.text === 'string' &&
    only.text.includes('\n')
    ? only.text
    : undefined;
}

/** The block types of a text: paragraphs, lists, and markdown's headings, code blocks, quotes and tables. */
const BLOCKS = new Set(['p', 'ul', 'ol', 'h', 'pre', 'blockquote', 'table']);

/** The blocks of `nodes`, each a string, in order (empty paragraphs, which only space blocks, left out). */
function blocks(nodes: unknown[], w: Walk, depth: number, mode: Mode): string[] {
  const out: string[] = [];
  let loose: unknown[] = [];
  const flush = (): void => {
    const text = inline(loose, w, depth, mode).out.trim();
    if (text) out.push(text);
    loose = [];
  };
  for (const value of nodes) {
    const type = isObject(value) && typeof value.text !== 'string' ? value.type : undefined;
    if (!BLOCKS.has(type as string)) {
      loose.push(value);
      continue;
    }
    flush();
    enter(value, w, depth, (node) => {
      const text = (children: unknown[]): string => inline(children, w, depth + 1, mode).out.trim();
      if (node.type === 'h') {
        // A heading as markdown's own (`#` to `######`), as plain text its words.
        const words = text(childrenOf(node, w));
        const level = Math.min(6, Math.max(1, Number(node.level) || 1));
        if (words) out.push(mode === 'markdown' ? `${'#'.repeat(level)} ${words}` : words);
        return;
      }
      if (node.type === 'pre') {
        const code = childrenOf(node, w)
          .map((leaf) => (isObject(leaf) && typeof leaf.text === 'string' ? leaf.text : ''))
          .join('');
        const lang = typeof node.lang === 'string' ? node.lang.replace(/[^\w+#.-]/g, '') : '';
        out.push(mode === 'markdown' ? codeBlock(code).replace(/^`+/, (fence) => fence + lang) : code);
        return;
      }
      if (node.type === 'blockquote') {
        const inner = blocks(childrenOf(node, w), w, depth + 1, mode).join('\n\n');
        if (inner) out.push(mode === 'markdown' ? inner.replace(/^/gm, '> ') : inner);
        return;
      }
      if (node.type === 'table') {
        // Rows as lines: `| a | b |` with the header's rule in markdown, cells apart by tabs in text.
        const rows = childrenOf(node, w).map((row) =>
          isObject(row) ? childrenOf(row, w).map((cell) => (isObject(cell) ? text(childrenOf(cell, w)) : '')) : [],
        );
        const lines = rows.map((cells) =>
          mode === 'markdown' ? `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |` : cells.join('\t'),
        );
        if (mode === 'markdown' && lines.length) lines.splice(1, 0, `|${' --- |'.repeat(rows[0]!.length)}`);
        if (lines.length) out.push(lines.join('\n'));
        return;
      }
      if (node.type === 'p') {
        const code = codeBlockText(node as RichTextNode);
        if (code !== undefined) {
          out.push(mode === 'markdown' ? codeBlock(code) : code);
          return;
        }
        const text = inline(childrenOf(node, w), w, depth + 1, mode).out.trim();
        if (text) out.push(text);
        return;
      }
      const list = listLines(node as RichTextNode, w, depth, mode);
      if (list) out.push(list);
    });
  }
  flush();
  return out;
}

/** A list, an item a line (and its nested lists indented under it). */
function listLines(node: RichTextNode, w: Walk, depth: number, mode: Mode): string {
  const start = node.type === 'ol' && Number.isInteger(node.start) && (node.start as number) > 0 ? node.start : 1;
  const lines: string[] = [];
  childrenOf(node, w).forEach((item, i) => {
    const marker = node.type === 'ol' ? `${(start as number) + i}. ` : '- ';
    const indent = ' '.repeat(marker.length);
    enter(item, w, depth + 1, (li) => {
      const parts = blocks(childrenOf(li, w), w, depth + 2, mode);
      const body = (parts.length ? parts : ['']).join('\n').split('\n');
      // A task item keeps whether it is done.
      const first = childrenOf(li, w)[0];
      const box = isObject(first) && first.type === 'task' ? (first.checked ? '[x] ' : '[ ] ') : '';
      lines.push(`${marker}${box}${body[0]}`, ...body.slice(1).map((line) => (line ? `${indent}${line}` : line)));
    });
  });
  return lines.join('\n');
}

/** A rich-text tree as Markdown or plain text: blocks apart by a blank line. */
export function richTextToDocument(nodes: unknown, mode: Mode): string {
  return blocks(Array.isArray(nodes) ? nodes : [nodes], newWalk(), 0, mode).join('\n\n');
}

/**
 * The text of an answer as the visitor copies it: a markdown answer's source,
 * else the text of its rich text (links as `text (url)`); within the response
 * limits. '' for what is not text.
 */
export function answerToText(message: Message, readers: MessageReaders): string {
  const source = markdownOf(message);
  // The answer as written, without the thinking an agent may have started it with.
  if (source !== undefined) return limitedSource(readers.agent?.(message.content)?.answer ?? source);
  const m = readMessage(message, readers);
  return m?.kind === 'text' ? richTextToDocument(m.nodes, 'text') : '';
}
