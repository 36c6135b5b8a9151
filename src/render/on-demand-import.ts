/**
 * Where the on-demand renderers (`on-demand.ts`) come from: an ordinary
 * dynamic import in the npm build. The script-tag build swaps this module for
 * `on-demand-import.script.ts`.
 */
import { createLoader } from '../lazy/loader.js';
import type { OnDemand } from './on-demand.js';

/** The on-demand renderers: the rarer input controls, their styles, the markdown parser. */
export const onDemand = createLoader<OnDemand>(() => import('./on-demand.js'));
