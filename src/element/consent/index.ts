/**
 * The notice before a conversation and the consent it may ask for (`notice`, `consent="required"`),
 * loaded on demand by a widget with either: in the npm build an ordinary chunk; beside the
 * script-tag file, `flowbot-chat.consent.js` (see `../on-demand/loader.ts`). With them, the English
 * words only they show.
 */
import { enConsent } from '../../i18n/en.js';
import type { FlowbotStrings } from '../../i18n/strings.js';

export { Consent, type ConsentHost } from './consent.js';

/** By lower-case tag, added to those already here (`addStrings`). */
export const strings: Readonly<Record<string, Partial<FlowbotStrings>>> = { en: enConsent };

import type * as Self from './index.js';

/** What the consent's file exports. */
export type ConsentModule = typeof Self;
