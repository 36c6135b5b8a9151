/**
 * Where the formulas' MathML (`../math/`) comes from, the first time an answer shows a formula: an
 * ordinary dynamic import in the npm build; in the script-tag build, `flowbot-chat.math.js` beside the
 * widget's code, checked against the hash the build wrote into the rich messages' file (this one), so
 * the widget's first file carries none for it. A file that does not load, or does not match its hash,
 * leaves every formula showing its TeX.
 */
import { importOnDemandFile } from '../../script-tag/on-demand-file.js';
import type { ScriptTagFile } from '../../script-tag/files.js';
import { createLoader } from '../../script-tag/load-once.js';
import type { MathFilePart } from '../math/index.js';

/** The math file, loaded once (a failed load is asked for again later, see `createLoader`). */
export const mathFile = createLoader<MathFilePart>(() =>
  import.meta.env.FLOWBOT_SCRIPT_TAG
    ? importOnDemandFile<MathFilePart>(
        'flowbot-chat.math.js' satisfies ScriptTagFile,
        import.meta.env.FLOWBOT_INTEGRITY.math,
      )
    : import('../math/index.js'),
);
