import { describe, expect, it } from 'vitest';
import {
  createFlowbotClient,
  normaliseLessonParams,
  type LessonParams,
  type WebImportParams,
} from '../../../src/api/index.js';
import { TOKEN, baseUrls, ids, recordingFetch, refusal, paths } from './fixtures.js';

function setup() {
  const recorder = recordingFetch();
  const client = createFlowbotClient({ ...baseUrls, token: TOKEN, fetch: recorder.fetch });
  return { client, sent: recorder.sent };
}

const validLesson: LessonParams = { title: 'Intro', description: 'First steps' };
const validImport: WebImportParams = {
  unityId: ids.unity,
  datasetId: ids.dataset,
  folderId: ids.folder,
  url: 'https://example.com/docs',
};

/** A `YYYY-MM-DD HH:MM` string `days` from now (local time). */
function schedule(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

describe('request rules (checked before sending)', () => {
  describe('createLesson', () => {
    it.each<[string, LessonParams, string]>([
      ['title longer than 150', { ...validLesson, title: 'x'.repeat(151) }, 'title'],
      ['empty title', { ...validLesson, title: '' }, 'title'],
      ['description longer than 255', { ...validLesson, description: 'x'.repeat(256) }, 'description'],
      ['duration of 5 digits', { ...validLesson, duration: 10000 }, 'duration'],
      ['duration that is not a whole number', { ...validLesson, duration: 1.5 }, 'duration'],
      ['duration that is not a number', { ...validLesson, duration: 'long' }, 'duration'],
      ['a tag longer than 150', { ...validLesson, tag: ['ok', 'x'.repeat(151)] }, 'tag.1'],
      ['scheduled_date in the past', { ...validLesson, scheduled_date: schedule(-1) }, 'scheduled_date'],
      ['scheduled_date in another format', { ...validLesson, scheduled_date: '2030-01-31T09:00' }, 'scheduled_date'],
      [
        'scheduled_date that is not a real date',
        { ...validLesson, scheduled_date: '2030-02-31 09:00' },
        'scheduled_date',
      ],
      ['enable_lesson_view of 2', { ...validLesson, enable_lesson_view: 2 as never }, 'enable_lesson_view'],
      ['enable_lesson_view of "yes"', { ...validLesson, enable_lesson_view: 'yes' as never }, 'enable_lesson_view'],
    ])('refuses %s', async (_name, params, path) => {
      const { client, sent } = setup();
      const error = await refusal(client.createLesson(42, params));
      expect(paths(error)).toEqual([path]);
      expect(error.message).toContain(path);
      expect(sent).toHaveLength(0);
    });

    it('accepts the limits themselves', async () => {
      const { client, sent } = setup();
      await client.createLesson(42, {
        title: 'x'.repeat(150),
        description: 'y'.repeat(255),
        duration: 9999,
        tag: ['z'.repeat(150)],
        enable_lesson_view: 1,
        show_title: 0,
        scheduled_date: schedule(2),
      });
      expect(sent).toHaveLength(1);
    });

    it('lists every failing field in one error', async () => {
      const { client, sent } = setup();
      const error = await refusal(
        client.createLesson(42, {
          title: 'x'.repeat(151),
          description: 'x'.repeat(256),
          duration: 12345,
          tag: ['x'.repeat(151)],
          enable_lesson_view: '2' as never,
          scheduled_date: '2020-01-01 10:00',
        }),
      );
      expect(paths(error)).toEqual([
        'title',
        'description',
        'duration',
        'tag.0',
        'enable_lesson_view',
        'scheduled_date',
      ]);
      expect(error.message).toMatch(
        /createLesson.*POST https:\/\/content\.test\/api\/content\/course\/42\/create_class/,
      );
      expect(error.message).toContain('title: must be at most 150 characters');
      expect(error.message).toContain('scheduled_date: must be in the future');
      expect(sent).toHaveLength(0);
    });

    it('refuses an empty course id', async () => {
      const { client, sent } = setup();
      const error = await refusal(client.createLesson('', validLesson));
      expect(paths(error)).toEqual(['courseId']);
      expect(sent).toHaveLength(0);
    });
  });

  describe('importWebContent', () => {
    it.each<[string, Partial<WebImportParams>, string]>([
      ['a unityId that is not a UUID', { unityId: 'unit-1' }, 'unityId'],
      ['a datasetId that is not a UUID', { datasetId: '123' }, 'datasetId'],
      ['a folderId that is not a UUID', { folderId: '' }, 'folderId'],
      ['a url that is not a URL', { url: 'example.com' }, 'url'],
      ['a url that is not http(s)', { url: 'ftp://example.com/file' }, 'url'],
      ['a limit of 0', { limit: 0 }, 'limit'],
      ['a negative limit', { limit: -3 }, 'limit'],
      ['a fractional limit', { limit: 2.5 }, 'limit'],
    ])('refuses %s', async (_name, change, path) => {
      const { client, sent } = setup();
      const error = await refusal(client.importWebContent({ ...validImport, ...change }));
      expect(paths(error)).toEqual([path]);
      expect(sent).toHaveLength(0);
    });

    it('lists every failing field in one error', async () => {
      const { client, sent } = setup();
      const error = await refusal(
        client.importWebContent({ unityId: 'a', datasetId: 'b', folderId: 'c', url: 'javascript:alert(1)', limit: 0 }),
      );
      expect(paths(error)).toEqual(['unityId', 'datasetId', 'folderId', 'url', 'limit']);
      expect(error.operation).toBe('importWebContent');
      expect(error.method).toBe('POST');
      expect(error.url).toBe('https://chat.test/api/v2/extractor/upload-web-scraper');
      expect(sent).toHaveLength(0);
    });

    it('accepts http URLs and a positive limit', async () => {
      const { client, sent } = setup();
      await client.importWebContent({ ...validImport, url: 'http://example.com/a?b=c', limit: 1 });
      expect(sent).toHaveLength(1);
    });
  });

  describe('other verbs', () => {
    it('refuses empty path parameters', async () => {
      const { client, sent } = setup();
      expect(paths(await refusal(client.updateAccount('', { name: 'A' })))).toEqual(['id']);
      expect(paths(await refusal(client.listFunctions('')))).toEqual(['unityId']);
      expect(paths(await refusal(client.listCredentials(' ')))).toEqual(['unityId']);
      expect(paths(await refusal(client.updateFallback('', '', { fallbacks: [] })))).toEqual(['botId', 'fallbackId']);
      expect(paths(await refusal(client.startChat('')))).toEqual(['publicId']);
      expect(paths(await refusal(client.continueChat('', 'hi')))).toEqual(['sessionId']);
      expect(paths(await refusal(client.duplicateWidget('')))).toEqual(['id']);
      expect(sent).toHaveLength(0);
    });

    it('refuses a fallback update without a fallbacks array', async () => {
      const { client, sent } = setup();
      const error = await refusal(client.updateFallback('bot-1', 'fb-1', { fallbacks: 'gpt-4o' as never }));
      expect(paths(error)).toEqual(['fallbacks']);
      expect(sent).toHaveLength(0);
    });

    it('refuses an unknown text format on startChat', async () => {
      const { client, sent } = setup();
      const error = await refusal(client.startChat('my-bot', { textBubbleContentFormat: 'html' as never }));
      expect(paths(error)).toEqual(['textBubbleContentFormat']);
      expect(sent).toHaveLength(0);
    });

    it('refuses prefilled variables given as an array (variables have names)', async () => {
      const { client, sent } = setup();
      const error = await refusal(client.startChat('my-bot', { prefilledVariables: ['Ada'] as never }));
      expect(paths(error)).toEqual(['prefilledVariables']);
      expect(sent).toHaveLength(0);
    });

    it('refuses an answer that is neither a string nor a text reply', async () => {
      const { client, sent } = setup();
      const error = await refusal(client.continueChat('session-1', { type: 'choice' } as never));
      expect(paths(error)[0]).toMatch(/^message/);
      expect(sent).toHaveLength(0);
    });
  });
});

describe('normaliseLessonParams', () => {
  const future = '2031-05-06 07:08';

  it('folds variant A and variant B into the same body', async () => {
    const variantA: LessonParams = {
      title: 'Intro',
      description: 'First steps',
      duration: 45,
      tag: ['basics', 'video'],
      progress_criteria: ['11', '12'],
      show_title: 1,
      enable_lesson_view: 0,
      scheduled_date: future,
    };
    const variantB: LessonParams = {
      title: 'Intro',
      description: 'First steps',
      duration: '45',
      tag: 'basics, video',
      progress_criteria: ['11', '12'],
      show_tilte: 'true',
      enable_lesson_view: '0',
      scheduled_date: future,
    };
    // Variant A is already the body the platform takes (a copy: the calls below must not change it).
    const expected = structuredClone(variantA);
    expect(normaliseLessonParams(variantA)).toEqual(expected);
    expect(normaliseLessonParams(variantB)).toEqual(expected);

    // And the client sends exactly that body for both.
    const { client, sent } = setup();
    await client.createLesson(42, variantA);
    await client.createLesson('42', variantB);
    expect(sent.map((s) => s.body)).toEqual([expected, expected]);
  });

  it('maps every spelling of the flags to 0 or 1', () => {
    const flags = (value: unknown) =>
      normaliseLessonParams({ title: 't', description: 'd', show_tilte: value, enable_lesson_view: value });
    for (const on of [1, '1', 'true', 'TRUE', true])
      expect(flags(on)).toMatchObject({ show_title: 1, enable_lesson_view: 1 });
    for (const off of [0, '0', 'false', false])
      expect(flags(off)).toMatchObject({ show_title: 0, enable_lesson_view: 0 });
  });

  it('prefers show_title over show_tilte', () => {
    expect(normaliseLessonParams({ title: 't', description: 'd', show_title: 0, show_tilte: 'true' })).toMatchObject({
      show_title: 0,
    });
  });

  it('leaves out absent and empty values, keeps the nulls the document allows, drops unknown fields', () => {
    expect(
      normaliseLessonParams({
        title: 't',
        description: 'd',
        duration: '',
        tag: null,
        show_title: undefined,
        enable_lesson_view: '',
        progress_criteria: null,
        scheduled_date: null,
        colour: 'red',
      }),
    ).toEqual({ title: 't', description: 'd', progress_criteria: null, scheduled_date: null });
  });

  it("formats a Date schedule as YYYY-MM-DD HH:MM on the platform's clock, not the caller's", () => {
    const date = new Date('2031-05-06T10:08:59Z');
    expect(normaliseLessonParams({ title: 't', description: 'd', scheduled_date: date })).toMatchObject({
      scheduled_date: '2031-05-06 07:08', // America/Sao_Paulo, UTC-3
    });
    expect(
      normaliseLessonParams({ title: 't', description: 'd', scheduled_date: date }, { timeZone: 'Asia/Tokyo' }),
    ).toMatchObject({
      scheduled_date: '2031-05-06 19:08',
    });
  });

  it('splits comma-separated progress criteria and tags, ignoring blanks', () => {
    expect(
      normaliseLessonParams({ title: 't', description: 'd', tag: ' a ,, b ,', progress_criteria: '3, 4' }),
    ).toMatchObject({
      tag: ['a', 'b'],
      progress_criteria: ['3', '4'],
    });
  });

  it('passes values it cannot convert through, for the schema to report', () => {
    expect(
      normaliseLessonParams({ title: 't', description: 'd', duration: 'soon', enable_lesson_view: 'maybe' as never }),
    ).toMatchObject({
      duration: 'soon',
      enable_lesson_view: 'maybe',
    });
  });
});
