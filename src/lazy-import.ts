/**
 * How the on-demand parts arrive: an ordinary dynamic import in the npm build.
 * The script-tag build swaps this module for `lazy-import.script.ts`.
 */
import type { LazyModule } from './lazy-load.js';

export const importLazy = (): Promise<LazyModule> => import('./lazy.js');
