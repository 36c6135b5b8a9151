/** The app's error and not-found answers, and the headers every response carries (security, CORS). */
import type { Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { ApiError, errorResponse } from './error-responses.js';
import { FAULT_HEADER, faultInjection, type FaultQueue } from './faults.js';
import { quotable, securityHeaders } from './request-limits.js';

/** Answers errors and unknown routes in the one error shape. */
export function handleErrors(app: Hono): void {
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
}

/** Security headers, CORS (every origin) and, when `faults` is given, fault injection. */
export function mountHeaders(app: Hono, faults: FaultQueue | undefined): void {
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
  if (faults) app.use('*', faultInjection(faults));
}

/** Whether `error` comes from a caller that closed the connection before its body arrived. */
function clientWentAway(c: Context, error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'ECONNRESET' || code === 'ECONNABORTED' || c.req.raw.signal.aborted;
}
