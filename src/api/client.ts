/**
 * The typed client of the platform: one verb per operation of the interface
 * document, plus the viewer's continue call.
 */
import {
  checkPathParams,
  checkRequest,
  createEndpoint,
  segment,
  validationError,
  type CallOptions,
  type FlowbotRetryOptions,
  type HttpMethod,
  type TokenSource,
} from './transport/http.js';
import type { Endpoint } from './transport/core.js';
import { normaliseLessonParams, type LessonParams } from './lesson.js';
import { reader } from './schemas/reader.js';
import {
  AccountSchema,
  AccountUpdateSchema,
  CredentialListSchema,
  FallbackSchema,
  FallbackUpdateSchema,
  FunctionListSchema,
  LessonEnvelopeSchema,
  lessonCreateSchema,
  WebImportResultSchema,
  WebImportSchema,
  WidgetDuplicateSchema,
  WidgetSchema,
  type Account,
  type AccountUpdate,
  type CredentialList,
  type Fallback,
  type FallbackUpdate,
  type FunctionList,
  type Lesson,
  type WebImportParams,
  type WebImportResult,
  type Widget,
} from './schemas/index.js';
import { DEFAULT_TIME_ZONE, isTimeZone } from './schemas/schedule.js';
import { createViewerClient, type ViewerClient, type ViewerClientOptions } from './viewer.js';

/**
 * Where `updateFallback` sends its request. The interface document gives no
 * method or path for operation 4.8; the default is an assumption that the
 * caller can correct, in part or whole: a missing member keeps its default.
 */
export interface FallbackRoute {
  /**
   * The HTTP method. Default `'PATCH'`.
   * @example 'PUT'
   */
  method?: 'PATCH' | 'PUT' | 'POST';
  /**
   * The path below `chatBaseUrl`. It receives the ids already URL-encoded and
   * must return a string. A leading slash is ignored.
   * Default `(botId, fallbackId) => \`api/v1/bot/${botId}/fallback/${fallbackId}\``.
   * @example (botId, fallbackId) => `api/v1/bots/${botId}/fallbacks/${fallbackId}`
   */
  path?: (botId: string, fallbackId: string) => string;
}

/** The default route of `updateFallback` (an assumption: the document does not give one). */
export const DEFAULT_FALLBACK_ROUTE: Required<FallbackRoute> = {
  method: 'PATCH',
  path: (botId, fallbackId) => `api/v1/bot/${botId}/fallback/${fallbackId}`,
};

const FALLBACK_METHODS: readonly string[] = ['PATCH', 'PUT', 'POST'];

const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/**
 * `checkPathParams` for ids the document types `uuid`: the account (4.1) and
 * the unit (4.4 types `unityId` uuid; 4.5 and 4.6 name the same unit).
 */
function checkUuidParams(
  params: Record<string, unknown>,
  context: { operation: string; method: string; url: string },
): void {
  checkPathParams(params, context);
  const issues = Object.entries(params)
    .filter(([, value]) => !UUID.test(String(value)))
    .map(([path]) => ({ path, message: 'must be a UUID' }));
  if (issues.length > 0) throw validationError(issues, context);
}

/** Options of `createFlowbotClient`. */
export interface FlowbotClientOptions extends ViewerClientOptions {
  /**
   * Base URL of accounts, widgets, knowledge import, functions, credentials
   * and fallbacks (`{chat_base_url}`). A trailing slash is ignored.
   * @example 'https://chat.example.com'
   */
  chatBaseUrl: string;
  /**
   * Base URL of course lessons (`{content_base_url}`). A trailing slash is ignored.
   * @example 'https://content.example.com'
   */
  contentBaseUrl: string;
  /**
   * The access token, or a (possibly async) function returning it; a
   * function is called before every request that needs the token (retries
   * included), so it can renew it. Sent as `Authorization: Bearer <token>` on
   * `updateAccount`, `duplicateWidget`, `importWebContent`, `listFunctions`,
   * `listCredentials`, `updateFallback`, and on `createLesson` (see
   * `lessonAuthHeader`); never on `startChat`/`continueChat`.
   * Default none: those verbs then fail with a `FlowbotValidationError`
   * (issue path `token`) before sending anything.
   * @example token: async () => (await session.refresh()).accessToken
   */
  token?: TokenSource;
  /**
   * How GET requests (`listFunctions`, `listCredentials`) are retried on
   * 408, 429 and 5xx, honouring `Retry-After` on 429/503; a number sets the
   * limit. POST, PUT and PATCH are never retried.
   * Default `{ limit: 2, statusCodes: [408, 429, 500, 502, 503, 504], backoffLimit: 3000, maxRetryAfter: 10000 }`.
   * @example retry: 0 // never retry
   */
  retry?: number | FlowbotRetryOptions;
  /**
   * The header that carries the token on `createLesson` (the document does
   * not name it). `Authorization` gets `Bearer <token>`; any other header
   * gets the raw token. Default `'Authorization'`.
   * @example lessonAuthHeader: 'x-access-token'
   */
  lessonAuthHeader?: string;
  /**
   * Method and path of `updateFallback`, which the interface document does
   * not give; either may be left out to keep its default.
   * Default `{ method: 'PATCH', path: (bot, fb) => \`api/v1/bot/${bot}/fallback/${fb}\` }`.
   * @example fallbackRoute: { method: 'PUT' }
   * @example fallbackRoute: { path: (bot, fb) => `api/v1/fallback/${bot}/${fb}` }
   */
  fallbackRoute?: FallbackRoute;
  /**
   * The platform's time zone (an IANA name), in which `createLesson` reads and
   * checks `scheduled_date` (`YYYY-MM-DD HH:MM` carries no zone) and formats a
   * `Date`. Use the same zone as the server. A time the zone's clocks skip is
   * refused. Default `'America/Sao_Paulo'` (`DEFAULT_TIME_ZONE`).
   * @example timeZone: 'UTC'
   */
  timeZone?: string;
}

