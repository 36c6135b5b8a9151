/**
 * `on-demand-import.ts` for the script-tag file: the on-demand renderers are a
 * second file, `flowbot-chat.lazy.js`, beside the script.
 */
import { createLoader } from '../lazy/loader.js';
import { importBesideScript } from '../lazy/script-tag.js';
import type { OnDemand } from './on-demand.js';

/** The on-demand renderers: the rarer input controls, their styles, the markdown parser. */
export const onDemand = createLoader<OnDemand>(() => importBesideScript<OnDemand>('flowbot-chat.lazy.js'));
