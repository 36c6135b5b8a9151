/**
 * `scheduled_date` of lesson creation is `YYYY-MM-DD HH:MM` with no zone. The
 * client and the reference server read it the same way: as wall-clock time in
 * the platform's time zone (an IANA name, `America/Sao_Paulo` unless
 * configured), so "in the future" means the same instant on both sides,
 * whatever zone the caller's machine or the server's process runs in.
 */

/**
 * The platform's time zone when none is configured. The document gives none;
 * the platform names its fields in Brazilian Portuguese (`curso_id`, `titulo`,
 * `pacote de views para visitantes`), so its wall clock is most likely Brazil's.
 */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

const SCHEDULE_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

/** The format of `scheduled_date`. */
export const SCHEDULED_DATE_FORMAT = SCHEDULE_RE;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** Whether `timeZone` is an IANA time zone name this runtime knows. */
export function isTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone === '') return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of instant `ms` in `timeZone`. */
function wallClock(ms: number, timeZone: string): [number, number, number, number, number] {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return [parts['year']!, parts['month']!, parts['day']!, parts['hour']!, parts['minute']!];
}

/** The wall clock of `ms` in `timeZone`, as if it were UTC (the zone's offset added). */
function asUtc(ms: number, timeZone: string): number {
  const [y, mo, d, h, mi] = wallClock(ms, timeZone);
  return Date.UTC(y, mo - 1, d, h, mi);
}

/**
 * Parses `YYYY-MM-DD HH:MM`, wall-clock time in `timeZone`, to epoch ms; NaN
 * when it is not in that format, not a real date (`2030-02-31`), or a time the
 * zone's clocks skip (a daylight-saving gap): such a time is refused, never
 * shifted. A time the clocks show twice (the hour after a gap's opposite) is
 * its first occurrence.
 */
export function parseScheduledDate(value: string, timeZone: string = DEFAULT_TIME_ZONE): number {
  const m = SCHEDULE_RE.exec(value);
  if (!m) return Number.NaN;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(wall);
  // Reject roll-overs such as 2026-02-31 or 24:00.
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return Number.NaN;
  // The instants the wall time could be, under the zone's offset a day either side.
  const candidates = [wall - 86_400_000, wall + 86_400_000]
    .map((probe) => wall - (asUtc(probe, timeZone) - probe))
    .sort((a, b) => a - b);
  return candidates.find((instant) => asUtc(instant, timeZone) === wall) ?? Number.NaN;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Formats `date` as `YYYY-MM-DD HH:MM` on the wall clock of `timeZone` (seconds dropped). */
export function formatScheduledDate(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const [y, mo, d, h, mi] = wallClock(date.getTime(), timeZone);
  return `${y}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}`;
}
