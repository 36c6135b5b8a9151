/** The platform's account and lesson routes (4.1 update account, 4.2 create lesson). */
import type { Hono } from 'hono';
import {
  AccountUpdateSchema,
  lessonCreateSchema,
  parseScheduledDate,
  type Account,
  type Lesson,
} from '../api/schemas/index.js';
import { normaliseLessonParams } from '../api/lesson.js';
import { isObject } from '../protocol/json.js';
import { ApiError, invalid, parseBody, readJson } from './error-responses.js';
import { idKey, type PlatformAccess } from './platform-access.js';
import { GUEST_VIEW_FEATURE } from './state.js';
import type { AccountRecord, ReferenceState } from './state-types.js';

/** Mounts 4.1 and 4.2 on `app`; `timeZone` is the platform's, which lessons' dates are read in. */
export function mountAccountsAndLessons(
  app: Hono,
  state: ReferenceState,
  access: PlatformAccess,
  timeZone: string,
): void {
  const { authenticate, assertMember } = access;
  const lessonSchema = lessonCreateSchema(timeZone);

  app.put('/api/v1/auth/update/:id', async (c) => {
    const account = authenticate(c);
    // Only name and lastName are read (at least one, neither blank); other fields are dropped.
    const body = parseBody(AccountUpdateSchema, await readJson(c), 'account update');
    const target = state.accounts.get(idKey(c.req.param('id')));
    if (!target) throw new ApiError(404, `Account "${c.req.param('id')}" does not exist.`);
    if (target.id !== account.id) throw new ApiError(403, 'You can only update your own account.');
    if (typeof body.name === 'string') target.name = body.name.trim();
    if (typeof body.lastName === 'string') target.lastName = body.lastName.trim();
    return c.json(accountOut(target));
  });

  app.post('/api/content/course/:courseId/create_class', async (c) => {
    const account = authenticate(c);
    const raw = await readJson(c);
    if (!isObject(raw)) throw invalid('lesson', [{ path: '(root)', message: 'must be a JSON object' }]);
    const body = parseBody(lessonSchema, normaliseLessonParams(raw, { timeZone }), 'lesson');
    const courseId = c.req.param('courseId');
    const course = state.courses.get(courseId);
    if (!course) throw new ApiError(404, `Course "${courseId}" does not exist.`);
    assertMember(account, course.institutionId, 'course');
    const institution = state.institutions.get(course.institutionId);
    if (body.enable_lesson_view === 1 && !institution?.features.includes(GUEST_VIEW_FEATURE)) {
      throw new ApiError(
        403,
        `Guest view (enable_lesson_view: 1) needs the institution feature "${GUEST_VIEW_FEATURE}", which ${institution?.name ?? 'this institution'} does not have.`,
        [{ path: 'enable_lesson_view', message: `requires the feature "${GUEST_VIEW_FEATURE}"` }],
      );
    }
    const courseLessons = [...state.lessons.values()].filter((l) => l.curso_id === courseId);
    const prerequisites = [
      ...new Set(
        (body.progress_criteria ?? [])
          // Entries that are not ids (objects, booleans, null…) are ignored, as the document says.
          .filter((criterion) => typeof criterion === 'string' || typeof criterion === 'number')
          .map((criterion) => String(criterion).trim())
          .filter((lessonId) => courseLessons.some((l) => l.id === lessonId)),
      ),
    ];
    const now = new Date().toISOString();
    const lesson: Lesson = {
      curso_id: courseId,
      id: String(state.nextLessonId++),
      user_id: account.id,
      titulo: body.title,
      descricao: body.description,
      enable_lesson_view: body.enable_lesson_view ?? 0,
      duracao: body.duration ?? null,
      liberacao: body.scheduled_date ? new Date(parseScheduledDate(body.scheduled_date, timeZone)).toISOString() : null,
      requisito: prerequisites.length ? prerequisites.join(',') : null,
      requisito_id: prerequisites.length ? Number(prerequisites[0]) : null,
      tags: body.tag?.length ? body.tag.join(',') : null,
      created_at: now,
      updated_at: now,
      ordem: Math.max(0, ...courseLessons.map((l) => l.ordem ?? 0)) + 1,
      title_visibility: body.show_title ?? 0,
      description_visibility: 1,
    };
    state.lessons.set(lesson.id, lesson);
    return c.json({ data: lesson }, 201);
  });
}

function accountOut({ institutionIds: _ids, ...account }: AccountRecord): Account {
  return account;
}
