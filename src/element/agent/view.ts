/**
 * What an agent did, drawn in its answer's bubble (see `protocol/agent.ts`):
 * - the thinking, a collapsed section above the answer (its text is in no
 *   accessibility tree until opened);
 * - the tool calls: a list while the agent works (each line says in words what
 *   it is doing, running, done or failed; the spinner is decoration), folded
 *   into one line ("Used 2 tools") once the answer's text starts; a line opens
 *   on what the call was given and what it returned, as text;
 * - the sources, chips under the answer: the site's domain and the title,
 *   opening in a new tab without the opener.
 * Everything is text the server sent: set as text, never parsed as HTML or
 * markdown. Loaded on demand with the streams (`flowbot-chat.stream.js`, see `../stream/index.ts`):
 * the messages draw it through `AgentRenderers` (`render/on-demand-source.ts`, where its types are
 * declared). What an answer holds around its text is read by `render/agent-read.ts`, with the markdown reader.
 */
import { html, nothing, render, type CSSResult, type TemplateResult } from 'lit';
import { css } from '../../theme/css.js';
import {
  emptyActivity,
  readableToolName,
  type AgentActivity,
  type AgentSource,
  type AgentToolCall,
} from '../../protocol/agent.js';
import { isObject } from '../../protocol/json.js';
import { enOnDemand } from '../../i18n/en.js';
import { plural } from '../../i18n/plural.js';
import type { AgentContext, AgentStrings } from '../../render/on-demand-source.js';
import { aroundAnswer } from '../../render/agent-read.js';

const wordsOf = (ctx: AgentContext): AgentStrings => ({ ...(enOnDemand as AgentStrings), ...ctx.words });

/** A tool call's line: what it does in words, its state as an icon beside them. */
function toolLine(call: AgentToolCall, ctx: AgentContext, w: AgentStrings): TemplateResult {
  const own = ctx.toolNames?.[call.name];
  const english = !ctx.lang || /^en\b/i.test(ctx.lang);
  const name = typeof own === 'string' && own ? own : readableToolName(call.name, english && call.state === 'running');
  // The name (often English words made from the tool's identifier) is isolated from the words of
  // the widget's language around it, so neither reorders the other in a right-to-left line.
  const [before, after] = (
    call.state === 'running' ? w.toolRunning : call.state === 'done' ? w.toolDone : w.toolFailed
  ).split('{tool}');
  return html`<li class="fb-tool" data-state=${call.state}><details><summary tabindex="-1"><span class="fb-tool-icon" aria-hidden="true"></span><span class="fb-tool-said">${before}<bdi>${name}</bdi>${after ?? ''}</span></summary><dl class="fb-tool-io"><dt>${w.toolInput}</dt><dd><pre>${call.input || '{}'}</pre></dd>${
    call.output === undefined ? nothing : html`<dt>${w.toolOutput}</dt><dd><pre>${call.output}</pre></dd>`
  }</dl></details></li>`;
}

/** The tool calls: a list while the agent works, one folded line once the answer has started. */
function renderTools(
  a: AgentActivity,
  folded: boolean,
  ctx: AgentContext,
  w: AgentStrings,
): TemplateResult | typeof nothing {
  const count = a.tools.length + a.more;
  if (!count) return nothing;
  const list = html`<ul class="fb-tools">${a.tools.map((call) => toolLine(call, ctx, w))}${
    a.more ? html`<li class="fb-tool-more">${plural(w.moreTools, a.more, ctx.lang)}</li>` : nothing
  }</ul>`;
  return folded
    ? html`<details class="fb-tools-fold" part="agent-tools"><summary tabindex="-1">${plural(w.usedTools, count, ctx.lang)}</summary>${list}</details>`
    : html`<div class="fb-tools-live" part="agent-tools">${list}</div>`;
}

/** The thinking, collapsed; `onOpen` is told when the visitor opens it. */
function renderThinking(
  thinking: string,
  opened: boolean,
  onOpen: () => void,
  w: AgentStrings,
): TemplateResult | typeof nothing {
  if (!thinking) return nothing;
  return html`<details class="fb-thinking" part="agent-thinking" ?open=${opened} @toggle=${(e: Event) => {
    if ((e.currentTarget as HTMLDetailsElement).open) onOpen();
  }}><summary tabindex="-1">${w.thinking}</summary><div class="fb-thinking-text">${thinking}</div></details>`;
}

/** The domain a source's chip shows. */
function domainOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** The source chips under an answer. */
export function renderSources(sources: readonly AgentSource[], ctx: AgentContext): TemplateResult | typeof nothing {
  if (!sources.length) return nothing;
  const w = wordsOf(ctx);
  return html`<ul class="fb-sources" part="agent-sources" aria-label=${w.sources}>${sources.map(
    (s) =>
      html`<li><a class="fb-source" tabindex="-1" href=${s.url} target="_blank" rel="noopener noreferrer"><span class="fb-source-domain">${domainOf(s.url)}</span>${
        s.title ? html`<span class="fb-source-title">${s.title}</span>` : nothing
      }</a></li>`,
  )}</ul>`;
}

/**
 * What goes above an answer: its thinking and its tool calls (`folded` once
 * the answer has started or is complete). `onOpen`: the visitor opened the thinking.
 */
export function renderAgentAbove(
  a: AgentActivity | undefined,
  thinking: string,
  folded: boolean,
  onOpen: () => void,
  ctx: AgentContext,
): TemplateResult | typeof nothing {
  const w = wordsOf(ctx);
  const reasoning = [a?.reasoning ?? '', thinking].filter(Boolean).join('\n\n');
  if (!reasoning && !a?.tools.length && !a?.more) return nothing;
  return html`<div class="fb-agent" part="agent-activity">${renderThinking(reasoning, !!a?.thinkingOpened, onOpen, w)}${
    a ? renderTools(a, folded, ctx, w) : nothing
  }</div>`;
}

