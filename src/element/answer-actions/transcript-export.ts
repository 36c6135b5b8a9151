/**
 * A conversation as a document a visitor can keep: Markdown or plain text,
 * who said what and when, the answers as they were shown (links kept as
 * `[text](url)`, files by name and URL), and the text of one answer for the
 * clipboard. What comes out is text only, made from the checked model of each
 * message, never from the page's markup:
 *
 * - a link keeps its URL only when `safeUrl` allows it (http, https, mailto,
 *   tel); any other link is its text alone;
 * - in Markdown, text never turns into markup: `<` and `>` are written as
 *   `&lt;` and `&gt;` (no raw HTML reaches a Markdown viewer) and the
 *   characters of Markdown's own syntax are escaped; code keeps its text in
 *   code spans and fenced blocks, where a viewer shows it as text;
 * - each message counts within the response limits (`limits.ts`): a longer
 *   one (a streamed answer has no other bound) is cut, and the cut says so;
 * - images, video and audio are links (a viewer of the file loads nothing by
 *   itself), embeds too.
 *
 * Rich text and markdown are written from their tree, the one the bubble
 * drew: a node type this module does not know is written as its text.
 */
import type { AgentSummary } from '../../render/agent.js';
import { plural } from '../../i18n/plural.js';
import { isObject } from '../../protocol/json.js';
import { LIMITS, SHORTENED } from '../../protocol/limits.js';
import { readMessage, type Message, type ReadOptions } from '../../protocol/message.js';
import { childrenOf, enter, newWalk, type RichTextNode, type Walk } from '../../protocol/rich-text.js';
import { LINK_SCHEMES, safeUrl } from '../../protocol/safe-url.js';
import type { AnswerEntry, BotEntry, TranscriptEntry } from '../../protocol/transcript.js';

/** The formats of an export. */
export type ExportFormat = 'markdown' | 'text';

/** The words an export needs. */
export interface ExportWords {
  readonly bot: string;
  readonly you: string;
  readonly conversation: string;
  readonly image: string;
  readonly video: string;
  readonly audio: string;
  readonly embed: string;
  readonly voiceMessage: string;
  readonly file: string;
  /** What an agent did around an answer (its thinking, tool calls, sources), in the widget's words; English without. */
  readonly agent?: AgentExportWords | undefined;
}

/** The words of what an agent did, in an export. */
export interface AgentExportWords {
  readonly thinking: string;
  readonly usedTools: string;
  readonly toolDone: string;
  readonly toolFailed: string;
  readonly sources: string;
  /** The language of the plurals. */
  readonly lang?: string | undefined;
}

const AGENT_ENGLISH: AgentExportWords = {
  thinking: 'Thinking',
  usedTools: 'one{Used # tool} other{Used # tools}',
  toolDone: '{tool}: done',
  toolFailed: '{tool}: failed',
  sources: 'Sources',
};

/** How to read messages: the markdown parser and the media reader (both arrive on demand). */
export type MessageReaders = Pick<ReadOptions, 'markdown' | 'media'> & {
  /** What an agent did around an answer (the on-demand part's `agentSummary`, handed over with the markdown reader). */
  readonly agent?: ((content: unknown) => AgentSummary | undefined) | undefined;
};

/** Options of `exportTranscript`. */
export interface ExportOptions extends MessageReaders {
  readonly format: ExportFormat;
  readonly words: ExportWords;
  /** The document's title (the widget's); default `words.conversation`. */
  readonly title?: string | undefined;
  /** A message's time, e.g. `10:42`. */
  readonly time: (at: number) => string;
  /** A day, e.g. `20 January 2026`: a line before the first message of each day. */
  readonly day: (at: number) => string;
  /**
   * Called after each message. A long transcript is written in slices: resolve
   * in a later task when the current one has run long enough.
   */
  readonly pause?: (() => Promise<void> | undefined) | undefined;
}

type Mode = ExportFormat;

/** A markdown message's source within the response limits, the cut said as the limits say it. */
function limitedSource(source: string): string {
  return source.length > LIMITS.messageChars ? `${source.slice(0, LIMITS.messageChars)}\n\n${SHORTENED}` : source;
}

/** The markdown source of a markdown message (a string), or undefined. */
function markdownOf(message: Message): string | undefined {
  if (!isObject(message) || message.type !== 'text' || !isObject(message.content)) return undefined;
  const c = message.content;
  return typeof c.markdown === 'string' && (c.type === 'markdown' || !Array.isArray(c.richText))
    ? c.markdown
    : undefined;
}

/** `message` with its markdown source within the limits (the same object when it is). */
function limited(message: Message): Message {
  const source = markdownOf(message);
  if (source === undefined || source.length <= LIMITS.messageChars) return message;
  return { ...message, content: { ...(message.content as object), markdown: limitedSource(source) } };
}

// ---------------------------------------------------------------------------------------------
// Text and Markdown of a rich-text tree

