/** The platform's fallback route (4.8 update fallback: a bot's chain of models, in priority order). */
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import type { Fallback } from '../api/schemas/index.js';
import { ApiError, invalid, parseBody, readJson } from './error-responses.js';
import { idKey, param, type PlatformAccess } from './platform-access.js';
import type { ReferenceState } from './state-types.js';

/** A fallback of `updateFallback` (4.8): the document shows no shape; this is the assumed one. */
const FallbackEntrySchema = v.object({
  credentialId: v.pipe(v.string(), v.minLength(1, 'is required')),
  model: v.pipe(v.string(), v.minLength(1, 'is required')),
  order: v.optional(v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1'))),
});
const FallbackBodySchema = v.object({
  fallbacks: v.pipe(v.array(FallbackEntrySchema), v.minLength(1, 'needs at least one fallback')),
});

/** Mounts 4.8 on `app` (PATCH and PUT). */
export function mountFallbacks(app: Hono, state: ReferenceState, { authenticate, assertMember }: PlatformAccess): void {
  const fallbackOut = (fallbackId: string): Fallback => {
    const fallback = state.fallbacks.get(fallbackId)!;
    const credential = state.credentials.get(fallback.credentialId)!;
    const { form, iconId, ...integration } = state.integrations.get(credential.integrationId)!;
    const apiKey = form.find((field) => field.name === 'api_key');
    return {
      ...fallback,
      credential: {
        ...credential,
        integration: {
          ...integration,
          iconId,
          form: { ...Object.fromEntries(form.map((f) => [f.name, f])), api_key: apiKey?.label ?? 'API key' },
          file: state.iconFiles.get(iconId) ?? null,
        },
      },
    };
  };

  const updateFallback = async (c: Context) => {
    const account = authenticate(c);
    const body = parseBody(FallbackBodySchema, await readJson(c), 'fallback update');
    const bot = state.bots.get(idKey(param(c, 'botId')));
    if (!bot) throw new ApiError(404, `Bot "${param(c, 'botId')}" does not exist.`);
    assertMember(account, bot.institutionId, 'bot');
    const fallback = state.fallbacks.get(idKey(param(c, 'fallbackId')));
    if (!fallback || fallback.botId !== bot.id) {
      throw new ApiError(404, `Fallback "${param(c, 'fallbackId')}" does not exist for this bot.`);
    }
    const issues = body.fallbacks.flatMap((entry, index) => {
      const credential = state.credentials.get(idKey(entry.credentialId));
      return credential && credential.unityId === bot.unityId
        ? []
        : [{ path: `fallbacks.${index}.credentialId`, message: "is not a credential of the bot's unit" }];
    });
    if (issues.length) throw invalid('fallback update', issues);
    // The list is the bot's whole fallback chain in priority order; the
    // fallback named in the path keeps its id and becomes the first.
    const chain = body.fallbacks
      .map((entry, index) => ({ ...entry, order: entry.order ?? index + 1 }))
      .sort((a, b) => a.order - b.order);
    for (const [key, other] of state.fallbacks)
      if (other.botId === bot.id && key !== fallback.id) state.fallbacks.delete(key);
    const now = new Date().toISOString();
    chain.forEach((entry, index) => {
      const id = index === 0 ? fallback.id : crypto.randomUUID();
      state.fallbacks.set(id, {
        id,
        botId: bot.id,
        order: index + 1,
        credentialId: idKey(entry.credentialId),
        model: entry.model,
        createdAt: index === 0 ? fallback.createdAt : now,
      });
    });
    return c.json(fallbackOut(fallback.id));
  };
  app.patch('/api/v1/bot/:botId/fallback/:fallbackId', updateFallback);
  app.put('/api/v1/bot/:botId/fallback/:fallbackId', updateFallback);
}
