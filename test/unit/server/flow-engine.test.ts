import { describe, expect, it } from 'vitest';
import {
  ContinueChatResultSchema,
  StartChatResultSchema,
  type ChatInput,
  type ContinueChatResult,
} from '../../../src/api/schemas/index.js';
import { defineFlow } from '../../../src/server/flows.js';
import { conforms, errorOf, reference } from './helpers.js';
import { INPUT_TYPES } from '../../support/input-types.js';

type Ref = ReturnType<typeof reference>;
type Answer = string | { type: 'text'; text: string; metadata?: { replyId?: string } } | undefined;

/** Plain text of a text message (rich text or markdown). */
function textOf(message: { type: string; content: unknown }): string {
  const content = message.content as { type?: string; richText?: unknown[]; markdown?: string };
  if (content.type === 'markdown') return content.markdown ?? '';
  const walk = (node: any): string => ('text' in node ? node.text : (node.children ?? []).map(walk).join(''));
  return (content.richText ?? []).map(walk).join('\n');
}

async function start(ref: Ref, publicId: string, body?: unknown) {
  const reply = await ref.call('POST', `/api/v1/flowbots/${publicId}/startChat`, body, { token: null });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const result = conforms(StartChatResultSchema, reply.body);
  let sessionId = result.sessionId;
  const send = async (answer: Answer): Promise<ContinueChatResult> => {
    const res = await ref.call(
      'POST',
      `/api/v1/sessions/${sessionId}/continueChat`,
      answer === undefined ? {} : { message: answer },
      { token: null },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return conforms(ContinueChatResultSchema, res.body);
  };
  return { result, send, setSession: (id: string) => (sessionId = id) };
}

/** A valid answer for any input, as a visitor would give it. */
function validAnswer(input: ChatInput): Answer {
  const options = (input.options ?? {}) as Record<string, any>;
  const items = (input.items ?? []) as any[];
  switch (input.type) {
    case 'number input':
      return String(options['min'] ?? 42);
    case 'email input':
      return 'sam@example.com';
    case 'url input':
      return 'https://example.com';
    case 'phone number input':
      return '+15550100199';
    case 'date input':
      if (options['isRange']) return '2030-07-01 to 2030-07-14';
      return options['hasTime'] ? '2030-07-01T09:30' : '2030-07-01';
    case 'time input':
      return '09:30';
    case 'choice input':
      return { type: 'text', text: items[0].value ?? items[0].content, metadata: { replyId: items[0].id } };
    case 'picture choice input':
      return { type: 'text', text: items[0].value ?? items[0].title, metadata: { replyId: items[0].id } };
    case 'rating input':
      return String(options['length'] ?? 10);
    case 'cards':
      return { type: 'text', text: items[0].paths[0].text, metadata: { replyId: items[0].paths[0].id } };
    case 'payment input':
      return undefined;
    default:
      return 'Sam';
  }
}

/** Walks a conversation with valid answers to its end; returns what was seen. */
async function walk(ref: Ref, publicId: string, pick: (input: ChatInput) => Answer = validAnswer) {
  const chat = await start(ref, publicId);
  let turn: ContinueChatResult = chat.result;
  const inputs: ChatInput[] = [];
  const messages = [...turn.messages];
  const actions = [...(turn.clientSideActions ?? [])];
  for (let step = 0; step < 100; step++) {
    if (turn.input) {
      inputs.push(turn.input);
      turn = await chat.send(pick(turn.input));
    } else if (turn.clientSideActions?.some((a) => a.expectsDedicatedReply)) {
      turn = await chat.send(undefined);
    } else {
      return { inputs, messages, actions, last: turn, chat };
    }
    messages.push(...turn.messages);
    actions.push(...(turn.clientSideActions ?? []));
  }
  throw new Error(`${publicId} did not end`);
}

describe('reference server: flow engine', () => {
  it('starts the demo flow with a session, a result id, the flowbot object and the first input', async () => {
    const ref = reference();
    const { result } = await start(ref, 'demo');
    expect(result.sessionId).toMatch(/^[\da-f-]{36}$/);
    expect(result.resultId).toMatch(/^[\da-f-]{36}$/);
    const flowbot = result.flowbot as Record<string, any>;
    expect(flowbot).toMatchObject({ id: 'flowbot-demo', version: '1', publishedAt: '2026-01-10T12:00:00.000Z' });
    expect(flowbot['settings'].typingEmulation.enabled).toBe(false);
    expect(flowbot['theme'].general.background.content).toMatch(/^http:\/\/localhost\/demo-assets\/background\.svg$/);
    expect(flowbot['theme'].chat.hostAvatar.url).toBe('{{Bot avatar}}');
    // The bot's avatar is left to the page (the demo's avatar picker); the visitor's comes with the flow.
    expect(result.dynamicTheme?.hostAvatarUrl).toBeUndefined();
    expect(result.dynamicTheme?.guestAvatarUrl).toBe('http://localhost/demo-assets/guest-avatar.svg');
    expect(result.progress).toBe(0);
    expect(result.messages.map((m) => m.type)).toEqual(['text', 'text', 'text']);
    const hello = result.messages[0]!.content as any;
    expect(hello.type).toBe('richText');
    const leaves = hello.richText[0].children;
    expect(leaves.some((l: any) => l.bold)).toBe(true);
    expect(leaves.some((l: any) => l.italic)).toBe(true);
    expect(leaves.some((l: any) => l.underline)).toBe(true);
    expect(result.input).toMatchObject({ id: 'path', type: 'choice input' });
    expect(result.input?.items).toEqual([
      { id: 'path-quick', content: 'Quick tour' },
      { id: 'path-full', content: 'Every input' },
    ]);
  });

  it('answers 404 for an unknown flow and an unknown session', async () => {
    const ref = reference();
    expect(
      errorOf(await ref.call('POST', '/api/v1/flowbots/nope/startChat', undefined, { token: null }), 404).message,
    ).toMatch(/nope/);
    const missing = await ref.call('POST', '/api/v1/sessions/00000000-0000-4000-8000-000000000000/continueChat', {
      message: 'hi',
    });
    expect(errorOf(missing, 404).message).toMatch(/does not exist or has expired/);
  });

  it('forgets sessions after their time to live', async () => {
    const ref = reference({ sessionTtlMs: 50 });
    const { result } = await start(ref, 'support');
    await new Promise((r) => setTimeout(r, 120));
    errorOf(await ref.call('POST', `/api/v1/sessions/${result.sessionId}/continueChat`, { message: 'Billing' }), 404);
  });

  it('forgets a session on demand (faults on), and its next calls answer 404', async () => {
    const ref = reference({ faults: true });
    const { result } = await start(ref, 'support');
    const other = await start(ref, 'support');
    const forgot = await ref.call('DELETE', `/__reference/sessions/${result.sessionId}`, undefined, { token: null });
    expect(forgot).toMatchObject({ status: 200, body: { forgotten: 1 } });
    const path = `/api/v1/sessions/${result.sessionId}`;
    expect(errorOf(await ref.call('POST', `${path}/continueChat`, { message: 'Billing' }), 404).message).toMatch(
      /does not exist or has expired/,
    );
    errorOf(await ref.call('POST', `/api/v2/sessions/${result.sessionId}/streamMessage`, {}), 404);
    errorOf(await ref.call('DELETE', `/__reference/sessions/${result.sessionId}`, undefined, { token: null }), 404);
    // The other session lives on, until every one is forgotten.
    expect((await ref.call('DELETE', '/__reference/sessions', undefined, { token: null })).body).toEqual({
      forgotten: 1,
    });
    errorOf(
      await ref.call('POST', `/api/v1/sessions/${other.result.sessionId}/continueChat`, { message: 'Billing' }),
      404,
    );
  });

  it('has no session admin without faults', async () => {
    const ref = reference();
    const { result } = await start(ref, 'support');
    errorOf(await ref.call('DELETE', `/__reference/sessions/${result.sessionId}`, undefined, { token: null }), 404);
    expect(ref.state.sessions.size).toBe(1);
  });

  it('takes the quick path of the demo to its end', async () => {
    const ref = reference();
    const chat = await start(ref, 'demo');
    const name = await chat.send({ type: 'text', text: 'Quick tour', metadata: { replyId: 'path-quick' } });
    expect(name.input).toMatchObject({ id: 'quick-name', type: 'text input' });
    const rate = await chat.send('Robin');
    expect(textOf(rate.messages[0]!)).toContain('Thanks, Robin!');
    expect(rate.input).toMatchObject({ type: 'rating input', options: { buttonType: 'Icons', length: 5 } });
    const end = await chat.send('4');
    expect(end.input).toBeUndefined();
    expect(end.progress).toBe(100);
    expect(textOf(end.messages[0]!)).toContain('Robin (4/5)');
    expect(end.messages[1]).toMatchObject({
      type: 'image',
      content: { url: 'http://localhost/demo-assets/banner.svg', clickLink: { alt: 'Mountains under a yellow sun' } },
    });
    // after the end: nothing more
    const after = await chat.send('hello?');
    expect(after).toEqual({ messages: [] });
  });

  it('walks the full demo through every input type, with re-asks and normalised answers', async () => {
    const ref = reference();
    const chat = await start(ref, 'demo');
    const seenInputs: string[] = [];
    const ask = (turn: ContinueChatResult, type: string, id: string) => {
      expect(turn.input, `waiting for ${id}`).toMatchObject({ id, type });
      seenInputs.push(`${type}${turn.input?.options && (turn.input.options as any).isLong ? ' (long)' : ''}`);
    };
    /** Sends `answer` and checks the same input is asked again. */
    const askedAgain = async (type: string, id: string, answer: Answer) => ask(await chat.send(answer), type, id);
    /** Sends `answer`, checks the viewer kept it as `kept` (its new format), then that `id` is asked. */
    const keptAs = async (answer: Answer, kept: string, type: string, id: string) => {
      turn = await chat.send(answer);
      expect(turn.lastMessageNewFormat).toBe(kept);
      ask(turn, type, id);
    };

    // Every message type of the protocol on the way to the first input.
    let turn = await chat.send('every input'); // matched by content, case-insensitive
    const types = turn.messages.map((m) => m.type);
    expect(types).toEqual(
      expect.arrayContaining(['text', 'image', 'video', 'audio', 'embed', 'custom-embed', 'hologram']),
    );
    const videos = turn.messages.filter((m) => m.type === 'video').map((m) => (m.content as any).type);
    expect(videos).toEqual(['youtube', 'vimeo', 'url']);
    expect(turn.messages.find((m) => m.type === 'embed')?.content).toMatchObject({ height: 200 });
    const lists = JSON.stringify(turn.messages.find((m) => m.id === 'rich-lists')?.content);
    expect(lists).toContain('"type":"ul"');
    expect(lists).toContain('"type":"ol"');
    expect(lists).toContain('"type":"lic"');
    expect(lists).toContain('{"type":"p","children":[{"text":""}]}');
    expect(JSON.stringify(turn.messages.find((m) => m.id === 'rich-styles')?.content)).toContain(
      '"type":"a","url":"https://example.com/"',
    );
    expect(turn.clientSideActions).toEqual([
      { type: 'wait', wait: { secondsToWaitFor: 1 }, lastBubbleBlockId: 'media-done' },
    ]);
    ask(turn, 'text input', 'name');

    turn = await chat.send('Robin');
    expect(textOf(turn.messages[0]!)).toContain('Nice to meet you, Robin.');
    ask(turn, 'text input', 'story');
    expect(turn.input?.options).toMatchObject({ isLong: true });

    turn = await chat.send('Learning to build bots.\nAnd to test them.');
    ask(turn, 'number input', 'age');
    turn = await chat.send('200');
    expect(turn.messages.map(textOf)).toEqual(['Invalid message. Please, try again.']);
    ask(turn, 'number input', 'age');
    turn = await chat.send('036');
    expect(turn.lastMessageNewFormat).toBe('36');
    expect(textOf(turn.messages[0]!)).toBe('36, noted.');
    ask(turn, 'email input', 'email');

    turn = await chat.send('robin-at-example');
    expect(turn.messages.map(textOf)).toEqual(["That doesn't look like an e-mail address. Try again?"]);
    ask(turn, 'email input', 'email');
    turn = await chat.send('robin@example.com');
    expect(turn.lastMessageNewFormat).toBeUndefined();
    ask(turn, 'url input', 'website');

    await askedAgain('url input', 'website', 'not a url');
    await keptAs('example.com/robin', 'https://example.com/robin', 'phone number input', 'phone');

    await askedAgain('phone number input', 'phone', 'call me');
    await keptAs('(555) 010-0199', '+15550100199', 'date input', 'day');

    await askedAgain('date input', 'day', '2030-02-30');
    turn = await chat.send('2030-07-01');
    ask(turn, 'date input', 'holiday');
    expect(turn.input?.options).toMatchObject({ isRange: true });
    await askedAgain('date input', 'holiday', '2030-07-14 to 2030-07-01');
    turn = await chat.send('2030-07-01 to 2030-07-14');
    ask(turn, 'date input', 'start');
    expect(turn.input?.options).toMatchObject({ hasTime: true });
    await askedAgain('date input', 'start', '2030-09-01');
    await keptAs('2030-09-01 18:00', '2030-09-01T18:00', 'time input', 'time');

    await askedAgain('time input', 'time', '25:00');
    await keptAs('7:15', '07:15', 'choice input', 'topics');
    expect(turn.input?.options).toMatchObject({ isMultipleChoice: true });

    await askedAgain('choice input', 'topics', 'Design, Cooking');
    turn = await chat.send('Design, Code, marketing');
    ask(turn, 'choice input', 'country');
    expect(turn.input?.options).toMatchObject({ isSearchable: true });

    await askedAgain('choice input', 'country', 'Atlantis');
    turn = await chat.send({ type: 'text', text: 'Portugal', metadata: { replyId: 'c-pt' } });
    ask(turn, 'picture choice input', 'pet');
    expect((turn.input?.items as any[])[0]).toEqual({
      id: 'pet-cat',
      pictureSrc: 'http://localhost/demo-assets/cat.svg',
      title: 'Cat',
      description: 'Independent',
      value: 'cat',
    });

    await askedAgain('picture choice input', 'pet', 'unicorn');
    turn = await chat.send({ type: 'text', text: 'fox', metadata: { replyId: 'pet-fox' } });
    ask(turn, 'rating input', 'nps');
    expect(turn.input?.options).toMatchObject({ buttonType: 'Numbers', length: 10 });

    await askedAgain('rating input', 'nps', '11');
    turn = await chat.send('9');
    expect(textOf(turn.messages[0]!)).toBe('A 9! Thank you.');
    ask(turn, 'rating input', 'stars');
    await askedAgain('rating input', 'stars', '0');
    turn = await chat.send('5');
    ask(turn, 'file input', 'file');

    turn = await chat.send('https://files.example/cv.pdf');
    ask(turn, 'payment input', 'payment');
    turn = await chat.send(undefined); // the widget skips payment
    ask(turn, 'cards', 'course');
    expect((turn.input?.items as any[])[0].paths).toEqual([
      { id: 'basics-enrol', text: 'Enrol in Basics' },
      { id: 'basics-more', text: 'More about Basics' },
    ]);

    await askedAgain('cards', 'course', 'Enrol in Nothing');
    turn = await chat.send({ type: 'text', text: 'More about Basics', metadata: { replyId: 'basics-more' } });
    expect(turn.messages.map((m) => m.id)).toEqual(['course-more-text', 'actions-script', 'actions-wait']);
    expect(turn.clientSideActions).toEqual([
      {
        type: 'scriptToExecute',
        scriptToExecute: { content: "document.title = 'this must never run'", args: [] },
        lastBubbleBlockId: 'actions-script',
      },
      { type: 'wait', wait: { secondsToWaitFor: 2 }, lastBubbleBlockId: 'actions-wait', expectsDedicatedReply: true },
    ]);
    expect(turn.input).toBeUndefined(); // paused, not ended: the widget answers {}

    turn = await chat.send(undefined);
    ask(turn, 'choice input', 'redirect');
    turn = await chat.send({ type: 'text', text: 'Yes, open it', metadata: { replyId: 'redirect-yes' } });
    expect(turn.clientSideActions).toEqual([
      { type: 'redirect', redirect: { url: 'https://example.com/', isNewTab: true } },
    ]);
    expect(turn.input).toBeUndefined();
    expect(turn.progress).toBe(100);
    expect(textOf(turn.messages.at(-1)!)).toBe("That's every input, Robin. Thanks for taking the tour!");

    // Every input type of the protocol, the long text field among them.
    expect(new Set(seenInputs)).toEqual(new Set([...INPUT_TYPES, 'text input (long)']));
  });

  it('sends the same input again, without a retry message, on an empty continue', async () => {
    const ref = reference();
    const chat = await start(ref, 'support');
    const again = await chat.send(undefined);
    expect(again.messages).toEqual([]);
    expect(again.input).toEqual(chat.result.input);
  });

  it("uses the flow's own invalid message when the input has none", async () => {
    const ref = reference();
    const chat = await start(ref, 'support');
    const retry = await chat.send('Pizza');
    expect(retry.messages.map(textOf)).toEqual(['Sorry, I did not get that. Could you try again?']);
    expect(retry.input?.id).toBe('topic');
  });

  it('gives each message id once per session, even on repeated retries', async () => {
    const ref = reference();
    const chat = await start(ref, 'support');
    const first = await chat.send('x');
    const second = await chat.send('y');
    expect(first.messages[0]!.id).not.toBe(second.messages[0]!.id);
  });

  it('answers in markdown when asked', async () => {
    const ref = reference();
    const { result, send } = await start(ref, 'demo', { textBubbleContentFormat: 'markdown' });
    expect(result.messages[0]!.content).toEqual({
      type: 'markdown',
      markdown: "Hi! I'm the **Flowbot demo**. I show _every_ message and input the widget knows, one by one.",
    });
    expect((result.messages[1]!.content as any).markdown).toBe(
      'The conversation follows [the viewer protocol](https://example.com/flowbot-protocol).',
    );
    const next = await send('Every input');
    expect((next.messages.find((m) => m.id === 'rich-lists')!.content as any).markdown).toBe(
      '**Lists**\n\n- A bullet\n- Another, **bold** in part\n\n1. First\n2. Second\n3. Third\n\n\n\n(An empty paragraph sits above this line.)',
    );
  });

  it('takes prefilled variables and reuses a given result id', async () => {
    const ref = reference();
    const chat = await start(ref, 'lead', { prefilledVariables: { name: 'Prefilled' }, resultId: 'result-1' });
    expect(chat.result.resultId).toBe('result-1');
    const next = await chat.send('Kim');
    expect(textOf(next.messages[0]!)).toContain('Kim'); // the answer overrides the prefilled value
  });

  it('refuses a malformed start or continue body (400)', async () => {
    const ref = reference();
    errorOf(await ref.call('POST', '/api/v1/flowbots/demo/startChat', { textBubbleContentFormat: 'html' }), 400);
    const { result } = await start(ref, 'demo');
    errorOf(await ref.call('POST', `/api/v1/sessions/${result.sessionId}/continueChat`, { message: 42 }), 400);
    errorOf(await ref.call('POST', `/api/v1/sessions/${result.sessionId}/continueChat`, '{nope'), 400);
  });

  describe('shipped flows', () => {
    it('every flow reaches its end with valid answers', async () => {
      const ref = reference();
      // The assistant loops by design: it asks again after every answer (see its own tests).
      for (const publicId of ref.seed.publicIds.filter((id) => id !== 'assistant')) {
        const { last, messages } = await walk(ref, publicId);
        expect(last.input, publicId).toBeUndefined();
        expect(messages.length, publicId).toBeGreaterThan(0);
        expect(JSON.stringify(messages), publicId).not.toMatch(/\{\{/);
      }
    });

    it('goodbye ends at start, with no input', async () => {
      const ref = reference();
      const { result } = await start(ref, ref.seed.endsAtStartPublicId);
      expect(result.input).toBeUndefined();
      expect(result.messages).toHaveLength(1);
      expect(result.progress).toBe(100);
    });

    it('support: choice, e-mail, end', async () => {
      const ref = reference();
      const { inputs, last } = await walk(ref, 'support');
      expect(inputs.map((i) => i.type)).toEqual(['choice input', 'email input']);
      expect(textOf(last.messages[0]!)).toBe(
        'Thanks! Ticket opened about "Billing". We will write to sam@example.com.',
      );
    });

    it('lead: typing emulation, re-asked e-mail, phone, rating branch', async () => {
      const ref = reference();
      const chat = await start(ref, 'lead');
      expect((chat.result.flowbot as any).settings.typingEmulation).toMatchObject({ enabled: true, speed: 400 });
      await chat.send('Kim');
      const retry = await chat.send('kim@');
      expect(retry.messages.map(textOf)).toEqual([
        "Hmm, that doesn't look like an e-mail address. Could you check it?",
      ]);
      await chat.send('kim@example.com');
      const rating = await chat.send('555 010 0142');
      expect(rating.lastMessageNewFormat).toBe('+15550100142');
      expect(rating.input?.options).toMatchObject({ startsAt: 1, length: 5 });
      const hot = await chat.send('5');
      expect(textOf(hot.messages[0]!)).toBe('Great, Kim! An advisor will call +15550100142 today.');
      expect(hot.input).toBeUndefined();
    });

    it('lead: a low rating takes the other branch', async () => {
      const ref = reference();
      const { last } = await walk(ref, 'lead', (input) => (input.type === 'rating input' ? '2' : validAnswer(input)));
      expect(textOf(last.messages[0]!)).toBe("Thanks, Sam! We'll send a course guide to sam@example.com.");
    });
  });

  describe('defineFlow', () => {
    const base = { publicId: 't', name: 'T', description: 'D', publishedAt: '2026-01-01T00:00:00.000Z' };

    it('accepts a minimal flow', () => {
      expect(defineFlow({ ...base, blocks: [{ id: 'a' }] }).blocks).toHaveLength(1);
    });

    it('names every broken link', () => {
      expect(() =>
        defineFlow({
          ...base,
          blocks: [
            { id: 'a', next: 'missing', input: { id: 'i', type: 'choice input', items: [{ id: 'x', next: 'gone' }] } },
            { id: 'a' },
          ],
        }),
      ).toThrow(/block id "a" is used twice[\s\S]*no block "missing"[\s\S]*no block "gone"/);
    });

    it('refuses a structurally wrong flow', () => {
      expect(() => defineFlow({ ...base, blocks: [] })).toThrow(/needs at least one block/);
      expect(() => defineFlow({ ...base, publishedAt: 'yesterday', blocks: [{ id: 'a' }] })).toThrow(/publishedAt/);
    });

    it('serves custom flows given to createReferenceApp', async () => {
      const flow = defineFlow({
        ...base,
        blocks: [
          {
            id: 'a',
            messages: [{ type: 'text', text: 'Hi {{who}}' }],
            input: { id: 'who', type: 'text input', variable: 'who', next: 'b' },
          },
          { id: 'b', messages: [{ type: 'text', text: 'Bye {{who}}' }] },
        ],
      });
      const ref = reference({ flows: { t: flow } });
      expect(ref.seed.publicIds).toEqual(['t']);
      const chat = await start(ref, 't');
      expect(textOf(chat.result.messages[0]!)).toBe('Hi ');
      const end = await chat.send('Lee');
      expect(textOf(end.messages[0]!)).toBe('Bye Lee');
      errorOf(await ref.call('POST', '/api/v1/flowbots/demo/startChat'), 404);
    });
  });
});
