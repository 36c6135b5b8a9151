/**
 * File uploads of the viewer protocol ("File uploads"), in memory:
 *
 * 1. `POST /api/v3/generate-upload-url` with `{ sessionId, blockId, fileName,
 *    fileType?, fileSize? }` → `200 { presignedUrl, formData, fileUrl,
 *    fileType?, maxFileSize }` (`maxFileSize` in MB). The session must be
 *    waiting on the input `blockId`: a `file input`, or a `text input` with
 *    `options.attachments.isEnabled` or `options.audioClip.isEnabled`.
 *    400: a bad body, or a type the input's `allowedFileTypes` refuses.
 *    404: unknown session. 409: not waiting on that input. 413: `fileSize`
 *    over the input's `sizeLimit` (MB) or the server's `maxUploadBytes`.
 * 2. `POST {presignedUrl}` (`/api/v3/storage`), a multipart form with every
 *    `formData` field, then the file as `file` → `201 { fileUrl }`. The form
 *    carries a signed policy (upload id, key, content type, byte limit,
 *    expiry): 403 when the signature, key or content type do not match or it
 *    has expired; 409 when that upload was done already; 413 beyond the
 *    limit. The body is never buffered past `maxUploadBytes` (plus a little
 *    for the form fields): a declared `Content-Length` over it is refused at
 *    once, a streamed body as soon as it passes it.
 * 3. `GET {fileUrl}` (`/api/v3/files/:id/:fileName`) → the file. Images,
 *    audio and video of common types are served as such; anything else as
 *    `application/octet-stream`, as an attachment. Always `nosniff` and a
 *    sandboxing CSP: an upload never runs as a page.
 *
 * Files are kept up to `storeBytes` in total; the oldest are forgotten first.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { ApiError, parseBody, readJson } from './error-responses.js';
import { sessionNotFound, type SessionStore } from './flow-session.js';
import type { FlowInput } from './flows.js';
import { boundedBody, type RateLimiter } from './request-limits.js';

/** Default largest upload: 10 MB. */
export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Default bytes kept over all uploads: 64 MB. */
export const DEFAULT_UPLOAD_STORE_BYTES = 64 * 1024 * 1024;

const MB = 1024 * 1024;
/** Room for the form's other fields and multipart framing on top of the file. */
const FORM_OVERHEAD = 16 * 1024;
/** How long an upload URL stays valid. */
const UPLOAD_URL_TTL_MS = 10 * 60_000;
/** The most upload URLs waiting for their file; the oldest are forgotten first. */
const MAX_PENDING = 1000;

/** Types served as themselves (shown inline); everything else is a download. */
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'audio/mpeg',
  'audio/mp4',
  'audio/ogg',
  'audio/wav',
  'audio/webm',
  'audio/aac',
  'video/mp4',
  'video/webm',
  'video/ogg',
]);

const UploadRequestSchema = v.object({
  sessionId: v.pipe(v.string(), v.minLength(1, 'is required'), v.maxLength(200, 'is too long')),
  blockId: v.pipe(v.string(), v.minLength(1, 'is required'), v.maxLength(200, 'is too long')),
  fileName: v.pipe(v.string(), v.trim(), v.minLength(1, 'is required'), v.maxLength(255, 'is too long')),
  fileType: v.nullish(v.pipe(v.string(), v.maxLength(255, 'is too long'))),
  fileSize: v.nullish(v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(0, 'must not be negative'))),
});

interface Policy {
  id: string;
  key: string;
  contentType: string;
  maxBytes: number;
  expires: number;
}

interface StoredFile {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** The uploads in memory: pending upload URLs and stored files, both bounded. */
export class UploadStore {
  /** Upload id → file name, for URLs issued and not used yet. */
  readonly pending = new Map<string, { fileName: string; expires: number }>();
  /** Stored files by upload id, oldest first. */
  readonly files = new Map<string, StoredFile>();
  private stored = 0;
  private readonly secret = randomBytes(32);

