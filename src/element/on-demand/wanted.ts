/**
 * When each of the script tag's files is wanted: a row per file of `script-tag/files.ts` (its key),
 * each the reasons that file is fetched for, every reason a pure function of the widget's state
 * (its settings, its conversation, whether the visitor came near). A file is wanted when one of its
 * reasons holds (`isWanted`). The code that loads each file asks for it in the states named here: the
 * element's on-demand features (`features.ts`) the rich messages', the controls', the answers' and the
 * invitation's files, with these conditions written out (a call per reason would cost about 60 B
 * before the first message); the theme sheet the dark palette's; the conversation `persist`'s; the language controller a language's; the
 * answers' file the export's. `test/element/on-demand/wanted.test.ts` holds `features.ts` to this table.
 *
 * Every row of `script-tag/files.ts` has its line here, and every line names a row
 * (`test/element/on-demand/wanted.test.ts`): a new file says when it is wanted.
 */
import type { ConversationState } from '../../conversation/session.js';
import { needsAgent } from '../../render/agent-read.js';
import { langOf } from '../../i18n/lang.js';
import { languageFile } from '../../i18n/lookup.js';
import { drawsFirstTurn, ENGLISH_TAG } from './first-turn-rule.js';
import { parseMarkdown } from '../../protocol/markdown/index.js';
import { needsOnDemandControl } from '../../render/inputs/index.js';
import { isMedia, needsOnDemand } from '../../render/message.js';
import type { SCRIPT_TAG_FILES } from '../../script-tag/files.js';

/** What the reasons read of the element: its settings (see its properties), the Widget resource, where it sits. */
export interface WidgetSettings extends Pick<Element, 'closest'> {
  readonly mode: string;
  readonly open: boolean;
  readonly persist: string;
  readonly preview: string;
  readonly noPreview: boolean;
  readonly autoOpen: number | undefined;
  /** `light` (the default), `dark` or `auto`. */
  readonly colorScheme?: string;
  /** The notice before the conversation, and `required` when it asks for consent. */
  readonly notice?: string;
  readonly consent?: string;
  readonly widget:
    | {
        readonly voiceActive?: unknown;
        readonly defaultMessages?: unknown;
        readonly aiFirstMessage?: unknown;
      }
    | undefined;
}

/** What the visitor has reached for. */
export interface Reached {
  /** The launcher: pointed at or focused it. */
  launcher?: boolean;
  /** The conversation as a document: Download, or the page's `exportTranscript()`. */
  document?: boolean;
  /** The conversation's menu: opened it. */
  menu?: boolean;
}

/** One reason a file is wanted, a pure function of the widget's state: its settings, its conversation, what the visitor reached for. */
export type Reason = (settings: WidgetSettings, conversation: ConversationState, reached: Reached) => boolean;

/** A row's key in `script-tag/files.ts`. */
export type FileKey = (typeof SCRIPT_TAG_FILES)[number]['key'];

/** A row's reasons, each taking the whole state (a reason reads only what it needs). */
const reasons = <T extends string>(row: Record<T, Reason>): Readonly<Record<T, Reason>> => row;
const always: Reason = () => true;
/** A language besides English that the widget ships: its strings are a file of their own. */
const language: Reason = (settings) => !!languageFile(langOf(settings));

// The reasons of the files `features.ts` asks for as the element updates.

/** A message drawn on demand (markdown); an expired conversation's notice, whose strings it has. */
export const richMessages: Reason = (_, conversation) =>
  conversation.status === 'expired' ||
  conversation.entries.some((entry) => entry.kind === 'bot' && needsOnDemand(entry.message) && !isMedia(entry.message));
/** A video, audio or embed message. */
export const mediaMessages: Reason = (_, conversation) =>
  conversation.entries.some((entry) => entry.kind === 'bot' && isMedia(entry.message));
/** A streamed answer, or an answer with what its agent did around it (its thinking, tool calls, sources). */
export const streams: Reason = (_, conversation) =>
  conversation.entries.some((entry) => entry.kind === 'stream' || (entry.kind === 'bot' && needsAgent(entry.message)));
