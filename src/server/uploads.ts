/**
 * The viewer's upload call for `file input`, which the protocol text leaves
 * open. In memory and size-limited, like the rest of the reference server.
 *
 * 1. `POST /api/v1/sessions/:sessionId/uploads` with
 *    `{ fileName, fileType?, fileSize? }` → `201 { uploadUrl, fileUrl }`.
 *    404: unknown or expired session. 409: the session is not waiting on a
 *    file input. 400: a bad body, or a file type the input does not allow.
 *    413: `fileSize` over the limit.
 * 2. `PUT {uploadUrl}` (`/api/v1/uploads/:id`) with the file's bytes as the
 *    body and its type as `Content-Type` → 204. 404: unknown id. 409: already
 *    uploaded. 413: over the limit.
 * 3. `GET {fileUrl}` (`/api/v1/uploads/:id/:fileName`) → the file, always as
 *    an attachment (`nosniff`, sandboxed): uploads are never run as pages.
 *
 * The visitor then answers the file input with the `fileUrl`s joined with
 * `", "`. A server without this call answers 404 (or 501) to step 1; the
 * widget then offers the skip (`continueChat` with `{}`).
 */
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { ApiError, parseBody, readJson } from './errors.js';
import { sessionNotFound, type SessionStore } from './flow-engine.js';

/** Largest upload: 5 MB. */
export const DEFAULT_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Bytes kept over all uploads; the oldest are forgotten beyond it. */
const MAX_TOTAL_BYTES = 10 * DEFAULT_MAX_UPLOAD_BYTES;

interface StoredUpload {
  fileName: string;
  fileType: string;
  body?: ArrayBuffer;
}

const UploadRequestSchema = v.object({
  fileName: v.pipe(v.string(), v.trim(), v.minLength(1, 'is required'), v.maxLength(255, 'is too long')),
  fileType: v.optional(v.pipe(v.string(), v.maxLength(255, 'is too long'))),
  fileSize: v.optional(v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(0, 'must not be negative'))),
});

/** Whether `fileName`/`fileType` fit a file input's `allowedFileTypes`. */
function allowedBy(options: Record<string, unknown> | undefined, fileName: string, fileType: string): boolean {
  const allowed = options?.['allowedFileTypes'] as { isEnabled?: unknown; types?: unknown } | undefined;
  if (allowed?.isEnabled !== true || !Array.isArray(allowed.types) || !allowed.types.length) return true;
  const name = fileName.toLowerCase();
  const type = fileType.toLowerCase();
  return allowed.types.some((raw) => {
    const t = String(raw).trim().toLowerCase();
    return t.startsWith('.') ? name.endsWith(t) : t.endsWith('/*') ? type.startsWith(t.slice(0, -1)) : type === t;
  });
}

/**
 * Adds the upload routes to `app`. Mount it before a smaller global body
 * limit: the PUT has its own (`DEFAULT_MAX_UPLOAD_BYTES`).
 */
export function mountUploads(app: Hono, sessions: SessionStore): void {
  const maxFile = DEFAULT_MAX_UPLOAD_BYTES;
  const maxTotal = MAX_TOTAL_BYTES;
  const uploads = new Map<string, StoredUpload>();
  let total = 0;
  /** Forgets an upload and its bytes. */
  const evict = (id: string): void => {
    total -= uploads.get(id)?.body?.byteLength ?? 0;
    uploads.delete(id);
  };
  const tooLarge = `The file is larger than ${maxFile} bytes.`;

  app.post('/api/v1/sessions/:sessionId/uploads', async (c) => {
    const sessionId = c.req.param('sessionId');
    const session = sessions.get(sessionId);
    if (!session) throw sessionNotFound(sessionId);
    const body = parseBody(UploadRequestSchema, await readJson(c), 'upload request');
    const waiting = session.waiting;
    const input =
      waiting.kind === 'input' ? session.flow.blocks.find((block) => block.id === waiting.blockId)?.input : undefined;
    if (input?.type !== 'file input') throw new ApiError(409, 'This session is not waiting for a file.');
    const fileType = body.fileType ?? '';
    if (!allowedBy(input.options, body.fileName, fileType)) {
      throw new ApiError(400, `This input does not accept "${body.fileName}".`, [
        { path: 'fileName', message: 'is not an allowed file type' },
      ]);
    }
    if ((body.fileSize ?? 0) > maxFile) throw new ApiError(413, tooLarge);
    // Forget the oldest pending requests first: a page cannot pile them up.
    if (uploads.size >= 1000) evict(uploads.keys().next().value!);
    const id = randomUUID();
    uploads.set(id, { fileName: body.fileName, fileType });
    const base = `${new URL(c.req.url).origin}/api/v1/uploads/${id}`;
    return c.json({ uploadUrl: base, fileUrl: `${base}/${encodeURIComponent(body.fileName)}` }, 201);
  });

  app.put(
    '/api/v1/uploads/:id',
    bodyLimit({ maxSize: maxFile, onError: (c) => c.json({ message: tooLarge }, 413) }),
    async (c) => {
      const upload = uploads.get(c.req.param('id'));
      if (!upload) throw new ApiError(404, 'No such upload.');
      if (upload.body) throw new ApiError(409, 'This file was uploaded already.');
      const body = await c.req.arrayBuffer();
      upload.body = body;
      upload.fileType = c.req.header('content-type') || upload.fileType;
      total += body.byteLength;
      for (const id of uploads.keys()) {
        if (total <= maxTotal) break;
        evict(id);
      }
      return c.body(null, 204);
    },
  );

  app.get('/api/v1/uploads/:id/:fileName', (c) => {
    const upload = uploads.get(c.req.param('id'));
    if (!upload?.body || c.req.param('fileName') !== upload.fileName) throw new ApiError(404, 'No such file.');
    return c.body(upload.body, 200, {
      'content-type': upload.fileType || 'application/octet-stream',
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(upload.fileName)}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
      'cache-control': 'private, max-age=3600',
    });
  });
}
