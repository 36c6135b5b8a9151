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
} from '../../../src/protocol/schemas.js';
import { checkAnswer, checkStartOptions, readContinueResult, readStartResult } from '../../../src/protocol/turn.js';

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
        .filter(
          ([, x]) =>
            x !== null &&
            x !== undefined &&
            !(typeof x === 'object' && !Array.isArray(x) && Object.keys(x as object).length === 0),
        ),
    );
  }
  return value;
}

const str = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('text', 'audio', 'richText', 'markdown', 'stream'));
const loose = fc.oneof(
  str,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(str, { maxLength: 2 }),
);
/** Not arrays: valibot reads an array as an object (`[]` as `{}`), the readers refuse it (a documented difference). */
const scalar = fc.oneof(str, fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined));
/** Ids as servers send them (valid in a URL). */
const id = fc.stringMatching(/^[\w-]{1,12}$/);
const text = fc.string({ maxLength: 8 });
/** A response both readers and schemas accept: every field of the protocol, each well-formed. */
const validTurn = fc.record(
  {
    sessionId: id,
    resultId: text,
    flowbot: loose,
    messages: fc.array(fc.record({ id: text, type: str, content: loose }), { maxLength: 3 }),
    input: fc.record(
      { id: text, type: str, outgoingEdgeId: text, options: loose, items: fc.array(loose, { maxLength: 2 }) },
      { requiredKeys: ['id'] },
    ),
    clientSideActions: fc.array(
      fc.record(
        { type: str, lastBubbleBlockId: text, expectsDedicatedReply: fc.boolean() },
        { requiredKeys: ['type'] },
      ),
      { maxLength: 2 },
    ),
    logs: fc.array(loose, { maxLength: 2 }),
    dynamicTheme: fc.record({ hostAvatarUrl: text, guestAvatarUrl: text, backgroundUrl: text }, { requiredKeys: [] }),
    progress: fc.double({ noNaN: true, noDefaultInfinity: true }),
    lastMessageNewFormat: text,
  },
  { requiredKeys: ['sessionId', 'resultId', 'messages'] },
);
const FIELDS = [
  'sessionId',
  'resultId',
  'messages',
  'input',
  'clientSideActions',
  'logs',
  'dynamicTheme',
  'progress',
  'lastMessageNewFormat',
];
/** Fields that hold an object: never given a list (valibot reads one as an object, a documented difference). */
const OBJECT_FIELDS = new Set(['input', 'dynamicTheme']);
/** A valid response with one field (or one item of a list) replaced by anything. */
const mutated = fc
  .tuple(validTurn, fc.constantFrom(...FIELDS), loose, scalar, fc.boolean())
  .map(([valid, key, value, notList, inList]) => {
    const out: Record<string, unknown> = { ...valid };
    const list = out[key];
    if (inList && Array.isArray(list) && list.length) out[key] = [...list.slice(1), value];
    else out[key] = OBJECT_FIELDS.has(key) ? notList : value;
    return out;
  });

describe('protocol/turn.ts against the viewer schemas', () => {
  it('reads every start and continue response the schemas accept, to the same value, and refuses only what they refuse', () => {
    const seen = { accepted: 0, refused: 0, leftOut: 0 };
    fc.assert(
      fc.property(fc.oneof(validTurn, mutated, mutated), (value) => {
        for (const [schema, read] of [
          [StartChatResultSchema, readStartResult],
          [ContinueChatResultSchema, readContinueResult],
        ] as const) {
          const expected = v.safeParse(schema, value);
          const got = read(value);
          if (expected.success) {
            seen.accepted++;
            expect(got.ok).toBe(true);
            expect(got.ok && normal(got.value)).toEqual(normal(expected.output));
          } else if (got.ok) {
            // Read tolerantly: an unusable item or field is left out, the rest is shown.
            seen.leftOut++;
          } else {
            seen.refused++;
          }
        }
      }),
      { numRuns: 2000 },
    );
    // Every branch ran, many times: accepted, refused by both, and read with an item left out.
    expect(seen.accepted).toBeGreaterThan(1500);
    expect(seen.refused).toBeGreaterThan(300);
    expect(seen.leftOut).toBeGreaterThan(600);
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
    const seen = { answers: 0, options: 0, refused: 0 };
    fc.assert(
      fc.property(answer, options, (a, o) => {
        const expectedAnswer = v.safeParse(ChatAnswerSchema, a);
        const gotAnswer = checkAnswer(a);
        expect(gotAnswer.ok).toBe(expectedAnswer.success);
        if (gotAnswer.ok && expectedAnswer.success)
          expect(normal(gotAnswer.value)).toEqual(normal(expectedAnswer.output));
        const expectedOptions = v.safeParse(StartChatOptionsSchema, o);
        const gotOptions = checkStartOptions(o);
        expect(gotOptions.ok).toBe(expectedOptions.success);
        if (gotOptions.ok && expectedOptions.success)
          expect(normal(gotOptions.value)).toEqual(normal(expectedOptions.output));
        if (expectedAnswer.success) seen.answers++;
        if (expectedOptions.success) seen.options++;
        if (!expectedAnswer.success || !expectedOptions.success) seen.refused++;
      }),
      { numRuns: 2000 },
    );
    expect(seen.answers).toBeGreaterThan(400);
    expect(seen.options).toBeGreaterThan(100);
    expect(seen.refused).toBeGreaterThan(1000);
  });
});