/** Suggested replies to a text input: read by the rich messages' file (most widgets have none). */
export const suggestions: Reason = (settings, conversation) => {
  const replies = settings.widget?.defaultMessages;
  return conversation.input?.type === 'text input' && Array.isArray(replies) && !!replies.length;
};
/** The voice (the Widget resource's voiceActive): most widgets never speak. */
export const voice: Reason = (settings) => settings.widget?.voiceActive === true;
/** The input is a rarer control. */
export const rarerControl: Reason = (_, conversation) =>
  !!conversation.input && needsOnDemandControl(conversation.input);
/** Copy, feedback, times and the menu: for a conversation that shows something (in idle time after its paint). */
export const shown: Reason = (_, conversation) => !!conversation.entries.length;
/**
 * Sending an answer: once an input is shown (in idle time after its paint). A reply the conversation
 * sends by itself (an automatic continue, a streamed answer's text) brings it when it is not there yet.
 */
export const answerable: Reason = (_, conversation) => !!conversation.input;
/**
 * The bubble's or the popup's invitation (never the inline widget's): for one with something to show
 * while closed (a preview, a timed opening, a remembered unread count), or open, else once the visitor
 * comes near.
 */
export const invitation: Reason = (settings, _, reached) =>
  (settings.mode === 'bubble' || settings.mode === 'popup') &&
  (!!reached.launcher ||
    settings.open ||
    settings.persist !== 'none' ||
    settings.autoOpen !== undefined ||
    previewing(settings));

/** A preview to show: `preview`, else the Widget resource's first message, unless turned off. */
const previewing = (settings: WidgetSettings): boolean => {
  const first = settings.widget?.aiFirstMessage;
  return !settings.noPreview && !!(`${settings.preview}`.trim() || (typeof first === 'string' && first));
};

/** A widget that is dark: `color-scheme="dark"`, or `auto` while the visitor's system prefers dark. */
export const darkScheme: Reason = (settings) =>
  settings.colorScheme === 'dark' ||
  (settings.colorScheme === 'auto' && matchMedia('(prefers-color-scheme:dark)').matches);
/**
 * A closed bubble or popup with nothing to show while closed but its launcher and a preview, until the
 * visitor reaches for it (or the page opens it): the script tag fetches the launcher's file
 * (`script-tag/launcher.ts`).
 */
export const quietLauncher: Reason = (settings, _, reached) =>
  (settings.mode === 'bubble' || settings.mode === 'popup') &&
  // The invitation's reasons but the preview.
  !(reached.launcher || settings.open || settings.persist !== 'none' || settings.autoOpen !== undefined);
/** A bubble with a preview to show. */
const previewBubble: Reason = (settings) => settings.mode === 'bubble' && previewing(settings);
/**
 * Such a launcher drawn without the widget's code: unless the widget is dark (its launcher is in the
 * dark palette's accent, which only the widget's code works out: the launcher's file asks for that code at once),
 * or its preview is in another language than the launcher's words (English, or none, and Portuguese:
 * the widget draws it, with its words).
 */
export const waitsForVisitor: Reason = (...state) =>
  quietLauncher(...state) &&
  !darkScheme(...state) &&
  !(previewBubble(...state) && !/^(pt([-_]|$)|en([-_]|$)|$)/i.test(langOf(state[0])));
/** The preview of such a bubble, drawn by its own file before the widget's code (`element/preview/`). */
export const earlyPreview: Reason = (...state) => waitsForVisitor(...state) && previewBubble(...state);
/**
 * Such a bubble, in English and with no preview, once the visitor reaches for it: the file its tap opens
 * the panel with, on the first turn (`element/first-turn/open.ts`), fetched before the widget's code.
 * It draws that turn only where the inline first turn would be drawn (light, no notice, consent or voice),
 * and when the start's answer allows.
 */
