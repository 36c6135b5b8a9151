// The client read point by point against the interface document: what it refuses before sending,
// and exactly what it sends (routes, fields, bodies, time zones).
import { describe, expect, it } from 'vitest';
import {
  createFlowbotClient,
  createViewerClient,
  DEFAULT_FALLBACK_ROUTE,
  formatScheduledDate,
  isFlowbotValidationError,
  parseScheduledDate,
  type FallbackRoute,
  type FlowbotClientOptions,
  type Widget,
} from '../../../src/api/index.js';
import type { FlowbotWidget } from '../../../src/element/flowbot-chat.js';
import { TOKEN, baseUrls, fallback, ids, recordingFetch, refusal, paths, webImport, widget } from './fixtures.js';

function setup(extra: Partial<FlowbotClientOptions> = {}, handler?: Parameters<typeof recordingFetch>[0]) {
  const recorder = recordingFetch(handler);
  const client = createFlowbotClient({ ...baseUrls, token: TOKEN, fetch: recorder.fetch, retry: 0, ...extra });
  return { client, sent: recorder.sent };
}

const lesson = { title: 'Intro', description: 'First steps' };
const HOUR = 3_600_000;

describe('conformance to the interface document (client)', () => {
  describe('1. path parameters keep their route', () => {
    it.each(['.', '..'])('refuses %j as any path parameter, sending nothing', async (id) => {
      const { client, sent } = setup();
      expect(paths(await refusal(client.updateAccount(id, { name: 'Ada' })))).toEqual(['id']);
      expect(paths(await refusal(client.createLesson(id, lesson)))).toEqual(['courseId']);
      expect(paths(await refusal(client.listFunctions(id)))).toEqual(['unityId']);
      expect(paths(await refusal(client.listCredentials(id)))).toEqual(['unityId']);
      expect(paths(await refusal(client.updateFallback(id, id, { fallbacks: [{ model: 'm' }] })))).toEqual([
        'botId',
        'fallbackId',
      ]);
      expect(paths(await refusal(client.startChat(id)))).toEqual(['publicId']);
      expect(paths(await refusal(client.continueChat(id, 'hi')))).toEqual(['sessionId']);
      expect(sent).toHaveLength(0);
    });

    it('wants a UUID for an account and a unit (the document types both ids uuid), in either case', async () => {
      const { client, sent } = setup();
      expect((await refusal(client.updateAccount('acc-9', { name: 'Ada' }))).issues).toEqual([
        { path: 'id', message: 'must be a UUID' },
      ]);
      expect(paths(await refusal(client.listFunctions('unit-1')))).toEqual(['unityId']);
      expect(paths(await refusal(client.listCredentials('unit-1')))).toEqual(['unityId']);
      expect(sent).toHaveLength(0);
      await client.listFunctions(ids.unity.toUpperCase()).catch(() => undefined);
      expect(sent[0]!.url.pathname).toBe(`/api/v1/functions/unity/${ids.unity.toUpperCase()}`);
    });

    it('refuses a course id that is not a whole number, and text that is not well-formed Unicode', async () => {
      const { client, sent } = setup();
      for (const courseId of [1.5, -1, Number.NaN, 1e21]) {
        expect(paths(await refusal(client.createLesson(courseId, lesson)))).toEqual(['courseId']);
      }
      expect(paths(await refusal(client.startChat('bot\ud800')))).toEqual(['publicId']);
      expect(sent).toHaveLength(0);
    });
  });

  describe('3. characters are code points; required texts are not blank', () => {
    it('takes a 150-emoji title, a 255-emoji description and a 150-emoji tag; refuses one more', async () => {
      const { client, sent } = setup();
      await client.createLesson(42, { title: '😀'.repeat(150), description: '🇧'.repeat(255), tag: ['👍'.repeat(150)] });
      expect(sent).toHaveLength(1);
      const error = await refusal(
        client.createLesson(42, { title: '😀'.repeat(151), description: '🇧'.repeat(256), tag: ['👍'.repeat(151)] }),
      );
      expect(paths(error)).toEqual(['title', 'description', 'tag.0']);
      expect(sent).toHaveLength(1);
    });

    it('refuses an empty or white-space title or description', async () => {
      const { client, sent } = setup();
      expect(paths(await refusal(client.createLesson(42, { title: ' \t', description: '' })))).toEqual([
        'title',
        'description',
      ]);
      expect(paths(await refusal(client.createLesson(42, { title: 'T', description: '\n ' })))).toEqual([
        'description',
      ]);
      expect(sent).toHaveLength(0);
    });
  });

  describe('4. startChat sends no payload unless asked to', () => {
    it('sends neither a body nor a content type without start fields (no CORS preflight)', async () => {
      const recorder = recordingFetch();
      const viewer = createViewerClient({ viewerBaseUrl: 'https://viewer.test', fetch: recorder.fetch });
      await viewer.startChat('my-bot');
      await viewer.startChat('my-bot', { signal: new AbortController().signal });
      for (const request of recorder.sent) {
        expect(request.body).toBeUndefined();
        expect(request.headers.has('content-type')).toBe(false);
      }
    });

    it('passes start fields such as isStreamEnabled through, as JSON', async () => {
      const recorder = recordingFetch();
      const viewer = createViewerClient({ viewerBaseUrl: 'https://viewer.test', fetch: recorder.fetch });
      await viewer.startChat('my-bot', { isStreamEnabled: true, isOnlyRegistering: false });
      expect(recorder.sent[0]!.body).toEqual({ isStreamEnabled: true, isOnlyRegistering: false });
      expect(recorder.sent[0]!.headers.get('content-type')).toBe('application/json');
    });
  });

  describe("5. scheduled_date is read on the platform's clock", () => {
    it("defaults to America/Sao_Paulo: two hours ahead there is in the future, whatever the caller's zone", async () => {
      const { client, sent } = setup();
      const ahead = formatScheduledDate(new Date(Date.now() + 2 * HOUR), 'America/Sao_Paulo');
      await client.createLesson(42, { ...lesson, scheduled_date: ahead });
      expect(sent[0]!.body).toMatchObject({ scheduled_date: ahead });
      const behind = formatScheduledDate(new Date(Date.now() - HOUR), 'America/Sao_Paulo');
      expect(paths(await refusal(client.createLesson(42, { ...lesson, scheduled_date: behind })))).toEqual([
        'scheduled_date',
      ]);
    });

    it('follows the timeZone option', async () => {
      const { client, sent } = setup({ timeZone: 'Pacific/Kiritimati' });
      const pastThere = formatScheduledDate(new Date(Date.now() - HOUR), 'Pacific/Kiritimati');
      const error = await refusal(client.createLesson(42, { ...lesson, scheduled_date: pastThere }));
      expect(error.issues).toEqual([{ path: 'scheduled_date', message: 'must be in the future' }]);
      const date = new Date(Date.now() + 3 * HOUR);
      await client.createLesson(42, { ...lesson, scheduled_date: date });
      expect(sent[0]!.body).toMatchObject({ scheduled_date: formatScheduledDate(date, 'Pacific/Kiritimati') });
    });

    it('refuses a time inside a daylight-saving gap instead of shifting it', async () => {
      const { client, sent } = setup({ timeZone: 'Europe/Berlin' });
      const error = await refusal(client.createLesson(42, { ...lesson, scheduled_date: '2030-03-31 02:30' }));
      expect(error.issues).toEqual([
        { path: 'scheduled_date', message: 'does not exist in Europe/Berlin (its clocks skip that time)' },
      ]);
      expect(sent).toHaveLength(0);
      await client.createLesson(42, { ...lesson, scheduled_date: '2030-03-31 03:30' });
      expect(sent).toHaveLength(1);
    });

    it('reads a wall time as the one instant of that zone; a repeated hour is its first occurrence', () => {
      expect(new Date(parseScheduledDate('2030-07-01 09:00', 'America/Sao_Paulo')).toISOString()).toBe(
        '2030-07-01T12:00:00.000Z',
      );
      expect(new Date(parseScheduledDate('2030-07-01 09:00', 'Asia/Tokyo')).toISOString()).toBe(
        '2030-07-01T00:00:00.000Z',
      );
      expect(new Date(parseScheduledDate('2030-10-27 02:30', 'Europe/Berlin')).toISOString()).toBe(
        '2030-10-27T00:30:00.000Z',
      );
      expect(parseScheduledDate('2030-03-31 02:30', 'Europe/Berlin')).toBeNaN();
      expect(parseScheduledDate('2030-02-29 10:00', 'UTC')).toBeNaN();
    });

    it('refuses a time zone it does not know, when the client is made', () => {
      expect(() => createFlowbotClient({ ...baseUrls, timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
    });
  });

  describe('6. requests carry only the declared fields', () => {
    it('updateAccount sends name and lastName, nothing else', async () => {
      const { client, sent } = setup();
      await client.updateAccount(ids.account, { name: 'Ada', email: 'x@evil.test', isAdmin: true } as never);
      expect(sent[0]!.body).toEqual({ name: 'Ada' });
    });

    it('startChat and continueChat send only the protocol fields', async () => {
      const { client, sent } = setup();
      await client.startChat('my-bot', { resultId: 'r-1', isAdmin: true } as never);
      await client.continueChat('session-1', { type: 'text', text: 'Yes', debug: 1 } as never);
      expect(sent.map((s) => s.body)).toEqual([{ resultId: 'r-1' }, { message: { type: 'text', text: 'Yes' } }]);
    });
  });

  describe('7. fallbackRoute: either member may be left out', () => {
    it('keeps the default path when only the method is given, as the README shows', async () => {
      const route: FallbackRoute = { method: 'PUT' };
      const { client, sent } = setup({ fallbackRoute: route }, () => Response.json(fallback));
      await client.updateFallback('bot-1', 'fb-1', { fallbacks: [{ model: 'gpt-4o' }] });
      expect(sent[0]!.method).toBe('PUT');
      expect(sent[0]!.url.pathname).toBe('/api/v1/bot/bot-1/fallback/fb-1');
      expect(DEFAULT_FALLBACK_ROUTE.path('b', 'f')).toBe('api/v1/bot/b/fallback/f');
    });

    it('keeps the default method when only the path is given', async () => {
      const { client, sent } = setup({ fallbackRoute: { path: (b, f) => `x/${b}/${f}` } }, () =>
        Response.json(fallback),
      );
      await client.updateFallback('bot-1', 'fb-1', { fallbacks: [{ model: 'gpt-4o' }] });
      expect(sent[0]!.method).toBe('PATCH');
      expect(sent[0]!.url.pathname).toBe('/x/bot-1/fb-1');
    });

    it('reports a broken route as a FlowbotValidationError, never a bare TypeError', async () => {
      const { client, sent } = setup({ fallbackRoute: { path: 'api/v1/fallback' as never, method: 'GET' as never } });
      const error = await refusal(client.updateFallback('bot-1', 'fb-1', { fallbacks: [{ model: 'gpt-4o' }] }));
      expect(paths(error)).toEqual(['fallbackRoute.method', 'fallbackRoute.path']);
      const throwing = setup({
        fallbackRoute: {
          path: () => {
            throw new TypeError('oops');
          },
        },
      });
      expect(
        isFlowbotValidationError(
          await throwing.client.updateFallback('b', 'f', { fallbacks: [1] }).catch((e: unknown) => e),
        ),
      ).toBe(true);
      expect([...sent, ...throwing.sent]).toHaveLength(0);
    });
  });

  describe('8. smaller rules', () => {
    it('sends progress_criteria entries that are not ids (the server ignores them)', async () => {
      const { client, sent } = setup();
      await client.createLesson(42, { ...lesson, progress_criteria: ['1001', { id: 1 }, true, null] as never });
      expect(sent[0]!.body).toMatchObject({ progress_criteria: ['1001', { id: 1 }, true, null] });
    });

    it('refuses a tag holding a comma (tags are stored comma-separated); a variant-B string is split at commas', async () => {
      const { client, sent } = setup();
      expect((await refusal(client.createLesson(42, { ...lesson, tag: ['ok', 'a,b'] }))).issues).toEqual([
        { path: 'tag.1', message: 'must not contain a comma (tags are stored comma-separated)' },
      ]);
      await client.createLesson(42, { ...lesson, tag: 'a,b' });
      expect(sent[0]!.body).toMatchObject({ tag: ['a', 'b'] });
    });

    it('refuses updateFallback with no fallbacks before sending', async () => {
      const { client, sent } = setup();
      expect((await refusal(client.updateFallback('bot-1', 'fb-1', { fallbacks: [] }))).issues).toEqual([
        { path: 'fallbacks', message: 'needs at least one fallback' },
      ]);
      expect(sent).toHaveLength(0);
    });

    it('refuses updateAccount with nothing to update or a blank name before sending', async () => {
      const { client, sent } = setup();
      expect(paths(await refusal(client.updateAccount(ids.account, {})))).toEqual(['(root)']);
      expect(paths(await refusal(client.updateAccount(ids.account, { name: '' })))).toEqual(['name']);
      expect(paths(await refusal(client.updateAccount(ids.account, { name: 'Ada', lastName: '  ' })))).toEqual([
        'lastName',
      ]);
      expect(sent).toHaveLength(0);
    });

    it('takes a web-import result that has only the required message', async () => {
      const { client } = setup({}, () => Response.json({ message: 'Queued' }));
      const result = await client.importWebContent({
        unityId: ids.unity,
        datasetId: ids.dataset,
        folderId: ids.folder,
        url: 'https://example.com/docs',
      });
      expect(result).toEqual({ message: 'Queued' });
      expect(webImport.folder).toBeDefined();
    });

    it('types resources by their documented fields: a misspelt one does not compile', () => {
      const full: Widget = {
        ...widget,
        // @ts-expect-error: the document's field is primaryColor
        primaryColour: '#ffffff',
      };
      // @ts-expect-error: the document's field is primaryColor
      const part: FlowbotWidget = { title: 'Help', primaryColour: '#ffffff' };
      const maps: Widget['Bot']['botGenAI'] = [{ id: 'g', botId: 'b' }];
      expect([full.title, part.title, maps?.length]).toEqual(['Help', 'Help', 1]);
    });
  });

  describe('9. answers of the viewer protocol', () => {
    it('sends an audio clip and the URLs of attached files', async () => {
      const { client, sent } = setup();
      await client.continueChat('session-1', { type: 'audio', url: 'https://files.test/clip.webm' });
      await client.continueChat('session-1', {
        type: 'text',
        text: 'See attached',
        attachedFileUrls: ['https://files.test/a.pdf'],
      });
      expect(sent.map((s) => s.body)).toEqual([
        { message: { type: 'audio', url: 'https://files.test/clip.webm' } },
        { message: { type: 'text', text: 'See attached', attachedFileUrls: ['https://files.test/a.pdf'] } },
      ]);
    });

    it('refuses an audio answer without a URL', async () => {
      const { client, sent } = setup();
      await refusal(client.continueChat('session-1', { type: 'audio' } as never));
      expect(sent).toHaveLength(0);
    });
  });
});
