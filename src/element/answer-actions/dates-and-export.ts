/**
 * The answers' dates and times, in the visitor's local time and the widget's language, and the
 * conversation as a document (Download, and the element's `exportConversation`).
 */
import { langOf } from '../../i18n/lang.js';
import type { TranscriptEntry } from '../../protocol/transcript.js';
import { answerStringsFor } from './strings.js';
import { stringsFor } from '../../i18n/lookup.js';
import type { AgentExportWords } from './transcript-export.js';

/** The words of what an agent did, in the widget's language (English's arrive with the on-demand part: till then, none). */
function agentWords(lang: string): AgentExportWords | undefined {
  const { thinking, usedTools, toolDone, toolFailed, sources } = stringsFor(lang);
  return usedTools ? { thinking, usedTools, toolDone, toolFailed, sources, lang } : undefined;
}
import { exportTranscript, type ExportFormat, type MessageReaders } from './transcript-export.js';

/** A long export yields to the page after this many milliseconds of work. */
const SLICE_MS = 8;

const formats = new Map<string, Intl.DateTimeFormat>();

/** A date format of `lang` (the browser's own when the tag is not one). */
function format(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}\n${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(lang || undefined, options);
    } catch {
      f = new Intl.DateTimeFormat(undefined, options);
    }
    formats.set(key, f);
  }
  return f;
}

const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const DAY_AND_TIME: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', ...TIME };
const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'long' };

/** When a message was shown, in the visitor's local time: the time alone today, with the day before. */
export function timeOf(at: number | undefined, lang: string): { text: string; iso: string } | undefined {
  if (at === undefined) return undefined;
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return undefined;
  const today = date.toDateString() === new Date().toDateString();
  return { text: format(lang, today ? TIME : DAY_AND_TIME).format(date), iso: date.toISOString() };
}

/**
 * The conversation as a document (see `transcript-export.ts`), in the
 * widget's language, titled after the widget. Written in slices: it never
 * holds the page for long, however long the conversation.
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
    words: { ...answerStringsFor(lang), agent: agentWords(lang) },
    title: typeof title === 'string' ? title : undefined,
    time: (at) => format(lang, TIME).format(at),
    day: (at) => format(lang, DAY).format(at),
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
