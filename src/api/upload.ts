/**
 * File uploads of the viewer protocol, per file:
 *
 * 1. `POST {viewer}/api/v3/generate-upload-url` with `{ sessionId, blockId,
 *    fileName, fileType?, fileSize? }` → `{ presignedUrl, formData?, fileUrl }`;
 * 2. with `formData`: `POST {presignedUrl}`, a multipart form holding every
 *    `formData` field and then the file as `file`; without it:
 *    `PUT {presignedUrl}` with the file as the body and its type as
 *    `Content-Type`;
 * 3. the file is then at `fileUrl`: the answer carries that URL.
 *
 * Step 2 goes through `XMLHttpRequest` where there is one: `fetch` reports no
 * upload progress, and a visitor sending a large file wants a real
 * percentage. No valibot here: the widget loads this with its on-demand part.
 */
import {
  callOptions,
  DEFAULT_TIMEOUT,
  displayUrl,
  normaliseBaseUrl,
  type FetchLike,
  type Reader,
} from './transport/core.js';
import { createFetchEndpoint } from './transport/fetch-endpoint.js';
import { describe, httpError, readText } from './transport/response.js';
import { FlowbotNetworkError, FlowbotTimeoutError, type FlowbotErrorContext } from './errors.js';
import { safeUrl } from '../protocol/safe-url.js';
import { isObject } from '../protocol/json.js';
import { UPLOAD_URL_PATH } from '../protocol/routes.js';

/** Options of `uploadFile`. */
export interface UploadFileOptions {
  /**
   * The viewer base URL (`{viewer_base_url}`); `''` means the page's own origin (browsers only).
   * @example 'https://viewer.example.com'
   */
  viewerBaseUrl: string;
  /** The chat session (`sessionId` of `startChat`). */
  sessionId: string;
  /** The id of the input waiting for the file (`input.id`). */
  blockId: string;
  /** The file (a `Blob` needs `fileName`). */
  file: Blob;
  /** The name sent for the file. Default: `file.name`, else `"upload"`. */
  fileName?: string;
  /**
   * Called as the bytes go out with the fraction sent, from 0 to 1 (1 once the
   * storage has the file). Without `XMLHttpRequest` only 0 and 1 are reported.
   * @example onProgress: (f) => (bar.value = f * 100)
   */
  onProgress?: (fraction: number) => void;
  /** Aborts the upload; the promise then rejects with the signal's reason. Default none. */
  signal?: AbortSignal;
  /**
   * Milliseconds (`0` or `Infinity`: none) that step 1 may wait for its answer's headers, and
   * then its body; and that step 2 may go without a byte of the file or of the storage's answer
   * moving (through `XMLHttpRequest`; a `fetch` sends step 2 with no timeout). Either fails with
   * `FlowbotTimeoutError`. Default 15000, the client's.
   */
  timeout?: number;
  /**
   * The `fetch` to use. Default: the global one for step 1, and `XMLHttpRequest`
   * (else the global `fetch`) for step 2. When given, it sends both steps
   * (and progress is only 0 and 1).
   */
  fetch?: FetchLike;
}

/** A file stored by the viewer. */
export interface UploadedFile {
  /** Where the file now is: what the answer carries. */
  readonly fileUrl: string;
}

const OPERATION = 'uploadFile';

