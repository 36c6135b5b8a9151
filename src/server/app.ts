/**
 * The reference server: an in-memory implementation of the platform's
 * interface (chat, content and viewer base URLs on one origin), for tests,
 * the demo and local development. It does not listen: mount `app.fetch`
 * anywhere, or use `startReferenceServer` from the Node entry.
 *
 * Routes (paths do not collide, so one origin serves all three base URLs):
 *
 * | route | auth | notes |
 * |---|---|---|
 * | `PUT /api/v1/auth/update/:id` | bearer | own account only (403 otherwise) |
 * | `POST /api/content/course/:courseId/create_class` | bearer | variant A or B body → `{ data: Lesson }` |
 * | `POST /api/v1/widget/duplicate[/]` | bearer | `{ id }` → the copy, new ids throughout |
 * | `POST /api/v2/extractor/upload-web-scraper` | bearer | records PENDING files; does not fetch |
 * | `GET /api/v1/functions/unity/:id` | bearer | `{ items, pluginCount, activeCount, pluginLimit }` |
 * | `GET /api/v1/credential/unity/:id` | bearer | `{ items }` with integration and icon |
 * | `PATCH` or `PUT /api/v1/bot/:botId/fallback/:fallbackId` | bearer | `{ fallbacks }` → Fallback |
 * | `GET /api/v1/flowbots` | none | extra: the flows `[{ publicId, name, description }]` |
 * | `POST /api/v1/flowbots/:publicId/startChat` | none | viewer protocol |
 * | `POST /api/v1/sessions/:sessionId/continueChat` | none | viewer protocol |
 * | `POST /api/v2/sessions/:sessionId/streamMessage` | none | a streamed answer: see `streaming.ts` |
 * | `POST /api/v2/sessions/:sessionId/clientLogs` | none | `{ clientLogs }` → 204, kept in `state.stats` |
 * | `POST /api/v3/generate-upload-url` | none | upload URL and signed form: see `uploads.ts` |
 * | `POST /api/v3/storage`, `GET /api/v3/files/:id/:fileName` | none | the file itself |
 * | `GET /demo-assets/:file` | none | the demo flows' images, audio and embed page |
 * | `GET /__health`, `GET /api/health` | none | `{ status: "ok" }` |
 *
 * Errors always have the body `{ message, issues? }`: 400 invalid JSON or
 * fields (every failing field in `issues`; also a body that is not UTF-8, not
 * a JSON object, or nested deeper than `MAX_JSON_DEPTH`), 401 missing or
 * unknown token, 403 another institution's data (or a feature the
 * institution lacks), 404 unknown id or route (also a known path with
 * another method), 408 a body slower than `bodyTimeoutMs`, 413 body over
 * `bodyLimit`, 422 a blocked site, 429 over the per-address rate limit.
 * Request content types are not checked: a JSON body is read whatever its
 * header. CORS allows every origin. Every response carries
 * `X-Content-Type-Options: nosniff`. Faults can be injected when the app is
 * created with `faults: true`: see `faults.ts`. `state.stats` counts the
 * sessions opened, the continueChat bodies accepted and the client logs:
 * see `stats.ts`.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import * as v from 'valibot';
import {
  AccountUpdateSchema,
  DEFAULT_TIME_ZONE,
  WebImportSchema,
  WidgetDuplicateSchema,
  isTimeZone,
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
} from '../api/schemas.js';
import { normaliseLessonParams } from '../api/lesson.js';
import { ApiError, errorResponse, invalid, isPlainObject, parseBody, readJson } from './errors.js';
import { FAULT_HEADER, faultInjection } from './faults.js';
import { continueChat, sessionNotFound, startChat } from './flow-engine.js';
import { shippedFlows, type FlowDefinition } from './flows.js';
import { demoAsset } from './demo-assets.js';
import { boundedBody, DEFAULT_BODY_TIMEOUT_MS, quotable, RateLimiter, securityHeaders, type RateLimitOptions } from './limits.js';
import { DEFAULT_STREAM_PACE_MS, mountStreaming } from './streaming.js';
import { DEFAULT_MAX_UPLOAD_BYTES, DEFAULT_UPLOAD_STORE_BYTES, mountUploads, UploadStore } from './uploads.js';
import {
  DEFAULT_TOKEN,
  GUEST_VIEW_FEATURE,
  createSeedState,
  type AccountRecord,
  type ReferenceSeed,
  type ReferenceState,
} from './state.js';

export type { ReferenceSeed, ReferenceState } from './state.js';
export type { FlowDefinition } from './flows.js';

/** Options of `createReferenceApp`. */
export interface ReferenceAppOptions {
  /** Flows served by the viewer side, by public id. Default: the shipped demo flows. */
  flows?: Record<string, FlowDefinition>;
  /** The seeded account's access token. Default `"flowbot-reference-token"`. */
  token?: string;
  /** Largest request body in bytes; larger ones get 413. Default 65536 (64 KB). Uploads have `maxUploadBytes`. */
  bodyLimit?: number;
  /**
   * Milliseconds a request body may take to arrive in full; slower ones get
   * 408 and the connection is closed. Default 10000.
   */
  bodyTimeoutMs?: number;
  /** Idle time after which a chat session is forgotten (404). Default one hour. */
  sessionTtlMs?: number;
  /**
   * The most live chat sessions; a new one beyond it evicts the least
   * recently used. Default 10000.
   */
  maxSessions?: number;
  /**
   * Per-address rate limit of the calls that create state (`startChat`,
   * `generate-upload-url`): 429 with `Retry-After` beyond it. `false` turns
   * it off. Default `{ perMinute: 600, burst: 300 }`. Requests without a
   * Node socket (`app.request`) are not limited.
   */
  rateLimit?: RateLimitOptions | false;
  /**
   * The base of every absolute URL handed out (demo assets, upload and file
   * URLs), e.g. `https://chat.example.com`. The request's `Host` header is
   * never used. Default `http://localhost` here; `startReferenceServer`
   * defaults it to the address it listens on. Change it later through
   * `state.publicUrl`.
   */
  publicUrl?: string;
  /**
   * Honour injected faults (the `x-reference-fault` header, allowed by CORS
   * only then, and `state.faults.next()`). Default false: for tests and demos only.
   */
  faults?: boolean;
  /** Largest uploaded file in bytes (an input's `sizeLimit` may lower it). Default 10 MB. */
  maxUploadBytes?: number;
  /** Bytes of uploaded files kept in memory; the oldest are forgotten beyond it. Default 64 MB. */
  uploadStoreBytes?: number;
  /** Pause between two pieces of a streamed answer, in ms. Default 30; tests use 1–5. */
  streamPaceMs?: number;
  /**
   * The platform's time zone (IANA name): `scheduled_date` is wall-clock time
   * there, checked against the present and stored (`liberacao`) as that instant.
   * Default `'America/Sao_Paulo'`, as the client's.
   */
  timeZone?: string;
}

