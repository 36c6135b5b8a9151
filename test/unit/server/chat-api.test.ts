import { describe, expect, it } from 'vitest';
import {
  AccountSchema,
  CredentialListSchema,
  FallbackSchema,
  FunctionListSchema,
  WebImportResultSchema,
  WidgetSchema,
} from '../../../src/api/schemas/index.js';
import { conforms, errorOf, reference } from './helpers.js';
import { guardedRoutes } from '../../support/guarded-routes.js';

describe('reference server: chat API', () => {
  describe('authentication', () => {
    it('answers 401 without a token on every guarded route', async () => {
      const { call, seed } = reference();
      for (const [method, path, body] of guardedRoutes(seed)) {
        const reply = await call(method, path, body, { token: null });
        const error = errorOf(reply, 401);
        expect(error.message, `${method} ${path}`).toMatch(/token/i);
        expect(reply.headers.get('www-authenticate')).toBe('Bearer');
      }
    });

    it('answers 401 for a wrong token and for a malformed header', async () => {
      const { call, seed } = reference();
      for (const [method, path, body] of guardedRoutes(seed)) {
        errorOf(await call(method, path, body, { token: 'not-the-token' }), 401);
      }
      const reply = await call('GET', `/api/v1/functions/unity/${seed.unityId}`, undefined, {
        token: null,
        headers: { authorization: 'Basic abc' },
      });
      errorOf(reply, 401);
    });

    it('uses the token given to createReferenceApp', async () => {
      const { call, seed, token } = reference({ token: 'custom-token' });
      expect(token).toBe('custom-token');
      expect((await call('GET', `/api/v1/functions/unity/${seed.unityId}`)).status).toBe(200);
      errorOf(
        await call('GET', `/api/v1/functions/unity/${seed.unityId}`, undefined, { token: 'flowbot-reference-token' }),
        401,
      );
    });
  });

  describe('4.1 update account', () => {
    it('updates the own account and returns it', async () => {
      const { call, seed, state } = reference();
      const reply = await call('PUT', `/api/v1/auth/update/${seed.accountId}`, { name: 'Augusta', lastName: 'King' });
      expect(reply.status).toBe(200);
      const account = conforms(AccountSchema, reply.body);
      expect(account).toMatchObject({ id: seed.accountId, name: 'Augusta', lastName: 'King' });
      expect(reply.body).not.toHaveProperty('institutionIds');
      expect(state.accounts.get(seed.accountId)?.name).toBe('Augusta');
    });

    it('keeps fields that are not sent', async () => {
      const { call, seed } = reference();
      const reply = await call('PUT', `/api/v1/auth/update/${seed.accountId}`, { lastName: 'Byron' });
      expect(reply.body).toMatchObject({ name: 'Ada', lastName: 'Byron' });
    });

    it('refuses another account (403), an unknown one (404) and bad fields (400)', async () => {
      const { call, seed } = reference();
      expect(
        errorOf(await call('PUT', `/api/v1/auth/update/${seed.otherAccountId}`, { name: 'X' }), 403).message,
      ).toMatch(/own account/);
      errorOf(await call('PUT', '/api/v1/auth/update/00000000-0000-4000-8000-000000000000', { name: 'X' }), 404);
      const bad = errorOf(await call('PUT', `/api/v1/auth/update/${seed.accountId}`, { name: 42, lastName: ' ' }), 400);
      expect(bad.issues?.map((issue) => issue.path)).toEqual(['name', 'lastName']);
      const blank = errorOf(await call('PUT', `/api/v1/auth/update/${seed.accountId}`, { lastName: ' ' }), 400);
      expect(blank.issues).toEqual([{ path: 'lastName', message: 'must not be blank' }]);
    });

    it('lets the other token update its own account', async () => {
      const { call, seed } = reference();
      const reply = await call(
        'PUT',
        `/api/v1/auth/update/${seed.otherAccountId}`,
        { name: 'Amazing' },
        { token: seed.otherToken },
      );
      expect(reply.status).toBe(200);
      expect(reply.body.name).toBe('Amazing');
    });
  });

  describe('4.3 duplicate widget', () => {
    it('copies the widget with new ids for the widget, its bot and the bot parts', async () => {
      const { call, seed, state } = reference();
      const reply = await call('POST', '/api/v1/widget/duplicate/', { id: seed.widgetId });
      expect(reply.status).toBe(201);
      const copy = conforms(WidgetSchema, reply.body);
      expect(copy.id).not.toBe(seed.widgetId);
      expect(copy.Bot.id).not.toBe(seed.botId);
      expect(copy.title).toBe('Acme help (copy)');
      expect(copy.primaryColor).toBe('#1d4ed8');
      expect(copy.unity.id).toBe(seed.unityId);
      const original = state.bots.get(seed.botId)!;
      expect(copy.Bot.botGenAI).toHaveLength(original.botGenAI!.length);
      for (const genAI of copy.Bot.botGenAI!) {
        expect(genAI.botId).toBe(copy.Bot.id);
        expect(original.botGenAI!.map((g) => g.id)).not.toContain(genAI.id);
      }
      expect(copy.Bot.botMonetization?.id).not.toBe(original.botMonetization?.id);
      expect(copy.Bot.botMonetization?.price).toBe(original.botMonetization?.price);
      // stored: the copy can be copied again
      expect(state.widgets.has(copy.id)).toBe(true);
      const again = await call('POST', '/api/v1/widget/duplicate', { id: copy.id });
      expect(again.status).toBe(201);
      expect(again.body.id).not.toBe(copy.id);
    });

    it('accepts the path without the trailing slash', async () => {
      const { call, seed } = reference();
      expect((await call('POST', '/api/v1/widget/duplicate', { id: seed.widgetId })).status).toBe(201);
    });

    it("answers 404 for an unknown widget, 403 for a stranger's, 400 without id", async () => {
      const { call, seed } = reference();
      errorOf(await call('POST', '/api/v1/widget/duplicate/', { id: 'nope' }), 404);
      errorOf(await call('POST', '/api/v1/widget/duplicate/', { id: seed.otherWidgetId }), 403);
      const error = errorOf(await call('POST', '/api/v1/widget/duplicate/', {}), 400);
      expect(error.issues?.[0]?.path).toBe('id');
    });
  });

  describe('4.4 web import', () => {
    const body = (seed: ReturnType<typeof reference>['seed'], extra: Record<string, unknown> = {}) => ({
      unityId: seed.unityId,
      datasetId: seed.datasetId,
      folderId: seed.folderId,
      url: 'https://acme.example/help/getting-started',
      ...extra,
    });

    it('records a PENDING knowledge file for the page without fetching it', async () => {
      const { call, seed, state } = reference();
      const reply = await call('POST', '/api/v2/extractor/upload-web-scraper', body(seed, { limit: 5 }));
      expect(reply.status).toBe(201);
      const result = conforms(WebImportResultSchema, reply.body);
      expect(result.message).toMatch(/queued/);
      expect(result.folder).toMatchObject({
        id: seed.folderId,
        name: 'Website',
        isRoot: true,
        knowLedgeBaseId: seed.datasetId,
      });
      expect(result.urls).toEqual(['https://acme.example/help/getting-started']);
      expect(result.files).toHaveLength(1);
      expect(result.files?.[0]).toMatchObject({
        status: 'PENDING',
        maskName: 'https://acme.example/help/getting-started',
        extension: 'txt',
        kbFolder: { name: 'Website' },
      });
      expect(state.knowledgeFiles.has(result.files![0]!.id)).toBe(true);
    });

    it('refuses blocked sites with a clear message', async () => {
      const { call, seed } = reference();
      for (const url of [
        'https://www.facebook.com/acme',
        'https://instagram.com/acme',
        'https://x.com/acme',
        'http://localhost:3000/',
        'http://192.168.1.10/admin',
      ]) {
        const error = errorOf(await call('POST', '/api/v2/extractor/upload-web-scraper', body(seed, { url })), 422);
        expect(error.message, url).toMatch(/blocked/);
        expect(error.issues?.[0]?.path).toBe('url');
      }
    });

    it('lists every invalid field (400)', async () => {
      const { call } = reference();
      const error = errorOf(
        await call('POST', '/api/v2/extractor/upload-web-scraper', {
          unityId: 'not-a-uuid',
          datasetId: 3,
          url: 'ftp://acme.example/',
          limit: 0,
        }),
        400,
      );
      expect(error.issues?.map((issue) => issue.path).sort()).toEqual([
        'datasetId',
        'folderId',
        'limit',
        'unityId',
        'url',
      ]);
    });

    it("answers 404 for an unknown dataset or folder and 403 for another institution's unit", async () => {
      const { call, seed } = reference();
      const unknown = '00000000-0000-4000-8000-00000000dead';
      expect(
        errorOf(await call('POST', '/api/v2/extractor/upload-web-scraper', body(seed, { datasetId: unknown })), 404)
          .message,
      ).toMatch(/Dataset/);
      expect(
        errorOf(await call('POST', '/api/v2/extractor/upload-web-scraper', body(seed, { folderId: unknown })), 404)
          .message,
      ).toMatch(/Folder/);
      errorOf(await call('POST', '/api/v2/extractor/upload-web-scraper', body(seed, { unityId: unknown })), 404);
      errorOf(
        await call('POST', '/api/v2/extractor/upload-web-scraper', body(seed, { unityId: seed.otherUnityId })),
        403,
      );
    });
  });

  describe('4.5 functions of a unit', () => {
    it('counts plugins and active ones from the stored functions', async () => {
      const { call, seed, state } = reference();
      const reply = await call('GET', `/api/v1/functions/unity/${seed.unityId}`);
      expect(reply.status).toBe(200);
      const list = conforms(FunctionListSchema, reply.body);
      expect(list.items.map((f) => f.id)).toEqual(seed.functionIds);
      expect(list.pluginCount).toBe(4);
      expect(list.activeCount).toBe(2);
      expect(list.pluginLimit).toBe(seed.pluginLimit);

      state.functions.get(seed.functionIds[2]!)!.isActivated = true;
      const after = await call('GET', `/api/v1/functions/unity/${seed.unityId}`);
      expect(after.body.activeCount).toBe(3);
    });

    it("answers 403 for another institution's unit and 404 for an unknown one", async () => {
      const { call, seed } = reference();
      expect(errorOf(await call('GET', `/api/v1/functions/unity/${seed.otherUnityId}`), 403).message).toMatch(
        /another institution/,
      );
      errorOf(await call('GET', '/api/v1/functions/unity/nope'), 404);
    });
  });

  describe('4.6 credentials of a unit', () => {
    it('lists credentials with their integration and icon file', async () => {
      const { call, seed } = reference();
      const reply = await call('GET', `/api/v1/credential/unity/${seed.unityId}`);
      expect(reply.status).toBe(200);
      const list = conforms(CredentialListSchema, reply.body);
      expect(list.items.map((c) => c.id)).toEqual(seed.credentialIds);
      const first = list.items[0]!;
      expect(first.integration?.name).toBe('OpenAI');
      expect(first.integration?.type).toBe('LLM');
      expect(first.integration?.icon?.maskName).toBe('openai.png');
      expect(first.integration?.form?.[0]?.name).toBe('api_key');
    });

    it("answers 403 for another institution's unit", async () => {
      const { call, seed } = reference();
      errorOf(await call('GET', `/api/v1/credential/unity/${seed.otherUnityId}`), 403);
    });
  });

  describe('4.8 update fallback', () => {
    it('replaces the chain; the named fallback takes the first entry', async () => {
      const { call, seed, state } = reference();
      const [llm] = seed.credentialIds as [string];
      const reply = await call('PATCH', `/api/v1/bot/${seed.botId}/fallback/${seed.fallbackId}`, {
        fallbacks: [
          { credentialId: llm, model: 'gpt-4.1-mini', order: 2 },
          { credentialId: llm, model: 'gpt-4o', order: 1 },
        ],
      });
      expect(reply.status).toBe(200);
      const fallback = conforms(FallbackSchema, reply.body);
      expect(fallback).toMatchObject({
        id: seed.fallbackId,
        botId: seed.botId,
        order: 1,
        model: 'gpt-4o',
        credentialId: llm,
      });
      expect(fallback.credential.integration.form.api_key).toBe('API key');
      expect(fallback.credential.integration.file?.id).toBe(fallback.credential.integration.iconId);
      const chain = [...state.fallbacks.values()]
        .filter((f) => f.botId === seed.botId)
        .sort((a, b) => a.order - b.order);
      expect(chain.map((f) => f.model)).toEqual(['gpt-4o', 'gpt-4.1-mini']);
    });

    it('accepts PUT too', async () => {
      const { call, seed } = reference();
      const reply = await call('PUT', `/api/v1/bot/${seed.botId}/fallback/${seed.fallbackId}`, {
        fallbacks: [{ credentialId: seed.credentialIds[0], model: 'gpt-4o' }],
      });
      expect(reply.status).toBe(200);
      expect(reply.body.model).toBe('gpt-4o');
    });

    it('validates the entries (400) and the ids (404, 403)', async () => {
      const { call, seed } = reference();
      const path = `/api/v1/bot/${seed.botId}/fallback/${seed.fallbackId}`;
      expect(errorOf(await call('PATCH', path, {}), 400).issues?.[0]?.path).toBe('fallbacks');
      expect(errorOf(await call('PATCH', path, { fallbacks: [] }), 400).issues?.[0]?.path).toBe('fallbacks');
      const fields = errorOf(await call('PATCH', path, { fallbacks: [{ credentialId: '', order: 0 }] }), 400);
      expect(fields.issues?.map((i) => i.path).sort()).toEqual([
        'fallbacks.0.credentialId',
        'fallbacks.0.model',
        'fallbacks.0.order',
      ]);
      const foreign = errorOf(await call('PATCH', path, { fallbacks: [{ credentialId: 'nope', model: 'm' }] }), 400);
      expect(foreign.issues).toEqual([
        { path: 'fallbacks.0.credentialId', message: "is not a credential of the bot's unit" },
      ]);
      const good = { fallbacks: [{ credentialId: seed.credentialIds[0], model: 'm' }] };
      errorOf(await call('PATCH', `/api/v1/bot/nope/fallback/${seed.fallbackId}`, good), 404);
      errorOf(await call('PATCH', `/api/v1/bot/${seed.botId}/fallback/nope`, good), 404);
      errorOf(await call('PATCH', `/api/v1/bot/${seed.otherBotId}/fallback/${seed.fallbackId}`, good), 403);
    });
  });
});
