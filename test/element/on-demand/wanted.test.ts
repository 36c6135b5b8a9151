/**
 * When each script-tag file is wanted (`src/element/on-demand/wanted.ts`): every row of the table of
 * files has its reasons there and every reason names a row, the reasons say, for the widget's state,
 * the files its pages fetch, and the element's on-demand features ask for a file in exactly the
 * states its row's reasons name.
 */
import { describe, expect, it } from 'vitest';
import type { ConversationState } from '../../../src/conversation/session.js';
import { OnDemandFeatures, type OnDemandHost } from '../../../src/element/on-demand/features.js';
import {
  isWanted,
  WANTED,
  type FileKey,
  type Reached,
  type WidgetSettings,
} from '../../../src/element/on-demand/wanted.js';
import type { ChatInput, ChatMessage } from '../../../src/protocol/types.js';
import type { TranscriptEntry } from '../../../src/protocol/transcript.js';
import { SCRIPT_TAG_FILES } from '../../../src/script-tag/files.js';

/** An element's settings: inline, in a page in `lang`, no Widget resource. */
const settings = (over: Partial<WidgetSettings> = {}, lang = 'en'): WidgetSettings => ({
  mode: 'inline',
  open: false,
  persist: 'none',
  preview: '',
  noPreview: false,
  autoOpen: undefined,
  widget: undefined,
  closest: () => ({ getAttribute: () => lang }) as unknown as Element,
  ...over,
});

const bot = (message: unknown, key = 1): TranscriptEntry =>
  ({ kind: 'bot', key, message: message as ChatMessage, local: false }) as TranscriptEntry;

/** A conversation: ready, with these entries and input. */
const conversation = (entries: TranscriptEntry[] = [], input?: ChatInput, status = 'ready'): ConversationState =>
  ({ status, entries, input, typing: false }) as unknown as ConversationState;

const text = bot({ id: 'm1', type: 'text', content: { type: 'richText', richText: [] } });
const markdown = bot({ id: 'm2', type: 'text', content: { type: 'markdown', markdown: '**bold**' } });

/** The files wanted in a state, by their rows' keys. */
const wanted = (s: WidgetSettings, c: ConversationState, reached: Reached = {}): FileKey[] =>
  SCRIPT_TAG_FILES.map((row) => row.key).filter((key) => isWanted(key, s, c, reached));

