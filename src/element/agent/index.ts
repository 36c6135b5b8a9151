/**
 * What an AI answer's agent did (its tool calls, its thinking, its sources), as the widget shows
 * it (`view.ts`): drawn around a complete answer in its bubble, above and under a streamed
 * answer as it grows, and summed up for Copy and Download. It is part of the rich messages'
 * on-demand part (`../rich/index.ts` re-exports it: the messages get it as `AgentRenderers`, the
 * stream's row draws it, the answers' file gets the summary with the markdown reader): a
 * conversation without rich messages never loads it. Its core stays below: the wire reading
 * (`protocol/agent.ts`: the activity a stream reports, the `<think>` block and the sources an
 * answer's text holds), its words (`i18n/`) and its types (`render/on-demand-source.ts`).
 */
export { agentAnswer, agentStyles, agentSummary, answerParts, renderAgentAbove, renderSources } from './view.js';
export type { AgentContext, AgentStrings, AgentSummary } from '../../render/on-demand-source.js';