export const openBubble: Reason = (settings, conversation, reached) =>
  !!reached.launcher &&
  settings.mode === 'bubble' &&
  waitsForVisitor(settings, conversation, {}) &&
  !previewing(settings) &&
  ENGLISH_TAG.test(langOf(settings));
/**
 * An inline widget whose first turn a file of its own draws before the widget's code
 * (`element/first-turn/`): inline, starting at once (nothing remembered, no consent asked), in English,
 * light, with no notice and no voice. What that file then draws depends on the start's answer.
 */
export const firstTurn: Reason = (settings) =>
  settings.mode !== 'bubble' &&
  settings.mode !== 'popup' &&
  settings.persist === 'none' &&
  drawsFirstTurn(
    langOf(settings),
    settings.colorScheme,
    settings.notice,
    settings.consent,
    settings.widget?.voiceActive,
  );
/** The reasons each file is fetched for, by its row's key. */
export const WANTED = {
  iife: reasons({ page: always }),
  // Fetched by the script-tag file (`place.ts`) and the first turn's file, which write these conditions out.
  launcher: reasons({ waits: quietLauncher }),
  // Fetched by the launcher's file, which writes this condition out.
  preview: reasons({ waits: earlyPreview }),
  // Fetched by the launcher's file, which writes this condition out.
  open: reasons({ reached: openBubble }),
  first: reasons({ inline: firstTurn }),
  main: reasons({ page: (...state) => !waitsForVisitor(...state) }),
  rich: reasons({ messages: richMessages, suggestions, streams }),
  // Fetched with the rich messages' file, whose markdown it draws with.
  stream: reasons({ streams }),
  media: reasons({ media: mediaMessages }),
  voice: reasons({ voice }),
  controls: reasons({ control: rarerControl }),
  answers: reasons({ shown }),
  send: reasons({ answerable }),
  // Another consent than `required` asks for nothing, and the file says so in the console.
  consent: reasons({ notice: (settings) => !!settings.notice || !!settings.consent }),
  invite: reasons({ invitation }),
  persist: reasons({
    remembers: (settings) => settings.persist !== 'none',
    // What ends a conversation the viewer no longer knows.
    expired: (_, conversation) => conversation.status === 'expired',
  }),
  // Fetched by the rich messages' file (`render/code.ts`) for an answer with fenced code in a language.
  highlight: {
    // A fence and a language's first letter, as models write it (```js); test() reads a missing text as "undefined".
    code: (_, conversation) =>
      conversation.entries.some((entry) =>
        /```\w/.test((entry as { message?: { content?: { markdown?: string } } }).message?.content?.markdown as string),
      ),
  },
  // Fetched by the rich messages' file (`render/math.ts`) for an answer whose markdown holds a formula.
  math: {
    formula: (_, conversation) =>
      conversation.entries.some((entry) => {
        const markdown = (entry as { message?: { content?: { markdown?: unknown } } }).message?.content?.markdown;
        return typeof markdown === 'string' && JSON.stringify(parseMarkdown(markdown)).includes('"type":"math"');
      }),
  },
  // Fetched by the theme sheet (`theme-sheet.ts`), which writes the dark palette in place of the light one.
  dark: reasons({ dark: darkScheme }),
  // Fetched by the answers' file.
  export: reasons({ document: (_, __, reached) => !!reached.document }),
  // Fetched by the answers' file when the menu of a widget that remembers opens (its Conversations).
  history: reasons({
    conversations: (settings, _, reached) =>
      !!reached.menu && (settings.persist === 'local' || settings.persist === 'session'),
  }),
  // Fetched by the language controller (`i18n/lang.ts`): the hashes, then the language's file.
  languages: reasons({ language }),
  langs: reasons({ language }),
} satisfies { readonly [K in FileKey]?: Readonly<Record<string, Reason>> };

/** Whether the file of row `key` is wanted: one of its reasons holds. */
export const isWanted = (key: FileKey, ...state: Parameters<Reason>): boolean =>
  Object.values<Reason>((WANTED as Partial<Record<FileKey, Record<string, Reason>>>)[key] ?? {}).some((reason) =>
    reason(...state),
  );