/** A URL for messages: no credentials, and no query (a presigned URL's query is its signature). */
const shown = (url: string): string => displayUrl(url).split(/[?#]/, 1)[0]!;

function contextOf(method: string, url: string): FlowbotErrorContext {
  return { operation: OPERATION, method, url: shown(url) };
}

/**
 * Uploads one file for the input `blockId` of a session and resolves to where
 * it is stored. Fails with `FlowbotHttpError` (a refused file: its type, its
 * size, an expired session), `FlowbotNetworkError` or `FlowbotResponseError`
 * (an answer without safe http(s) URLs); an abort rejects with the signal's
 * reason.
 * @example
 * const { fileUrl } = await uploadFile({ viewerBaseUrl, sessionId, blockId: input.id, file, onProgress: (f) => console.log(f) });
 * await viewer.continueChat(sessionId, { type: 'text', text: fileUrl, attachedFileUrls: [fileUrl] });
 */
export async function uploadFile(options: UploadFileOptions): Promise<UploadedFile> {
  const { file, signal, onProgress } = options;
  const fetchImpl = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const timeout = options.timeout ?? DEFAULT_TIMEOUT;
  signal?.throwIfAborted();
  const base = new URL(normaliseBaseUrl(options.viewerBaseUrl), globalThis.location?.href).href;
  const fileName = options.fileName ?? ((file as { name?: unknown }).name || 'upload');
  const body = {
    sessionId: options.sessionId,
    blockId: options.blockId,
    fileName: String(fileName),
    ...(file.type ? { fileType: file.type } : {}),
    fileSize: file.size,
  };

  // Step 1 is an API call like any other: no redirect followed, the client's timeouts for its
  // answer's headers and body, its errors.
  const endpoint = createFetchEndpoint({ baseUrl: base, fetch: fetchImpl, timeout });
  const {
    presignedUrl,
    fileUrl,
    formData: fields,
  } = await endpoint.send(
    { operation: OPERATION, method: 'POST', path: UPLOAD_URL_PATH, json: body, read: readTicket(base) },
    callOptions(signal, timeout),
  );

  const entries = isObject(fields) ? Object.entries(fields) : [];
  let payload: Blob | FormData = file;
  if (entries.length) {
    const form = new FormData();
    for (const [name, value] of entries) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
    // The storage reads the fields before the file, so the file goes last.
    form.append('file', file, String(fileName));
    payload = form;
  }
  const method = entries.length ? 'POST' : 'PUT';
  // A multipart form sets its own Content-Type (with the boundary).
  const contentType = entries.length ? undefined : file.type || 'application/octet-stream';
  onProgress?.(0);
  const send = typeof XMLHttpRequest === 'function' && !options.fetch ? sendWithXhr : sendWithFetch;
  await send({ method, url: presignedUrl, payload, contentType, signal, onProgress, fetchImpl, timeout });
  onProgress?.(1);
  return { fileUrl };
}

interface Ticket {
  presignedUrl: string;
  fileUrl: string;
  formData: unknown;
}

/** Reads step 1's answer: both URLs must be http(s) (relative ones are taken against `base`). */
function readTicket(base: string): Reader<Ticket> {
  return (value) => {
    const ticket = isObject(value) ? value : {};
    const presignedUrl = safeUrl(ticket.presignedUrl, { base });
    const fileUrl = safeUrl(ticket.fileUrl, { base });
    if (presignedUrl && fileUrl) return { ok: true, value: { presignedUrl, fileUrl, formData: ticket.formData } };
    return {
      ok: false,
      issues: [{ path: presignedUrl ? 'fileUrl' : 'presignedUrl', message: 'is not an http(s) URL' }],
    };
  };
}

interface StorageRequest {
  method: string;
  url: string;
  payload: Blob | FormData;
  contentType: string | undefined;
  signal: AbortSignal | undefined;
  onProgress: ((fraction: number) => void) | undefined;
  fetchImpl: FetchLike;
  /** How long the storage may go without a byte moving (XMLHttpRequest only). */
  timeout: number;
}

async function sendWithFetch(request: StorageRequest): Promise<void> {
  const { method, url, signal } = request;
  const at = contextOf(method, url);
  let response: Response;
  try {
    response = await request.fetchImpl(
      new Request(url, {
        method,
        body: request.payload,
        ...(request.contentType ? { headers: { 'content-type': request.contentType } } : {}),
        ...(signal ? { signal } : {}),
      }),
    );
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw new FlowbotNetworkError(
      `${OPERATION}: the file could not be sent: ${method} ${at.url} (${describe(error)})`,
      {
        ...at,
        cause: error,
      },
    );
  }
  if (!response.ok) throw await httpError(response, at, undefined, (r) => readText(r));
}

function sendWithXhr(request: StorageRequest): Promise<void> {
  const { method, url, signal, onProgress } = request;
  const at = contextOf(method, url);
  const { timeout } = request;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = (): void => xhr.abort();
    // A stalled storage (no byte sent or received for `timeout` ms) fails the upload; a slow one does not.
    let stalled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const moved = (): void => {
      clearTimeout(timer);
      if (timeout > 0 && Number.isFinite(timeout)) {
        timer = setTimeout(() => {
          stalled = true;
          xhr.abort();
        }, timeout);
      }
    };
    const settle = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    };
    if (signal?.aborted) return reject(signal.reason);
    xhr.open(method, url);
    if (request.contentType) xhr.setRequestHeader('content-type', request.contentType);
    xhr.upload.addEventListener('progress', (event) => {
      moved();
      // The last step (the storage's answer) is reported by the caller: 1 means stored, not sent.
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(event.loaded / event.total, 0.99));
    });
    xhr.addEventListener('progress', moved);
    xhr.addEventListener('load', () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let response: Response;
      try {
        response = new Response(xhr.responseText || null, { status: xhr.status, statusText: xhr.statusText });
      } catch {
        // A status that takes no body (a 304): the status alone says enough.
        response = new Response(null, { status: xhr.status, statusText: xhr.statusText });
      }
      void httpError(response, at, undefined, (r) => readText(r)).then(reject);
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new FlowbotNetworkError(`${OPERATION}: the file could not be sent: ${method} ${at.url}`, at));
    });
    xhr.addEventListener('abort', () => {
      settle();
      if (stalled) {
        reject(
          new FlowbotTimeoutError(`${OPERATION} timed out: nothing moved for ${timeout} ms: ${method} ${at.url}`, {
            ...at,
            timeout,
          }),
        );
      } else reject(signal?.reason ?? new DOMException('The upload was aborted.', 'AbortError'));
    });
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(request.payload);
    moved();
  });
}
