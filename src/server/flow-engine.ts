/**
 * Runs the flows of `flows.ts` the way the platform's viewer does: `startChat`
 * creates a session and plays the flow up to the first input; `continueChat`
 * checks the answer, stores it and plays on to the next input or the end.
 *
 * Answers are checked like the viewer checks them; a bad one gets the retry
 * message (the input's `retryMessageContent`, else the flow's
 * `settings.general.systemMessages.invalidMessage`, else "Invalid message.
 * Please, try again.") and the same input again. Accepted formats:
 * - `text input`, `file input`: any non-blank text (file input: the file URLs
 *   or names, comma-separated);
 * - `number input`: a number (`,` as decimal point is fine) within `min` /
 *   `max`; normalised (`"07"` → `"7"`);
 * - `email input`: `name@domain.tld`; `url input`: http(s) URL, `https://`
 *   added when no scheme is typed;
 * - `phone number input`: digits with optional `+`, spaces, dots, dashes and
 *   parentheses, normalised to E.164 (`+15551234567`); without `+` the
 *   `defaultCountryCode` (ISO country, e.g. `US`) is applied;
 * - `date input`: `YYYY-MM-DD`, with `hasTime` `YYYY-MM-DDTHH:MM` (a space for
 *   `T` also works); with `isRange` two of them joined by ` to `;
 * - `time input`: `HH:MM` (24 h), normalised to two-digit hours;
 * - `choice input`: an item's `value` or `content` (or its id in
 *   `metadata.replyId`); several items joined by `, ` when `isMultipleChoice`;
 * - `picture choice input`: an item's `value`, `title` or id (`replyId`);
 * - `rating input`: a whole number, `startsAt` (default 0) to `length`
 *   (default 10) for `Numbers`, 1 to `length` for `Icons`;
 * - `cards`: a path's `text` or its id in `replyId`;
 * - `payment input`: anything, and `{}` (no answer) skips it.
 * `lastMessageNewFormat` carries the normalised answer when it differs from
 * what was typed.
 */
import { randomUUID } from 'node:crypto';
import {
  ContinueChatBodySchema,
  StartChatOptionsSchema,
  type ChatInput,
  type ChatMessage,
  type ClientSideAction,
  type ContinueChatResult,
  type StartChatResult,
} from '../api/schemas.js';
import { ApiError, parseBody } from './errors.js';
import type { FlowBlock, FlowDefinition, FlowInput, FlowItem } from './flows.js';

/** The default retry message of the viewer. */
export const DEFAULT_RETRY_MESSAGE = 'Invalid message. Please, try again.';

/** Sessions live this long after their last use (1 hour). */
export const DEFAULT_SESSION_TTL_MS = 60 * 60_000;

type Waiting =
  | { kind: 'input'; blockId: string }
  | { kind: 'dedicated-reply'; blockId: string }
  | { kind: 'ended' };

/** One conversation with a flow. */
export interface ChatSession {
  id: string;
  resultId: string;
  flow: FlowDefinition;
  variables: Record<string, string>;
  format: 'richText' | 'markdown';
  assetsUrl: string;
  waiting: Waiting;
  /** Every accepted answer, in order. */
  answers: { inputId: string; answer: string }[];
  emittedIds: Set<string>;
  retries: number;
  touchedAt: number;
}

/** In-memory sessions by id, forgotten `ttlMs` after their last use. */
export class SessionStore {
  private readonly sessions = new Map<string, ChatSession>();
  private lastSweep = 0;

  constructor(readonly ttlMs: number = DEFAULT_SESSION_TTL_MS) {}

  /** The live session with `id`, or undefined (unknown or expired). */
  get(id: string, now = Date.now()): ChatSession | undefined {
    this.sweepNow(now);
    const session = this.sessions.get(id);
    if (!session) return undefined;
    if (now - session.touchedAt > this.ttlMs) {
      this.sessions.delete(id);
      return undefined;
    }
    session.touchedAt = now;
    return session;
  }

  add(session: ChatSession): void {
    this.sweepNow(session.touchedAt);
    this.sessions.set(session.id, session);
  }

  /** Sweeps at most once every tenth of the TTL: a request never pays for a scan of every session. */
  private sweepNow(now: number): void {
    if (now - this.lastSweep < this.ttlMs / 10) return;
    this.lastSweep = now;
    this.sweep(now);
  }

  /** Number of live sessions. */
  get size(): number {
    return this.sessions.size;
  }

  /** Forgets sessions idle for longer than the TTL. */
  sweep(now = Date.now()): void {
    for (const [id, session] of this.sessions) {
      if (now - session.touchedAt > this.ttlMs) this.sessions.delete(id);
    }
  }
}

