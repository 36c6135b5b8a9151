/**
 * What an AI agent did while it answered (see the viewer protocol, "Agent
 * activity in the stream"): its tool calls, its reasoning and the sources it
 * used, read from the data stream's parts beyond text and from the answer's
 * own text (`<think>…</think>` at its start, a trailing "Sources:" list or
 * numbered link references). Everything here is the server's data, kept as
 * text and bounded: a megabyte of arguments or ten thousand tool calls keep
 * the answer readable and make no long task. The reply sent back to the
 * viewer is never changed by any of this: it is the whole text of the `0` parts.
 *
 * Dependency-free but for the URL gate, so the widget and the client share it.
 */
import { isObject } from './json.js';
import { safeUrl, WEB_SCHEMES } from './safe-url.js';

/** One tool call as shown: its tool's name, what it was given and what it returned, as text. */
export interface AgentToolCall {
  readonly id: string;
  readonly name: string;
  /** The arguments as JSON text (as they arrive, then complete), cut at `AGENT_LIMITS.text`. */
  input: string;
  /** The result as text (a string as is, anything else as JSON), cut at `AGENT_LIMITS.text`. */
  output?: string | undefined;
  state: 'running' | 'done' | 'failed';
}

/** A document the answer used: a safe web link, and its title when the server gave one. */
export interface AgentSource {
  readonly url: string;
  readonly title?: string | undefined;
}

/** What the agent did, as the widget keeps it with the answer (plain JSON: remembered with it). */
export interface AgentActivity {
  /** The tool calls, in the order they started (the first `AGENT_LIMITS.tools`). */
  tools: AgentToolCall[];
  /** How many tool calls started beyond those. */
  more: number;
  /** The reasoning parts (`g`), joined, cut at `AGENT_LIMITS.reasoning`. */
  reasoning: string;
  /** The source parts (`h`), safe and without repeats (the first `AGENT_LIMITS.sources`). */
  sources: AgentSource[];
  /** The visitor opened the thinking (an export then includes it). */
  thinkingOpened?: boolean;
}

/** The bounds of what is kept. */
export const AGENT_LIMITS = {
  /** Tool calls listed (the rest are counted). */
  tools: 50,
  /** Characters of one call's arguments or result. */
  text: 2000,
  /** Characters of a tool's name and of a source's title. */
  name: 120,
  /** Characters of reasoning. */
  reasoning: 20_000,
  /** Sources listed. */
  sources: 20,
} as const;

const ELLIPSIS = '…';

/** `text` cut at `max` characters (never between the halves of a character), marked when cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = /[\uD800-\uDBFF]/.test(text[max - 1] ?? '') ? max - 1 : max;
  return text.slice(0, cut) + ELLIPSIS;
}

/** Any JSON value as short text: strings as they are, the rest as JSON, cut at `max`. */
function asText(value: unknown, max: number): string {
  if (typeof value === 'string') return clip(value, max);
  try {
    return clip(JSON.stringify(value) ?? '', max);
  } catch {
    return '';
  }
}

/** One line of text (a name, a title): white space folded, cut at `AGENT_LIMITS.name`. */
const line = (value: unknown): string =>
  typeof value === 'string' ? clip(value.replace(/\s+/g, ' ').trim(), AGENT_LIMITS.name) : '';

/** A safe link to a source, or undefined. */
function sourceOf(url: unknown, title: unknown): AgentSource | undefined {
  // Absolute web addresses only: a source is a document somewhere, not a page of this site.
  const href =
    typeof url === 'string' && /^\s*https?:\/\//i.test(url) ? safeUrl(url, { allow: WEB_SCHEMES }) : undefined;
  if (!href) return undefined;
  const name = line(title);
  return name ? { url: href, title: name } : { url: href };
}

/** A new, empty activity. */
export const emptyActivity = (): AgentActivity => ({ tools: [], more: 0, reasoning: '', sources: [] });

/** Whether an activity has anything to show. */
export const hasActivity = (a: AgentActivity | undefined): a is AgentActivity =>
  !!a && (a.tools.length > 0 || a.more > 0 || a.reasoning !== '' || a.sources.length > 0);

/**
 * Reads the parts beyond text into one `AgentActivity`, part by part. An
 * unknown code, a malformed value or a part about a call it never saw start is
 * skipped. Each part costs constant time (arguments are appended until cut).
 */
export class AgentReader {
  readonly activity: AgentActivity = emptyActivity();
  readonly #calls = new Map<string, AgentToolCall>();
  /** The ids of the calls beyond those listed (counted once each). */
  readonly #extra = new Set<string>();

