/**
 * The reference server's agent turn (`src/server/agent-turn.ts`): the parts an AI agent with
 * tools streams for a question, as a pure, deterministic list.
 */
import { describe, expect, it } from 'vitest';
import {
  agentFlags,
  agentTurn,
  paragraphTitle,
  paragraphUrl,
  reasoningText,
  slugOf,
  textTurn,
  TOOL_FAILURE,
  type AgentFlags,
  type StreamPart,
} from '../../../src/server/agent-turn.js';
import { shippedFlows } from '../../../src/server/flows.js';
import { chosenParagraphs, knowledgeAnswer, streamPieces } from '../../../src/server/knowledge.js';

const knowledge = () => shippedFlows()['assistant']!.knowledge!;
const ALL: AgentFlags = { tools: true, reasoning: true, sources: true };
const codes = (parts: StreamPart[]) => parts.map((part) => part.code).join('');
const text = (parts: StreamPart[], code = '0') =>
  parts
    .filter((part) => part.code === code)
    .map((part) => part.value as string)
    .join('');
const valuesOf = (parts: StreamPart[], code: string) => parts.filter((p) => p.code === code).map((p) => p.value);
/** The part codes with runs of `g`, `c` and `0` squeezed to one letter followed by `…`. */
const shape = (parts: StreamPart[]) => codes(parts).replace(/([gc0])\1*/g, '$1…');

