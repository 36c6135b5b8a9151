/**
 * What an AI answer holds around its text, read (never drawn) with the markdown reader, in the rich
 * messages' file (`element/rich/index.ts`): the `<think>` block it starts with, the sources it ends with,
 * what its agent did. The markdown reader reads an answer without them, Copy and Download sum them
 * up (`agentSummary`), and the streams' file (`element/stream/`) draws them (`element/agent/view.ts`), taking
 * this module from the rich messages' file rather than carrying it again.
 */
import {
  mergeSources,
  readActivity,
  readableToolName,
  splitSources,
  splitThink,
  type AgentActivity,
  type AgentSource,
} from '../protocol/agent.js';
import { isObject } from '../protocol/json.js';
import type { AgentSummary } from './on-demand-source.js';

/** What an answer's text holds besides the answer: the thinking it starts with, the sources it ends with. */
export function answerParts(text: string): { answer: string; thinking: string; sources: AgentSource[] } {
  const { thinking, answer } = splitThink(text);
  const split = splitSources(answer);
  return { answer: split.answer, thinking, sources: split.sources };
}

/** What an answer holds around its text (see `aroundAnswer`). */
export interface AroundAnswer {
  readonly thinking: string;
  readonly answer: string;
  readonly activity: AgentActivity | undefined;
  readonly sources: AgentSource[];
}

/**
 * What an answer's content (`{ markdown, agent }`) holds around its text, read once for the bubble
 * and the export: the `<think>` block it starts with, the answer without it, what the agent did,
 * and its sources (the stream's and the text's); undefined when there is none of these.
 */
export function aroundAnswer(content: unknown): AroundAnswer | undefined {
  if (!isObject(content) || typeof content.markdown !== 'string') return undefined;
  const { thinking, answer } = splitThink(content.markdown);
  const activity = readActivity(content.agent);
  const sources = mergeSources(activity?.sources ?? [], splitSources(answer).sources);
  return activity || thinking || sources.length ? { thinking, answer, activity, sources } : undefined;
}

/**
 * What an agent did around a markdown answer (`content`, a message's), for the answers' file
 * (Copy, Download): handed over with the markdown reader, so that file carries none of this code.
 * Undefined when the answer has none of it.
 */
export function agentSummary(content: unknown): AgentSummary | undefined {
  const found = aroundAnswer(content);
  if (!found) return undefined;
  const { thinking, answer, activity: a, sources } = found;
  return {
    answer,
    thinking: [a?.reasoning ?? '', thinking].filter(Boolean).join('\n\n'),
    opened: !!a?.thinkingOpened,
    tools: (a?.tools ?? []).map((call) => ({
      name: readableToolName(call.name, false),
      failed: call.state === 'failed',
    })),
    more: a?.more ?? 0,
    sources,
  };
}

/** Each message's answer to `needsAgent`, read once (a message does not change once shown). */
const agentOf = new WeakMap<object, boolean>();

/**
 * Whether showing `message` takes the streams' file: a markdown answer with what its agent did
 * around it (thinking, tool calls, sources), drawn by that file.
 */
export function needsAgent(message: unknown): boolean {
  if (!isObject(message)) return false;
  let agent = agentOf.get(message);
  if (agent === undefined) agentOf.set(message, (agent = !!agentSummary(message.content)));
  return agent;
}
