/**
 * How much of one response the widget shows. A server (hostile, broken or
 * just verbose) can send megabytes of text, a word of a million letters, a
 * hundred thousand messages or choice items; drawing all of it would freeze
 * the host page for seconds or minutes. `limitTurn` reads a response into a
 * bounded copy, once, before anything is shown or stored:
 *
 * | what | limit |
 * |---|---|
 * | messages of one response | 1,000 |
 * | characters of one text message (rich-text leaves together, or its markdown) | 20,000 |
 * | characters of the text messages of one response together | 200,000 |
 * | rich-text nodes of one response | 5,000 |
 * | items of any array of an input (choices, cards, ...) | 200 |
 * | characters of one string of an input (label, item, prefilled value) | 5,000 |
 * | characters of all strings of an input together | 50,000 |
 * | characters of `lastMessageNewFormat` | 20,000 |
 * | client-side actions of one response | 100 |
 *
 * What goes beyond is cut, and the cut shows: a shortened text message ends
 * with a paragraph "… (shortened)", a shortened answer with "… (shortened)",
 * and when messages, items or input text were dropped a last bot message says
 * "… (shortened)". Within the limits, what is shown is what was sent.
 */
import { isObject, parseJson } from './json.js';
import type { ChatInput, ChatMessage, ClientSideAction } from './types.js';
import { childrenOf, enter, type RichTextNode, type Walk } from './rich-text.js';

/** The limits of one response (see the module comment). */
export const LIMITS = {
  messages: 1_000,
  messageChars: 20_000,
  responseChars: 200_000,
  responseNodes: 5_000,
  items: 200,
  inputString: 5_000,
  inputChars: 50_000,
  answerChars: 20_000,
  actions: 100,
} as const;

/**
 * The most bytes of one response body the widget reads, counted as they
 * arrive (after decompression): 2 MB. A chat response is never that large;
 * a bigger one (a small gzip that inflates to a gigabyte, a body that never
 * ends, megabytes of JSON) is refused before it is parsed, and the rest of it
 * is never read. A streamed answer's body has the same limit.
 */
export const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;

/** The note that ends whatever was shortened. */
export const SHORTENED = '… (shortened)';

/** The id of the note message added when a response was shortened. */
export const SHORTENED_ID = 'flowbot-shortened';

/** The parts of a response that `limitTurn` bounds. */
export interface Turn {
  messages: ChatMessage[];
  input?: ChatInput | null | undefined;
  clientSideActions?: ClientSideAction[] | null | undefined;
  lastMessageNewFormat?: string | null | undefined;
}

type Obj = Record<string, unknown>;
interface Budget {
  chars: number;
  cut: boolean;
}

/**
 * A text message's rich text within `budget` and the shared node walk: a node
 * within its limits is kept as it is (most are), one that had to change is a copy.
 */
function copyRich(value: unknown, w: Walk, depth: number, budget: Budget): unknown {
  if (typeof value === 'string') return cutText(value, budget);
  const copy = enter(value, w, depth, (node): RichTextNode | undefined => {
    if (typeof node.text === 'string') {
      const text = cutText(node.text, budget);
      return text === undefined ? undefined : text === node.text ? (node as RichTextNode) : { ...node, text };
    }
    // One list per node (nodes are never arrays: a dropped one is `[]`, flattened away).
    const children = childrenOf(node, w).flatMap((child) => copyRich(child, w, depth + 1, budget) ?? []);
    if (Array.isArray(node.children) && children.length < node.children.length && w.left <= 0) budget.cut = true;
    return same(children, node.children) ? (node as RichTextNode) : ({ ...node, children } as RichTextNode);
  });
  if (copy === undefined && w.left <= 0) budget.cut = true;
  return copy;
}

/** `list` holds exactly the items of `original` (an array), in order: nothing changed or dropped. */
const same = (list: unknown[], original: unknown): boolean =>
  Array.isArray(original) && list.length === original.length && list.every((item, i) => item === original[i]);

/** `text` within the budget; undefined once the budget is spent. */
function cutText(text: string, budget: Budget): string | undefined {
  if (budget.chars <= 0) {
    if (text) budget.cut = true;
    return text ? undefined : text;
  }
  if (text.length > budget.chars) {
    budget.cut = true;
    text = text.slice(0, budget.chars);
  }
  budget.chars -= text.length;
  return text;
}

