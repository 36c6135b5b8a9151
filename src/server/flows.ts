/**
 * The flow format of the reference server: a flow-bot stored as data (JSON).
 *
 * A flow is a list of blocks. Reaching a block shows its `messages`, runs its
 * `actions`, reports its `progress` / `dynamicTheme`, then either waits for
 * its `input` or goes on to `next`. A block with neither ends the flow.
 *
 * ```json
 * {
 *   "publicId": "hello", "name": "Hello", "description": "Asks a name.",
 *   "publishedAt": "2026-01-01T00:00:00.000Z",
 *   "blocks": [
 *     { "id": "ask", "messages": [{ "type": "text", "text": "What is your name?" }],
 *       "input": { "id": "name", "type": "text input", "variable": "name", "next": "bye" } },
 *     { "id": "bye", "messages": [{ "type": "text", "text": "Bye {{name}}!" }] }
 *   ]
 * }
 * ```
 *
 * - Strings in messages and inputs may hold `{{variable}}`: replaced by the
 *   variable's value (empty when unset). `{{$assetsUrl}}` is the absolute URL
 *   of the server's demo assets (`/demo-assets`); it is also resolved inside
 *   `theme`, where other variables stay as written.
 * - Branching after an input, first match wins: the chosen choice item's (or
 *   card path's) `next`; then the first of `routes` whose `when` matches the
 *   answer (`equals` one of the strings, case-insensitive; `min` / `max` for
 *   number and rating answers); then the input's `next`.
 * - An action `{ "type": "wait", "wait": { "secondsToWaitFor": 1 } }` is sent
 *   as a client-side action as written; `afterMessage` (an id of a message of
 *   the same block) becomes `lastBubbleBlockId`. With `expectsDedicatedReply`
 *   the turn stops after that block: the client answers `{}` to go on.
 * - A block with `stream` answers like an AI block: after its messages, the
 *   best-matching paragraphs of the flow's `knowledge` (markdown) for
 *   `stream.question` (variables resolved). A session started with
 *   `isStreamEnabled: true` gets the client-side action
 *   `{ type: "stream", stream: true }` (`streamOpenAiChatCompletion` with
 *   `legacy`) and no input; the answer is then streamed by
 *   `POST /api/v2/sessions/{id}/streamMessage`, and the client's next
 *   continueChat with the whole text goes on to `next`. Other sessions get the
 *   answer as an ordinary message. `stream.variable` receives the answer.
 *   `stream.agent` (`{ "tools": true, "reasoning": true | "think", "sources": true }`,
 *   each flag on when left out) streams it as an AI agent's turn: reasoning, a
 *   search and a read of each paragraph used as tool calls, then the text and
 *   its sources (see `agent-turn.ts`); the answer's text is the same (in
 *   `"think"` mode, behind the reasoning).
 */
import * as v from 'valibot';
import demoFlow from './flows/demo.json' with { type: 'json' };
import supportFlow from './flows/support.json' with { type: 'json' };
import leadFlow from './flows/lead.json' with { type: 'json' };
import goodbyeFlow from './flows/goodbye.json' with { type: 'json' };
import assistantFlow from './flows/assistant.json' with { type: 'json' };

/** A bot message as in the viewer protocol. `text` is a shorthand for plain rich text (one paragraph per line). */
export interface FlowMessage {
  /** Stable id (sent as the message id); default `<block id>-<index>`. */
  id?: string;
  /** `text`, `image`, `video`, `audio`, `embed`, `custom-embed` or anything (sent as is). */
  type: string;
  /** The protocol's content for `type`. */
  content?: unknown;
  /** Shorthand for `text` messages. */
  text?: string;
}

/** A choice item, picture choice item or card. `next` branches (single choice, picture choice). */
export interface FlowItem {
  id: string;
  content?: string;
  value?: string;
  pictureSrc?: string;
  title?: string;
  description?: string;
  imageUrl?: string;
  /** Card buttons; each may branch. */
  paths?: { id: string; text?: string; next?: string }[];
  next?: string;
}

/** A condition on the (normalised) answer. */
export interface FlowCondition {
  /** Matches when the answer equals one of these (case-insensitive). */
  equals?: string | string[];
  /** Numeric answers: at least this. */
  min?: number;
  /** Numeric answers: at most this. */
  max?: number;
}

export interface FlowRoute {
  when: FlowCondition;
  next: string;
}

