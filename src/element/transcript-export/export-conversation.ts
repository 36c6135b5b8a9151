/**
 * The conversation as a document (see `transcript-export.ts`), in the widget's language, titled
 * after the widget, for Download and the element's `exportTranscript`.
 */
import { langOf } from '../../i18n/lang.js';
import { stringsFor } from '../../i18n/lookup.js';
import type { TranscriptEntry } from '../../protocol/transcript.js';
import { dateFormat, TIME } from '../../render/dates.js';
import { answerStringsFor } from '../../render/answer-strings.js';
import {
  exportTranscript,
  type AgentExportStrings,
  type ExportFormat,
  type MessageReaders,
} from './transcript-export.js';

/** A long export yields to the page after this many milliseconds of work. */
const SLICE_MS = 8;

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'long' };

/** The words of what an agent did, in the widget's language (English's arrive with the on-demand part: till then, none). */
function agentStrings(lang: string): AgentExportStrings | undefined {
  const { thinking, usedTools, toolDone, toolFailed, sources } = stringsFor(lang);
  return usedTools ? { thinking, usedTools, toolDone, toolFailed, sources, lang } : undefined;
}

/**
 * The conversation as a document, in the widget's language, titled after the widget. Written in
 * slices: it never holds the page for long, however long the conversation.
 */
export function exportConversation(
  host: Pick<Element, 'closest'> & { readonly widget?: { readonly title?: unknown } | undefined },
  view: { readonly entries: readonly TranscriptEntry[] },
  kind: ExportFormat = 'markdown',
  /** The markdown parser and the media reader, from the on-demand part that shows them. */
  readers: MessageReaders = {},
): Promise<string> {
  const lang = langOf(host);
  const title = host.widget?.title;
  let since = performance.now();
  return exportTranscript([...view.entries], {
    ...readers,
    format: kind === 'text' ? 'text' : 'markdown',
    words: { ...answerStringsFor(lang), agent: agentStrings(lang) },
    title: typeof title === 'string' ? title : undefined,
    time: (at) => dateFormat(lang, TIME).format(at),
    day: (at) => dateFormat(lang, DAY).format(at),
    pause: () => {
      if (performance.now() - since < SLICE_MS) return undefined;
      return new Promise((resolve) =>
        setTimeout(() => {
          since = performance.now();
          resolve();
        }, 0),
      );
    },
  });
}
