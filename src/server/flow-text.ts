/** The text of a flow's messages: variables and their substitution, rich text to markdown, the retry message. */
import type { FlowDefinition, FlowInput } from './flows.js';
import type { ChatSession } from './flow-session.js';

/** The default retry message of the viewer. */
export const DEFAULT_RETRY_MESSAGE = 'Invalid message. Please, try again.';

const VARIABLE = /\{\{\s*([^{}]+?)\s*\}\}/g;

export function substitute(session: ChatSession, text: string): string {
  return text.replace(VARIABLE, (_all, name: string) =>
    name === '$assetsUrl' ? session.assetsUrl : (session.variables[name] ?? ''),
  );
}

export function deepMapStrings(value: unknown, map: (s: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => deepMapStrings(item, map));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, item]) => [k, deepMapStrings(item, map)]));
  }
  return value;
}

export function substituteDeep<T>(session: ChatSession, value: T): T {
  return deepMapStrings(value, (s) => substitute(session, s)) as T;
}

interface RichLeaf {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
}
interface RichElement {
  type: string;
  url?: string;
  children: RichNode[];
}
type RichNode = RichLeaf | RichElement;

/** Text content from the `text` shorthand: one paragraph per line. */
export function textContent(session: ChatSession, text: string): unknown {
  const richText: RichElement[] = text.split('\n').map((line) => ({ type: 'p', children: [{ text: line }] }));
  return resolveText(session, { type: 'richText', richText });
}

/** Converts rich text to markdown when the session asked for markdown. */
export function resolveText(session: ChatSession, content: unknown): unknown {
  if (session.format !== 'markdown') return content;
  const rich = content as { type?: unknown; richText?: unknown } | null;
  if (!rich || rich.type !== 'richText' || !Array.isArray(rich.richText)) return content;
  return { type: 'markdown', markdown: toMarkdown(rich.richText as RichNode[]) };
}

function toMarkdown(nodes: RichNode[]): string {
  return nodes.map((node) => blockMarkdown(node)).join('\n\n');
}

function blockMarkdown(node: RichNode): string {
  if (!('type' in node)) return inlineMarkdown(node);
  if (node.type === 'ul' || node.type === 'ol') {
    return node.children
      .map((item, i) => `${node.type === 'ol' ? `${i + 1}.` : '-'} ${inlineMarkdown(item)}`)
      .join('\n');
  }
  return inlineMarkdown(node);
}

function inlineMarkdown(node: RichNode): string {
  if (!('type' in node)) {
    let text = node.text;
    if (!text.trim()) return text;
    if (node.bold) text = `**${text}**`;
    if (node.italic) text = `_${text}_`;
    return text;
  }
  const inner = node.children.map((child) => inlineMarkdown(child)).join('');
  if (node.type === 'a') return `[${inner}](${node.url ?? ''})`;
  return inner;
}

export function retryText(flow: FlowDefinition, input: FlowInput): string {
  const fromInput = input.options?.['retryMessageContent'];
  if (typeof fromInput === 'string' && fromInput) return fromInput;
  const general = flow.settings?.['general'] as { systemMessages?: { invalidMessage?: unknown } } | undefined;
  const fromFlow = general?.systemMessages?.invalidMessage;
  return typeof fromFlow === 'string' && fromFlow ? fromFlow : DEFAULT_RETRY_MESSAGE;
}