describe('the files each state wants', () => {
  it('has reasons for every row of the table of files, each naming a row', () => {
    const keys: string[] = SCRIPT_TAG_FILES.map((row) => row.key);
    expect(Object.keys(WANTED).sort()).toEqual([...keys].sort());
    for (const reasons of Object.values(WANTED)) expect(Object.keys(reasons).length).toBeGreaterThan(0);
  });

  it('wants only the first files for an inline widget before its first message, its first turn drawn by a file of its own', () => {
    expect(wanted(settings(), conversation())).toEqual(['main', 'first', 'iife']);
    // Not in another language, dark, or remembered: the widget draws that first turn itself.
    expect(wanted(settings({ colorScheme: 'dark' }), conversation())).not.toContain('first');
    expect(wanted(settings({ persist: 'local' }), conversation())).not.toContain('first');
  });

  it("wants the answers' file once a conversation shows something, and the rich messages' for markdown", () => {
    expect(wanted(settings(), conversation([text]))).toEqual(['answers', 'main', 'first', 'iife']);
    expect(wanted(settings(), conversation([text, markdown]))).toEqual(['answers', 'rich', 'main', 'first', 'iife']);
  });

  it("wants the voice's file for a widget that speaks, without the rich messages' for its text", () => {
    const speaks = settings({ widget: { voiceActive: true } });
    // A widget that speaks draws its first turn itself (the first turn's file does not speak).
    expect(wanted(speaks, conversation([text]))).toEqual(['answers', 'voice', 'main', 'iife']);
    expect(wanted(settings(), conversation([text]))).not.toContain('voice');
  });

  it("wants the media's file for a video, audio or embed alone: not the rich messages'; and not for markdown", () => {
    const video = bot({ id: 'v', type: 'video', content: { url: 'https://example.com/a.mp4' } }, 5);
    expect(wanted(settings(), conversation([text, video]))).toEqual(['answers', 'media', 'main', 'first', 'iife']);
    expect(wanted(settings(), conversation([text, markdown]))).not.toContain('media');
  });

  it("wants the streams' file with the rich messages' for a streamed answer or an agent's, never for markdown alone", () => {
    expect(wanted(settings(), conversation([text, markdown]))).not.toContain('stream');
    const streaming = { kind: 'stream', key: 2, text: 'Wit' } as unknown as TranscriptEntry;
    expect(wanted(settings(), conversation([text, streaming]))).toEqual(expect.arrayContaining(['rich', 'stream']));
    const thinking = bot(
      { id: 'm3', type: 'text', content: { type: 'markdown', markdown: '<think>Hm.</think>\n\nYes.' } },
      3,
    );
    expect(wanted(settings(), conversation([text, thinking]))).toEqual(expect.arrayContaining(['rich', 'stream']));
    const tools = bot(
      {
        id: 'm4',
        type: 'text',
        content: {
          type: 'markdown',
          markdown: 'Yes.',
          agent: { tools: [{ id: 't', name: 'search', state: 'done', input: '{}' }] },
        },
      },
      4,
    );
    expect(wanted(settings(), conversation([tools]))).toContain('stream');
  });

  it("wants the earlier conversations' file once the menu of a widget that remembers opens, and only then", () => {
    for (const persist of ['local', 'session']) {
      expect(wanted(settings({ persist }), conversation([text]))).not.toContain('history');
      expect(wanted(settings({ persist }), conversation([text]), { menu: true })).toContain('history');
    }
    expect(wanted(settings(), conversation([text]), { menu: true })).not.toContain('history');
  });

  it('wants the send file once an input is shown: the first turn without one never fetches it', () => {
    expect(wanted(settings(), conversation([text]))).not.toContain('send');
    expect(wanted(settings(), conversation([text], { id: 'i', type: 'text input' }))).toEqual([
      'send',
      'answers',
      'main',
      'first',
      'iife',
    ]);
  });

  it('wants the controls for a rarer input, and the rich messages for suggested replies to a text input', () => {
    expect(wanted(settings(), conversation([text], { id: 'i', type: 'date input' }))).toContain('controls');
    expect(wanted(settings(), conversation([text], { id: 'i', type: 'text input' }))).not.toContain('rich');
    const replies = settings({ widget: { defaultMessages: ['Hi'] } });
    expect(wanted(replies, conversation([text], { id: 'i', type: 'text input' }))).toContain('rich');
  });

  it('wants the invitation for a bubble with a preview, or once the visitor comes near; never inline', () => {
    expect(wanted(settings({ mode: 'bubble', preview: 'Questions?' }), conversation())).toContain('invite');
    expect(wanted(settings({ mode: 'bubble' }), conversation())).not.toContain('invite');
    expect(wanted(settings({ mode: 'bubble' }), conversation(), { launcher: true })).toContain('invite');
    expect(wanted(settings({ preview: 'Questions?' }), conversation(), { launcher: true })).not.toContain('invite');
  });

  it("wants the launcher's file, not the widget's code, for a quiet closed bubble; a dark one's code at once", () => {
    expect(wanted(settings({ mode: 'bubble' }), conversation())).toEqual(['launcher', 'iife']);
    expect(wanted(settings({ mode: 'bubble', colorScheme: 'dark' }), conversation())).toEqual([
      'dark',
      'main',
      'launcher',
      'iife',
    ]);
  });

  it("wants the preview's file, not the widget's code, for a closed bubble with a preview in the launcher's words", () => {
    const bubble = (over: Partial<WidgetSettings>, lang?: string) =>
      wanted(settings({ mode: 'bubble', ...over }, lang), conversation()).filter((key) => key !== 'invite');
    // The invitation is the widget's, once its code is there (see the invitation's test above).
    expect(bubble({ preview: 'Questions?' })).toEqual(['preview', 'launcher', 'iife']);
    // (A language's files are the widget code's, for the words it draws.)
    expect(bubble({ widget: { aiFirstMessage: 'Hi!' } }, 'pt-BR')).toEqual([
      'langs',
      'languages',
      'preview',
      'launcher',
      'iife',
    ]);
    // Turned off, or a popup (which shows no preview): the launcher alone.
    expect(bubble({ preview: 'Questions?', noPreview: true })).toEqual(['launcher', 'iife']);
    expect(bubble({ mode: 'popup', preview: 'Questions?' })).toEqual(['launcher', 'iife']);
    // In another language, the widget's code at once draws it, with its words.
    expect(bubble({ preview: 'Fragen?' }, 'de')).toEqual(['langs', 'languages', 'main', 'launcher', 'iife']);
    // Reached for: the widget's code.
    expect(wanted(settings({ mode: 'bubble', preview: 'Questions?' }), conversation(), { launcher: true })).toContain(
      'main',
    );
  });

  it('wants the open file for a quiet bubble in English the visitor reached for, before the widget code', () => {
    const reached = { launcher: true };
    expect(wanted(settings({ mode: 'bubble' }), conversation())).not.toContain('open');
    expect(wanted(settings({ mode: 'bubble' }), conversation(), reached)).toEqual(
      expect.arrayContaining(['open', 'main']),
    );
    expect(wanted(settings({ mode: 'bubble' }, 'en-GB'), conversation(), reached)).toContain('open');
    // A preview (the widget's opening sends it away), another language, dark, a popup, inline: none.
    expect(wanted(settings({ mode: 'bubble', preview: 'Questions?' }), conversation(), reached)).not.toContain('open');
    expect(wanted(settings({ mode: 'bubble' }, 'pt-BR'), conversation(), reached)).not.toContain('open');
    expect(wanted(settings({ mode: 'bubble', colorScheme: 'dark' }), conversation(), reached)).not.toContain('open');
    expect(wanted(settings({ mode: 'popup' }), conversation(), reached)).not.toContain('open');
    expect(wanted(settings(), conversation(), reached)).not.toContain('open');
    // Nor one the widget's code draws from the start: opened by the page, remembered.
    expect(wanted(settings({ mode: 'bubble', open: true }), conversation(), reached)).not.toContain('open');
    expect(wanted(settings({ mode: 'bubble', persist: 'local' }), conversation(), reached)).not.toContain('open');
  });

  it('wants the persist file with persist or after an expired session, a language besides English its files', () => {
    expect(wanted(settings({ persist: 'local' }), conversation())).toContain('persist');
    expect(wanted(settings(), conversation([], undefined, 'expired'))).toEqual(
      expect.arrayContaining(['persist', 'rich']),
    );
    expect(wanted(settings({}, 'pt-BR'), conversation())).toEqual(['langs', 'languages', 'main', 'iife']);
    expect(wanted(settings({}, 'sv'), conversation())).toEqual(['main', 'iife']);
  });

  it('wants the dark palette for color-scheme="dark", never for light (auto: while the system prefers dark)', () => {
    expect(wanted(settings({ colorScheme: 'dark' }), conversation())).toEqual(['dark', 'main', 'iife']);
    expect(wanted(settings({ colorScheme: 'light' }), conversation())).toEqual(['main', 'first', 'iife']);
    expect(wanted(settings(), conversation())).not.toContain('dark');
  });
});

