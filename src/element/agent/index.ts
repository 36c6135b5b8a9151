/**
 * What an AI answer's agent did (its tool calls, its thinking, its sources), as the widget shows
 * it (`view.ts`): drawn around a complete answer in its bubble, above and under a streamed
 * answer as it grows. It is part of the streams' file (`../stream/index.ts` re-exports it: the
 * messages get it as `AgentRenderers`, the stream's row draws it): a conversation without an
 * agent's answer never loads it. What an answer holds around its text is read apart
 * (`render/agent-read.ts`, in the rich messages' file with the markdown reader, and summed up there for
 * Copy and Download).
 * Its core stays below: the wire reading (`protocol/agent.ts`: the activity a stream reports, the
 * `<think>` block and the sources an answer's text holds), its words (`i18n/`) and its types
 * (`render/on-demand-source.ts`).
 */
export { agentAnswer, agentStyles, renderAgentAbove, renderSources } from './view.js';
export type { AgentContext, AgentStrings, AgentSummary } from '../../render/on-demand-source.js';
