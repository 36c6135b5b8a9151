import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, LessonEnvelopeSchema, formatScheduledDate } from '../../../src/api/schemas/index.js';
import { conforms, errorOf, reference } from './helpers.js';

const create = (courseId: string) => `/api/content/course/${courseId}/create_class`;

function futureSchedule(): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} 09:30`;
}

describe('reference server: 4.2 create lesson', () => {
  it('creates a lesson (variant A) and wraps it in data', async () => {
    const { call, seed, state } = reference();
    const schedule = futureSchedule();
    const reply = await call('POST', create(seed.courseId), {
      title: 'Handling errors',
      description: 'What the widget shows when the network fails.',
      duration: 45,
      tag: ['errors', 'network'],
      show_title: 1,
      enable_lesson_view: 0,
      scheduled_date: schedule,
    });
    expect(reply.status).toBe(201);
    const { data } = conforms(LessonEnvelopeSchema, reply.body);
    expect(data).toMatchObject({
      curso_id: seed.courseId,
      user_id: seed.accountId,
      titulo: 'Handling errors',
      descricao: 'What the widget shows when the network fails.',
      duracao: 45,
      tags: 'errors,network',
      title_visibility: 1,
      enable_lesson_view: 0,
      ordem: seed.lessonIds.length + 1,
    });
    // Read on the platform's clock, whatever the zone of the process.
    expect(formatScheduledDate(new Date(data.liberacao!), DEFAULT_TIME_ZONE)).toBe(schedule);
    expect(state.lessons.get(data.id)).toEqual(data);
  });

  it('accepts variant B spellings', async () => {
    const { call, seed } = reference();
    const reply = await call('POST', create(seed.courseId), {
      title: 'Variant B',
      description: 'Flags as strings',
      duration: '30',
      tag: 'one, two',
      show_tilte: 'true',
      enable_lesson_view: '0',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({ duracao: 30, tags: 'one,two', title_visibility: 1, enable_lesson_view: 0 });
  });

  it('gives the next order in the course and defaults the flags to 0', async () => {
    const { call, seed } = reference();
    const first = await call('POST', create(seed.courseId), { title: 'A', description: 'D' });
    const second = await call('POST', create(seed.courseId), { title: 'B', description: 'D' });
    expect(first.body.data.ordem).toBe(4);
    expect(second.body.data.ordem).toBe(5);
    expect(first.body.data).toMatchObject({
      title_visibility: 0,
      enable_lesson_view: 0,
      liberacao: null,
      requisito: null,
    });
    const elsewhere = await call('POST', create(seed.guestViewCourseId), { title: 'C', description: 'D' });
    expect(elsewhere.body.data.ordem).toBe(1);
  });

  describe('validation', () => {
    it('lists every failing field with its path', async () => {
      const { call, seed } = reference();
      const error = errorOf(
        await call('POST', create(seed.courseId), {
          title: 'x'.repeat(151),
          description: 'y'.repeat(256),
          duration: 12345,
          tag: ['ok', 't'.repeat(151)],
          show_title: 2,
          enable_lesson_view: 7,
          scheduled_date: '2020-01-01 10:00',
        }),
        400,
      );
      const byPath = Object.fromEntries(error.issues!.map((i) => [i.path, i.message]));
      expect(byPath).toEqual({
        title: 'must be at most 150 characters',
        description: 'must be at most 255 characters',
        duration: 'must be at most 4 digits',
        'tag.1': 'each tag must be at most 150 characters',
        show_title: 'must be 0 or 1',
        enable_lesson_view: 'must be 0 or 1',
        scheduled_date: 'must be in the future',
      });
      expect(error.message).toMatch(/title/);
    });

    it('requires title and description', async () => {
      const { call, seed } = reference();
      const error = errorOf(await call('POST', create(seed.courseId), { duration: 5 }), 400);
      expect(error.issues!.map((i) => i.path).sort()).toEqual(['description', 'title']);
      const empty = errorOf(await call('POST', create(seed.courseId), { title: '', description: 'd' }), 400);
      expect(empty.issues).toEqual([{ path: 'title', message: 'is required' }]);
    });

    it('checks the schedule format and that the date exists', async () => {
      const { call, seed } = reference();
      const format = errorOf(
        await call('POST', create(seed.courseId), { title: 't', description: 'd', scheduled_date: '31/01/2030' }),
        400,
      );
      expect(format.issues?.[0]).toEqual({ path: 'scheduled_date', message: 'must be YYYY-MM-DD HH:MM' });
      const unreal = errorOf(
        await call('POST', create(seed.courseId), { title: 't', description: 'd', scheduled_date: '2030-02-31 10:00' }),
        400,
      );
      expect(unreal.issues?.map((i) => i.message)).toContain('is not a real date');
      const none = await call('POST', create(seed.courseId), { title: 't', description: 'd', scheduled_date: null });
      expect(none.body.data.liberacao).toBeNull();
    });

    it('refuses a body that is not an object', async () => {
      const { call, seed } = reference();
      errorOf(await call('POST', create(seed.courseId), [1, 2]), 400);
      errorOf(await call('POST', create(seed.courseId)), 400);
    });
  });

  describe('progress criteria', () => {
    it('stores only lessons of the same course and ignores the rest', async () => {
      const { call, seed } = reference();
      const [first, second] = seed.lessonIds as [string, string];
      const reply = await call('POST', create(seed.courseId), {
        title: 'Needs two lessons',
        description: 'd',
        progress_criteria: [second, seed.otherCourseLessonId, 'not-a-lesson', 999999, Number(first), second],
      });
      expect(reply.status).toBe(201);
      expect(reply.body.data.requisito).toBe(`${second},${first}`);
      expect(reply.body.data.requisito_id).toBe(Number(second));
    });

    it('stores nothing when every id is invalid, or when null', async () => {
      const { call, seed } = reference();
      const invalid = await call('POST', create(seed.courseId), {
        title: 't',
        description: 'd',
        progress_criteria: [seed.otherCourseLessonId, 'x'],
      });
      expect(invalid.status).toBe(201);
      expect(invalid.body.data).toMatchObject({ requisito: null, requisito_id: null });
      const nothing = await call('POST', create(seed.courseId), {
        title: 't',
        description: 'd',
        progress_criteria: null,
      });
      expect(nothing.body.data.requisito).toBeNull();
    });
  });

  describe('guest view', () => {
    it('refuses enable_lesson_view 1 without the institution feature, naming it', async () => {
      const { call, seed, state } = reference();
      const before = state.lessons.size;
      const error = errorOf(
        await call('POST', create(seed.courseId), { title: 't', description: 'd', enable_lesson_view: 1 }),
        403,
      );
      expect(error.message).toContain('pacote de views para visitantes');
      expect(error.issues?.[0]?.path).toBe('enable_lesson_view');
      expect(state.lessons.size).toBe(before);
    });

    it('accepts it where the institution has the feature', async () => {
      const { call, seed } = reference();
      const reply = await call('POST', create(seed.guestViewCourseId), {
        title: 't',
        description: 'd',
        enable_lesson_view: '1',
      });
      expect(reply.status).toBe(201);
      expect(reply.body.data.enable_lesson_view).toBe(1);
    });
  });

  it("answers 404 for an unknown course and 403 for another institution's course", async () => {
    const { call, seed } = reference();
    errorOf(await call('POST', create('99999'), { title: 't', description: 'd' }), 404);
    errorOf(await call('POST', create(seed.otherInstitutionCourseId), { title: 't', description: 'd' }), 403);
  });
});
