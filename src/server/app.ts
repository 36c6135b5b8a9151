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
 * | `POST /api/v2/sessions/:sessionId/streamMessage` | none | a streamed answer: see `routes-stream.ts` |
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
import { DEFAULT_TIME_ZONE, isTimeZone } from '../api/schemas/index.js';
import { handleErrors, mountHeaders } from './middleware.js';
import { mountPlatform } from './routes-platform.js';
import { mountViewer, startChatRoute } from './routes-viewer.js';
import { sessionNotFound } from './flow-session.js';
import { shippedFlows, type FlowDefinition, type FlowStreamAgent } from './flows.js';
import { boundedBody, DEFAULT_BODY_TIMEOUT_MS, RateLimiter, type RateLimitOptions } from './request-limits.js';
import { DEFAULT_STREAM_PACE_MS } from './routes-stream.js';
import { DEFAULT_MAX_UPLOAD_BYTES, DEFAULT_UPLOAD_STORE_BYTES, mountUploads, UploadStore } from './uploads.js';
import { DEFAULT_TOKEN, createSeedState } from './state.js';
import type { ReferenceSeed, ReferenceState } from './state-types.js';

export type { ReferenceSeed, ReferenceState } from './state-types.js';
export type { FlowDefinition } from './flows.js';
export { MAX_LOG_DETAILS } from './routes-viewer.js';

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
  /**
   * Idle time after which a chat session is forgotten: its next continueChat, streamMessage,
   * clientLogs or generate-upload-url answers 404 `Session "<id>" does not exist or has expired.`
   * Default one hour.
   */
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
   * Pause before each tool result of an agent turn (the tool at work), in ms. Default: in
   * proportion to `streamPaceMs`, 400 at its default of 30 (so 0 with a pace of 0).
   */
  streamToolPauseMs?: number;
  /**
   * The agent turn of streams whose flow block asks for one (`stream.agent`, as the shipped
   * `assistant` does): each flag given here wins over the flow's, so `false` turns that part off
   * (`{ tools: false }`: no tool steps) and `reasoning: 'think'` moves the reasoning into the
   * text. Flags left out keep the flow's; streams without `stream.agent` stream text alone
   * whatever this says. Default: the flows' own. Change it later through `state.agent`.
   */
  agent?: FlowStreamAgent;
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

/** Builds the reference app with fresh seeded state. Nothing listens. */
export function createReferenceApp(options: ReferenceAppOptions = {}): ReferenceApp {
  const token = options.token ?? DEFAULT_TOKEN;
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  if (!isTimeZone(timeZone))
    throw new RangeError(`createReferenceApp: timeZone "${String(timeZone)}" is not a known IANA time zone`);
  const { state, seed } = createSeedState(token, options.flows ?? shippedFlows(), {
    sessionTtlMs: options.sessionTtlMs,
    maxSessions: options.maxSessions,
    faults: options.faults === true,
    uploads: new UploadStore(
      options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
      options.uploadStoreBytes ?? DEFAULT_UPLOAD_STORE_BYTES,
    ),
    publicUrl: normalisePublicUrl(options.publicUrl ?? 'http://localhost'),
    streamPaceMs: options.streamPaceMs ?? DEFAULT_STREAM_PACE_MS,
    streamToolPauseMs: options.streamToolPauseMs,
    agent: checkAgentOptions(options.agent),
  });
  const app = new Hono();
  const faults = options.faults === true;
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  const rateLimiter = options.rateLimit === false ? undefined : new RateLimiter(options.rateLimit);
  const rateLimited: MiddlewareHandler = rateLimiter?.middleware() ?? (async (_c, next) => next());

  handleErrors(app);
  mountHeaders(app, faults ? state.faults : undefined);
  // Before the global body limit: uploads read their bodies within their own.
  mountUploads(app, {
    store: state.uploads,
    sessions: state.sessions,
    publicUrl: () => state.publicUrl,
    jsonLimit: limit,
    bodyTimeoutMs,
    rateLimiter,
  });
  // Before any body is read: a caller over its rate is refused without its body being waited for or read.
  app.post(startChatRoute, rateLimited);
  app.use('*', boundedBody({ maxBytes: limit, timeoutMs: bodyTimeoutMs }));

  const health = (c: Context) => c.json({ status: 'ok' });
  app.get('/__health', health);
  app.get('/api/health', health);

  mountPlatform(app, state, timeZone);
  mountViewer(app, state);
  if (faults) mountSessionAdmin(app, state);

  return { app, token, seed, state };
}

/**
 * With `faults: true` only: forgets chat sessions on demand, as their idle expiry (or a viewer
 * restart) would, so a test can see what a client does with the 404 that follows.
 * `DELETE /__reference/sessions/:sessionId` forgets one (404 when unknown),
 * `DELETE /__reference/sessions` every one; both answer `{ "forgotten": <count> }`.
 */
export const SESSION_ADMIN_ROUTE = '/__reference/sessions';

function mountSessionAdmin(app: Hono, state: ReferenceState): void {
  app.delete(SESSION_ADMIN_ROUTE, (c) => c.json({ forgotten: state.sessions.forgetAll() }));
  app.delete(`${SESSION_ADMIN_ROUTE}/:sessionId`, (c) => {
    const sessionId = c.req.param('sessionId');
    if (!state.sessions.forget(sessionId)) throw sessionNotFound(sessionId);
    return c.json({ forgotten: 1 });
  });
}

/** The `agent` option, checked: only the known flags, each a boolean (`reasoning` also `'think'`). */
function checkAgentOptions(agent: FlowStreamAgent | undefined): FlowStreamAgent | undefined {
  if (agent === undefined) return undefined;
  for (const [name, value] of Object.entries(agent as Record<string, unknown>)) {
    const known = name === 'tools' || name === 'reasoning' || name === 'sources';
    const valid = value === undefined || typeof value === 'boolean' || (name === 'reasoning' && value === 'think');
    if (!known || !valid) throw new TypeError(`createReferenceApp: agent.${name} cannot be ${JSON.stringify(value)}`);
  }
  return { ...agent };
}

/** A public URL without its trailing slash; only http(s) without credentials, query or fragment. */
export function normalisePublicUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`publicUrl must be an absolute http(s) URL, got "${value}"`);
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password ||
    url.search ||
    url.hash
  ) {
    throw new TypeError(`publicUrl must be an http(s) URL without credentials, query or fragment, got "${value}"`);
  }
  return url.href.replace(/\/+$/, '');
}