describe('agentTurn', () => {
  it('streams reasoning, a search step, a read step per paragraph, then the answer and its sources', () => {
    const question = 'How do refunds work?';
    const parts = agentTurn(question, knowledge(), ALL, { id: 't' });
    expect(shape(parts)).toBe('fg…bc…9aefbc…9aef0…hed');
    expect(text(parts)).toBe(knowledgeAnswer(knowledge(), question));
    expect(text(parts, 'g')).toBe(
      'The visitor asks about refunds. I will search the Acme notes for "refund work" and answer from the best matches.',
    );
    expect(valuesOf(parts, 'f')).toEqual([{ messageId: 'msg-t' }, { messageId: 'msg-t-2' }, { messageId: 'msg-t-3' }]);
    expect(valuesOf(parts, 'b')).toEqual([
      { toolCallId: 'call-t-1', toolName: 'search_knowledge_base' },
      { toolCallId: 'call-t-2', toolName: 'read_document' },
    ]);
    expect(valuesOf(parts, '9')).toEqual([
      { toolCallId: 'call-t-1', toolName: 'search_knowledge_base', args: { query: question } },
      { toolCallId: 'call-t-2', toolName: 'read_document', args: { id: 'refunds' } },
    ]);
    expect(valuesOf(parts, 'a')).toEqual([
      { toolCallId: 'call-t-1', result: { matches: ['Refunds'] } },
      { toolCallId: 'call-t-2', result: { title: 'Refunds', words: 46 } },
    ]);
    expect(valuesOf(parts, 'h')).toEqual([
      { sourceType: 'url', id: 'source-1', url: 'https://example.com/acme/refunds', title: 'Refunds' },
    ]);
    const toolFinish = {
      finishReason: 'tool-calls',
      usage: { promptTokens: 0, completionTokens: 0 },
      isContinued: false,
    };
    const usage = { promptTokens: 0, completionTokens: streamPieces(text(parts)).length };
    expect(valuesOf(parts, 'e')).toEqual([toolFinish, toolFinish, { finishReason: 'stop', usage, isContinued: false }]);
    expect(parts.at(-1)).toEqual({ code: 'd', value: { finishReason: 'stop', usage } });
  });

  it("streams each call's arguments as pieces of their JSON text", () => {
    const parts = agentTurn('refunds and certificates', knowledge(), ALL);
    const calls = valuesOf(parts, '9') as { toolCallId: string; args: unknown }[];
    expect(calls).toHaveLength(3);
    for (const call of calls) {
      const deltas = (valuesOf(parts, 'c') as { toolCallId: string; argsTextDelta: string }[]).filter(
        (c) => c.toolCallId === call.toolCallId,
      );
      expect(deltas.length).toBeGreaterThan(0);
      expect(JSON.parse(deltas.map((c) => c.argsTextDelta).join(''))).toEqual(call.args);
    }
    // Several words per reasoning piece.
    expect((valuesOf(parts, 'g') as string[]).every((piece) => piece.trim().split(/\s+/).length <= 3)).toBe(true);
    expect(valuesOf(parts, 'g').length).toBeGreaterThan(3);
  });

  it('reads two paragraphs when two match, and names them in the reasoning and the sources', () => {
    const parts = agentTurn('refunds and certificates', knowledge(), ALL, { id: 't' });
    expect(shape(parts)).toBe('fg…bc…9aefbc…9aefbc…9aef0…hhed');
    expect(text(parts, 'g')).toBe(
      'The visitor asks about refunds and certificates. I will search the Acme notes for "refund certificate" and answer from the best matches.',
    );
    expect(valuesOf(parts, 'a')).toEqual([
      { toolCallId: 'call-t-1', result: { matches: ['Refunds', 'Certificates'] } },
      { toolCallId: 'call-t-2', result: { title: 'Refunds', words: 46 } },
      { toolCallId: 'call-t-3', result: { title: 'Certificates', words: expect.any(Number) } },
    ]);
    expect(valuesOf(parts, 'h')).toEqual([
      { sourceType: 'url', id: 'source-1', url: 'https://example.com/acme/refunds', title: 'Refunds' },
      // The paragraph's own link.
      { sourceType: 'url', id: 'source-2', url: 'https://example.com/acme/verify', title: 'Certificates' },
    ]);
  });

  it('is deterministic: the same question streams the same parts', () => {
    for (const question of ['How do refunds work?', 'compare the plans', 'xyzzy', 'refunds fail']) {
      expect(agentTurn(question, knowledge(), ALL, { id: 'a' })).toEqual(
        agentTurn(question, knowledge(), ALL, { id: 'a' }),
      );
    }
  });

  it('fails the first read for a question with the word "fail", and answers and cites only what it read', () => {
    const question = 'Refunds and certificates: why do they FAIL?';
    const parts = agentTurn(question, knowledge(), ALL, { id: 't' });
    expect(valuesOf(parts, 'a')).toEqual([
      { toolCallId: 'call-t-1', result: { matches: ['Refunds', 'Certificates'] } },
      { toolCallId: 'call-t-2', result: { isError: true, error: 'The document store did not answer.' } },
      { toolCallId: 'call-t-3', result: { title: 'Certificates', words: expect.any(Number) } },
    ]);
    expect(TOOL_FAILURE.error).toBe('The document store did not answer.');
    // The document it could not read is neither cited nor quoted, and the answer says so.
    expect(valuesOf(parts, 'h')).toEqual([
      { sourceType: 'url', id: 'source-1', url: 'https://example.com/acme/verify', title: 'Certificates' },
    ]);
    const [refunds, certificates] = chosenParagraphs(knowledge(), question);
    expect(text(parts)).toContain(certificates);
    expect(text(parts)).not.toContain(refunds);
    expect(text(parts)).toMatch(/I could not read the notes on Refunds just now\.$/);
    // Its one document unread: nothing to quote or cite.
    const alone = agentTurn('Why do refunds fail?', knowledge(), ALL, { id: 't' });
    expect(valuesOf(alone, 'h')).toEqual([]);
    expect(text(alone)).toBe(
      'I could not read the notes on Refunds just now, so I cannot answer from them. Please ask again in a moment.',
    );
    // Only the word: "failure" is not "fail".
    expect(JSON.stringify(agentTurn('refund failure', knowledge(), ALL))).not.toContain('isError');
  });

  it('runs only the search when nothing matches, and answers with the topics it knows', () => {
    const parts = agentTurn('xyzzy plugh', knowledge(), ALL, { id: 't' });
    expect(shape(parts)).toBe('fg…bc…9aef0…ed');
    expect(valuesOf(parts, 'a')).toEqual([{ toolCallId: 'call-t-1', result: { matches: [] } }]);
    expect(text(parts)).toBe(knowledgeAnswer(knowledge(), 'xyzzy plugh'));
    expect(text(parts)).toMatch(/^I could not find that/);
    expect(text(parts, 'g')).toBe(
      'The visitor asks about "xyzzy plugh". I will search the Acme notes for "xyzzy plugh", and list the topics I know if nothing matches.',
    );
    const empty = agentTurn('  ', [], ALL);
    expect(shape(empty)).toBe('fg…bc…9aef0…ed');
    expect(text(empty, 'g')).toBe(
      'The visitor asks about nothing in particular. I will search the Acme notes, and list the topics I know if nothing matches.',
    );
  });

  it('leaves out each part its flag turns off', () => {
    const question = 'refunds and certificates';
    const answer = knowledgeAnswer(knowledge(), question);
    const noTools = agentTurn(question, knowledge(), { ...ALL, tools: false });
    expect(shape(noTools)).toBe('fg…0…hhed');
    expect(text(noTools, 'g')).toBe(
      'The visitor asks about refunds and certificates. I will answer from what the Acme notes say about it.',
    );
    expect(shape(agentTurn(question, knowledge(), { ...ALL, reasoning: false }))).toBe('fbc…9aefbc…9aefbc…9aef0…hhed');
    expect(shape(agentTurn(question, knowledge(), { ...ALL, sources: false }))).toBe('fg…bc…9aefbc…9aefbc…9aef0…ed');
    const none = agentTurn(question, knowledge(), { tools: false, reasoning: false, sources: false }, { id: 't' });
    expect(none).toEqual(textTurn(answer, { id: 't' }));
    for (const parts of [noTools, none]) expect(text(parts)).toBe(answer);
  });

  it('writes the reasoning into the text between <think> and </think> in think mode', () => {
    const question = 'How do refunds work?';
    const parts = agentTurn(question, knowledge(), { ...ALL, reasoning: 'think' });
    expect(shape(parts)).toBe('fbc…9aefbc…9aef0…hed');
    const reasoning = reasoningText(question, ['Refunds'], true);
    expect(text(parts)).toBe(`<think>${reasoning}</think>\n\n${knowledgeAnswer(knowledge(), question)}`);
    expect(parts.find((p) => p.code === '0')?.value).toBe('<think>');
    const usage = { promptTokens: 0, completionTokens: valuesOf(parts, '0').length };
    expect(parts.at(-1)).toEqual({ code: 'd', value: { finishReason: 'stop', usage } });
    // Without tools, the text step alone.
    expect(shape(agentTurn(question, knowledge(), { tools: false, reasoning: 'think', sources: false }))).toBe('f0…ed');
  });

  it('paces pieces and pauses before each tool result', () => {
    const parts = agentTurn('How do refunds work?', knowledge(), ALL, { paceMs: 7, toolPauseMs: 50 });
    const pauses = (code: string) => parts.filter((p) => p.code === code).map((p) => p.pause);
    expect(pauses('a')).toEqual([50, 50]);
    for (const code of ['g', '0'])
      expect(pauses(code)).toEqual([
        undefined,
        ...pauses(code)
          .slice(1)
          .map(() => 7),
      ]);
    expect(pauses('c').filter((pause) => pause === undefined)).toHaveLength(2);
    expect(parts.filter((p) => 'fb9ehd'.includes(p.code)).every((p) => p.pause === undefined)).toBe(true);
    // No pause at all with none asked for.
    expect(agentTurn('How do refunds work?', knowledge(), ALL).some((p) => 'pause' in p)).toBe(false);
  });
});