/** What the bot waits for. `id`, `type`, `options`, `items` are sent as in the protocol. */
export interface FlowInput {
  id: string;
  /** A protocol input type (`text input`, `choice input`, ...). */
  type: string;
  options?: Record<string, unknown>;
  items?: FlowItem[];
  prefilledValue?: string;
  /** Variable that receives the answer. */
  variable?: string;
  routes?: FlowRoute[];
  /** Default next block; none ends the flow after the answer. */
  next?: string;
}

/** A client-side action: `{ type, [type]: payload, ... }` as in the protocol. */
export interface FlowAction {
  type: string;
  /** Id of a message of the same block: the action runs after it. */
  afterMessage?: string;
  expectsDedicatedReply?: boolean;
  [payload: string]: unknown;
}

/**
 * A stream answered as an AI agent turn (reasoning, tool calls, sources: see `agent-turn.ts`).
 * Each flag left out is on; the server's `agent` option overrides them.
 */
export interface FlowStreamAgent {
  /** Tool steps (`search_knowledge_base`, then `read_document` per paragraph used). */
  tools?: boolean;
  /** The reasoning as `g` parts; `"think"`: in the text between `<think>` and `</think>`. */
  reasoning?: boolean | 'think';
  /** `h` source parts, one per paragraph used. */
  sources?: boolean;
}

/** A streamed AI-style answer (see the module notes). */
export interface FlowStream {
  /** The question to answer (may use `{{...}}`). */
  question?: string;
  /** Variable that receives the answer. */
  variable?: string;
  /** Send the older `streamOpenAiChatCompletion` action instead of `stream`. */
  legacy?: boolean;
  /** Stream an agent turn rather than text alone. Left out: `f`, the text's `0` pieces, `e`, `d`. */
  agent?: FlowStreamAgent;
}

export interface FlowBlock {
  id: string;
  /** Variables set on arrival (values may use `{{...}}`). */
  setVariables?: Record<string, string>;
  messages?: FlowMessage[];
  actions?: FlowAction[];
  /** 0-100, sent as `progress`. */
  progress?: number;
  /** Sent as `dynamicTheme` (strings may use `{{...}}`). */
  dynamicTheme?: Record<string, string>;
  input?: FlowInput;
  /** Answers from the flow's `knowledge`, streamed when the client asked for streams. */
  stream?: FlowStream;
  /** Next block when there is no input. */
  next?: string;
}

export interface FlowDefinition {
  /** Public id: the path segment of `startChat`. */
  publicId: string;
  /** Name shown in the demo's flow picker. */
  name: string;
  description: string;
  /** Flow-bot id sent in `flowbot.id`; default `flowbot-<publicId>`. */
  id?: string;
  /** Sent in `flowbot.version`; default `"1"`. */
  version?: string;
  /** ISO date-time, sent in `flowbot.publishedAt`. */
  publishedAt: string;
  /** Sent in `flowbot.theme`. */
  theme?: Record<string, unknown>;
  /** Sent in `flowbot.settings` (typing emulation defaults to disabled). */
  settings?: Record<string, unknown>;
  /** Initial variable values (prefilled variables of `startChat` win). */
  variables?: Record<string, string>;
  /** Markdown paragraphs that `stream` blocks answer from. */
  knowledge?: string[];
  /** First block; default the first of `blocks`. */
  start?: string;
  blocks: FlowBlock[];
}

const str = v.string();
const optStr = v.optional(str);
const record = v.optional(v.record(str, v.unknown()));
const stringRecord = v.optional(v.record(str, str));

const FlowItemSchema = v.looseObject({
  id: str,
  content: optStr,
  value: optStr,
  pictureSrc: optStr,
  title: optStr,
  description: optStr,
  imageUrl: optStr,
  paths: v.optional(v.array(v.looseObject({ id: str, text: optStr, next: optStr }))),
  next: optStr,
});

const FlowInputSchema = v.looseObject({
  id: str,
  type: str,
  options: record,
  items: v.optional(v.array(FlowItemSchema)),
  prefilledValue: optStr,
  variable: optStr,
  routes: v.optional(
    v.array(
      v.object({
        when: v.object({
          equals: v.optional(v.union([str, v.array(str)])),
          min: v.optional(v.number()),
          max: v.optional(v.number()),
        }),
        next: str,
      }),
    ),
  ),
  next: optStr,
});