/** The client: one verb per operation. Every verb takes `{ signal, timeout }` last. */
export interface FlowbotClient extends ViewerClient {
  /**
   * 4.1 `PUT {chat}/api/v1/auth/update/{id}`: updates an account's name.
   * `id` is the account's UUID; `name` and/or `lastName` (at least one, neither
   * blank) are the only fields sent.
   * @example await client.updateAccount(accountId, { name: 'Ada', lastName: 'Lovelace' });
   */
  updateAccount(id: string, params: Pick<AccountUpdate, 'name' | 'lastName'>, options?: CallOptions): Promise<Account>;
  /**
   * 4.2 `POST {content}/api/content/course/{courseId}/create_class`: creates a
   * lesson and returns it (the response's `data`). Either parameter variant
   * of the document is accepted and normalised (see `normaliseLessonParams`);
   * the document's rules are checked before sending.
   * @example await client.createLesson(courseId, { title: 'Intro', description: 'First steps', tag: ['basics'] });
   */
  createLesson(courseId: string | number, params: LessonParams, options?: CallOptions): Promise<Lesson>;
  /**
   * 4.3 `POST {chat}/api/v1/widget/duplicate/` with `{ id }`: returns the copy.
   * @example const copy = await client.duplicateWidget(widgetId);
   */
  duplicateWidget(id: string, options?: CallOptions): Promise<Widget>;
  /**
   * 4.4 `POST {chat}/api/v2/extractor/upload-web-scraper`: imports a web page
   * into a knowledge-base folder. The ids must be UUIDs, `url` http(s),
   * `limit` a positive integer.
   * @example await client.importWebContent({ unityId, datasetId, folderId, url: 'https://example.com/docs', limit: 5 });
   */
  importWebContent(params: WebImportParams, options?: CallOptions): Promise<WebImportResult>;
  /**
   * 4.5 `GET {chat}/api/v1/functions/unity/{unityId}`: the unit's functions
   * (plugins) and counts. Retried on 408/429/5xx.
   * @example const { items, pluginLimit } = await client.listFunctions(unityId);
   */
  listFunctions(unityId: string, options?: CallOptions): Promise<FunctionList>;
  /**
   * 4.6 `GET {chat}/api/v1/credential/unity/{unityId}`: the unit's
   * credentials with their integrations. Retried on 408/429/5xx.
   * @example const { items } = await client.listCredentials(unityId);
   */
  listCredentials(unityId: string, options?: CallOptions): Promise<CredentialList>;
  /**
   * 4.8 updates an agent's fallback models. The document shows no method or
   * path: the default is an assumption, `PATCH {chat}/api/v1/bot/{botId}/fallback/{fallbackId}`;
   * change it with the `fallbackRoute` option.
   * @example await client.updateFallback(botId, fallbackId, { fallbacks: [{ model: 'gpt-4o', order: 1 }] });
   */
  updateFallback(
    botId: string,
    fallbackId: string,
    params: Pick<FallbackUpdate, 'fallbacks'>,
    options?: CallOptions,
  ): Promise<Fallback>;
}

/**
 * Creates the client for the platform's three base URLs.
 * @example
 * const client = createFlowbotClient({
 *   chatBaseUrl: 'https://chat.example.com',
 *   contentBaseUrl: 'https://content.example.com',
 *   viewerBaseUrl: 'https://viewer.example.com',
 *   token: () => auth.currentToken(),
 * });
 * const { items } = await client.listFunctions(unityId, { signal });
 */
export function createFlowbotClient(options: FlowbotClientOptions): FlowbotClient {
  const shared = {
    fetch: options.fetch,
    timeout: options.timeout,
    retry: options.retry,
    headers: options.headers,
    token: options.token,
  };
  const chat = createEndpoint({ ...shared, baseUrl: options.chatBaseUrl });
  const content = createEndpoint({ ...shared, baseUrl: options.contentBaseUrl });
  const viewer = createViewerClient(options);
  return {
    startChat: viewer.startChat,
    continueChat: viewer.continueChat,
    ...accountAndLessonVerbs(chat, content, options),
    ...chatVerbs(chat, options),
  };
}

