/**
 * Lesson creation (4.2) is described twice by the interface document. Variant
 * A: integer flags `show_title` and `enable_lesson_view`, `tag` an array.
 * Variant B: `show_tilte` (spelled so) as `"true"`/`"false"`,
 * `enable_lesson_view` as `"0"`/`"1"`, tags possibly one comma-separated
 * string. Both fold into one body, the shape of `LessonCreateSchema`.
 */
import { DEFAULT_TIME_ZONE, formatScheduledDate } from './schemas/schedule.js';

/** A flag as either variant spells it. */
export type LessonFlag = 0 | 1 | boolean | '0' | '1' | 'true' | 'false';

/**
 * Parameters of `createLesson`, in either variant of the document.
 *
 * @example
 * ```ts
 * // Variant A
 * { title: 'Intro', description: 'First steps', duration: 45, tag: ['basics'], show_title: 1,
 *   enable_lesson_view: 0, scheduled_date: '2030-01-31 09:00' }
 * // Variant B
 * { title: 'Intro', description: 'First steps', tag: 'basics, video', show_tilte: 'true',
 *   enable_lesson_view: '1' }
 * ```
 */
export type LessonParams = {
  /** Required, at most 150 characters. */
  title: string;
  /** Required, at most 255 characters. */
  description: string;
  /** Total lesson time: a whole number of at most 4 digits (`"45"` is accepted too). */
  duration?: number | string | null | undefined;
  /**
   * Tags, each at most 150 characters: an array (no tag may contain a comma,
   * since the platform stores tags joined by commas), or one comma-separated
   * string (variant B), which is split at every comma.
   */
  tag?: readonly string[] | string | null | undefined;
  /**
   * Ids of lessons of the same course to complete first (or one comma-separated
   * string); entries that are not such ids are ignored by the server, not refused.
   */
  progress_criteria?: readonly (string | number)[] | string | null | undefined;
  /** Whether the title is shown (variant A). Default 0. Wins over `show_tilte` when both are given. */
  show_title?: LessonFlag | null | undefined;
  /** Variant B's spelling of `show_title`. */
  show_tilte?: LessonFlag | null | undefined;
  /** Whether guests may access the lesson: 0 or 1 (`"0"`/`"1"` in variant B). Default 0. */
  enable_lesson_view?: LessonFlag | null | undefined;
  /**
   * Future release, `YYYY-MM-DD HH:MM` on the platform's clock (the client's
   * `timeZone`), or a `Date` (converted to that clock); `null`: no schedule.
   */
  scheduled_date?: string | Date | null | undefined;
};

const FLAGS: Readonly<Record<string, 0 | 1>> = { '0': 0, '1': 1, true: 1, false: 0 };

function flag(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  if (value === 0 || value === 1) return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') return FLAGS[value.trim().toLowerCase()] ?? value;
  return value;
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function scheduledDate(value: unknown, timeZone: string): unknown {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? 'Invalid Date' : formatScheduledDate(value, timeZone);
  }
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }
  return value;
}

/**
 * Folds either parameter variant into the one body the client sends:
 * `show_tilte` becomes `show_title`; flags given as `"true"`/`"false"`,
 * `"0"`/`"1"` or booleans become 0/1; a comma-separated tag string becomes
 * an array; a numeric `duration` string becomes a number; a `Date` schedule
 * becomes `YYYY-MM-DD HH:MM` on the wall clock of `options.timeZone` (default
 * `DEFAULT_TIME_ZONE`, the platform's). Absent and empty values are left
 * out; `null` is kept where the document allows it (`progress_criteria`,
 * `scheduled_date`). Unknown fields are dropped.
 *
 * It does not validate: values it cannot convert are passed on unchanged so
 * that `LessonCreateSchema` reports them. The reference server uses it too.
 *
 * @example
 * normaliseLessonParams({ title: 'T', description: 'D', tag: 'a, b', show_tilte: 'true', enable_lesson_view: '1' })
 * // → { title: 'T', description: 'D', tag: ['a', 'b'], show_title: 1, enable_lesson_view: 1 }
 */
export function normaliseLessonParams(
  params: LessonParams | Readonly<Record<string, unknown>>,
  options: { timeZone?: string } = {},
): Record<string, unknown> {
  const p = params as Readonly<Record<string, unknown>>;
  const body: Record<string, unknown> = { title: p['title'], description: p['description'] };

  const duration = p['duration'];
  if (typeof duration === 'string' && /^\s*\d+\s*$/.test(duration)) body['duration'] = Number(duration);
  else if (duration !== undefined && duration !== null && duration !== '') body['duration'] = duration;

  const tag = p['tag'];
  if (typeof tag === 'string') body['tag'] = splitList(tag);
  else if (tag !== undefined && tag !== null) body['tag'] = tag;

  const criteria = p['progress_criteria'];
  if (typeof criteria === 'string') body['progress_criteria'] = splitList(criteria);
  else if (criteria !== undefined) body['progress_criteria'] = criteria;

  const showTitle = flag(p['show_title'] ?? p['show_tilte']);
  if (showTitle !== undefined) body['show_title'] = showTitle;

  const guestView = flag(p['enable_lesson_view']);
  if (guestView !== undefined) body['enable_lesson_view'] = guestView;

  if (p['scheduled_date'] === null) body['scheduled_date'] = null;
  else {
    const schedule = scheduledDate(p['scheduled_date'], options.timeZone ?? DEFAULT_TIME_ZONE);
    if (schedule !== undefined) body['scheduled_date'] = schedule;
  }
  return body;
}
