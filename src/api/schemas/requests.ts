/**
 * Request rules, enforced by the client before sending and by the reference
 * server on receipt; and the one error body.
 */
import * as v from 'valibot';

import { num, opt, str, uuid } from '../../protocol/schema-kit.js';
import { DEFAULT_TIME_ZONE, SCHEDULED_DATE_FORMAT, parseScheduledDate } from './schedule.js';

/**
 * Counts the characters of `text` as Unicode code points: an emoji such as 😀
 * is one (two UTF-16 code units), a flag or a family emoji is two or more.
 * Code points, not grapheme clusters, because every runtime and back end counts
 * them alike (grapheme rules change with Unicode versions, so two engines could
 * disagree about the same title), and they are what a database column or a
 * server's multibyte string length measures.
 */
export function countChars(text: string): number {
  return text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, '_').length;
}

/** "At most `max` characters", counted as code points (see `countChars`). */
export const maxChars = (max: number, message: string) => v.check<string, string>((s) => countChars(s) <= max, message);

/** A required text: not empty and not only white space. */
const text = (message = 'is required') =>
  v.pipe(
    str,
    v.check((s) => s.trim() !== '', message),
  );

/**
 * 4.1 body: `name` and `lastName`, each optional (the document does not say),
 * at least one of them, neither blank.
 */
export const AccountUpdateSchema = v.pipe(
  v.object({ name: v.optional(text('must not be blank')), lastName: v.optional(text('must not be blank')) }),
  v.check((body) => body.name !== undefined || body.lastName !== undefined, 'needs name or lastName'),
);
export type AccountUpdate = v.InferOutput<typeof AccountUpdateSchema>;
const flag01 = v.picklist([0, 1], 'must be 0 or 1');

/** A tag: at most 150 characters, no comma (tags are stored joined by commas). */
const tagSchema = v.pipe(
  str,
  maxChars(150, 'each tag must be at most 150 characters'),
  v.check((s) => !s.includes(','), 'must not contain a comma (tags are stored comma-separated)'),
);

/**
 * The normalised lesson body, with `scheduled_date` read in `timeZone` (see
 * `schedule.ts`): what the client sends and the server accepts. Variant B's
 * spellings are folded into it by `normaliseLessonParams`.
 */
export function lessonCreateSchema(timeZone: string = DEFAULT_TIME_ZONE) {
  return v.object({
    title: v.pipe(text(), maxChars(150, 'must be at most 150 characters')),
    description: v.pipe(text(), maxChars(255, 'must be at most 255 characters')),
    duration: v.optional(
      v.pipe(
        num,
        v.integer('must be a whole number'),
        v.minValue(0, 'must not be negative'),
        v.maxValue(9999, 'must be at most 4 digits'),
      ),
    ),
    tag: v.optional(v.array(tagSchema)),
    // Entries that are not ids of the course's lessons are ignored (by the server), not refused.
    progress_criteria: v.optional(v.nullable(v.array(v.unknown()))),
    show_title: v.optional(flag01),
    enable_lesson_view: v.optional(flag01),
    scheduled_date: v.optional(
      v.nullable(
        v.pipe(
          str,
          v.regex(SCHEDULED_DATE_FORMAT, 'must be YYYY-MM-DD HH:MM'),
          v.check((s) => !Number.isNaN(parseScheduledDate(s, 'UTC')), 'is not a real date'),
          // Each check below passes what an earlier one refused: one issue per cause.
          v.check(
            (s) => Number.isNaN(parseScheduledDate(s, 'UTC')) || !Number.isNaN(parseScheduledDate(s, timeZone)),
            `does not exist in ${timeZone} (its clocks skip that time)`,
          ),
          v.check((s) => {
            const at = parseScheduledDate(s, timeZone);
            return Number.isNaN(at) || at > Date.now();
          }, 'must be in the future'),
        ),
      ),
    ),
  });
}

/** `lessonCreateSchema` in the default time zone. */
export const LessonCreateSchema = lessonCreateSchema();
export type LessonCreateBody = v.InferOutput<typeof LessonCreateSchema>;

const httpUrl = v.pipe(
  str,
  v.url('must be a URL'),
  v.check((s) => /^https?:\/\//i.test(s), 'must be an http(s) URL'),
);

export const WebImportSchema = v.object({
  unityId: uuid,
  datasetId: uuid,
  folderId: uuid,
  url: httpUrl,
  limit: v.optional(v.pipe(num, v.integer('must be a positive integer'), v.minValue(1, 'must be a positive integer'))),
});
export type WebImportParams = v.InferOutput<typeof WebImportSchema>;

export const WidgetDuplicateSchema = v.object({ id: v.pipe(str, v.minLength(1, 'is required')) });

/** 4.8 body: `fallbacks` is a required array; an empty one would leave the agent without a chain. */
export const FallbackUpdateSchema = v.object({
  fallbacks: v.pipe(v.array(v.unknown()), v.minLength(1, 'needs at least one fallback')),
});
export type FallbackUpdate = v.InferOutput<typeof FallbackUpdateSchema>;

/** The one error body shape of the reference server (and what the client reads). */
export const ErrorBodySchema = v.looseObject({
  message: str,
  issues: opt(v.array(v.looseObject({ path: str, message: str }))),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;
