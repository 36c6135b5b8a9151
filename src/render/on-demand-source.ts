/**
 * The renderers that arrive on demand: `on-demand-renderers.ts` (markdown, media, what an
 * agent did...), a streamed answer's row (`StreamRenderers`, drawn by the element's
 * `stream/` feature) and `on-demand-controls.ts` (the rarer controls), each
 * loaded on its own. Where they come from is the element's business (chunks of
 * the npm build, or files beside the script tag): it hands its loaders in with
 * `provideOnDemandRenderers`. Until they are there, or when they cannot arrive,
 * every renderer falls back.
 */
import type { TemplateResult } from 'lit';
import type { AgentActivity } from '../protocol/agent.js';
import type { AgentContext, AgentStrings } from './agent.js';
import type { MarkdownStrings } from './markdown.js';
import type * as Renderers from './on-demand-renderers.js';
import type * as Controls from './on-demand-controls.js';

/** What the transcript draws of a streamed answer, with the on-demand renderers (the element's `stream/view.ts`). */
export interface StreamRenderers {
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

/** What `on-demand-renderers.ts` exports, and a streamed answer's row. */
export type OnDemandRenderers = typeof Renderers & StreamRenderers;
/** What `on-demand-controls.ts` exports. */
export type OnDemandControls = typeof Controls;

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

/** Says where the on-demand renderers and controls come from (the element does, once, as its module loads). */
export function provideOnDemandRenderers(
  from: OnDemandSource<OnDemandRenderers>,
  controls: OnDemandSource<OnDemandControls>,
): void {
  richRenderers = from;
  onDemandControls = controls;
}