const FlowBlockSchema = v.object({
  id: str,
  setVariables: stringRecord,
  messages: v.optional(
    v.array(v.looseObject({ id: optStr, type: str, content: v.optional(v.unknown()), text: optStr })),
  ),
  actions: v.optional(
    v.array(v.looseObject({ type: str, afterMessage: optStr, expectsDedicatedReply: v.optional(v.boolean()) })),
  ),
  progress: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100))),
  dynamicTheme: stringRecord,
  input: v.optional(FlowInputSchema),
  stream: v.optional(
    v.object({
      question: optStr,
      variable: optStr,
      legacy: v.optional(v.boolean()),
      agent: v.optional(
        v.object({
          tools: v.optional(v.boolean()),
          reasoning: v.optional(v.union([v.boolean(), v.literal('think')])),
          sources: v.optional(v.boolean()),
        }),
      ),
    }),
  ),
  next: optStr,
});

/** Structural check of a flow file. */
export const FlowDefinitionSchema = v.object({
  publicId: v.pipe(str, v.regex(/^[\w-]+$/, 'must be letters, digits, "-" or "_"')),
  name: str,
  description: str,
  id: optStr,
  version: optStr,
  publishedAt: v.pipe(str, v.isoTimestamp('must be an ISO date-time')),
  theme: record,
  settings: record,
  variables: stringRecord,
  knowledge: v.optional(v.array(str)),
  start: optStr,
  blocks: v.pipe(v.array(FlowBlockSchema), v.minLength(1, 'needs at least one block')),
});

/**
 * Checks a flow (structure, unique ids, every `next` pointing at a block,
 * `afterMessage` naming a message of its block) and returns it typed.
 * Throws an `Error` that names the flow and every problem.
 */
export function defineFlow(data: unknown): FlowDefinition {
  const result = v.safeParse(FlowDefinitionSchema, data);
  const name = (data as { publicId?: unknown } | null)?.publicId;
  if (!result.success) {
    const problems = result.issues.map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`);
    throw new Error(`Flow "${String(name)}" is invalid:\n  ${problems.join('\n  ')}`);
  }
  const flow = result.output as FlowDefinition;
  const problems: string[] = [];
  const blockIds = new Set<string>();
  for (const block of flow.blocks) {
    if (blockIds.has(block.id)) problems.push(`block id "${block.id}" is used twice`);
    blockIds.add(block.id);
  }
  const target = (where: string, next: string | undefined): void => {
    if (next !== undefined && !blockIds.has(next)) problems.push(`${where}: no block "${next}"`);
  };
  target('start', flow.start);
  const messageIds = new Set<string>();
  for (const block of flow.blocks) {
    target(`block "${block.id}" next`, block.next);
    const ids = new Set((block.messages ?? []).map((m, i) => m.id ?? `${block.id}-${i}`));
    for (const messageId of ids) {
      if (messageIds.has(messageId)) problems.push(`message id "${messageId}" is used twice`);
      messageIds.add(messageId);
    }
    for (const action of block.actions ?? []) {
      if (action.afterMessage !== undefined && !ids.has(action.afterMessage)) {
        problems.push(`block "${block.id}": afterMessage "${action.afterMessage}" is not a message of the block`);
      }
    }
    if (block.stream && block.input) problems.push(`block "${block.id}": a stream block cannot also wait for an input`);
    const input = block.input;
    if (!input) continue;
    target(`input "${input.id}" next`, input.next);
    for (const route of input.routes ?? []) target(`input "${input.id}" route`, route.next);
    for (const item of input.items ?? []) {
      target(`item "${item.id}" next`, item.next);
      for (const path of item.paths ?? []) target(`card path "${path.id}" next`, path.next);
    }
  }
  if (problems.length) throw new Error(`Flow "${flow.publicId}" is invalid:\n  ${problems.join('\n  ')}`);
  return flow;
}

/** The shipped demo flows, by public id: `demo`, `support`, `lead`, `goodbye`, `assistant`. */
export function shippedFlows(): Record<string, FlowDefinition> {
  const flows: Record<string, FlowDefinition> = {};
  for (const data of [demoFlow, supportFlow, leadFlow, goodbyeFlow, assistantFlow] as unknown[]) {
    const flow = defineFlow(data);
    flows[flow.publicId] = flow;
  }
  return flows;
}
