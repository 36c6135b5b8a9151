/**
 * Where a streamed answer's code (`../stream/`: its reader, its turn, its row, with what its agent
 * is doing) comes from, the first time a conversation streams an answer: an ordinary dynamic import
 * in the npm build; in the script-tag build, `flowbot-chat.stream.js` beside the widget's code,
 * checked against the hash the build wrote into the rich messages' file (this one), whose markdown
 * it draws with (handed over, see `shared-with-stream.ts`). A conversation of markdown answers that
 * never streams does not fetch it. A file that does not load, or does not match its hash, fails the
 * stream as one whose code did not load: with a retry.
 */
import { importOnDemandFile } from '../../script-tag/on-demand-file.js';
import type { ScriptTagFile } from '../../script-tag/files.js';
import { createLoader } from '../../script-tag/load-once.js';
import type { StreamModule } from '../stream/index.js';

/** The stream's file, loaded once (a failed load is asked for again later, see `createLoader`). */
export const streamFile = createLoader<StreamModule>(() =>
  import.meta.env.FLOWBOT_SCRIPT_TAG
    ? importOnDemandFile<StreamModule>(
        'flowbot-chat.stream.js' satisfies ScriptTagFile,
        import.meta.env.FLOWBOT_INTEGRITY.stream,
      )
    : import('../stream/index.js'),
);