/** One response being assembled. */
interface Turn {
  messages: ChatMessage[];
  input?: ChatInput;
  clientSideActions: ClientSideAction[];
  progress?: number;
  dynamicTheme?: Record<string, string>;
  lastMessageNewFormat?: string;
}

const STEP_LIMIT = 500;

/** Starts a session of `flow`. `body` is the optional start body of the protocol. */
export function startChat(
  flow: FlowDefinition,
  store: SessionStore,
  body: unknown,
  assetsUrl: string,
): StartChatResult {
  const options = parseBody(StartChatOptionsSchema, body === undefined ? {} : body, 'startChat body');
  const variables: Record<string, string> = { ...flow.variables };
  for (const [name, value] of Object.entries(options.prefilledVariables ?? {})) {
    if (value !== null && value !== undefined) variables[name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  const session: ChatSession = {
    id: randomUUID(),
    resultId: options.resultId ?? randomUUID(),
    flow,
    variables,
    format: options.textBubbleContentFormat ?? 'richText',
    assetsUrl,
    waiting: { kind: 'ended' },
    answers: [],
    emittedIds: new Set(),
    retries: 0,
    touchedAt: Date.now(),
  };
  store.add(session);
  const turn = newTurn();
  play(session, flow.start ?? flow.blocks[0]!.id, turn);
  return {
    sessionId: session.id,
    resultId: session.resultId,
    flowbot: flowbotOf(flow, assetsUrl),
    ...finish(turn),
  };
}

/** Continues `session` with the protocol body `{ message }` or `{}`. */
export function continueChat(session: ChatSession, body: unknown): ContinueChatResult {
  const parsed = parseBody(ContinueChatBodySchema, body === undefined ? {} : body, 'continueChat body');
  const answer =
    parsed.message === undefined || parsed.message === null
      ? undefined
      : typeof parsed.message === 'string'
        ? { text: parsed.message, replyId: undefined }
        : parsed.message.type === 'audio'
          ? // A recorded clip answers with its URL; it is checked like typed text.
            { text: parsed.message.url, replyId: undefined }
          : { text: parsed.message.text, replyId: parsed.message.metadata?.replyId ?? undefined };
  const turn = newTurn();
  const waiting = session.waiting;

  if (waiting.kind === 'ended') return finish(turn);

  const block = blockOf(session.flow, waiting.blockId);
  if (waiting.kind === 'dedicated-reply') {
    if (block.input) waitFor(session, block, turn);
    else play(session, block.next, turn);
    return finish(turn);
  }

  const input = block.input!;
  if (answer === undefined) {
    // Payment cannot happen here, and a file the flow does not require may be left out: no
    // answer skips them. Otherwise the same input again.
    const optionalFile = input.type === 'file input' && (input.options as { isRequired?: unknown } | undefined)?.isRequired === false;
    if (input.type === 'payment input' || optionalFile) play(session, input.next, turn);
    else waitFor(session, block, turn);
    return finish(turn);
  }

  const verdict = check(input, answer.text, answer.replyId);
  if (!verdict.ok) {
    session.retries += 1;
    turn.messages.push(message(session, `retry-${session.retries}`, textContent(session, retryText(session.flow, input))));
    waitFor(session, block, turn);
    return finish(turn);
  }
  if (verdict.normalised !== answer.text) turn.lastMessageNewFormat = verdict.normalised;
  session.answers.push({ inputId: input.id, answer: verdict.normalised });
  if (input.variable) session.variables[input.variable] = verdict.stored ?? verdict.normalised;
  play(session, verdict.next ?? route(input, verdict) ?? input.next, turn);
  return finish(turn);
}

// ---------------------------------------------------------------------------
// Playing blocks

function newTurn(): Turn {
  return { messages: [], clientSideActions: [] };
}

function finish(turn: Turn): ContinueChatResult {
  const result: ContinueChatResult = { messages: turn.messages };
  if (turn.input) result.input = turn.input;
  if (turn.clientSideActions.length) result.clientSideActions = turn.clientSideActions;
  if (turn.progress !== undefined) result.progress = turn.progress;
  if (turn.dynamicTheme) result.dynamicTheme = turn.dynamicTheme;
  if (turn.lastMessageNewFormat !== undefined) result.lastMessageNewFormat = turn.lastMessageNewFormat;
  return result;
}

function blockOf(flow: FlowDefinition, id: string): FlowBlock {
  const block = flow.blocks.find((b) => b.id === id);
  if (!block) throw new Error(`Flow "${flow.publicId}" has no block "${id}"`);
  return block;
}

/** Plays from block `blockId` until an input, a dedicated reply or the end. */
function play(session: ChatSession, blockId: string | undefined, turn: Turn): void {
  let next = blockId;
  for (let steps = 0; next !== undefined; steps++) {
    if (steps > STEP_LIMIT) throw new Error(`Flow "${session.flow.publicId}" loops without waiting for an input`);
    const block = blockOf(session.flow, next);
    for (const [name, value] of Object.entries(block.setVariables ?? {})) {
      session.variables[name] = substitute(session, value);
    }
    const ids = new Map<string, string>();
    (block.messages ?? []).forEach((m, index) => {
      const baseId = m.id ?? `${block.id}-${index}`;
      const content = m.type === 'text' && m.text !== undefined ? textContent(session, m.text) : resolveText(session, m.content);
      const emitted = message(session, baseId, substituteDeep(session, content), m.type);
      ids.set(baseId, emitted.id);
      turn.messages.push(emitted);
    });
    let dedicated = false;
    for (const action of block.actions ?? []) {
      const { afterMessage, ...rest } = action;
      const emitted = substituteDeep(session, rest) as ClientSideAction;
      const lastBubble = afterMessage === undefined ? undefined : ids.get(afterMessage);
      if (lastBubble !== undefined) emitted.lastBubbleBlockId = lastBubble;
      turn.clientSideActions.push(emitted);
      if (action.expectsDedicatedReply) dedicated = true;
    }
    if (block.progress !== undefined) turn.progress = block.progress;
    if (block.dynamicTheme) turn.dynamicTheme = substituteDeep(session, block.dynamicTheme) as Record<string, string>;
    if (dedicated) {
      session.waiting = { kind: 'dedicated-reply', blockId: block.id };
      return;
    }
    if (block.input) {
      waitFor(session, block, turn);
      return;
    }
    next = block.next;
  }
  session.waiting = { kind: 'ended' };
}

function waitFor(session: ChatSession, block: FlowBlock, turn: Turn): void {
  const input = block.input!;
  session.waiting = { kind: 'input', blockId: block.id };
  const sent: ChatInput = { id: input.id, type: input.type, outgoingEdgeId: `${input.id}-out` };
  if (input.options) sent.options = substituteDeep(session, input.options);
  if (input.items) sent.items = input.items.map((item) => substituteDeep(session, stripNext(item)));
  if (input.prefilledValue !== undefined) sent.prefilledValue = substitute(session, input.prefilledValue);
  turn.input = sent;
}

function stripNext(item: FlowItem): Record<string, unknown> {
  const { next: _next, paths, ...rest } = item;
  return paths ? { ...rest, paths: paths.map(({ next: _n, ...path }) => path) } : rest;
}

/** A message with an id not used before in this session. */
function message(session: ChatSession, baseId: string, content: unknown, type = 'text'): ChatMessage {
  let id = baseId;
  for (let n = 2; session.emittedIds.has(id); n++) id = `${baseId}~${n}`;
  session.emittedIds.add(id);
  return { id, type, content };
}

function flowbotOf(flow: FlowDefinition, assetsUrl: string): Record<string, unknown> {
  const settings: Record<string, unknown> = { ...flow.settings };
  settings['typingEmulation'] ??= { enabled: false, speed: 400, maxDelay: 3, delayBetweenBubbles: 0, isDisabledOnFirstMessage: true };
  const flowbot: Record<string, unknown> = {
    id: flow.id ?? `flowbot-${flow.publicId}`,
    version: flow.version ?? '1',
    publishedAt: flow.publishedAt,
    settings,
  };
  if (flow.theme) flowbot['theme'] = deepMapStrings(flow.theme, (s) => s.replaceAll('{{$assetsUrl}}', assetsUrl));
  return flowbot;
}

// ---------------------------------------------------------------------------
// Text: variables, rich text, markdown

const VARIABLE = /\{\{\s*([^{}]+?)\s*\}\}/g;

function substitute(session: ChatSession, text: string): string {
  return text.replace(VARIABLE, (_all, name: string) =>
    name === '$assetsUrl' ? session.assetsUrl : (session.variables[name] ?? ''),
  );
}

function deepMapStrings(value: unknown, map: (s: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => deepMapStrings(item, map));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, item]) => [k, deepMapStrings(item, map)]));
  }
  return value;
}

