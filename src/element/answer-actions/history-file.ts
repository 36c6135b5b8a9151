/**
 * Where the earlier conversations' list (`../history/`) comes from, for a widget with `persist`: an
 * ordinary dynamic import in the npm build; in the script-tag build, `flowbot-chat.history.js` beside
 * the widget's code, checked against the hash the build wrote into the answers' file (this one), so
 * the widget's first file carries none for it. It is fetched when the menu opens.
 */
import { importOnDemandFile } from '../../script-tag/on-demand-file.js';
import type { ScriptTagFile } from '../../script-tag/files.js';
import { createLoader } from '../../script-tag/load-once.js';
import type { HistoryModule } from '../history/index.js';

/** The list's part, loaded once (a failed load is asked for again later, see `createLoader`). */
export const historyFile = createLoader<HistoryModule>(() =>
  import.meta.env.FLOWBOT_SCRIPT_TAG
    ? importOnDemandFile<HistoryModule>(
        'flowbot-chat.history.js' satisfies ScriptTagFile,
        import.meta.env.FLOWBOT_INTEGRITY.history,
      )
    : import('../history/index.js'),
);
