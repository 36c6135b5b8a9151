// The reference server read point by point against the interface document: the same rules as the
// client (they share the schemas), the same reading of scheduled_date, ids matched as the client
// accepts them.
import { describe, expect, it } from 'vitest';
import { formatScheduledDate } from '../../../src/api/schemas/index.js';
import { errorOf, reference } from './helpers.js';

const create = (courseId: string) => `/api/content/course/${courseId}/create_class`;
const HOUR = 3_600_000;

describe('conformance to the interface document (reference server)', () => {
  describe('3. characters are code points; required texts are not blank', () => {
    it('takes a 100-emoji title and a 255-emoji description; refuses 151 and 256', async () => {
      const { call, seed } = reference();
      const ok = await call('POST', create(seed.courseId), {
        title: '😀'.repeat(100),
        description: '🎉'.repeat(255),
        tag: ['🏷'.repeat(150)],
      });
      expect(ok.status).toBe(201);
      expect(ok.body.data.titulo).toBe('😀'.repeat(100));
      const long = errorOf(
        await call('POST', create(seed.courseId), { title: '😀'.repeat(151), description: '🎉'.repeat(256) }),
        400,
      );
      expect(long.issues?.map((issue) => issue.path)).toEqual(['title', 'description']);
    });

    it('refuses a blank title or description', async () => {
      const { call, seed } = reference();
      const blank = errorOf(await call('POST', create(seed.courseId), { title: '   ', description: '' }), 400);
      expect(blank.issues).toEqual([
        { path: 'title', message: 'is required' },
        { path: 'description', message: 'is required' },
      ]);
    });
  });

  describe("5. scheduled_date is read on the platform's clock", () => {
    it('by default in America/Sao_Paulo, stored as that instant', async () => {
      const { call, seed } = reference();
      const at = new Date(Math.ceil((Date.now() + 2 * HOUR) / 60_000) * 60_000);
      const reply = await call('POST', create(seed.courseId), {
        title: 'T',
        description: 'D',
        scheduled_date: formatScheduledDate(at, 'America/Sao_Paulo'),
      });
      expect(reply.status).toBe(201);
      expect(reply.body.data.liberacao).toBe(at.toISOString());
      const past = formatScheduledDate(new Date(Date.now() - HOUR), 'America/Sao_Paulo');
      const refused = errorOf(
        await call('POST', create(seed.courseId), { title: 'T', description: 'D', scheduled_date: past }),
        400,
      );
      expect(refused.issues).toEqual([{ path: 'scheduled_date', message: 'must be in the future' }]);
    });

    it('in the configured zone, refusing a time its clocks skip', async () => {
      const { call, seed } = reference({ timeZone: 'Europe/Berlin' });
      const gap = errorOf(
        await call('POST', create(seed.courseId), { title: 'T', description: 'D', scheduled_date: '2030-03-31 02:30' }),
        400,
      );
      expect(gap.issues).toEqual([
        { path: 'scheduled_date', message: 'does not exist in Europe/Berlin (its clocks skip that time)' },
      ]);
      const summer = await call('POST', create(seed.courseId), {
        title: 'T',
        description: 'D',
        scheduled_date: '2030-07-01 09:00',
      });
      expect(summer.body.data.liberacao).toBe('2030-07-01T07:00:00.000Z');
    });

    it('refuses a time zone it does not know', () => {
      expect(() => reference({ timeZone: 'Nowhere/Atlantis' })).toThrow(RangeError);
    });
  });

  describe('6. only declared fields are read', () => {
    it('updateAccount ignores email and isAdmin', async () => {
      const { call, seed, state } = reference();
      const reply = await call('PUT', `/api/v1/auth/update/${seed.accountId}`, {
        name: 'Ada',
        email: 'evil@x.test',
        isAdmin: true,
      });
      expect(reply.status).toBe(200);
      expect(reply.body).not.toHaveProperty('isAdmin');
      expect(state.accounts.get(seed.accountId)).toMatchObject({ name: 'Ada', email: 'ada@acme.example' });
    });
  });

  describe('8. smaller rules', () => {
    it('ignores progress_criteria entries that are not ids instead of answering 400', async () => {
      const { call, seed } = reference();
      const [first] = seed.lessonIds as [string];
      const reply = await call('POST', create(seed.courseId), {
        title: 'T',
        description: 'D',
        progress_criteria: [{ id: first }, true, null, [first], first, 'nope'],
      });
      expect(reply.status).toBe(201);
      expect(reply.body.data).toMatchObject({ requisito: first, requisito_id: Number(first) });
    });

    it('refuses a tag that holds a comma; splits a variant-B tag string at commas', async () => {
      const { call, seed } = reference();
      const comma = errorOf(
        await call('POST', create(seed.courseId), { title: 'T', description: 'D', tag: ['a,b'] }),
        400,
      );
      expect(comma.issues).toEqual([
        { path: 'tag.0', message: 'must not contain a comma (tags are stored comma-separated)' },
      ]);
      const split = await call('POST', create(seed.courseId), { title: 'T', description: 'D', tag: 'a,b' });
      expect(split.body.data.tags).toBe('a,b');
    });

    it('refuses updateAccount with nothing to update', async () => {
      const { call, seed } = reference();
      const empty = errorOf(await call('PUT', `/api/v1/auth/update/${seed.accountId}`, {}), 400);
      expect(empty.issues).toEqual([{ path: '(root)', message: 'needs name or lastName' }]);
    });

    it('matches UUIDs whatever their case, as the client accepts them', async () => {
      const { call, seed } = reference();
      const upper = (id: string) => id.toUpperCase();
      expect((await call('PUT', `/api/v1/auth/update/${upper(seed.accountId)}`, { name: 'Ada' })).status).toBe(200);
      expect((await call('GET', `/api/v1/functions/unity/${upper(seed.unityId)}`)).status).toBe(200);
      expect((await call('GET', `/api/v1/credential/unity/${upper(seed.unityId)}`)).status).toBe(200);
      expect((await call('POST', '/api/v1/widget/duplicate/', { id: upper(seed.widgetId) })).status).toBe(201);
      const imported = await call('POST', '/api/v2/extractor/upload-web-scraper', {
        unityId: upper(seed.unityId),
        datasetId: upper(seed.datasetId),
        folderId: upper(seed.folderId),
        url: 'https://acme.example/help',
      });
      expect(imported.status).toBe(201);
      const fallback = await call('PATCH', `/api/v1/bot/${upper(seed.botId)}/fallback/${upper(seed.fallbackId)}`, {
        fallbacks: [{ credentialId: upper(seed.credentialIds[0]!), model: 'gpt-4o' }],
      });
      expect(fallback.status).toBe(200);
      expect(fallback.body).toMatchObject({ id: seed.fallbackId, credentialId: seed.credentialIds[0] });
      // Other ids stay exact.
      errorOf(await call('POST', create('101 '), { title: 'T', description: 'D' }), 404);
    });
  });

  describe('4 and 9. the viewer side', () => {
    it('starts a chat with no body at all', async () => {
      const { call, seed } = reference();
      const reply = await call('POST', `/api/v1/flowbots/${seed.publicId}/startChat`, undefined, { token: null });
      expect(reply.status).toBe(200);
      expect(reply.body.sessionId).toEqual(expect.any(String));
    });

    it('takes an audio clip and attached file URLs as answers', async () => {
      const { call } = reference();
      const start = await call('POST', '/api/v1/flowbots/lead/startChat', undefined, { token: null });
      const continueChat = (message: unknown) =>
        call('POST', `/api/v1/sessions/${start.body.sessionId}/continueChat`, { message }, { token: null });
      const audio = await continueChat({ type: 'audio', url: 'https://files.test/name.webm' });
      expect(audio.status).toBe(200);
      const text = await continueChat({
        type: 'text',
        text: 'ada@acme.example',
        attachedFileUrls: ['https://files.test/cv.pdf'],
      });
      expect(text.status).toBe(200);
      errorOf(await continueChat({ type: 'audio' }), 400);
    });
  });
});
