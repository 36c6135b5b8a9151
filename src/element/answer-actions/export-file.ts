/**
 * Where the conversation's export (`../transcript-export/`) comes from, the first time a visitor
 * downloads the conversation or the page asks for it: an ordinary dynamic import in the npm build;
 * in the script-tag build, `flowbot-chat.export.js` beside the widget's code, checked against the
 * hash the build wrote into the answers' file (this one), so the widget's first file carries none
 * for it. A file that does not load leaves the rest of the answers' features as they are.
 */
import { importOnDemandFile } from '../../script-tag/on-demand-file.js';
import type { ScriptTagFile } from '../../script-tag/files.js';
import { createLoader } from '../../script-tag/load-once.js';
import type { ExportModule } from '../transcript-export/index.js';

/** The export's part, loaded once (a failed load is asked for again later, see `createLoader`). */
export const exportFile = createLoader<ExportModule>(() =>
  import.meta.env.FLOWBOT_SCRIPT_TAG
    ? importOnDemandFile<ExportModule>(
        'flowbot-chat.export.js' satisfies ScriptTagFile,
        import.meta.env.FLOWBOT_INTEGRITY.export,
      )
    : import('../transcript-export/index.js'),
);

/** The conversation as a document (see `../transcript-export/export-conversation.ts`), once its file has arrived. */
export function exportConversation(...args: Parameters<ExportModule['exportConversation']>): Promise<string> {
  return exportFile.load().then((part) => part.exportConversation(...args));
}
