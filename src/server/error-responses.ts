import * as v from 'valibot';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { toFieldIssues, type ErrorBody, type FieldIssue } from '../api/schemas/index.js';
import { clip } from '../api/transport/core.js';
import { isObject } from '../protocol/json.js';

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

/** The deepest nesting of arrays and objects a request body may have. */
export const MAX_JSON_DEPTH = 64;

/**
 * Reads the request body as JSON, whatever its content type (clients that
 * forget the header are tolerated). An empty body reads as `undefined`.
 * Anything else that is not a JSON text, in UTF-8, nested at most
 * `MAX_JSON_DEPTH` deep, is a 400: handlers never see bytes they cannot
 * echo or values too deep to walk.
 */
export async function readJson(c: Context): Promise<unknown> {
  let bytes: ArrayBuffer;
  try {
    bytes = await c.req.arrayBuffer();
  } catch (error) {
    // The body limit speaks for itself (413); anything else is a body that broke off.
    if (error instanceof HTTPException) throw error;
    throw new ApiError(400, 'The request body could not be read.');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(400, 'The request body is not valid UTF-8.');
  }
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.');
  }
  if (depthExceeds(value, MAX_JSON_DEPTH)) {
    throw new ApiError(400, `The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  return value;
}

/** Whether arrays and objects nest deeper than `limit` in `value` (walked without recursion). */
function depthExceeds(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Validates `input`; a failure becomes a 400 listing every failing field. */
export function parseBody<const TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
  what: string,
): v.InferOutput<TSchema> {
  // Every body of the interface is an object; valibot's object schemas would take an array.
  if (!isObject(input)) {
    throw invalid(what, [{ path: '(root)', message: 'must be a JSON object' }]);
  }
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw invalid(what, toFieldIssues(result.issues));
}

/** A 400 for `what` with field issues, its message naming every field. */
export function invalid(what: string, issues: FieldIssue[]): ApiError {
  // The message stays readable however many fields fail or however long the values they quote.
  const shown = issues.slice(0, MESSAGE_ISSUES).map((issue) => clip(`${issue.path} ${issue.message}`, 200));
  const more = issues.length > MESSAGE_ISSUES ? `; and ${issues.length - MESSAGE_ISSUES} more (see issues)` : '';
  return new ApiError(400, `Invalid ${what}: ${shown.join('; ')}${more}.`, issues);
}

const MESSAGE_ISSUES = 10;