  /** Reads one part (`code`, its parsed JSON value); true when the activity changed. */
  push(code: string, value: unknown): boolean {
    const a = this.activity;
    if (code === 'g') {
      if (typeof value !== 'string' || a.reasoning.length > AGENT_LIMITS.reasoning) return false;
      a.reasoning = clip(a.reasoning + value, AGENT_LIMITS.reasoning);
      return true;
    }
    if (!isObject(value)) return false;
    if (code === 'h') {
      if (a.sources.length >= AGENT_LIMITS.sources || (value.sourceType ?? 'url') !== 'url') return false;
      const source = sourceOf(value.url, value.title);
      if (!source || a.sources.some((s) => s.url === source.url)) return false;
      a.sources.push(source);
      return true;
    }
    const id = typeof value.toolCallId === 'string' ? value.toolCallId.slice(0, 200) : undefined;
    if (!id) return false;
    let call = this.#calls.get(id);
    if (code === 'b' || (code === '9' && !call)) {
      if (call || this.#extra.has(id)) return this.#complete(call, code, value);
      const name = line(value.toolName);
      if (!name) return false;
      if (a.tools.length >= AGENT_LIMITS.tools) {
        if (this.#extra.size < 1_000_000) this.#extra.add(id);
        a.more++;
        return true;
      }
      call = { id, name, input: '', state: 'running' };
      this.#calls.set(id, call);
      a.tools.push(call);
    }
    return this.#complete(call, code, value);
  }

  #complete(call: AgentToolCall | undefined, code: string, value: Record<string, unknown>): boolean {
    if (!call) return code === 'b';
    if (code === 'c') {
      if (typeof value.argsTextDelta !== 'string' || call.input.length > AGENT_LIMITS.text) return false;
      call.input = clip(call.input + value.argsTextDelta, AGENT_LIMITS.text);
      return true;
    }
    if (code === '9') {
      if ('args' in value) call.input = asText(value.args, AGENT_LIMITS.text);
      return true;
    }
    if (code === 'a') {
      const result = value.result;
      call.output = asText(result, AGENT_LIMITS.text);
      call.state =
        isObject(result) && (result.isError === true || typeof result.error === 'string') ? 'failed' : 'done';
      return true;
    }
    return code === 'b';
  }

  /** The answer ended: calls still running are done, or failed when it was cut short. */
  end(cut: boolean): void {
    for (const call of this.activity.tools) if (call.state === 'running') call.state = cut ? 'failed' : 'done';
  }
}

/**
 * An activity read back from storage (or any untrusted copy): the same bounds
 * as when it was read from the stream, text only. Undefined when there is
 * nothing usable.
 */
export function readActivity(value: unknown): AgentActivity | undefined {
  if (!isObject(value)) return undefined;
  const a = emptyActivity();
  const tools = Array.isArray(value.tools) ? value.tools.slice(0, AGENT_LIMITS.tools) : [];
  for (const t of tools) {
    if (!isObject(t)) continue;
    const name = line(t.name);
    if (!name) continue;
    const state = t.state === 'failed' ? 'failed' : 'done';
    const output = typeof t.output === 'string' ? clip(t.output, AGENT_LIMITS.text) : undefined;
    a.tools.push({ id: line(t.id), name, input: asText(t.input ?? '', AGENT_LIMITS.text), output, state });
  }
  a.more = typeof value.more === 'number' && value.more > 0 ? Math.min(Math.floor(value.more), 1e9) : 0;
  if (typeof value.reasoning === 'string') a.reasoning = clip(value.reasoning, AGENT_LIMITS.reasoning);
  const sources = Array.isArray(value.sources) ? value.sources.slice(0, AGENT_LIMITS.sources) : [];
  for (const s of sources) {
    const source = isObject(s) ? sourceOf(s.url, s.title) : undefined;
    if (source) a.sources.push(source);
  }
  if (value.thinkingOpened === true) a.thinkingOpened = true;
  return hasActivity(a) ? a : undefined;
}

/**
 * An answer's text split into the reasoning some models write at its start
 * (`<think>…</think>`) and the answer. While `</think>` has not arrived, all of
 * it is reasoning (`open`); text that may still become `<think>` shows nothing yet.
 */
export function splitThink(text: string): { thinking: string; answer: string; open: boolean } {
  const start = text.trimStart();
  if (start.length < 7 && start !== '' && '<think>'.startsWith(start)) return { thinking: '', answer: '', open: true };
  if (!start.startsWith('<think>')) return { thinking: '', answer: text, open: false };
  const rest = start.slice(7);
  const end = rest.indexOf('</think>');
  if (end === -1) return { thinking: rest.trim(), answer: '', open: true };
  return { thinking: rest.slice(0, end).trim(), answer: rest.slice(end + 8).replace(/^\s+/, ''), open: false };
}

/** A "Sources:" (or "References:") line, bold or as a heading. */
const SOURCES_HEADING = /^\s{0,3}(?:#{1,6}\s*)?(?:\*\*|__)?(?:sources?|references?)\s*:?\s*(?:\*\*|__)?\s*:?\s*$/i;
/** One item of that list: a markdown link or a bare web address, with optional text around it. */
const LIST_ITEM = /^\s{0,3}(?:[-*+]|\d{1,3}[.)])\s+(.*)$/;
const LINK = /\[([^\]]{0,300})\]\(\s*<?(https?:\/\/[^\s)>]+)>?(?:\s+"[^"]*")?\s*\)/i;
const BARE = /(https?:\/\/[^\s<>()]+)/i;
/** A numbered link reference: `[1]: https://… "Title"`. */
const REFERENCE = /^\s{0,3}\[(\d{1,3})\]:\s*<?(https?:\/\/[^\s>]+)>?(?:\s+(?:"([^"]*)"|'([^']*)'|\(([^)]*)\)))?\s*$/i;

