/**
 * The renderers that arrive on demand: `on-demand-renderers.ts` (markdown...), video, audio and
 * embeds (`MediaRenderers`, drawn by the element's `media/` feature), the voice's mute switch
 * (`VoiceRenderers`, the element's `voice/` feature), the suggested replies and the notices
 * (`SuggestionsRenderers`, `NoticesRenderers`, its `suggestions/` and `notices/`), what an
 * answer holds around its text (`AgentRenderers`, read by `agent-read.ts`), a
 * streamed answer's row and what an agent did drawn (`StreamRenderers`, the element's `stream/`
 * and `agent/` features, a file of their own) and the rarer controls
 * (`OnDemandControls`, the element's `controls/` feature), each
 * loaded on its own. Where they come from is the element's business (chunks of
 * the npm build, or files beside the script tag): it hands its loaders in with
 * `provideOnDemandRenderers`. Until they are there, or when they cannot arrive,
 * every renderer falls back.
 */
import type { CSSResult, nothing, TemplateResult } from 'lit';
import type { AgentActivity, AgentSource } from '../protocol/agent.js';
import type { readMedia } from '../protocol/media.js';
import type { Model } from '../protocol/message.js';
import type { TranscriptEntry } from '../protocol/transcript.js';
import type { RichTextNode } from '../protocol/rich-text.js';
import type { FlowbotStrings } from '../i18n/strings.js';
import type { MarkdownStrings } from './markdown.js';
import type * as Renderers from './on-demand-renderers.js';
import type { ChoiceItem } from '../protocol/answers.js';
import type { ChatInput } from '../protocol/types.js';
import type { InputContext } from './inputs/context.js';
import type { OnDemandInputType } from './inputs/on-demand-types.js';

/** The words the agent's parts show. */
export type AgentStrings = Pick<
  FlowbotStrings,
  | 'toolRunning'
  | 'toolDone'
  | 'toolFailed'
  | 'usedTools'
  | 'moreTools'
  | 'toolInput'
  | 'toolOutput'
  | 'thinking'
  | 'sources'
>;

/** How the agent's parts are drawn: the words, the language, the site's own names of its tools. */
export interface AgentContext {
  readonly words?: Partial<AgentStrings> | undefined;
  readonly lang?: string | undefined;
  /** The site's words for its tools, by tool name (`toolNames`); else the name is made readable. */
  readonly toolNames?: Readonly<Record<string, string>> | undefined;
}

/** What an agent did around an answer, as an export writes it (see `AgentSummary`). */
export interface AgentSummary {
  /** The answer's markdown without the thinking it starts with (what Copy copies). */
  readonly answer: string;
  /** The reasoning: the reasoning parts and the `<think>` block, joined. */
  readonly thinking: string;
  /** The visitor opened the thinking. */
  readonly opened: boolean;
  /** Each tool call: its name made readable, and whether it failed. */
  readonly tools: readonly { readonly name: string; readonly failed: boolean }[];
  /** How many more calls there were. */
  readonly more: number;
  readonly sources: readonly AgentSource[];
}

/**
 * What the messages read of what an agent did, with the on-demand renderers (the element's
 * `render/agent-read.ts`, in the rich messages' file): what the markdown answers are read and styled
 * with (without the thinking and sources), and the summary of the rest.
 */
export interface AgentRenderers {
  /** What an agent did around a markdown answer (`content`, a message's), for Copy and Download; undefined when nothing. */
  agentSummary(content: unknown): AgentSummary | undefined;
  /**
   * Whether showing a message takes the streams' file too: a markdown answer with what its agent did
   * around it (thinking, tool calls, sources). Read once per message.
   */
  needsAgent(message: unknown): boolean;
  /** The markdown reader: an answer read without the thinking it starts with and the sources it ends with. */
  parseMarkdown(md: string): RichTextNode[];
  /** The styles of what is drawn on demand inside bubbles: markdown's own blocks, video, audio and embeds. */
  readonly contentStyles: CSSResult;
}

/**
 * What the transcript draws of a streamed answer, and the messages of what an agent did, with the
 * streams' file (the element's `stream/` and `agent/view.ts`), which comes with the rich messages'.
 */
export interface StreamRenderers {
  /**
   * A complete answer with what its agent did: its content (`text`, the answer drawn without
   * its thinking and trailing sources) wrapped with the thinking and tools above and the sources
   * under it; undefined when the answer has none of them (it is drawn as it is).
   */
  agentAnswer(message: unknown, text: HTMLElement, ctx: AgentContext): HTMLElement | undefined;
  /** The styles of an agent's parts. */
  readonly contentStyles: CSSResult;
  /**
   * A streamed answer's row while it grows (`grouped`: under another bot message, beside a
   * space of the avatar's width): busy, its growing text hidden from screen readers until it is
   * complete; what the agent is doing above the text, its sources under it.
   */
  renderStreamRow(
    entry: { readonly text: string; readonly interrupted?: boolean | undefined; agent?: AgentActivity | undefined },
    grouped: boolean,
    avatar: string | undefined,
    words?: Partial<MarkdownStrings> & Partial<AgentStrings> & { readonly interrupted?: string },
    agent?: AgentContext,
  ): TemplateResult;
}

