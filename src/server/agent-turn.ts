/**
 * The parts of a streamed answer, as a list (`routes-stream.ts` sends them, paced and broken by
 * faults): pure and deterministic, so the same question always streams the same parts.
 *
 * `textTurn` is a plain answer: `f`, one `0` piece per word, `e`, `d`.
 *
 * `agentTurn` is what an AI agent with tools streams (the AI SDK data stream format; see the
 * viewer protocol, "Agent activity in the stream"), each step opened by `f` and closed by `e`:
 * 1. the search step: `f`, the reasoning as `g` pieces (a few words each), then the tool call
 *    `b`, `c`… (its arguments' JSON text in pieces), `9`, `a` (its result), `e` with
 *    `finishReason: "tool-calls"`. The tool is `search_knowledge_base`, args `{ query }` (the
 *    question), result `{ matches: [<titles>] }`;
 * 2. one step per matched paragraph (1 or 2): `read_document`, args `{ id: <slug of its title> }`,
 *    result `{ title, words }`. A question with the word "fail" makes the first one fail:
 *    `{ isError: true, error: "The document store did not answer." }` (the answer still follows,
 *    from the documents read, and says which it could not read);
 * 3. the answer step: `f`, the `0` pieces of `knowledgeAnswer` (of `answerFrom` the documents read
 *    when a read failed), one `h` source per paragraph read
 *    (`{ sourceType: "url", id: "source-<n>", url, title }`), `e`, then `d`.
 *
 * A paragraph's title is its `###` heading, else its first bold phrase, else its first words;
 * its URL the first markdown link in it, else `https://example.com/acme/<slug>`. Flags turn
 * parts off: without `tools` no tool steps (the reasoning opens the answer step), without
 * `sources` no `h`, without `reasoning` no `g`; `reasoning: 'think'` writes the reasoning into
 * the text instead, as some models do: `<think>` + reasoning + `</think>\n\n` + the answer, all
 * `0` pieces. Ids: step `n` (from 1) has the message id `msg-<id>` (first) or `msg-<id>-<n>`,
 * tool call `n` the id `call-<id>-<n>`.
 */
import type { FlowStreamAgent } from './flows.js';
import { answerFrom, chosenParagraphs, questionTerms, streamPieces } from './knowledge.js';

/** Which parts of an agent turn are streamed (see the module notes). */
export interface AgentFlags {
  /** Tool steps (`b`, `c`, `9`, `a`) before the answer. */
  tools: boolean;
  /** The reasoning as `g` parts; `'think'`: in the text, between `<think>` and `</think>`. */
  reasoning: boolean | 'think';
  /** `h` source parts after the answer's text. */
  sources: boolean;
}

/** The flags of an agent turn: the server's (`override`) where given, else the flow's, else on. */
export function agentFlags(flow: FlowStreamAgent, override: FlowStreamAgent | undefined): AgentFlags {
  return {
    tools: override?.tools ?? flow.tools ?? true,
    reasoning: override?.reasoning ?? flow.reasoning ?? true,
    sources: override?.sources ?? flow.sources ?? true,
  };
}

/** One part of the stream: its code and value, sent after a pause of `pause` ms (none: at once). */
export interface StreamPart {
  code: string;
  value: unknown;
  pause?: number;
}

/** Options of `textTurn` and `agentTurn`. */
export interface TurnOptions {
  /** Makes the message and tool call ids (see the module notes). Default `"turn"`. */
  id?: string;
  /** Pause before each `g`, `c` and `0` piece but the first of its run, in ms. Default 0. */
  paceMs?: number;
  /** Pause before each tool result (`a`): the tool at work, in ms. Default 0. */
  toolPauseMs?: number;
}

/** The result of the failing `read_document` call (a question with the word "fail"). */
export const TOOL_FAILURE = { isError: true, error: 'The document store did not answer.' } as const;

/** Words per `g` piece. */
const REASONING_WORDS = 3;
/** Characters per `c` piece of a tool call's arguments. */
const ARGS_PIECE_CHARS = 10;
/** Where a paragraph without a link of its own is said to come from. */
const SOURCE_BASE_URL = 'https://example.com/acme/';

/** A plain streamed answer: `f`, one `0` piece per word of `answer`, `e`, `d`. */
export function textTurn(answer: string, options: TurnOptions = {}): StreamPart[] {
  const opening = [{ code: 'f', value: { messageId: messageIdOf(options.id ?? 'turn', 1) } }];
  return answerStep(streamPieces(answer), [], opening, options.paceMs ?? 0);
}