/** A text message within its limits; undefined when the response's text budget is spent. */
function limitText(message: ChatMessage, content: Obj, w: Walk, response: Budget): ChatMessage | undefined {
  if (response.chars <= 0 || w.left <= 0) return undefined;
  const out: Obj = { ...content };
  let used = 0;
  if (typeof content.markdown === 'string') {
    const budget = { chars: Math.min(LIMITS.messageChars, response.chars), cut: false };
    const md = cutText(content.markdown, budget) ?? '';
    out.markdown = budget.cut ? `${md}\n\n${SHORTENED}` : md;
    used = Math.max(used, md.length);
  }
  if (Array.isArray(content.richText)) {
    const budget = { chars: Math.min(LIMITS.messageChars, response.chars), cut: false };
    const start = budget.chars;
    // Nodes dropped as unusable (not objects, too deep) are not a cut: the renderer skips them too.
    if (content.richText.length > w.left) budget.cut = true;
    const nodes = content.richText.slice(0, Math.max(0, w.left)).map((node) => copyRich(node, w, 0, budget));
    const kept = nodes.filter((node) => node !== undefined);
    if (budget.cut) kept.push({ type: 'p', children: [{ text: SHORTENED }] });
    out.richText = kept;
    used = Math.max(used, start - budget.chars);
  }
  response.chars -= used;
  // Most messages are within their limits: then the message is kept as it came, not copied.
  if (typeof content.markdown !== 'string' && same(out.richText as unknown[], content.richText)) return message;
  return { ...message, content: out };
}

/** A bounded copy of any JSON value (an input): strings, arrays and keys cut, depth limited. */
function bounded(value: unknown, budget: Budget, depth: number): unknown {
  if (typeof value === 'string') {
    const max = Math.min(LIMITS.inputString, budget.chars);
    if (value.length > max) budget.cut = true;
    const s = value.length > max ? value.slice(0, Math.max(0, max)) : value;
    budget.chars -= s.length;
    return s;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (depth > 8) {
    budget.cut = true;
    return undefined;
  }
  if (Array.isArray(value)) {
    if (value.length > LIMITS.items) budget.cut = true;
    return value.slice(0, LIMITS.items).map((item) => bounded(item, budget, depth + 1));
  }
  const entries = Object.entries(value);
  if (entries.length > LIMITS.items) budget.cut = true;
  return Object.fromEntries(
    entries.slice(0, LIMITS.items).map(([key, item]) => [key, bounded(item, budget, depth + 1)]),
  );
}

/** The input within its limits (its `options`, when a JSON string, read first). */
function limitInput(input: ChatInput, budget: Budget): ChatInput {
  // Unreadable options read as none, as `readInputOptions` would.
  const options = typeof input.options === 'string' ? parseJson(input.options) : input.options;
  return bounded({ ...input, ...(options === undefined ? {} : { options }) }, budget, 0) as ChatInput;
}

/**
 * A copy of a response (start or continue) within the widget's limits.
 * `textChars`, when given, gets the characters of text of each message kept, in order (0 for a
 * message that is not text), as the limits counted them: what a long message costs to lay out.
 */
export function limitTurn<T extends Turn>(turn: T, textChars?: number[]): T {
  const w: Walk = { left: LIMITS.responseNodes, path: new Set() };
  const text: Budget = { chars: LIMITS.responseChars, cut: false };
  let dropped = false;
  const messages: ChatMessage[] = [];
  for (const message of turn.messages.slice(0, LIMITS.messages)) {
    const content = message.content;
    const before = text.chars;
    const limited = message.type !== 'text' || !isObject(content) ? message : limitText(message, content, w, text);
    if (limited) {
      messages.push(limited);
      textChars?.push(before - text.chars);
    } else dropped = true;
  }
  if (turn.messages.length > LIMITS.messages) dropped = true;
  const out: T = { ...turn, messages };

  if (turn.input) {
    const budget: Budget = { chars: LIMITS.inputChars, cut: false };
    out.input = limitInput(turn.input, budget);
    dropped ||= budget.cut;
  }
  const actions = turn.clientSideActions;
  if (actions && actions.length > LIMITS.actions) {
    out.clientSideActions = actions.slice(0, LIMITS.actions);
  }
  const last = turn.lastMessageNewFormat;
  if (typeof last === 'string' && last.length > LIMITS.answerChars) {
    out.lastMessageNewFormat = last.slice(0, LIMITS.answerChars) + SHORTENED;
  }
  if (dropped) {
    messages.push({
      id: SHORTENED_ID,
      type: 'text',
      content: { type: 'richText', richText: [{ type: 'p', children: [{ text: SHORTENED }] }] },
    });
  }
  return out;
}
