/**
 * Where the on-demand part (`on-demand.ts`) comes from: an ordinary dynamic
 * import in the npm build; in the script-tag build, the file
 * `flowbot-chat.lazy.js` beside the widget's code, checked against the hash the
 * build wrote into that code, which renders with that code's own Lit (see
 * `script-tag/beside-script.ts`). The build sets
 * `import.meta.env.FLOWBOT_SCRIPT_TAG`, and the other branch is left out.
 */
import { addCatalogues } from '../../i18n/lookup.js';
import { provideOnDemandRenderers } from '../../render/on-demand.js';
import { importOnDemandFile } from '../../script-tag/beside-script.js';
import { createLoader } from '../../script-tag/loader.js';
import type { OnDemand } from './on-demand.js';

/**
 * The on-demand part, loaded once, the first time something needs it. Its words join the
 * catalogues before any of its renderers can run: they show some English words the first file
 * of the script-tag build does not carry.
 */
export const onDemand = createLoader<OnDemand>(() =>
  (import.meta.env.FLOWBOT_SCRIPT_TAG ? importOnDemandFile<OnDemand>() : import('./on-demand.js')).then((part) => {
    addCatalogues(part.catalogues);
    return part;
  }),
);

// The renderers draw what arrives with it.
provideOnDemandRenderers(onDemand);
