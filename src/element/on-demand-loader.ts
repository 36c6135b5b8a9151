/**
 * Where the on-demand part (`on-demand.ts`) comes from: an ordinary dynamic
 * import in the npm build; in the script-tag build, the file
 * `flowbot-chat.lazy.js` beside the widget's code, which renders with that
 * code's own Lit (see `script-tag/beside-script.ts`). The build sets
 * `import.meta.env.FLOWBOT_SCRIPT_TAG`, and the other branch is left out.
 */
import { addCatalogues } from '../i18n/lookup.js';
import { provideLateRenderers } from '../render/late.js';
import { importBesideScript } from '../script-tag/beside-script.js';
import { createLoader } from '../script-tag/loader.js';
import type { OnDemand } from './on-demand.js';

/** The on-demand part, loaded once, the first time something needs it. */
export const onDemand = createLoader<OnDemand>(() =>
  (import.meta.env.FLOWBOT_SCRIPT_TAG
    ? importBesideScript<OnDemand>('flowbot-chat.lazy.js')
    : import('./on-demand.js')
  ).then((part) => {
    // Its words before anything it draws: the rest of English (`LateStringKey`), the other languages.
    addCatalogues(part.catalogues);
    return part;
  }),
);

// The renderers draw what arrives with it.
provideLateRenderers(onDemand);