/** The agent turn answering `question` from `knowledge` (see the module notes). */
export function agentTurn(
  question: string,
  knowledge: readonly string[],
  flags: AgentFlags,
  options: TurnOptions = {},
): StreamPart[] {
  const id = options.id ?? 'turn';
  const paceMs = options.paceMs ?? 0;
  const chosen = chosenParagraphs(knowledge, question);
  const titles = chosen.map(paragraphTitle);
  const reasoning = reasoningText(question, titles, flags.tools);
  // A read that fails (a question with the word "fail": the first) is neither quoted nor cited.
  const failing = flags.tools && /\bfail\b/i.test(question);
  const read = chosen.filter((_, i) => !(failing && i === 0));
  const answer = answerFrom(
    knowledge,
    read,
    titles.filter((_, i) => failing && i === 0),
  );
  const reasoningPieces: string[] = [];
  if (flags.reasoning === true) {
    const words = streamPieces(reasoning);
    for (let i = 0; i < words.length; i += REASONING_WORDS) {
      reasoningPieces.push(words.slice(i, i + REASONING_WORDS).join(''));
    }
  }
  const parts: StreamPart[] = [];
  let step = 0;
  /** A step's `f`; the first step's carries the reasoning (`g` pieces) after it. */
  const opening = (): StreamPart[] => {
    step += 1;
    const start = { code: 'f', value: { messageId: messageIdOf(id, step) } };
    return step === 1 ? [start, ...paced('g', reasoningPieces, paceMs)] : [start];
  };
  const toolStep = (toolName: string, args: Record<string, unknown>, result: unknown) => {
    const toolCallId = `call-${id}-${step + 1}`;
    parts.push(...opening(), { code: 'b', value: { toolCallId, toolName } });
    const argsText = Array.from(JSON.stringify(args));
    for (let i = 0; i < argsText.length; i += ARGS_PIECE_CHARS) {
      const argsTextDelta = argsText.slice(i, i + ARGS_PIECE_CHARS).join('');
      parts.push(withPause({ code: 'c', value: { toolCallId, argsTextDelta } }, i === 0 ? 0 : paceMs));
    }
    parts.push(
      { code: '9', value: { toolCallId, toolName, args } },
      withPause({ code: 'a', value: { toolCallId, result } }, options.toolPauseMs ?? 0),
      {
        code: 'e',
        value: { finishReason: 'tool-calls', usage: { promptTokens: 0, completionTokens: 0 }, isContinued: false },
      },
    );
  };

  if (flags.tools) {
    toolStep('search_knowledge_base', { query: question }, { matches: titles });
    chosen.forEach((paragraph, i) => {
      const title = titles[i]!;
      const result = failing && i === 0 ? { ...TOOL_FAILURE } : { title, words: wordCount(paragraph) };
      toolStep('read_document', { id: slugOf(title) }, result);
    });
  }
  const text = streamPieces(answer);
  const pieces = flags.reasoning === 'think' ? ['<think>', ...streamPieces(reasoning), '</think>\n\n', ...text] : text;
  const sources: StreamPart[] = flags.sources
    ? read.map((paragraph, i) => ({
        code: 'h',
        value: {
          sourceType: 'url',
          id: `source-${i + 1}`,
          url: paragraphUrl(paragraph),
          title: paragraphTitle(paragraph),
        },
      }))
    : [];
  return [...parts, ...answerStep(pieces, sources, opening(), paceMs)];
}

/** The answer step after its `opening`: the `0` pieces, `sources`, `e`, then the turn's `d`. */
function answerStep(pieces: string[], sources: StreamPart[], opening: StreamPart[], paceMs: number): StreamPart[] {
  const usage = { promptTokens: 0, completionTokens: pieces.length };
  return [
    ...opening,
    ...paced('0', pieces, paceMs),
    ...sources,
    { code: 'e', value: { finishReason: 'stop', usage, isContinued: false } },
    { code: 'd', value: { finishReason: 'stop', usage } },
  ];
}

function messageIdOf(id: string, step: number): string {
  return step === 1 ? `msg-${id}` : `msg-${id}-${step}`;
}

/** `values` as parts of `code`, each but the first after `paceMs`. */
function paced(code: string, values: string[], paceMs: number): StreamPart[] {
  return values.map((value, i) => withPause({ code, value }, i === 0 ? 0 : paceMs));
}

function withPause(part: StreamPart, pause: number): StreamPart {
  return pause > 0 ? { ...part, pause } : part;
}

/**
 * The reasoning before the answer, from the question's words and the titles found, e.g. `The
 * visitor asks about refunds and certificates. I will search the Acme notes for "refund
 * certificate" and answer from the best matches.`
 */
export function reasoningText(question: string, titles: readonly string[], tools: boolean): string {
  const query = questionTerms(question).join(' ') || question.trim().replace(/\s+/g, ' ');
  // "Refunds" → "refunds", but "API keys" stays.
  const topics = titles.map((title) =>
    /^\p{Lu}{2}/u.test(title) ? title : title.charAt(0).toLowerCase() + title.slice(1),
  );
  const subject = topics.length
    ? topics.length === 1
      ? topics[0]!
      : `${topics.slice(0, -1).join(', ')} and ${topics.at(-1)!}`
    : query
      ? `"${query}"`
      : 'nothing in particular';
  const search = query ? `I will search the Acme notes for "${query}"` : 'I will search the Acme notes';
  const plan = tools
    ? topics.length
      ? `${search} and answer from the best matches.`
      : `${search}, and list the topics I know if nothing matches.`
    : topics.length
      ? 'I will answer from what the Acme notes say about it.'
      : 'The Acme notes say nothing about it: I will list the topics I know.';
  return `The visitor asks about ${subject}. ${plan}`;
}

/** A paragraph's title: its `###` heading, else its first bold phrase, else its first five words. */
export function paragraphTitle(paragraph: string): string {
  const heading = /^#{1,6}\s+(.+)/.exec(paragraph)?.[1];
  const bold = /\*\*([^*]+)\*\*/.exec(paragraph)?.[1];
  const title = heading ?? bold ?? paragraph.split(/\s+/).slice(0, 5).join(' ');
  return title.trim();
}

/** `title` as an id in a URL: lower-case letters and digits between single `-`. */
export function slugOf(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'document'
  );
}

/** Where a paragraph comes from: its first markdown link, else a made-up page named by its title. */
export function paragraphUrl(paragraph: string): string {
  return /\[[^\]]*\]\(([^)\s]+)\)/.exec(paragraph)?.[1] ?? SOURCE_BASE_URL + slugOf(paragraphTitle(paragraph));
}

/** The words of a paragraph (letters and digits, markdown signs left out). */
export function wordCount(paragraph: string): number {
  return paragraph.match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}
