/**
 * Readers of the viewer's two responses and checks of the two requests, by
 * hand: the widget's viewer client uses these instead of the valibot schemas
 * of `schemas.ts` (which the full client and the reference server
 * use), so the script-tag file carries no schema library. A test holds the
 * two against each other: whatever the schemas accept, these accept alike.
 *
 * Responses are read tolerantly, item by item: a message, action or field
 * that cannot be used is left out and the rest is shown. Only an envelope
 * that cannot be read at all (not an object, no `messages` list, a start
 * without its ids, an `input` without an id) is refused.
 * Requests are checked strictly, and carry only the fields the protocol
 * declares.
 */
import type {
  ChatAnswer,
  ChatInput,
  ChatMessage,
  ClientSideAction,
  ContinueChatResult,
  DynamicTheme,
  FieldIssue,
  StartChatOptions,
  StartChatResult,
} from './schemas.js';

import type { Read } from './read.js';
import { pathParamProblem } from './path-param.js';
import { isObject } from './json.js';

export type { Read } from './read.js';

type Json = Record<string, unknown>;

const isString = (value: unknown): value is string => typeof value === 'string';
const absent = (value: unknown): value is null | undefined => value === undefined || value === null;
const done = <T>(value: T, issues: FieldIssue[]): Read<T> =>
  issues.length ? { ok: false, issues } : { ok: true, value };

/** A shallow copy without the keys that name prototypes (JSON can carry them as data). */
function copy(value: Json): Json {
  const out: Json = {};
  for (const [key, field] of Object.entries(value)) {
    if (key !== '__proto__' && key !== 'constructor' && key !== 'prototype') out[key] = field;
  }
  return out;
}

/** Keeps `key` of `out` only when `keep` says its value is usable (absent and null values go too). */
function keepIf(out: Json, key: string, keep: (value: unknown) => boolean): void {
  if (absent(out[key]) || !keep(out[key])) delete out[key];
}

/** A message envelope (`id`, `type`; the content is read by the message model), else undefined. */
export function readChatMessage(value: unknown): ChatMessage | undefined {
  return isObject(value) && isString(value.id) && isString(value.type) ? (value as ChatMessage) : undefined;
}

/** An input block with an id, its unusable fields left out; else undefined. */
export function readChatInput(value: unknown): ChatInput | undefined {
  return isObject(value) && isString(value.id) ? readInput(value) : undefined;
}

/** `dynamicTheme` with only its string URLs; else undefined. */
export function readDynamicTheme(value: unknown): DynamicTheme | undefined {
  if (!isObject(value)) return undefined;
  const theme = copy(value);
  for (const key of ['hostAvatarUrl', 'guestAvatarUrl', 'backgroundUrl']) keepIf(theme, key, isString);
  return theme as DynamicTheme;
}

function readInput(raw: Json): ChatInput {
  const input = copy(raw);
  keepIf(input, 'type', isString);
  keepIf(input, 'outgoingEdgeId', isString);
  keepIf(input, 'items', Array.isArray);
  keepIf(input, 'options', () => true);
  keepIf(input, 'prefilledValue', () => true);
  return input as ChatInput;
}

function readAction(raw: Json): ClientSideAction {
  const action = copy(raw);
  keepIf(action, 'lastBubbleBlockId', isString);
  keepIf(action, 'expectsDedicatedReply', (value) => typeof value === 'boolean');
  return action as ClientSideAction;
}

/** The fields both responses share, read into `out` (a copy of the response). */
function readTurnInto(out: Json, issues: FieldIssue[]): void {
  if (Array.isArray(out.messages)) {
    out.messages = out.messages.filter((m) => readChatMessage(m));
  } else {
    issues.push({ path: 'messages', message: 'must be a list of messages' });
  }
  if (!absent(out.input)) {
    const input = readChatInput(out.input);
    if (input) out.input = input;
    else issues.push({ path: 'input', message: 'must be an input block with an id' });
  } else delete out.input;
  if (Array.isArray(out.clientSideActions)) {
    out.clientSideActions = out.clientSideActions
      .filter((a) => isObject(a) && isString(a.type))
      .map((a) => readAction(a as Json));
  } else delete out.clientSideActions;
  keepIf(out, 'logs', Array.isArray);
  const theme = readDynamicTheme(out.dynamicTheme);
  if (theme) out.dynamicTheme = theme;
  else delete out.dynamicTheme;
  keepIf(out, 'progress', (value) => typeof value === 'number' && Number.isFinite(value));
  keepIf(out, 'lastMessageNewFormat', isString);
}

