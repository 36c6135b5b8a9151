import * as v from 'valibot';
import { ErrorBodySchema, toFieldIssues } from '../../../src/api/schemas/index.js';
import { createReferenceApp, type ReferenceAppOptions } from '../../../src/server/app.js';

export interface Reply {
  status: number;
  headers: Headers;
  body: any;
}

export interface CallOptions {
  /** Bearer token; `null` sends none. Default: the seeded account's token. */
  token?: string | null;
  headers?: Record<string, string>;
}

/** A fresh reference app and a small JSON caller over `app.request`. */
export function reference(options?: ReferenceAppOptions) {
  const ref = createReferenceApp(options);
  const call = async (method: string, path: string, body?: unknown, opts: CallOptions = {}): Promise<Reply> => {
    const token = opts.token === undefined ? ref.token : opts.token;
    const headers: Record<string, string> = { ...opts.headers };
    if (token !== null) headers['authorization'] = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await ref.app.request(path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // keep the text
    }
    return { status: res.status, headers: res.headers, body: parsed };
  };
  return { ...ref, call };
}

/** Checks `value` against `schema`, failing with every issue. */
export function conforms<TSchema extends v.GenericSchema>(schema: TSchema, value: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, value);
  if (!result.success) {
    throw new Error(`does not match the schema: ${JSON.stringify(toFieldIssues(result.issues))}`);
  }
  return result.output;
}

/** Checks an error reply: the one error shape, and the status. */
export function errorOf(reply: Reply, status: number) {
  if (reply.status !== status) {
    throw new Error(`expected status ${status}, got ${reply.status}: ${JSON.stringify(reply.body)}`);
  }
  return conforms(ErrorBodySchema, reply.body);
}