/** The header a platform call carries its token in. */
const BEARER = 'Authorization';

/** The verbs of the account (4.1) and the lessons (4.2); a `timeZone` the platform does not know is refused here. */
function accountAndLessonVerbs(
  chat: Endpoint,
  content: Endpoint,
  options: FlowbotClientOptions,
): Pick<FlowbotClient, 'updateAccount' | 'createLesson'> {
  const lessonAuthHeader = options.lessonAuthHeader?.trim() || BEARER;
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  if (!isTimeZone(timeZone))
    throw new RangeError(`createFlowbotClient: timeZone "${String(timeZone)}" is not a known IANA time zone`);
  const lessonSchema = lessonCreateSchema(timeZone);
  return {
    async updateAccount(id, params, call) {
      const operation = 'updateAccount';
      const method = 'PUT';
      const path = `api/v1/auth/update/${segment(id)}`;
      const context = { operation, method, url: chat.url(path) };
      checkUuidParams({ id }, context);
      const json = checkRequest(reader(AccountUpdateSchema), params, context);
      return chat.send({ operation, method, path, json, authHeader: BEARER, read: reader(AccountSchema) }, call);
    },

    async createLesson(courseId, params, call) {
      const operation = 'createLesson';
      const method = 'POST';
      const path = `api/content/course/${segment(courseId)}/create_class`;
      const context = { operation, method, url: content.url(path) };
      checkPathParams({ courseId }, context);
      const json = checkRequest(reader(lessonSchema), normaliseLessonParams(params, { timeZone }), context);
      const envelope = await content.send(
        { operation, method, path, json, authHeader: lessonAuthHeader, read: reader(LessonEnvelopeSchema) },
        call,
      );
      return envelope.data;
    },
  };
}

/** The verbs of the chat API's widgets (4.3), web import (4.4), functions and credentials (4.5, 4.6) and fallbacks (4.8). */
function chatVerbs(
  chat: Endpoint,
  options: FlowbotClientOptions,
): Pick<
  FlowbotClient,
  'duplicateWidget' | 'importWebContent' | 'listFunctions' | 'listCredentials' | 'updateFallback'
> {
  const fallbackRoute = {
    method: options.fallbackRoute?.method ?? DEFAULT_FALLBACK_ROUTE.method,
    path: options.fallbackRoute?.path ?? DEFAULT_FALLBACK_ROUTE.path,
  };
  return {
    async duplicateWidget(id, call) {
      const operation = 'duplicateWidget';
      const method = 'POST';
      const path = 'api/v1/widget/duplicate/';
      const json = checkRequest(reader(WidgetDuplicateSchema), { id }, { operation, method, url: chat.url(path) });
      return chat.send({ operation, method, path, json, authHeader: BEARER, read: reader(WidgetSchema) }, call);
    },

    async importWebContent(params, call) {
      const operation = 'importWebContent';
      const method = 'POST';
      const path = 'api/v2/extractor/upload-web-scraper';
      const json = checkRequest(reader(WebImportSchema), params, { operation, method, url: chat.url(path) });
      return chat.send(
        { operation, method, path, json, authHeader: BEARER, read: reader(WebImportResultSchema) },
        call,
      );
    },

    async listFunctions(unityId, call) {
      const operation = 'listFunctions';
      const method = 'GET';
      const path = `api/v1/functions/unity/${segment(unityId)}`;
      checkUuidParams({ unityId }, { operation, method, url: chat.url(path) });
      return chat.send({ operation, method, path, authHeader: BEARER, read: reader(FunctionListSchema) }, call);
    },

    async listCredentials(unityId, call) {
      const operation = 'listCredentials';
      const method = 'GET';
      const path = `api/v1/credential/unity/${segment(unityId)}`;
      checkUuidParams({ unityId }, { operation, method, url: chat.url(path) });
      return chat.send({ operation, method, path, authHeader: BEARER, read: reader(CredentialListSchema) }, call);
    },

    async updateFallback(botId, fallbackId, params, call) {
      const operation = 'updateFallback';
      const method = String(fallbackRoute.method).toUpperCase() as HttpMethod;
      let routed: unknown;
      try {
        routed = fallbackRoute.path(segment(botId), segment(fallbackId));
      } catch (cause) {
        routed = cause;
      }
      const path = typeof routed === 'string' ? routed.replace(/^\/+/, '') : '';
      const context = { operation, method, url: chat.url(path) };
      const routeIssues = [
        ...(FALLBACK_METHODS.includes(method)
          ? []
          : [{ path: 'fallbackRoute.method', message: 'must be PATCH, PUT or POST' }]),
        ...(typeof routed === 'string'
          ? []
          : [{ path: 'fallbackRoute.path', message: 'must be a function returning the path' }]),
      ];
      if (routeIssues.length) throw validationError(routeIssues, context);
      checkPathParams({ botId, fallbackId }, context);
      const json = checkRequest(reader(FallbackUpdateSchema), params, context);
      return chat.send({ operation, method, path, json, authHeader: BEARER, read: reader(FallbackSchema) }, call);
    },
  };
}
