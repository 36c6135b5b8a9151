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
import type * as v from 'valibot';
import {
  ContinueChatBodySchema,
  StartChatOptionsSchema,
  type ChatInput,
  type ChatMessage,
  type ClientSideAction,
  type ContinueChatResult,
  type StartChatResult,
} from '../api/schemas/index.js';
import { invalid, parseBody } from './error-responses.js';
import type { FlowBlock, FlowDefinition, FlowItem, FlowStreamAgent } from './flows.js';
import { knowledgeAnswer, markdownToRichText } from './knowledge.js';
import { check, route } from './answer-check.js';
import type { ChatSession, SessionStore } from './flow-session.js';
import { deepMapStrings, resolveText, retryText, substitute, substituteDeep, textContent } from './flow-text.js';

/** The most files one answer may attach. */
const MAX_ATTACHED_FILES = 20;

/** The most accepted answers a session keeps (the newest). */
const ANSWERS_KEPT = 100;

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
    if (value !== null && value !== undefined)
      variables[name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  const session: ChatSession = {
    id: randomUUID(),
    resultId: options.resultId ?? randomUUID(),
    flow,
    variables,
    format: options.textBubbleContentFormat ?? 'richText',
    streamEnabled: options.isStreamEnabled === true,
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
  const answer = answerOf(
    parseBody(ContinueChatBodySchema, body === undefined ? {} : body, 'continueChat body').message,
  );
  const turn = newTurn();
  const waiting = session.waiting;

  if (waiting.kind === 'ended') return finish(turn);

  const block = blockOf(session.flow, waiting.blockId);
  if (waiting.kind === 'dedicated-reply') {
    if (block.input) waitFor(session, block, turn);
    else play(session, block.next, turn);
    return finish(turn);
  }
  if (waiting.kind === 'stream') {
    // The reply to a stream is the whole streamed answer; without one, the stream is still owed.
    if (answer === undefined || !answer.text.trim()) {
      turn.clientSideActions.push(waiting.action);
      return finish(turn);
    }
    remember(session, waiting.blockId, answer.text);
    if (block.stream?.variable) session.variables[block.stream.variable] = answer.text;
    play(session, block.next, turn);
    return finish(turn);
  }

  const input = block.input!;
  if (answer === undefined) {
    // Payment cannot happen here, and a file the flow does not require may be left out: no
    // answer skips them. Otherwise the same input again.
    const optionalFile =
      input.type === 'file input' && (input.options as { isRequired?: unknown } | undefined)?.isRequired === false;
    if (input.type === 'payment input' || optionalFile) play(session, input.next, turn);
    else waitFor(session, block, turn);
    return finish(turn);
  }

  const attachments = answer.attachedFileUrls;
  const attachmentsVariable = (input.options?.['attachments'] as { saveVariableId?: unknown } | undefined)
    ?.saveVariableId;
  // A file input's answer is its files; a text input may carry files and no words.
  const text =
    attachments?.length && (input.type === 'file input' || !answer.text.trim()) ? attachments.join(', ') : answer.text;
  const verdict = check(input, text, answer.replyId);
  if (!verdict.ok) {
    session.retries += 1;
    turn.messages.push(
      message(session, `retry-${session.retries}`, textContent(session, retryText(session.flow, input))),
    );
    waitFor(session, block, turn);
    return finish(turn);
  }
  if (verdict.normalised !== text) turn.lastMessageNewFormat = verdict.normalised;
  remember(session, input.id, verdict.normalised);
  if (input.variable) session.variables[input.variable] = verdict.stored ?? verdict.normalised;
  if (attachments?.length && typeof attachmentsVariable === 'string') {
    session.variables[attachmentsVariable] = attachments.join(', ');
  }
  play(session, verdict.next ?? route(input, verdict) ?? input.next, turn);
  return finish(turn);
}

/** A parsed answer: its text (an audio clip's URL), the chosen item, the attached files. */
interface Answer {
  text: string;
  replyId: string | undefined;
  attachedFileUrls: string[] | undefined;
}

function answerOf(message: v.InferOutput<typeof ContinueChatBodySchema>['message']): Answer | undefined {
  if (message === undefined || message === null) return undefined;
  if (typeof message === 'string') return { text: message, replyId: undefined, attachedFileUrls: undefined };
  if (message.type === 'audio') return { text: message.url, replyId: undefined, attachedFileUrls: undefined };
  const files = message.attachedFileUrls ?? undefined;
  if (files && files.length > MAX_ATTACHED_FILES) {
    throw invalid('continueChat body', [
      { path: 'message.attachedFileUrls', message: `must list at most ${MAX_ATTACHED_FILES} files` },
    ]);
  }
  return { text: message.text, replyId: message.metadata?.replyId ?? undefined, attachedFileUrls: files };
}

/** Keeps an accepted answer (the newest `ANSWERS_KEPT`). */
function remember(session: ChatSession, inputId: string, answer: string): void {
  session.answers.push({ inputId, answer });
  if (session.answers.length > ANSWERS_KEPT) session.answers.shift();
}

/** What a session waits to stream: see `pendingStream`. */
export interface PendingStream {
  /** The question answered. */
  question: string;
  /** The answer's text (`knowledgeAnswer`). */
  answer: string;
  /** The flow's `stream.agent`, when the block streams an agent turn. */
  agent?: FlowStreamAgent;
}

/**
 * The answer a session waits to stream, or undefined when it waits for none.
 * `messages` (the older `streamOpenAiChatCompletion` body): the last user
 * message with text content, when there is one, is the question answered.
 */
export function pendingStream(
  session: ChatSession,
  messages?: readonly { role?: unknown; content?: unknown }[],
): PendingStream | undefined {
  const waiting = session.waiting;
  if (waiting.kind !== 'stream') return undefined;
  const question = messages
    ?.filter((m) => m.role === undefined || m.role === 'user')
    .map((m) => m.content)
    .filter((content): content is string => typeof content === 'string' && content.trim() !== '')
    .at(-1);
  const agent = blockOf(session.flow, waiting.blockId).stream?.agent;
  const pending: PendingStream =
    question === undefined
      ? { question: waiting.question, answer: waiting.answer }
      : { question, answer: knowledgeAnswer(session.flow.knowledge ?? [], question) };
  if (agent) pending.agent = agent;
  return pending;
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
      const content =
        m.type === 'text' && m.text !== undefined ? textContent(session, m.text) : resolveText(session, m.content);
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
    if (block.stream) {
      const question = substitute(session, block.stream.question ?? '');
      const answer = knowledgeAnswer(session.flow.knowledge ?? [], question);
      if (session.streamEnabled) {
        const action: ClientSideAction = block.stream.legacy
          ? {
              type: 'streamOpenAiChatCompletion',
              streamOpenAiChatCompletion: { messages: [{ role: 'user', content: question }] },
            }
          : { type: 'stream', stream: true };
        const lastMessage = turn.messages.at(-1);
        if (lastMessage && (block.messages ?? []).length) action.lastBubbleBlockId = lastMessage.id;
        turn.clientSideActions.push(action);
        session.waiting = { kind: 'stream', blockId: block.id, question, answer, action };
        return;
      }
      // No streams asked for: the whole answer as an ordinary message, as the viewer does.
      const content =
        session.format === 'markdown'
          ? { type: 'markdown', markdown: answer }
          : { type: 'richText', richText: markdownToRichText(answer) };
      turn.messages.push(message(session, `${block.id}-answer`, content));
      remember(session, block.id, answer);
      if (block.stream.variable) session.variables[block.stream.variable] = answer;
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
  settings['typingEmulation'] ??= {
    enabled: false,
    speed: 400,
    maxDelay: 3,
    delayBetweenBubbles: 0,
    isDisabledOnFirstMessage: true,
  };
  const flowbot: Record<string, unknown> = {
    id: flow.id ?? `flowbot-${flow.publicId}`,
    version: flow.version ?? '1',
    publishedAt: flow.publishedAt,
    settings,
  };
  if (flow.theme) flowbot['theme'] = deepMapStrings(flow.theme, (s) => s.replaceAll('{{$assetsUrl}}', assetsUrl));
  return flowbot;
}