describe("the element's on-demand features", () => {
  /** The rows of the files `features.ts` asks for in a state (its loads by name, by their files' rows). */
  const asked = (s: WidgetSettings, c: ConversationState, near = false): FileKey[] => {
    const listeners: (() => void)[] = [];
    const host = {
      ...s,
      isConnected: true,
      addController: () => undefined,
      addEventListener: (_: string, listener: () => void) => listeners.push(listener),
      requestUpdate: () => undefined,
    } as unknown as OnDemandHost;
    const features = new OnDemandFeatures(host, {
      conversation: () => c,
      fire: () => undefined,
      visitorOpens: () => undefined,
      session: { start: () => undefined },
    });
    const names: string[] = [];
    Object.assign(features, { load: (name: string) => void names.push(name) });
    features.hostConnected();
    if (near) for (const listener of listeners) listener();
    features.hostUpdate();
    const rowOf: Readonly<Record<string, FileKey>> = {
      renderers: 'rich',
      suggestions: 'rich',
      voice: 'voice',
      media: 'media',
      controls: 'controls',
      answers: 'answers',
      invite: 'invite',
      send: 'send',
      consent: 'consent',
    };
    // The streams' loader brings the rich messages' file with it (their markdown is drawn with it).
    return [
      ...new Set(names.flatMap((name) => (name === 'stream' ? (['rich', 'stream'] as const) : [rowOf[name]!]))),
    ].sort();
  };
  /** The rows the table wants in a state, of those `features.ts` loads. */
  const table = (s: WidgetSettings, c: ConversationState, near = false): FileKey[] =>
    (['answers', 'consent', 'controls', 'invite', 'media', 'rich', 'send', 'stream', 'voice'] as const).filter((key) =>
      isWanted(key, s, c, { launcher: near }),
    );

  const states: [string, WidgetSettings, ConversationState, boolean?][] = [
    ['an inline widget before its first message', settings(), conversation()],
    ['a text message', settings(), conversation([text])],
    ['a markdown message', settings(), conversation([text, markdown])],
    [
      'a video',
      settings(),
      conversation([text, bot({ id: 'v', type: 'video', content: { url: 'https://example.com/a.mp4' } }, 5)]),
    ],
    [
      'a streamed answer',
      settings(),
      conversation([text, { kind: 'stream', key: 2, text: '' } as unknown as TranscriptEntry]),
    ],
    ['an expired conversation', settings(), conversation([text], undefined, 'expired')],
    ['a rarer control', settings(), conversation([text], { id: 'i', type: 'date input' })],
    [
      'suggested replies',
      settings({ widget: { defaultMessages: ['Hi'] } }),
      conversation([text], { id: 'i', type: 'text input' }),
    ],
    ['a closed bubble', settings({ mode: 'bubble' }), conversation()],
    ['a closed bubble the visitor comes near', settings({ mode: 'bubble' }), conversation(), true],
    ['a bubble with a preview', settings({ mode: 'bubble', preview: 'Questions?' }), conversation()],
    ['a popup with a timed opening', settings({ mode: 'popup', autoOpen: 5 }), conversation()],
    ['a bubble with persist', settings({ mode: 'bubble', persist: 'local' }), conversation()],
    ['an open bubble', settings({ mode: 'bubble', open: true }), conversation([text])],
    ['an inline widget with a preview', settings({ preview: 'Questions?' }), conversation(), true],
    ['a widget that asks for consent', settings({ consent: 'required' }), conversation()],
    // A site owner's mistake: the consent's file comes to say so in the console.
    ['a consent that is not "required"', settings({ consent: 'true' }), conversation([text])],
    ['a widget with a notice', settings({ notice: 'An AI answers.' }), conversation([text])],
  ];

  it.each(states)('asks for the files its rows want: %s', (_, s, c, near) => {
    expect(asked(s, c, near)).toEqual(table(s, c, near));
  });
});
