/**
 * A conversation as a document a visitor can keep (Download, and the element's
 * `exportTranscript`): Markdown or plain text, who said what and when, the answers as they were
 * shown (links kept as `[text](url)`, files by name and URL). Each message is written by Copy's
 * writer (`render/answer-text.ts`, with its rules: text only, links through `safeUrl`,
 * Markdown escaped, within the response limits); besides:
 *
 * - images, video and audio are links (a viewer of the file loads nothing by itself), embeds too;
 * - a visitor's answer longer than the limits is cut, and the cut says so.
 */
import type { AgentSummary } from '../agent/index.js';
import { plural } from '../../i18n/plural.js';
import { isObject } from '../../protocol/json.js';
import { LIMITS, SHORTENED } from '../../protocol/limits.js';
import { readMessage, type Message } from '../../protocol/message.js';
import { LINK_SCHEMES, safeUrl } from '../../protocol/safe-url.js';
import type { AnswerEntry, BotEntry, TranscriptEntry } from '../../protocol/transcript.js';
import {
  escapeMarkdown,
  limitedSource,
  link,
  markdownOf,
  richTextToDocument,
  type ExportFormat,
  type MessageReaders,
  type Mode,
} from '../../render/answer-text.js';

export type { ExportFormat, MessageReaders };

/** The words an export needs. */
export interface ExportStrings {
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
  readonly agent?: AgentExportStrings | undefined;
}

/** The words of what an agent did, in an export. */
export interface AgentExportStrings {
  readonly thinking: string;
  readonly usedTools: string;
  readonly toolDone: string;
  readonly toolFailed: string;
  readonly sources: string;
  /** The language of the plurals. */
  readonly lang?: string | undefined;
}

const AGENT_ENGLISH: AgentExportStrings = {
  thinking: 'Thinking',
  usedTools: 'one{Used # tool} other{Used # tools}',
  toolDone: '{tool}: done',
  toolFailed: '{tool}: failed',
  sources: 'Sources',
};

/** `message` with its markdown source within the limits (the same object when it is). */
function limited(message: Message): Message {
  const source = markdownOf(message);
  if (source === undefined || source.length <= LIMITS.messageChars) return message;
  return { ...message, content: { ...(message.content as object), markdown: limitedSource(source) } };
}

/** Options of `exportTranscript`. */
export interface ExportOptions extends MessageReaders {
  readonly format: ExportFormat;
  readonly words: ExportStrings;
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
export function messageToDocument(message: Message, mode: Mode, words: ExportStrings, readers: MessageReaders): string {
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
function agentDocument(a: AgentSummary | undefined, body: string, mode: Mode, w: AgentExportStrings): string {
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
/** A visitor's answer: what the bubble showed, then its files (or voice message) by name and URL. */
function answerToDocument(entry: AnswerEntry, mode: Mode, words: ExportStrings): string {
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