/** What `createReferenceApp` returns. */
export interface ReferenceApp {
  /** The Hono app; serve `app.fetch`. */
  app: Hono;
  /** The access token of `seed.accountId`. */
  token: string;
  /** The fixed ids of the seeded data. */
  seed: ReferenceSeed;
  /** The live in-memory state (inspect it in tests; `state.faults` injects faults). */
  state: ReferenceState;
}

/** Default largest request body: 64 KB. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

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

/** Builds the reference app with fresh seeded state. Nothing listens. */
export function createReferenceApp(options: ReferenceAppOptions = {}): ReferenceApp {
  const token = options.token ?? DEFAULT_TOKEN;
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  if (!isTimeZone(timeZone)) throw new RangeError(`createReferenceApp: timeZone "${String(timeZone)}" is not a known IANA time zone`);
  const lessonSchema = lessonCreateSchema(timeZone);
  const { state, seed } = createSeedState(token, options.flows ?? shippedFlows(), {
    sessionTtlMs: options.sessionTtlMs,
    maxSessions: options.maxSessions,
    faults: options.faults === true,
    uploads: new UploadStore(options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES, options.uploadStoreBytes ?? DEFAULT_UPLOAD_STORE_BYTES),
    publicUrl: normalisePublicUrl(options.publicUrl ?? 'http://localhost'),
    streamPaceMs: options.streamPaceMs ?? DEFAULT_STREAM_PACE_MS,
  });
  const app = new Hono();
  const faults = options.faults === true;
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  const rateLimiter = options.rateLimit === false ? undefined : new RateLimiter(options.rateLimit);
  const rateLimited: MiddlewareHandler = rateLimiter?.middleware() ?? (async (_c, next) => next());

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (error instanceof HTTPException) {
      return c.json({ message: error.message || 'Request failed.' }, error.status);
    }
    // A caller that hung up mid-body: nobody reads the answer, and it is not a server fault.
    if (clientWentAway(c, error)) return c.json({ message: 'The request body could not be read.' }, 400);
    console.error('[reference server]', error);
    return c.json({ message: 'Internal server error.' }, 500);
  });
  app.notFound((c) => {
    // The path is echoed only when it is plain: an error body never carries markup or odd bytes.
    const path = quotable(c.req.path, 200);
    return c.json({ message: `No route for ${c.req.method.replace(/[^A-Z]/g, '')} ${path ?? '(this path)'}.` }, 404);
  });

  app.use('*', securityHeaders());
  app.use(
    '*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', ...(faults ? [FAULT_HEADER] : [])],
      exposeHeaders: ['Retry-After', 'WWW-Authenticate'],
      maxAge: 600,
    }),
  );
  if (faults) app.use('*', faultInjection(state.faults));
  // Before the global body limit: uploads read their bodies within their own.
  mountUploads(app, {
    store: state.uploads,
    sessions: state.sessions,
    publicUrl: () => state.publicUrl,
    jsonLimit: limit,
    bodyTimeoutMs,
    rateLimiter,
  });
  app.use('*', boundedBody({ maxBytes: limit, timeoutMs: bodyTimeoutMs }));

  const health = (c: Context) => c.json({ status: 'ok' });
  app.get('/__health', health);
  app.get('/api/health', health);

  // -------------------------------------------------------------------------
  // Access

  const authenticate = (c: Context): AccountRecord => {
    const header = c.req.header('Authorization');
    const challenge = { 'WWW-Authenticate': 'Bearer' };
    if (!header) throw new ApiError(401, 'Missing access token: send "Authorization: Bearer <token>".', undefined, challenge);
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
    if (!isPlainObject(raw)) throw invalid('lesson', [{ path: '(root)', message: 'must be a JSON object' }]);
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
      botMonetization: bot.botMonetization ? { ...structuredClone(bot.botMonetization), id: crypto.randomUUID() } : null,
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
    const body = { ...parsed, unityId: idKey(parsed.unityId), datasetId: idKey(parsed.datasetId), folderId: idKey(parsed.folderId) };
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
        : [{ path: `fallbacks.${index}.credentialId`, message: 'is not a credential of the bot\'s unit' }];
    });
    if (issues.length) throw invalid('fallback update', issues);
    // The list is the bot's whole fallback chain in priority order; the
    // fallback named in the path keeps its id and becomes the first.
    const chain = body.fallbacks
      .map((entry, index) => ({ ...entry, order: entry.order ?? index + 1 }))
      .sort((a, b) => a.order - b.order);
    for (const [key, other] of state.fallbacks) if (other.botId === bot.id && key !== fallback.id) state.fallbacks.delete(key);
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

  // -------------------------------------------------------------------------
  // Viewer

  app.get('/api/v1/flowbots', (c) =>
    c.json([...state.flows.values()].map(({ publicId, name, description }) => ({ publicId, name, description }))),
  );

  app.post('/api/v1/flowbots/:publicId/startChat', rateLimited, async (c) => {
    const publicId = c.req.param('publicId');
    const flow = state.flows.get(publicId);
    if (!flow) {
      const shown = quotable(publicId);
      throw new ApiError(404, `No published flow-bot${shown === undefined ? ' with this id' : ` "${shown}"`}.`);
    }
    const body = await readJson(c);
    const result = startChat(flow, state.sessions, body, `${state.publicUrl}/demo-assets`);
    state.stats.recordStart(result.sessionId);
    return c.json(result);
  });

  app.post('/api/v1/sessions/:sessionId/continueChat', async (c) => {
    const sessionId = c.req.param('sessionId');
    const session = state.sessions.get(sessionId);
    if (!session) throw sessionNotFound(sessionId);
    const body = await readJson(c);
    const result = continueChat(session, body);
    state.stats.recordContinue(sessionId, body);
    return c.json(result);
  });

  mountStreaming(app, { sessions: state.sessions, stats: state.stats, paceMs: () => state.streamPaceMs });

  app.post('/api/v2/sessions/:sessionId/clientLogs', async (c) => {
    const sessionId = c.req.param('sessionId');
    if (!state.sessions.get(sessionId)) throw sessionNotFound(sessionId);
    const { clientLogs } = parseBody(ClientLogsBodySchema, await readJson(c), 'client logs');
    state.stats.recordClientLogs(
      sessionId,
      clientLogs.map(({ status, description, details, context }) => ({
        status,
        description,
        ...(details === undefined || details === null ? {} : { details: boundedDetails(details) }),
        ...(typeof context === 'string' ? { context } : {}),
      })),
    );
    return c.body(null, 204);
  });

  app.get('/demo-assets/:file', (c) => {
    const asset = demoAsset(c.req.param('file'));
    if (!asset) throw new ApiError(404, `No demo asset "${c.req.param('file')}".`);
    return c.body(asset.body, 200, { 'content-type': asset.type, 'cache-control': 'public, max-age=3600' });
  });

  return { app, token, seed, state };
}

