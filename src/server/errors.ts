import * as v from 'valibot';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { toFieldIssues, type ErrorBody, type FieldIssue } from '../api/schemas.js';

/**
 * A failure the reference server answers on purpose. Every error response has
 * one body shape: `{ message, issues? }` (see `ErrorBodySchema`).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly issues?: FieldIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  /** The JSON body sent to the caller. */
  toBody(): ErrorBody {
    return this.issues
      ? { message: this.message, issues: this.issues.map(({ path, message }) => ({ path, message })) }
      : { message: this.message };
  }
}

/** Sends `{ message, issues? }` with `status`. */
export function errorResponse(c: Context, error: ApiError): Response {
  if (error.headers) for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json(error.toBody(), error.status);
}

/**
 * Reads the request body as JSON, whatever its content type (clients that
 * forget the header are tolerated). An empty body reads as `undefined`.
 */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.');
  }
}

/** Validates `input`; a failure becomes a 400 listing every failing field. */
export function parseBody<const TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
  what: string,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw invalid(what, toFieldIssues(result.issues));
}

/** A 400 for `what` with field issues, its message naming every field. */
export function invalid(what: string, issues: FieldIssue[]): ApiError {
  const summary = issues.map((issue) => `${issue.path} ${issue.message}`).join('; ');
  return new ApiError(400, `Invalid ${what}: ${summary}.`, issues);
}
