/**
 * The widget's hand-written readers (`protocol/turn.ts`) against the shared valibot schemas that
 * the full client and the reference server use: whatever the schemas accept, the readers accept
 * alike; requests are refused alike; responses are read item by item (a bad item is left out).
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ChatAnswerSchema,
  ContinueChatResultSchema,
  StartChatOptionsSchema,
  StartChatResultSchema,
} from '../../src/api/viewer-schemas.js';
import { checkAnswer, checkStartOptions, readContinueResult, readStartResult } from '../../src/protocol/turn.js';

/**
 * JSON as it travels: `null` fields, `undefined` fields and empty objects (valibot reads an
 * array as an empty loose object; the readers leave it out) all mean "not given".
 */
function normal(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normal);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .map(([k, x]) => [k, normal(x)] as const)
        .filter(([, x]) => x !== null && x !== undefined && !(typeof x === 'object' && !Array.isArray(x) && Object.keys(x as object).length === 0)),
    );
  }
  return value;
}

const str = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('text', 'audio', 'richText', 'markdown', 'stream'));
const loose = fc.oneof(str, fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.array(str, { maxLength: 2 }));
/** Not arrays: valibot reads an array as an object (`[]` as `{}`), the readers refuse it (a documented difference). */
const scalar = fc.oneof(str, fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined));
const message = fc.oneof(fc.record({ id: str, type: str, content: loose }, { requiredKeys: ['id', 'type'] }), loose);
const input = fc.oneof(
  fc.record({ id: str, type: loose, outgoingEdgeId: loose, options: loose, items: fc.oneof(fc.array(loose, { maxLength: 2 }), loose) }, { requiredKeys: [] }),
  loose,
);
const action = fc.oneof(fc.record({ type: str, lastBubbleBlockId: loose, expectsDedicatedReply: loose }, { requiredKeys: [] }), loose);
const turn = fc.record(
  {
    sessionId: loose,
    resultId: loose,
    flowbot: loose,
    messages: fc.oneof(fc.array(message, { maxLength: 3 }), loose),
    input,
    clientSideActions: fc.oneof(fc.array(action, { maxLength: 2 }), loose),
    logs: fc.oneof(fc.array(loose, { maxLength: 2 }), loose),
    dynamicTheme: fc.oneof(fc.record({ hostAvatarUrl: loose, backgroundUrl: loose }, { requiredKeys: [] }), scalar),
    progress: fc.oneof(fc.double(), loose),
    lastMessageNewFormat: loose,
    extra: loose,
  },
  { requiredKeys: [] },
);

describe('protocol/turn.ts against the viewer schemas', () => {
  it('reads every start and continue response the schemas accept, to the same value', () => {
    fc.assert(
      fc.property(fc.oneof(turn, loose), (value) => {
        for (const [schema, read] of [
          [StartChatResultSchema, readStartResult],
          [ContinueChatResultSchema, readContinueResult],
        ] as const) {
          const expected = v.safeParse(schema, value);
          const got = read(value);
          if (expected.success) {
            expect(got.ok).toBe(true);
            if (got.ok) expect(normal(got.value)).toEqual(normal(expected.output));
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves out unusable messages and actions instead of refusing the response', () => {
    const read = readContinueResult({
      messages: [null, { id: 'a', type: 'text', content: {} }, { id: 1, type: 'text' }],
      clientSideActions: [{ type: 'wait', wait: {} }, 'nope', { type: 3 }],
      progress: Number.NaN,
      input: { id: 'in', type: 7, items: 'x' },
    });
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.messages.map((m) => m.id)).toEqual(['a']);
    expect(read.value.clientSideActions?.map((a) => a.type)).toEqual(['wait']);
    expect(read.value.progress).toBeUndefined();
    expect(read.value.input).toEqual({ id: 'in' });
  });

  it('refuses a list where an object belongs (valibot would read it as an empty object)', () => {
    expect(checkAnswer({ type: 'text', text: 'x', metadata: [] }).ok).toBe(false);
    const read = readContinueResult({ messages: [], dynamicTheme: ['https://example.com/a.png'] });
    expect(read.ok && read.value.dynamicTheme).toBeUndefined();
  });

  it('refuses what cannot be read at all', () => {
    expect(readContinueResult('x').ok).toBe(false);
    expect(readContinueResult({ messages: 'x' }).ok).toBe(false);
    expect(readContinueResult({ messages: [], input: { type: 'text input' } }).ok).toBe(false);
    expect(readStartResult({ messages: [], resultId: 'r' }).ok).toBe(false);
  });

  it('refuses a session id no later call could put in its URL, as the schema and every call do', () => {
    const bad = ['', '  ', '.', '..', 'a\uD800b'];
    for (const sessionId of bad) {
      const start = { sessionId, resultId: 'r', messages: [] };
      expect(readStartResult(start).ok, JSON.stringify(sessionId)).toBe(false);
      expect(v.safeParse(StartChatResultSchema, start).success, JSON.stringify(sessionId)).toBe(false);
    }
    expect(readStartResult({ sessionId: '..x', resultId: 'r', messages: [] }).ok).toBe(true);
  });

  it('checks answers and start options exactly as the schemas do', () => {
    const answer = fc.oneof(
      str,
      fc.record(
        {
          type: fc.oneof(fc.constantFrom('text', 'audio'), str),
          text: loose,
          url: loose,
          attachedFileUrls: fc.oneof(fc.array(loose, { maxLength: 2 }), loose),
          metadata: fc.oneof(fc.record({ replyId: loose }, { requiredKeys: [] }), scalar),
          extra: loose,
        },
        { requiredKeys: [] },
      ),
      loose,
    );
    const options = fc.record(
      {
        prefilledVariables: fc.oneof(fc.dictionary(str, loose, { maxKeys: 2 }), loose),
        resultId: loose,
        isStreamEnabled: loose,
        isOnlyRegistering: loose,
        textBubbleContentFormat: fc.oneof(fc.constantFrom('richText', 'markdown'), loose),
        extra: loose,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(answer, options, (a, o) => {
        const expectedAnswer = v.safeParse(ChatAnswerSchema, a);
        const gotAnswer = checkAnswer(a);
        expect(gotAnswer.ok).toBe(expectedAnswer.success);
        if (gotAnswer.ok && expectedAnswer.success) expect(normal(gotAnswer.value)).toEqual(normal(expectedAnswer.output));
        const expectedOptions = v.safeParse(StartChatOptionsSchema, o);
        const gotOptions = checkStartOptions(o);
        expect(gotOptions.ok).toBe(expectedOptions.success);
        if (gotOptions.ok && expectedOptions.success) expect(normal(gotOptions.value)).toEqual(normal(expectedOptions.output));
      }),
      { numRuns: 2000 },
    );
  });
});