/** What the messages read and draw of video, audio and embeds, with their file (the element's `media/`). */
export interface MediaRenderers {
  /** The reader of these types' content into their model (`protocol/media.ts`). */
  readonly readMedia: typeof readMedia;
  /** The content of a video, audio or embed message; `onLoad` runs once a video knows its size. */
  renderMedia(m: Model, onLoad: (() => void) | typeof nothing): TemplateResult | null;
  /** Their styles. */
  readonly contentStyles: CSSResult;
}

/** What the header draws of the voice, with the on-demand renderers (the element's `voice/`). */
export interface VoiceRenderers {
  /** The header's mute switch: `aria-pressed` is true while muted. */
  renderMuteButton(muted: boolean, strings: FlowbotStrings, toggle: () => void): TemplateResult;
}

/** What the composer reads and draws of the suggested replies, with the on-demand renderers (the element's `suggestions/`). */
export interface SuggestionsRenderers {
  /**
   * The Widget resource's `defaultMessages` as reply texts: strings, or objects
   * with `text`, `content`, `message` or `label`; trimmed, without repeats, at
   * most eight.
   */
  readSuggestions(list: unknown): string[];
  /** Suggested replies as buttons; a tap sends one. */
  renderSuggestions(
    list: readonly string[],
    strings: FlowbotStrings,
    busy: boolean,
    send: (reply: string) => void,
  ): TemplateResult | typeof nothing;
}

/** What the transcript draws of the notices, with the on-demand renderers (the element's `notices/`). */
export interface NoticesRenderers {
  /** The end of a conversation the viewer no longer knows: the notice and its one action, Start again. */
  renderExpired(strings: FlowbotStrings, startAgain: () => void): TemplateResult;
  /** A streamed answer cut short: what arrived stays above, marked; Try again streams it anew. */
  renderStreamFailure(
    view: { readonly entries: readonly TranscriptEntry[] },
    strings: FlowbotStrings,
    tryAgain: () => void,
  ): TemplateResult | undefined;
  /** A link to the page a redirect wanted to open in a new tab, when the browser blocked it. */
  renderRedirectLink(url: string | undefined, strings: FlowbotStrings): TemplateResult | typeof nothing;
}

/**
 * What `on-demand-renderers.ts` exports, video, audio and embeds, the voice's switch, the
 * suggested replies, the notices and what an answer holds around its text: the rich messages' file.
 */
export type OnDemandRenderers = typeof Renderers & SuggestionsRenderers & NoticesRenderers & AgentRenderers;
/** A picture choice's item. */
export interface PictureItem extends ChoiceItem {
  readonly picture?: string | undefined;
  readonly description?: string | undefined;
}

/**
 * The rarer controls, loaded on demand (the element's `controls/`): the control of each input
 * type of `ON_DEMAND_INPUT_TYPES`, a text input that takes files or voice messages, a choice's
 * search and pictures, and their styles.
 */
export interface OnDemandControls {
  /** The control of each input type that arrives on demand. */
  readonly controls: Readonly<Record<OnDemandInputType, (input: ChatInput, ctx: InputContext) => TemplateResult>>;
  /** The styles of these controls (and of a picture choice's), adopted when the first is drawn. */
  readonly styles: CSSResult;
  /** A text input that takes files or voice messages. */
  renderTextFilesInput(input: ChatInput, ctx: InputContext): TemplateResult;
  /** The items `ctx.draft.query` matches, and the search field that edits it. */
  renderChoiceSearch<T extends ChoiceItem>(
    items: readonly T[],
    ctx: InputContext,
    label: string,
    multiple: boolean,
    pick: (item: T) => void,
  ): { shown: readonly T[]; field: TemplateResult };
  /** The usable items of a picture choice: an id, and a title or a value. */
  readPictureItems(input: ChatInput): PictureItem[];
  /** The inside of a picture's button: the picture, its title, its description. */
  renderPicture(item: PictureItem): TemplateResult;
}

/** A module that arrives on demand. */
export interface OnDemandSource<T> {
  /** The module, if it has arrived. */
  get(): T | undefined;
  /** Starts (or joins) its load. */
  load(): Promise<T>;
}

const none: OnDemandSource<never> = {
  get: () => undefined,
  load: () => Promise.reject(new Error('no on-demand part')),
};

/** The on-demand renderers: `get()` if they are there, `load()` to fetch them. */
export let richRenderers: OnDemandSource<OnDemandRenderers> = none;
/** The rarer controls, the same way. */
export let onDemandControls: OnDemandSource<OnDemandControls> = none;
/** A streamed answer's row and an agent's parts, the same way (their load brings the rich messages' too). */
export let streamRenderers: OnDemandSource<StreamRenderers> = none;
/** Video, audio and embeds, the same way. */
export let mediaRenderers: OnDemandSource<MediaRenderers> = none;
/** The voice's switch, the same way. */
export let voiceRenderers: OnDemandSource<VoiceRenderers> = none;

/** Says where the on-demand renderers, controls and streams come from (the element does, once, as its module loads). */
export function provideOnDemandRenderers(
  from: OnDemandSource<OnDemandRenderers>,
  controls: OnDemandSource<OnDemandControls>,
  streams: OnDemandSource<StreamRenderers>,
  media: OnDemandSource<MediaRenderers>,
  voice: OnDemandSource<VoiceRenderers>,
): void {
  voiceRenderers = voice;
  richRenderers = from;
  onDemandControls = controls;
  streamRenderers = streams;
  mediaRenderers = media;
}
