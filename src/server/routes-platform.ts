/** The platform routes behind a bearer token (4.1–4.8: account, lesson, widget, web import, functions, credentials, fallback). */
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import {
  AccountUpdateSchema,
  WebImportSchema,
  WidgetDuplicateSchema,
  lessonCreateSchema,
  parseScheduledDate,
  type Account,
  type Bot,
  type Credential,
  type Fallback,
  type FunctionList,
  type KnowledgeFile,
  type Lesson,
  type WebImportResult,
  type Widget,
} from '../api/schemas/index.js';
import { normaliseLessonParams } from '../api/lesson.js';
import { isObject } from '../protocol/json.js';
import { ApiError, invalid, parseBody, readJson } from './errors.js';
import { GUEST_VIEW_FEATURE } from './state.js';
import type { AccountRecord, ReferenceState } from './state-types.js';

const BLOCKED_HOSTS = ['facebook.com', 'instagram.com', 'linkedin.com', 'x.com', 'twitter.com', 'tiktok.com'];

/** A fallback of `updateFallback` (4.8): the document shows no shape; this is the assumed one. */
const FallbackEntrySchema = v.object({
  credentialId: v.pipe(v.string(), v.minLength(1, 'is required')),
  model: v.pipe(v.string(), v.minLength(1, 'is required')),
  order: v.optional(v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1'))),
});
const FallbackBodySchema = v.object({
  fallbacks: v.pipe(v.array(FallbackEntrySchema), v.minLength(1, 'needs at least one fallback')),
});

/** Mounts the platform routes on `app`; `timeZone` is the platform's (see `ReferenceAppOptions.timeZone`). */
export function mountPlatform(app: Hono, state: ReferenceState, timeZone: string): void {
  const lessonSchema = lessonCreateSchema(timeZone);

  // -------------------------------------------------------------------------
  // Access

  const authenticate = (c: Context): AccountRecord => {
    const header = c.req.header('Authorization');
    const challenge = { 'WWW-Authenticate': 'Bearer' };
    if (!header)
      throw new ApiError(401, 'Missing access token: send "Authorization: Bearer <token>".', undefined, challenge);
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const accountId = match ? state.tokens.get(match[1]!) : undefined;
    const account = accountId ? state.accounts.get(accountId) : undefined;
    if (!account) throw new ApiError(401, 'Invalid access token.', undefined, challenge);
    return account;
  };

  const assertMember = (account: AccountRecord, institutionId: string, what: string): void => {
    if (!account.institutionIds.includes(institutionId)) {
      throw new ApiError(403, `This ${what} belongs to another institution.`);
    }
  };

  const unitFor = (account: AccountRecord, unityId: string) => {
    const unit = state.units.get(idKey(unityId));
    if (!unit) throw new ApiError(404, `Unit "${unityId}" does not exist.`);
    assertMember(account, unit.institutionId, 'unit');
    return unit;
  };

  // -------------------------------------------------------------------------
  // 4.1 Update account

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

  // -------------------------------------------------------------------------
  // 4.2 Create lesson

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

  // -------------------------------------------------------------------------
  // 4.3 Duplicate widget

  const duplicateWidget = async (c: Context) => {
    const account = authenticate(c);
    const { id } = parseBody(WidgetDuplicateSchema, await readJson(c), 'widget duplicate');
    const widget = state.widgets.get(idKey(id));
    if (!widget) throw new ApiError(404, `Widget "${id}" does not exist.`);
    assertMember(account, widget.institutionId, 'widget');
    const bot = state.bots.get(widget.botId)!;
    const botId = crypto.randomUUID();
    const botCopy: Bot = {
      ...structuredClone(bot),
      id: botId,
      creatorId: account.id,
      name: `${bot.name} (copy)`,
      botGenAI: bot.botGenAI?.map((genAI) => ({ ...structuredClone(genAI), id: crypto.randomUUID(), botId })) ?? null,
      botMonetization: bot.botMonetization
        ? { ...structuredClone(bot.botMonetization), id: crypto.randomUUID() }
        : null,
    };
    const widgetCopy = { ...structuredClone(widget), id: crypto.randomUUID(), title: `${widget.title} (copy)`, botId };
    state.bots.set(botId, botCopy);
    state.widgets.set(widgetCopy.id, widgetCopy);
    return c.json(widgetOut(widgetCopy.id), 201);
  };
  app.post('/api/v1/widget/duplicate/', duplicateWidget);
  app.post('/api/v1/widget/duplicate', duplicateWidget);

  const widgetOut = (widgetId: string): Widget => {
    const { botId, unityId, ...widget } = state.widgets.get(widgetId)!;
    const { pluginLimit: _limit, ...unity } = state.units.get(unityId)!;
    return { ...widget, Bot: state.bots.get(botId)!, unity };
  };

  // -------------------------------------------------------------------------
  // 4.4 Web import

  app.post('/api/v2/extractor/upload-web-scraper', async (c) => {
    const account = authenticate(c);
    const parsed = parseBody(WebImportSchema, await readJson(c), 'web import');
    const body = {
      ...parsed,
      unityId: idKey(parsed.unityId),
      datasetId: idKey(parsed.datasetId),
      folderId: idKey(parsed.folderId),
    };
    unitFor(account, body.unityId);
    const dataset = state.datasets.get(body.datasetId);
    if (!dataset || dataset.unityId !== body.unityId) {
      throw new ApiError(404, `Dataset "${body.datasetId}" does not exist in this unit.`);
    }
    const folder = state.folders.get(body.folderId);
    if (!folder || folder.datasetId !== dataset.id) {
      throw new ApiError(404, `Folder "${body.folderId}" does not exist in this dataset.`);
    }
    const url = new URL(body.url);
    const blocked = blockedReason(url.hostname);
    if (blocked) {
      throw new ApiError(422, `${blocked} cannot be used for training: the site is blocked.`, [
        { path: 'url', message: 'this site is blocked' },
      ]);
    }
    // The reference server does not crawl: it processes exactly the page given.
    const urls = [url.href].slice(0, body.limit ?? 1);
    const now = new Date().toISOString();
    const files = urls.map((pageUrl): KnowledgeFile => {
      const fileId = crypto.randomUUID();
      return {
        id: fileId,
        status: 'PENDING',
        fileName: `${fileId}.txt`,
        maskName: pageUrl,
        url: null,
        size: 0,
        extension: 'txt',
        createdAt: now,
        kbFolder: { name: folder.name },
      };
    });
    for (const file of files) state.knowledgeFiles.set(file.id, { ...file, folderId: folder.id });
    const { datasetId: _datasetId, ...folderOut } = folder;
    const result: WebImportResult = {
      message: `Import started: ${files.length} page${files.length === 1 ? '' : 's'} queued for processing.`,
      folder: folderOut,
      urls,
      files,
    };
    return c.json(result, 201);
  });

  // -------------------------------------------------------------------------
  // 4.5 Functions, 4.6 credentials

  app.get('/api/v1/functions/unity/:id', (c) => {
    const unit = unitFor(authenticate(c), c.req.param('id'));
    const items = [...state.functions.values()].filter((f) => f.unityId === unit.id);
    const result: FunctionList = {
      items,
      pluginCount: items.length,
      activeCount: items.filter((f) => f.status && f.isActivated).length,
      pluginLimit: unit.pluginLimit,
    };
    return c.json(result);
  });

  const integrationOut = (integrationId: string) => {
    const { iconId, ...integration } = state.integrations.get(integrationId)!;
    return { ...integration, iconId, icon: state.iconFiles.get(iconId) ?? null };
  };

  app.get('/api/v1/credential/unity/:id', (c) => {
    const unit = unitFor(authenticate(c), c.req.param('id'));
    const items: Credential[] = [...state.credentials.values()]
      .filter((credential) => credential.unityId === unit.id)
      .map((credential) => ({ ...credential, integration: integrationOut(credential.integrationId) }));
    return c.json({ items });
  });

  // -------------------------------------------------------------------------
  // 4.8 Update fallback

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

function accountOut({ institutionIds: _ids, ...account }: AccountRecord): Account {
  return account;
}

/**
 * The key an id is stored under. UUIDs are stored in lower case and matched
 * whatever their case (the client accepts either, as RFC 9562 says to);
 * other ids are matched exactly.
 */
function idKey(id: string): string {
  return /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i.test(id) ? id.toLowerCase() : id;
}

/** A path parameter of a handler typed with a plain `Context`. */
function param(c: Context, name: string): string {
  return c.req.param(name) ?? '';
}

/** Why a host may not be imported (a blocked site, a private address), or undefined. */
function blockedReason(hostname: string): string | undefined {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  const site = BLOCKED_HOSTS.find((blocked) => host === blocked || host.endsWith(`.${blocked}`));
  if (site) return site;
  if (host === 'localhost' || host.endsWith('.localhost')) return host;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':')) return `The address ${host}`;
  return undefined;
}
