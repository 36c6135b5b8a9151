/**
 * Where a code block's colours (`../highlight/`) come from, the first time an answer shows a fenced
 * block with a language: an ordinary dynamic import in the npm build; in the script-tag build,
 * `flowbot-chat.highlight.js` beside the widget's code, checked against the hash the build wrote into
 * the rich messages' file (this one), so the widget's first file carries none for it. A file that does
 * not load, or does not match its hash, leaves the code plain. `index.ts` hands it to `render/code.ts`.
 */
import { importOnDemandFile } from '../../script-tag/on-demand-file.js';
import type { ScriptTagFile } from '../../script-tag/files.js';
import { createLoader } from '../../script-tag/load-once.js';
import type { HighlightFilePart } from '../highlight/index.js';

/** The highlight file, loaded once (a failed load is asked for again later, see `createLoader`). */
export const highlightFile = createLoader<HighlightFilePart>(() =>
  import.meta.env.FLOWBOT_SCRIPT_TAG
    ? importOnDemandFile<HighlightFilePart>(
        'flowbot-chat.highlight.js' satisfies ScriptTagFile,
        import.meta.env.FLOWBOT_INTEGRITY.highlight,
      )
    : import('../highlight/index.js'),
);