/** The most log entries one clientLogs call may carry. */
const MAX_CLIENT_LOGS = 20;
/** The most characters of a log entry's `details` kept (as JSON). */
export const MAX_LOG_DETAILS = 4096;

const ClientLogSchema = v.object({
  status: v.pipe(v.string(), v.minLength(1, 'is required'), v.maxLength(40, 'is too long (40 characters at most)')),
  description: v.pipe(v.string(), v.minLength(1, 'is required'), v.maxLength(1000, 'is too long (1000 characters at most)')),
  details: v.nullish(v.unknown()),
  context: v.nullish(v.pipe(v.string(), v.maxLength(200, 'is too long (200 characters at most)'))),
});
const ClientLogsBodySchema = v.object({
  clientLogs: v.pipe(
    v.array(ClientLogSchema),
    v.minLength(1, 'needs at least one log'),
    v.maxLength(MAX_CLIENT_LOGS, `holds at most ${MAX_CLIENT_LOGS} logs`),
  ),
});

/** `details` as sent when small, else its JSON cut to `MAX_LOG_DETAILS` characters. */
function boundedDetails(details: unknown): unknown {
  const json = JSON.stringify(details);
  return json.length <= MAX_LOG_DETAILS ? details : `${json.slice(0, MAX_LOG_DETAILS - 1)}…`;
}

/** A public URL without its trailing slash; only http(s) without credentials, query or fragment. */
export function normalisePublicUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`publicUrl must be an absolute http(s) URL, got "${value}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash) {
    throw new TypeError(`publicUrl must be an http(s) URL without credentials, query or fragment, got "${value}"`);
  }
  return url.href.replace(/\/+$/, '');
}

/** Whether `error` comes from a caller that closed the connection before its body arrived. */
function clientWentAway(c: Context, error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'ECONNRESET' || code === 'ECONNABORTED' || c.req.raw.signal.aborted;
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
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  const site = BLOCKED_HOSTS.find((blocked) => host === blocked || host.endsWith(`.${blocked}`));
  if (site) return site;
  if (host === 'localhost' || host.endsWith('.localhost')) return host;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':')) return `The address ${host}`;
  return undefined;
}
