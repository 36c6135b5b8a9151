/**
 * The renderers that arrive on demand: `on-demand-renderers.ts` (markdown, media, a
 * streamed answer...) and `on-demand-controls.ts` (the rarer controls), each
 * loaded on its own. Where they come from is the element's business (chunks of
 * the npm build, or files beside the script tag): it hands its loaders in with
 * `provideOnDemandRenderers`. Until they are there, or when they cannot arrive,
 * every renderer falls back.
 */
import type * as Renderers from './on-demand-renderers.js';
import type * as Controls from './on-demand-controls.js';

/** What `on-demand-renderers.ts` exports. */
export type OnDemandRenderers = typeof Renderers;
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