/** Markdown's syntax characters, escaped with a backslash wherever they stand. */
const INLINE_SYNTAX = /[\\`*_[\]~|]/g;
/** What starts a block at the start of a line: a heading, a list item, a rule, a setext line. */
const LINE_START = /^(\s*)([#+=-]|\d{1,9}(?=[.)]))/;

/** `text` as Markdown that shows exactly it: no markup, no HTML. */
function escapeMarkdown(text: string): string {
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
function link(text: string, url: string | undefined, mode: Mode, plain: string): string {
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
      out +=
        node.type === 'a' ? link(inner.out, safeUrl(node.url, { allow: LINK_SCHEMES }), mode, inner.plain) : inner.out;
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

// ---------------------------------------------------------------------------------------------
// Messages and answers

/** The name of a file from its URL: the last part of its path, decoded. */
function fileName(url: string): string {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? '';
    return decodeURIComponent(last) || url;
  } catch {
    return url;
  }
}

/** A media message as a link to it (or its label alone when its URL is not a safe one). */
function mediaLink(label: string, url: unknown, mode: Mode): string {
  const href = safeUrl(url);
  const text = mode === 'markdown' ? escapeMarkdown(label) : label;
  return link(text, href, mode, label);
}

/** A bot message's body in `mode`: '' when the message cannot be shown (the bubble skipped it too). */
export function messageToDocument(message: Message, mode: Mode, words: ExportWords, readers: MessageReaders): string {
  const m = readMessage(limited(message), readers);
  if (!m) return '';
  const content = isObject(message.content) ? message.content : {};
  switch (m.kind) {
    case 'text':
      return agentDocument(
        readers.agent?.(content),
        richTextToDocument(m.nodes, mode),
        mode,
        words.agent ?? AGENT_ENGLISH,
      );
    case 'image': {
      const image = mediaLink(m.alt ? `${words.image}: ${m.alt}` : words.image, m.src, mode);
      return m.href
        ? `${image}\n\n${link(mode === 'markdown' ? escapeMarkdown(m.href) : m.href, m.href, mode, '')}`
        : image;
    }
    case 'frame':
      return mediaLink(m.shows === 'video' ? words.video : words.embed, safeUrl(content.url) ?? m.src, mode);
    case 'video':
      return mediaLink(words.video, m.src, mode);
    case 'audio':
      return mediaLink(words.audio, m.src, mode);
  }
}

/**
 * An agent's answer with what it did: the tools it used (a line each, as the bubble says them),
 * the thinking when the visitor opened it (a quote), the answer, then its sources (links).
 */
function agentDocument(a: AgentSummary | undefined, body: string, mode: Mode, w: AgentExportWords): string {
  if (!a) return body;
  const text = (line: string): string => (mode === 'markdown' ? escapeMarkdown(line) : line);
  const out: string[] = [];
  const count = a.tools.length + a.more;
  if (count)
    out.push(
      [
        text(plural(w.usedTools, count, w.lang)) + ':',
        ...a.tools.map((call) => `- ${text((call.failed ? w.toolFailed : w.toolDone).replace('{tool}', call.name))}`),
      ].join('\n'),
    );
  if (a.thinking && a.opened) out.push(`${w.thinking}:\n${text(a.thinking).replace(/^/gm, '> ')}`);
  out.push(body);
  if (a.sources.length)
    out.push(
      [
        `${w.sources}:`,
        ...a.sources.map(
          (s) => `- ${link(text(s.title ?? (mode === 'markdown' ? s.url : '')), s.url, mode, s.title ?? '')}`,
        ),
      ].join('\n'),
    );
  return out.filter(Boolean).join('\n\n');
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

/** A visitor's answer: what the bubble showed, then its files (or voice message) by name and URL. */
function answerToDocument(entry: AnswerEntry, mode: Mode, words: ExportWords): string {
  const text =
    entry.text.length > LIMITS.answerChars ? entry.text.slice(0, LIMITS.answerChars) + SHORTENED : entry.text;
  const lines: string[] = [];
  const answer: unknown = entry.answer;
  const files: unknown[] = isObject(answer) && Array.isArray(answer.attachedFileUrls) ? answer.attachedFileUrls : [];
  const voice = isObject(answer) && answer.type === 'audio' ? answer.url : undefined;
  // A file input's bubble shows the names of its files: said once, by the list below.
  const names = files.map((url) => (typeof url === 'string' ? fileName(url) : ''));
  if (text.trim() && text !== names.join(', ')) lines.push(mode === 'markdown' ? escapeMarkdown(text) : text);
  const list = files.map((url, i) => {
    const name = names[i] || words.file;
    const href = safeUrl(url, { allow: LINK_SCHEMES });
    return `- ${link(mode === 'markdown' ? escapeMarkdown(name) : name, href, mode, name)}`;
  });
  if (list.length) lines.push(list.join('\n'));
  if (typeof voice === 'string') lines.push(mediaLink(words.voiceMessage, voice, mode));
  return lines.join('\n\n');
}

/**
 * The conversation `entries` as a document: a title, a line for each day, and
 * each message (bot messages and the answers the server took) under who said
 * it and when. Streamed answers still growing and answers not sent are left out.
 */
export async function exportTranscript(entries: readonly TranscriptEntry[], options: ExportOptions): Promise<string> {
  const { format: mode, words } = options;
  const md = mode === 'markdown';
  const esc = (text: string): string => (md ? escapeMarkdown(text) : text);
  const title = options.title?.trim() || words.conversation;
  const out: string[] = [md ? `# ${esc(title)}` : title];
  let lastDay = '';
  for (const entry of entries) {
    const body =
      entry.kind === 'bot'
        ? messageToDocument(entry.message, mode, words, options)
        : entry.kind === 'answer' && entry.state === 'sent'
          ? answerToDocument(entry, mode, words)
          : '';
    if (body) {
      const at = (entry as BotEntry | AnswerEntry).at;
      const day = at === undefined ? '' : options.day(at);
      if (day && day !== lastDay) {
        out.push(md ? `## ${esc(day)}` : day);
        lastDay = day;
      }
      const who = esc(entry.kind === 'bot' ? words.bot : words.you);
      const when = at === undefined ? '' : `, ${esc(options.time(at))}`;
      out.push(md ? `**${who}**${when}:\n\n${body}` : `${who}${when}:\n${body}`);
    }
    const pause = options.pause?.();
    if (pause) await pause;
  }
  return `${out.join('\n\n')}\n`;
}
