/**
 * The rarer controls (`controls.ts`, the `OnDemandControls` the inputs draw, declared in
 * `render/on-demand-source.ts`: fields, dates, rating, cards, files and uploads, payment, a text
 * input that takes files or voice messages, a choice's search and pictures; their styles in
 * `styles.ts` and the `*.styles.ts` beside it), loaded on demand the first time a conversation's
 * input needs one: in the npm build an ordinary chunk; beside the script-tag file,
 * `flowbot-chat.controls.js` (see `../on-demand/loader.ts`). With them, the English words only
 * they show. Their core stays below: what every control gets (`render/inputs/context.ts`), the
 * text field some fall back to (`render/inputs/text-input.ts`), the list of the types that arrive
 * here (`render/inputs/on-demand-types.ts`) and the picker (`render/inputs/index.ts`).
 */
import { enControls } from '../../i18n/en.js';
import type { FlowbotStrings } from '../../i18n/strings.js';

export * from './controls.js';

/** By lower-case tag, added to those already here (`addStrings`). */
export const strings: Readonly<Record<string, Partial<FlowbotStrings>>> = { en: enControls };

import type * as Self from './index.js';

/** What the controls' file exports. */
export type ControlsModule = typeof Self;