function substituteDeep<T>(session: ChatSession, value: T): T {
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
function textContent(session: ChatSession, text: string): unknown {
  const richText: RichElement[] = text.split('\n').map((line) => ({ type: 'p', children: [{ text: line }] }));
  return resolveText(session, { type: 'richText', richText });
}

/** Converts rich text to markdown when the session asked for markdown. */
function resolveText(session: ChatSession, content: unknown): unknown {
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

function retryText(flow: FlowDefinition, input: FlowInput): string {
  const fromInput = input.options?.['retryMessageContent'];
  if (typeof fromInput === 'string' && fromInput) return fromInput;
  const general = flow.settings?.['general'] as { systemMessages?: { invalidMessage?: unknown } } | undefined;
  const fromFlow = general?.systemMessages?.invalidMessage;
  return typeof fromFlow === 'string' && fromFlow ? fromFlow : DEFAULT_RETRY_MESSAGE;
}

// ---------------------------------------------------------------------------
// Checking answers

type Verdict =
  | { ok: false }
  | { ok: true; normalised: string; stored?: string; number?: number; next?: string; matched?: string[] };

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/;
const TIME = /^(\d{1,2}):(\d{2})$/;

/** Dialling codes for `defaultCountryCode`; a small table is enough for the demo. */
const DIALLING_CODES: Record<string, string> = {
  US: '1', CA: '1', GB: '44', IE: '353', FR: '33', DE: '49', ES: '34', PT: '351', IT: '39', NL: '31',
  BE: '32', CH: '41', BR: '55', AR: '54', MX: '52', IN: '91', JP: '81', AU: '61', NZ: '64', ZA: '27',
};

const opt = <T>(input: FlowInput, name: string, guard: (x: unknown) => x is T): T | undefined => {
  const value = input.options?.[name];
  return guard(value) ? value : undefined;
};
const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isString = (x: unknown): x is string => typeof x === 'string';
const isTrue = (x: unknown): x is true => x === true;

const same = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

function check(input: FlowInput, raw: string, replyId: string | undefined): Verdict {
  const text = raw.trim();
  switch (input.type) {
    case 'number input':
      return checkNumber(input, text);
    case 'email input':
      return EMAIL.test(text) ? { ok: true, normalised: text } : { ok: false };
    case 'url input':
      return checkUrl(text);
    case 'phone number input':
      return checkPhone(input, text);
    case 'date input':
      return checkDate(input, text);
    case 'time input': {
      const m = TIME.exec(text);
      if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return { ok: false };
      return { ok: true, normalised: `${m[1]!.padStart(2, '0')}:${m[2]}` };
    }
    case 'choice input':
    case 'picture choice input':
      return checkChoice(input, text, replyId);
    case 'rating input':
      return checkRating(input, text);
    case 'cards':
      return checkCards(input, text, replyId);
    case 'payment input':
      return { ok: true, normalised: raw };
    default:
      // Text, file and unknown inputs: anything that is not blank.
      return text ? { ok: true, normalised: raw } : { ok: false };
  }
}

function parseNumber(text: string): number {
  const canonical = /^-?\d+,\d+$/.test(text) ? text.replace(',', '.') : text;
  return text === '' ? Number.NaN : Number(canonical);
}

function checkNumber(input: FlowInput, text: string): Verdict {
  const n = parseNumber(text);
  if (!Number.isFinite(n)) return { ok: false };
  const min = opt(input, 'min', isNumber);
  const max = opt(input, 'max', isNumber);
  if ((min !== undefined && n < min) || (max !== undefined && n > max)) return { ok: false };
  return { ok: true, normalised: String(n), number: n };
}

function checkUrl(text: string): Verdict {
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.')) return { ok: false };
  } catch {
    return { ok: false };
  }
  return { ok: true, normalised: withScheme };
}

function checkPhone(input: FlowInput, text: string): Verdict {
  if (!/^\+?[\d\s().-]+$/.test(text)) return { ok: false };
  let digits = text.replace(/[\s().-]/g, '');
  if (digits.startsWith('00')) digits = `+${digits.slice(2)}`;
  if (!digits.startsWith('+')) {
    const code = DIALLING_CODES[String(input.options?.['defaultCountryCode'] ?? '').toUpperCase()];
    if (!code) return { ok: false };
    digits = `+${code}${digits.replace(/^0/, '')}`;
  }
  const national = digits.slice(1);
  if (!/^\d{7,15}$/.test(national)) return { ok: false };
  return { ok: true, normalised: digits };
}

function checkDate(input: FlowInput, text: string): Verdict {
  const hasTime = opt(input, 'hasTime', isTrue) ?? false;
  const parts = opt(input, 'isRange', isTrue) ? text.split(/\s+to\s+/i) : [text];
  if (parts.length !== (opt(input, 'isRange', isTrue) ? 2 : 1)) return { ok: false };
  const times: number[] = [];
  for (const part of parts) {
    const m = (hasTime ? ISO_DATE_TIME : ISO_DATE).exec(part.trim());
    if (!m) return { ok: false };
    const [y, mo, d, h = 0, mi = 0] = m.slice(1).map(Number) as number[];
    const date = new Date(Date.UTC(y!, mo! - 1, d!, h, mi));
    if (date.getUTCMonth() !== mo! - 1 || date.getUTCDate() !== d! || h > 23 || mi > 59) return { ok: false };
    times.push(date.getTime());
  }
  if (times.length === 2 && times[0]! > times[1]!) return { ok: false };
  const bound = (name: string): number | undefined => {
    const value = opt(input, name, isString);
    const time = value === undefined ? Number.NaN : Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
    return Number.isNaN(time) ? undefined : time;
  };
  const min = bound('min');
  const max = bound('max');
  if (times.some((t) => (min !== undefined && t < min) || (max !== undefined && t > max))) return { ok: false };
  const normalised = parts.map((p) => p.trim().replace(' ', 'T')).join(' to ');
  return { ok: true, normalised: normalised === text ? text : normalised };
}

function labelOf(input: FlowInput, item: FlowItem): string {
  return input.type === 'picture choice input' ? (item.value ?? item.title ?? item.id) : (item.value ?? item.content ?? item.id);
}

function findItem(input: FlowInput, text: string): FlowItem | undefined {
  return (input.items ?? []).find(
    (item) =>
      [item.value, item.content, item.title].some((label) => label !== undefined && same(label, text)),
  );
}

function checkChoice(input: FlowInput, text: string, replyId: string | undefined): Verdict {
  const items = input.items ?? [];
  if (opt(input, 'isMultipleChoice', isTrue)) {
    const whole = findItem(input, text);
    const chosen = whole ? [whole] : text.split(',').map((part) => findItem(input, part));
    if (!chosen.length || chosen.some((item) => item === undefined)) return { ok: false };
    const picked = chosen as FlowItem[];
    return {
      ok: true,
      normalised: text,
      stored: picked.map((item) => item.content ?? item.title ?? labelOf(input, item)).join(', '),
      matched: picked.map((item) => labelOf(input, item)),
    };
  }
  const item = (replyId !== undefined ? items.find((i) => i.id === replyId) : undefined) ?? findItem(input, text);
  if (!item) return { ok: false };
  const verdict: Verdict = {
    ok: true,
    normalised: text,
    stored: item.content ?? item.title ?? labelOf(input, item),
    matched: [labelOf(input, item)],
  };
  if (item.next !== undefined) verdict.next = item.next;
  return verdict;
}

function checkRating(input: FlowInput, text: string): Verdict {
  if (!/^\d+$/.test(text)) return { ok: false };
  const n = Number(text);
  const length = opt(input, 'length', isNumber) ?? 10;
  const first = opt(input, 'buttonType', isString) === 'Icons' ? 1 : (opt(input, 'startsAt', isNumber) ?? 0);
  if (n < first || n > length) return { ok: false };
  return { ok: true, normalised: String(n), number: n };
}

function checkCards(input: FlowInput, text: string, replyId: string | undefined): Verdict {
  for (const item of input.items ?? []) {
    for (const path of item.paths ?? []) {
      if (path.id === replyId || (path.text !== undefined && same(path.text, text))) {
        const verdict: Verdict = { ok: true, normalised: text, stored: path.text ?? text, matched: [path.text ?? path.id] };
        if (path.next !== undefined) verdict.next = path.next;
        return verdict;
      }
    }
  }
  return { ok: false };
}

/** The first route whose condition matches the accepted answer. */
function route(input: FlowInput, verdict: Extract<Verdict, { ok: true }>): string | undefined {
  for (const { when, next } of input.routes ?? []) {
    if (when.equals !== undefined) {
      const wanted = Array.isArray(when.equals) ? when.equals : [when.equals];
      const candidates = [verdict.normalised, verdict.stored ?? '', ...(verdict.matched ?? [])];
      if (!wanted.some((w) => candidates.some((c) => same(c, w)))) continue;
    }
    if (when.min !== undefined || when.max !== undefined) {
      const n = verdict.number ?? parseNumber(verdict.normalised);
      if (!Number.isFinite(n)) continue;
      if (when.min !== undefined && n < when.min) continue;
      if (when.max !== undefined && n > when.max) continue;
    }
    return next;
  }
  return undefined;
}

/** Thrown for an unknown or expired session. */
export function sessionNotFound(id: string): ApiError {
  return new ApiError(404, `Session "${id}" does not exist or has expired.`);
}