/**
 * A complete answer with what its agent did: its content (`text`, the answer
 * drawn without its thinking and trailing sources) wrapped with the thinking and
 * tools above and the sources under it. Undefined when the answer has none of
 * them (it is drawn as it is). The visitor opening the thinking is kept with the
 * message (an export then includes it).
 */
export function agentAnswer(message: unknown, text: HTMLElement, ctx: AgentContext): HTMLElement | undefined {
  const content = isObject(message) ? message.content : undefined;
  const found = aroundAnswer(content);
  if (!found || !isObject(content)) return undefined;
  const box = document.createElement('div');
  box.className = 'fb-answer';
  const onOpen = (): void => {
    const kept = isObject(content.agent) ? content.agent : (content.agent = emptyActivity());
    kept.thinkingOpened = true;
  };
  render(
    html`${renderAgentAbove(found.activity, found.thinking, true, onOpen, ctx)}${text}${renderSources(found.sources, ctx)}`,
    box,
  );
  return box;
}

/** The styles of the agent's parts, scoped to the bubble's content. */
export const agentStyles: CSSResult = css`
  .fb-answer {
    display: flex;
    flex-direction: column;
    gap: 0.5em;
    min-width: 0;
  }
  .fb-agent {
    display: flex;
    flex-direction: column;
    gap: 0.25em;
    font-size: 0.875em;
    min-width: 0;
  }
  .fb-agent details > summary {
    /* A target a finger can take (WCAG 2.5.8): 24 px high, the lines 24 px apart. */
    min-height: 24px;
    line-height: 24px;
    cursor: pointer;
    border-radius: 4px;
    opacity: 0.85;
    overflow-wrap: anywhere;
  }
  .fb-agent details[open] > summary {
    opacity: 1;
  }
  .fb-agent summary:focus-visible {
    outline: 2px solid currentColor;
    outline-offset: 2px;
  }
  .fb-thinking-text {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    margin-block-start: 0.25em;
    padding-inline-start: 0.75em;
    border-inline-start: 2px solid color-mix(in srgb, currentColor 30%, transparent);
    opacity: 0.85;
    max-height: 16em;
    overflow: auto;
  }
  .fb-tools {
    list-style: none;
    margin: 0.25em 0 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 0.125em;
  }
  .fb-tools-live .fb-tools {
    margin: 0;
  }
  .fb-tool > details > summary {
    list-style: none;
    display: flex;
    align-items: center;
    gap: 0.4em;
  }
  .fb-tool > details > summary::-webkit-details-marker {
    display: none;
  }
  .fb-tool-icon {
    flex: none;
    width: 0.9em;
    height: 0.9em;
    display: inline-grid;
    place-items: center;
    font-size: 0.9em;
    line-height: 1;
  }
  .fb-tool[data-state='running'] .fb-tool-icon {
    border: 2px solid color-mix(in srgb, currentColor 30%, transparent);
    border-top-color: currentColor;
    border-radius: 50%;
    animation: fb-spin 0.8s linear infinite;
  }
  .fb-tool[data-state='done'] .fb-tool-icon::before {
    content: '✓';
  }
  .fb-tool[data-state='failed'] .fb-tool-icon::before {
    content: '✕';
  }
  @keyframes fb-spin {
    to {
      transform: rotate(1turn);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .fb-tool[data-state='running'] .fb-tool-icon {
      animation: none;
      border-style: dotted;
    }
  }
  .fb-tool-io {
    margin: 0.25em 0 0.25em 1.3em;
    display: grid;
    gap: 0.125em;
    min-width: 0;
  }
  .fb-tool-io dt {
    font-weight: 600;
  }
  .fb-tool-io dd {
    margin: 0;
    min-width: 0;
  }
  .fb-tool-io pre {
    margin: 0;
    font-family: var(--flowbot-code-font-family, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
    font-size: 0.9em;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    max-height: 10em;
    overflow: auto;
    padding: 0.25em 0.4em;
    border-radius: 4px;
    background: color-mix(in srgb, currentColor 8%, transparent);
  }
  .fb-tool-more {
    padding-inline-start: 1.3em;
    opacity: 0.85;
  }
  .fb-sources {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0.375em;
    font-size: 0.8125em;
    min-width: 0;
  }
  /* A chip keeps its title on one line, but never widens the answer past the room it has: the one
     track's least is 0 (a page may size the widget by its content: an inline-block, a table cell). */
  .fb-sources li {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    min-width: 0;
    max-width: 100%;
  }
  .fb-source {
    display: inline-flex;
    align-items: baseline;
    gap: 0.4em;
    max-width: 100%;
    padding: 0.2em 0.6em;
    border-radius: 999px;
    border: 1px solid color-mix(in srgb, currentColor 35%, transparent);
    color: inherit;
    text-decoration: none;
  }
  .fb-source:hover .fb-source-title {
    text-decoration: underline;
  }
  .fb-source:focus-visible {
    outline: 2px solid currentColor;
    outline-offset: 2px;
  }
  .fb-source-domain {
    font-weight: 600;
    white-space: nowrap;
  }
  .fb-source-title {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    min-width: 0;
  }
  @media (forced-colors: active) {
    .fb-source {
      border-color: LinkText;
    }
    .fb-tool[data-state='running'] .fb-tool-icon {
      border-color: CanvasText;
      border-top-color: Highlight;
    }
  }
`;
