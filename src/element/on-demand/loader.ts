/**
 * Where the on-demand parts (`on-demand.ts`, and the answers' `../answer-actions/on-demand.ts`)
 * come from: an ordinary dynamic import in the npm build; in the script-tag build, the files
 * `flowbot-chat.lazy.js`, `flowbot-chat.answers.js` and `flowbot-chat.invite.js` beside the widget's code, each checked
 * against the hash the build wrote into that code, which renders with that code's own Lit (see
 * `script-tag/beside-script.ts`). The build sets
 * `import.meta.env.FLOWBOT_SCRIPT_TAG`, and the other branch is left out.
 */
import { addCatalogues } from '../../i18n/lookup.js';
import { provideOnDemandRenderers } from '../../render/on-demand.js';
import { importOnDemandFile } from '../../script-tag/beside-script.js';
import { createLoader } from '../../script-tag/loader.js';
import type { OnDemand } from './on-demand.js';
import type { AnswersPart } from '../answer-actions/on-demand.js';
import type { InvitePart } from '../invitation/on-demand.js';

/**
 * The on-demand part, loaded once, the first time something needs it. Its words join the
 * catalogues before any of its renderers can run: they show some English words the first file
 * of the script-tag build does not carry.
 */
export const onDemand = createLoader<OnDemand>(() =>
  (import.meta.env.FLOWBOT_SCRIPT_TAG
    ? importOnDemandFile<OnDemand>('flowbot-chat.lazy.js', import.meta.env.FLOWBOT_ON_DEMAND_INTEGRITY!)
    : import('./on-demand.js')
  ).then((part) => {
    addCatalogues(part.catalogues);
    return part;
  }),
);

/** The bubble's invitation: a file of its own (see `features.ts` for when). */
export const inviteFile = createLoader<InvitePart>(() =>
  import.meta.env.FLOWBOT_SCRIPT_TAG
    ? importOnDemandFile<InvitePart>('flowbot-chat.invite.js', import.meta.env.FLOWBOT_INVITE_INTEGRITY!)
    : import('../invitation/on-demand.js'),
);

/** What the visitor does with the answers: a file of its own, after the first message. */
export const answersFile = createLoader<AnswersPart>(() =>
  import.meta.env.FLOWBOT_SCRIPT_TAG
    ? importOnDemandFile<AnswersPart>('flowbot-chat.answers.js', import.meta.env.FLOWBOT_ANSWERS_INTEGRITY!)
    : import('../answer-actions/on-demand.js'),
);

// The renderers draw what arrives with it.
provideOnDemandRenderers(onDemand);