describe('textTurn', () => {
  it('is a plain answer: f, a 0 piece per word, e, d', () => {
    const parts = textTurn('Hello there\n\nfriend', { id: 'p', paceMs: 5 });
    expect(parts).toEqual([
      { code: 'f', value: { messageId: 'msg-p' } },
      { code: '0', value: 'Hello' },
      { code: '0', value: ' there', pause: 5 },
      { code: '0', value: '\n\nfriend', pause: 5 },
      {
        code: 'e',
        value: { finishReason: 'stop', usage: { promptTokens: 0, completionTokens: 3 }, isContinued: false },
      },
      { code: 'd', value: { finishReason: 'stop', usage: { promptTokens: 0, completionTokens: 3 } } },
    ]);
  });
});

describe('agentFlags', () => {
  it("takes the server's flags over the flow's, and the flow's over the default (on)", () => {
    expect(agentFlags({}, undefined)).toEqual(ALL);
    expect(agentFlags({ tools: false, reasoning: 'think' }, undefined)).toEqual({
      tools: false,
      reasoning: 'think',
      sources: true,
    });
    expect(agentFlags(ALL, { tools: false, sources: false })).toEqual({
      tools: false,
      reasoning: true,
      sources: false,
    });
    expect(agentFlags({ reasoning: false }, { reasoning: 'think' })).toEqual({ ...ALL, reasoning: 'think' });
  });
});

describe('paragraphs as documents', () => {
  it('titles a paragraph by its heading or first bold phrase, and slugs the title', () => {
    const titles = knowledge().map(paragraphTitle);
    expect(titles).toContain('Using the API');
    expect(titles).toContain('Plans compared');
    expect(titles).toContain('Password and login');
    expect(titles.map(slugOf)).toContain('using-the-api');
    expect(slugOf('Crème brûlée & co.')).toBe('creme-brulee-co');
    expect(slugOf('***')).toBe('document');
    expect(paragraphTitle('no marks here at all today')).toBe('no marks here at all');
  });

  it('links a paragraph to its first markdown link, else to a page named by its slug', () => {
    expect(paragraphUrl('**Enrolment** by [our sales team](https://example.com/acme/teams) or [x](https://b)')).toBe(
      'https://example.com/acme/teams',
    );
    expect(paragraphUrl('**Live classes** run weekly.')).toBe('https://example.com/acme/live-classes');
  });
});
