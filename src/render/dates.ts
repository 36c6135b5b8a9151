/**
 * The answers' dates and times, in the visitor's local time and the widget's language (the rows'
 * times here; the conversation's export, a file of its own, takes `dateFormat` over).
 */

/**
 * The formats made, by language and options. The page's first starts the browser's `Intl` (about
 * 25 ms, 100 ms on a phone's CPU): today's times in the widget's languages need none (`clock`), and
 * the answers' actions draw their times in a task of their own (`answer-actions.ts`).
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** A date format of `lang` (the browser's own when the tag is not one), made once. */
export function dateFormat(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
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

/** A time of day, e.g. `10:42`. */
export const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const DAY_AND_TIME: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', ...TIME };

/**
 * `TIME` as `Intl` writes it in the widget's 24-hour languages (and their main regions) and in English,
 * without it: the page's first format starts the browser's `Intl`, a long task on a phone. The browser
 * tests compare every minute of the day with `Intl`'s; any other tag (`en-GB`, Arabic, none) asks `Intl`.
 */
export function clock(date: Date, lang: string): string | undefined {
  const hours = date.getHours();
  const minutes = `:${String(date.getMinutes()).padStart(2, '0')}`;
  if (/^(de|es|fr|it|nl|pl|tr)(-\1)?$|^(he(-il)?|ja(-jp)?|pt-br|zh-cn)$/i.test(lang)) return hours + minutes;
  if (/^en(-us)?$/i.test(lang)) return `${hours % 12 || 12}${minutes} ${hours > 11 ? 'PM' : 'AM'}`;
}

/** When a message was shown, in the visitor's local time: the time alone today, with the day before. */
export function timeOf(at: number | undefined, lang: string): { text: string; iso: string } | undefined {
  if (at === undefined) return undefined;
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return undefined;
  const today = date.toDateString() === new Date().toDateString();
  const text = (today && clock(date, lang)) || dateFormat(lang, today ? TIME : DAY_AND_TIME).format(date);
  return { text, iso: date.toISOString() };
}