/**
 * An answer's markdown without its trailing sources (a "Sources:" list of
 * links, or numbered link references), and those sources (safe links only).
 * An answer without them comes back as it is.
 */
export function splitSources(markdown: string): { answer: string; sources: AgentSource[] } {
  const lines = markdown.split('\n');
  let end = lines.length;
  while (end > 0 && lines[end - 1]!.trim() === '') end--;
  const found: AgentSource[] = [];
  // Numbered link references at the end.
  let k = end;
  while (k > 0 && (REFERENCE.test(lines[k - 1]!) || (lines[k - 1]!.trim() === '' && k < end))) k--;
  while (k < end && lines[k]!.trim() === '') k++;
  if (k < end) {
    for (const l of lines.slice(k, end)) {
      const m = REFERENCE.exec(l);
      const s = m && sourceOf(m[2], m[3] ?? m[4] ?? m[5]);
      if (s) found.push(s);
    }
    end = k;
    while (end > 0 && lines[end - 1]!.trim() === '') end--;
  }
  // A "Sources:" heading followed only by list items with a link (and blank lines).
  let h = end;
  while (h > 0 && (LIST_ITEM.test(lines[h - 1]!) || lines[h - 1]!.trim() === '')) h--;
  if (h > 0 && h < end && SOURCES_HEADING.test(lines[h - 1]!)) {
    const listed: AgentSource[] = [];
    let all = true;
    for (const l of lines.slice(h, end)) {
      if (l.trim() === '') continue;
      const item = LIST_ITEM.exec(l)![1]!;
      const link = LINK.exec(item);
      const bare = link ? undefined : BARE.exec(item);
      const s = link
        ? sourceOf(link[2], link[1])
        : bare && sourceOf(bare[1], item.replace(bare[1]!, '').replace(/[\s:–—-]+$|^[\s:–—-]+/g, ''));
      if (s) listed.push(s);
      else all = false;
    }
    if (all && listed.length) {
      found.unshift(...listed);
      end = h - 1;
    }
  }
  if (!found.length) return { answer: markdown, sources: [] };
  return { answer: lines.slice(0, end).join('\n').replace(/\s+$/, ''), sources: found };
}

/** Sources from the stream and from the text, without repeats, the first `AGENT_LIMITS.sources`. */
export function mergeSources(...lists: readonly (readonly AgentSource[])[]): AgentSource[] {
  const out: AgentSource[] = [];
  for (const s of lists.flat()) {
    if (out.length >= AGENT_LIMITS.sources) break;
    if (!out.some((o) => o.url === s.url)) out.push(s);
  }
  return out;
}

/** Common verbs of tool names, for the English "-ing" line ("search_knowledge_base" → "Searching knowledge base"). */
const VERBS =
  /^(search|look|get|fetch|find|read|check|create|update|list|query|send|call|run|lookup|calculate|retrieve|browse|book|write|delete|compute|convert|translate|summarize|summarise|analyze|analyse|open|load|save|schedule|generate|validate|verify|cancel|add|remove|submit|track|compare|scan|download|upload|plan|draft|post)$/;

/** A tool's name made readable: words split at `_`, `-`, `.` and camel case; in English the first verb reads "-ing". */
export function readableToolName(name: string, english: boolean): string {
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .split(/[\s_.\-/:]+/)
    .filter(Boolean)
    .map((w) => (/^[A-Z\d]+$/.test(w) && w.length > 1 ? w : w.toLowerCase()));
  if (!words.length) return name;
  let first = words[0]!;
  if (english && VERBS.test(first)) {
    first = first === 'lookup' ? 'looking up' : first;
    if (first === words[0]) {
      if (/[^aeiou]e$/.test(first)) first = first.slice(0, -1) + 'ing';
      else if (/^(get|run|put|set|plan|scan|chat|stop|shop|drop)$/.test(first)) first = first + first.at(-1) + 'ing';
      else first += 'ing';
    }
  }
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  return words.join(' ');
}
