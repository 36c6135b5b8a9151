/** The viewer's public routes: the flow list, startChat, continueChat, streaming, client logs and demo assets. */
import type { Hono } from 'hono';
import * as v from 'valibot';
import { ApiError, parseBody, readJson } from './error-responses.js';
import { continueChat, startChat } from './flow-engine.js';
import { sessionNotFound } from './flow-session.js';
import { demoAsset } from './demo-assets.js';
import { quotable } from './request-limits.js';
import { mountStreaming } from './routes-stream.js';
import type { ReferenceState } from './state-types.js';

/** The route that opens a session: rate-limited per address (by the app, before its body is read). */
export const startChatRoute = '/api/v1/flowbots/:publicId/startChat';

/** Mounts the viewer routes on `app`. */
export function mountViewer(app: Hono, state: ReferenceState): void {
  app.get('/api/v1/flowbots', (c) =>
    c.json([...state.flows.values()].map(({ publicId, name, description }) => ({ publicId, name, description }))),
  );

  app.post(startChatRoute, async (c) => {
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

  mountStreaming(app, {
    sessions: state.sessions,
    stats: state.stats,
    paceMs: () => state.streamPaceMs,
    toolPauseMs: () => state.streamToolPauseMs,
    agent: () => state.agent,
  });

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
}

/** The most log entries one clientLogs call may carry. */
const MAX_CLIENT_LOGS = 20;
/** The most characters of a log entry's `details` kept (as JSON). */
export const MAX_LOG_DETAILS = 4096;

const ClientLogSchema = v.object({
  status: v.pipe(v.string(), v.minLength(1, 'is required'), v.maxLength(40, 'is too long (40 characters at most)')),
  description: v.pipe(
    v.string(),
    v.minLength(1, 'is required'),
    v.maxLength(1000, 'is too long (1000 characters at most)'),
  ),
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