  constructor(
    /** Largest file, in bytes. */
    readonly maxUploadBytes = DEFAULT_MAX_UPLOAD_BYTES,
    /** Bytes kept over all files. */
    readonly storeBytes = DEFAULT_UPLOAD_STORE_BYTES,
  ) {
    // A store smaller than one file would forget a file as soon as it is stored.
    if (storeBytes < maxUploadBytes)
      throw new RangeError(`uploadStoreBytes (${storeBytes}) must be at least maxUploadBytes (${maxUploadBytes})`);
  }

  /** Bytes of all stored files. */
  get bytes(): number {
    return this.stored;
  }

  sign(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('base64url');
  }

  put(id: string, file: StoredFile): void {
    this.files.set(id, file);
    this.stored += file.bytes.byteLength;
    // The oldest go first; never the one just stored.
    for (const [oldId, old] of this.files) {
      if (this.stored <= this.storeBytes || oldId === id) break;
      this.files.delete(oldId);
      this.stored -= old.bytes.byteLength;
    }
  }
}

/** Whether `fileName`/`fileType` fit an input's `allowedFileTypes`. */
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

/** Whether `input` takes files. */
function takesFiles(input: FlowInput | undefined): input is FlowInput {
  if (!input) return false;
  if (input.type === 'file input') return true;
  const options = input.options as
    { attachments?: { isEnabled?: unknown }; audioClip?: { isEnabled?: unknown } } | undefined;
  return (
    input.type === 'text input' && (options?.attachments?.isEnabled === true || options?.audioClip?.isEnabled === true)
  );
}

/** A bare, lower-case `type/subtype`, or '' when `value` is not one. */
function mediaType(value: string): string {
  const bare = value.split(';', 1)[0]!.trim().toLowerCase();
  return /^[a-z0-9][\w.+-]*\/[a-z0-9][\w.+-]*$/.test(bare) ? bare : '';
}

/** Constant-time comparison of two strings. */
function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Options of `mountUploads`. */
export interface UploadRoutesOptions {
  store: UploadStore;
  sessions: SessionStore;
  /** The public base URL (no trailing slash), read per request. */
  publicUrl: () => string;
  /** The largest JSON body (the upload-URL request). */
  jsonLimit: number;
  /** Deadline for a body to arrive. */
  bodyTimeoutMs: number;
  rateLimiter: RateLimiter | undefined;
}

/**
 * Adds the upload routes to `app`. They read their bodies themselves (within
 * their own limits), so mount them before a global body limit.
 */
export function mountUploads(app: Hono, options: UploadRoutesOptions): void {
  const { store, bodyTimeoutMs } = options;
  const limited = options.rateLimiter?.middleware() ?? (async (_c, next) => next());

  app.post(
    '/api/v3/generate-upload-url',
    // The rate first: a caller over it is refused before its body is read.
    limited,
    boundedBody({ maxBytes: options.jsonLimit, timeoutMs: bodyTimeoutMs }),
    (c) => uploadUrl(c, options),
  );

  app.post(
    '/api/v3/storage',
    boundedBody({
      maxBytes: store.maxUploadBytes + FORM_OVERHEAD,
      timeoutMs: bodyTimeoutMs,
      tooLarge: `The file is larger than ${store.maxUploadBytes} bytes.`,
    }),
    (c) => receiveUpload(c, options),
  );

  app.get('/api/v3/files/:id/:fileName', (c) => serveFile(c, store, c.req.param('id'), c.req.param('fileName')));
}

/** `generate-upload-url`: checks the request against the input waiting for a file, and signs a form for it. */
async function uploadUrl(c: Context, { store, sessions, publicUrl }: UploadRoutesOptions): Promise<Response> {
  const body = parseBody(UploadRequestSchema, await readJson(c), 'upload request');
  const session = sessions.get(body.sessionId);
  if (!session) throw sessionNotFound(body.sessionId);
  const waiting = session.waiting;
  const block = waiting.kind === 'input' ? session.flow.blocks.find((b) => b.id === waiting.blockId) : undefined;
  const input = block?.input;
  if (!takesFiles(input) || (body.blockId !== input.id && body.blockId !== block!.id)) {
    throw new ApiError(409, 'This session is not waiting for a file on that input.');
  }
  const fileType = mediaType(body.fileType ?? '');
  if (!allowedBy(input.options, body.fileName, fileType)) {
    throw new ApiError(400, 'This input does not accept this type of file.', [
      { path: 'fileName', message: 'is not an allowed file type' },
    ]);
  }
  const sizeLimit = input.options?.['sizeLimit'];
  const maxBytes = Math.min(
    store.maxUploadBytes,
    typeof sizeLimit === 'number' && Number.isFinite(sizeLimit) && sizeLimit > 0
      ? Math.floor(sizeLimit * MB)
      : Infinity,
  );
  if ((body.fileSize ?? 0) > maxBytes) throw new ApiError(413, `The file is larger than ${maxBytes} bytes.`);

  const now = Date.now();
  for (const [id, pending] of store.pending) {
    if (pending.expires > now && store.pending.size < MAX_PENDING) break;
    store.pending.delete(id);
  }
  const id = randomUUID();
  // eslint-disable-next-line no-control-regex -- control characters are what a file name may not hold
  const fileName = body.fileName.replace(/[/\\\u0000-\u001f\u007f]/g, '_');
  const key = `uploads/${id}/${fileName}`;
  const policy: Policy = { id, key, contentType: fileType, maxBytes, expires: now + UPLOAD_URL_TTL_MS };
  const encoded = Buffer.from(JSON.stringify(policy)).toString('base64url');
  store.pending.set(id, { fileName, expires: policy.expires });
  const base = publicUrl();
  const formData: Record<string, string> = { key, policy: encoded, signature: store.sign(encoded) };
  if (fileType) formData['Content-Type'] = fileType;
  return c.json({
    presignedUrl: `${base}/api/v3/storage`,
    formData,
    fileUrl: `${base}/api/v3/files/${id}/${encodeURIComponent(fileName)}`,
    ...(fileType ? { fileType } : {}),
    maxFileSize: Math.round((maxBytes / MB) * 100) / 100,
  });
}

/** `storage`: takes a file posted with a form this server signed, once. */
async function receiveUpload(c: Context, { store, publicUrl }: UploadRoutesOptions): Promise<Response> {
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw new ApiError(400, 'The body is not a multipart form.');
  }
  const field = (name: string): string => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const encoded = field('policy');
  if (!encoded || !same(field('signature'), store.sign(encoded))) {
    throw new ApiError(403, 'The upload form is not signed by this server.');
  }
  const policy = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Policy;
  if (policy.expires < Date.now()) throw new ApiError(403, 'The upload URL has expired.');
  if (field('key') !== policy.key) throw new ApiError(403, 'The form key does not match the signed policy.');
  if (policy.contentType && mediaType(field('Content-Type')) !== policy.contentType) {
    throw new ApiError(403, 'The form Content-Type does not match the signed policy.');
  }
  const pending = store.pending.get(policy.id);
  if (!pending) throw new ApiError(409, 'This upload URL was used already, or has been forgotten.');
  const file = form.get('file');
  if (!(file instanceof Blob)) {
    throw new ApiError(400, 'The form has no file.', [{ path: 'file', message: 'is required (the last form field)' }]);
  }
  if (file.size > policy.maxBytes) {
    c.header('Connection', 'close');
    throw new ApiError(413, `The file is larger than ${policy.maxBytes} bytes.`);
  }
  store.pending.delete(policy.id);
  store.put(policy.id, {
    fileName: pending.fileName,
    contentType: policy.contentType,
    bytes: new Uint8Array(await file.arrayBuffer()),
  });
  return c.json({ fileUrl: `${publicUrl()}/api/v3/files/${policy.id}/${encodeURIComponent(pending.fileName)}` }, 201);
}

/** `files/:id/:fileName`: an uploaded file, inline only when its type is safe to show. */
function serveFile(c: Context, store: UploadStore, id: string, fileName: string): Response {
  const file = store.files.get(id);
  if (!file || fileName !== file.fileName) throw new ApiError(404, 'No such file.');
  const inline = INLINE_TYPES.has(file.contentType);
  return c.body(file.bytes.slice().buffer, 200, {
    'content-type': inline ? file.contentType : 'application/octet-stream',
    'content-disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "sandbox; default-src 'none'",
    'cross-origin-resource-policy': 'cross-origin',
    'cache-control': 'private, max-age=3600',
  });
}