/** Reads a `continueChat` response. */
export function readContinueResult(value: unknown): Read<ContinueChatResult> {
  if (!isObject(value)) return { ok: false, issues: [{ path: '(root)', message: 'must be an object' }] };
  const out = copy(value);
  const issues: FieldIssue[] = [];
  readTurnInto(out, issues);
  return done(out as ContinueChatResult, issues);
}

/** Reads a `startChat` response: a turn plus `sessionId`, `resultId` and the opaque `flowbot`. */
export function readStartResult(value: unknown): Read<StartChatResult> {
  if (!isObject(value)) return { ok: false, issues: [{ path: '(root)', message: 'must be an object' }] };
  const out = copy(value);
  const issues: FieldIssue[] = [];
  for (const key of ['sessionId', 'resultId'])
    if (!isString(out[key])) issues.push({ path: key, message: 'must be a string' });
  // Every later call puts the session id in its URL: one that cannot go there is refused now.
  const problem = isString(out.sessionId) && pathParamProblem(out.sessionId);
  if (problem) issues.push({ path: 'sessionId', message: `must be an id that can go in a URL (${problem})` });
  readTurnInto(out, issues);
  return done(out as StartChatResult, issues);
}

/** Checks the start fields: only the declared ones are kept (absent and null ones are left out). */
export function checkStartOptions(value: unknown): Read<StartChatOptions> {
  const raw = isObject(value) ? value : {};
  const out: Json = {};
  const issues: FieldIssue[] = [];
  const field = (key: string, ok: (value: unknown) => boolean, message: string): void => {
    const v = raw[key];
    if (absent(v)) return;
    if (ok(v)) out[key] = v;
    else issues.push({ path: key, message });
  };
  field('prefilledVariables', isObject, 'must be an object of named variables');
  field('resultId', isString, 'must be a string');
  field('isStreamEnabled', (v) => typeof v === 'boolean', 'must be a boolean');
  field('isOnlyRegistering', (v) => typeof v === 'boolean', 'must be a boolean');
  field('textBubbleContentFormat', (v) => v === 'richText' || v === 'markdown', 'must be "richText" or "markdown"');
  if (!isObject(value)) issues.push({ path: '(root)', message: 'must be an object' });
  return done(out as StartChatOptions, issues);
}

/**
 * Checks an answer: a string; `{type: "text", text, attachedFileUrls?, metadata?: {replyId?}}`;
 * or `{type: "audio", url}`. Only those fields are sent.
 */
export function checkAnswer(value: unknown): Read<ChatAnswer> {
  if (isString(value)) return { ok: true, value };
  const bad = (path: string, message: string): Read<ChatAnswer> => ({ ok: false, issues: [{ path, message }] });
  if (!isObject(value)) return bad('message', 'must be a string or an answer object');
  if (value.type === 'audio')
    return isString(value.url)
      ? { ok: true, value: { type: 'audio', url: value.url } }
      : bad('message.url', 'must be a string');
  if (value.type !== 'text') return bad('message.type', 'must be "text" or "audio"');
  if (!isString(value.text)) return bad('message.text', 'must be a string');
  const answer: Json = { type: 'text', text: value.text };
  const files = value.attachedFileUrls;
  if (!absent(files)) {
    if (!Array.isArray(files) || !files.every(isString))
      return bad('message.attachedFileUrls', 'must be a list of strings');
    answer.attachedFileUrls = files;
  }
  const metadata = value.metadata;
  if (!absent(metadata)) {
    if (!isObject(metadata)) return bad('message.metadata', 'must be an object');
    if (!absent(metadata.replyId) && !isString(metadata.replyId))
      return bad('message.metadata.replyId', 'must be a string');
    answer.metadata = absent(metadata.replyId) ? {} : { replyId: metadata.replyId };
  }
  return { ok: true, value: answer as ChatAnswer };
}
