/**
 * The viewer's upload call, which the protocol text leaves open. Per file:
 *
 * 1. `POST {viewer}/api/v1/sessions/{sessionId}/uploads` with
 *    `{ fileName, fileType, fileSize }` → `201 { uploadUrl, fileUrl }`;
 * 2. `PUT {uploadUrl}` with the file as the body and its type as `Content-Type`;
 * 3. the answer to the file input is the `fileUrl`s joined with `", "`.
 *
 * A 404 or 501 on step 1 means the server has no upload call.
 */
import { normaliseBaseUrl, segment } from '../../api/core.js';
import { safeUrl } from '../../protocol/safe-url.js';

/** The server offers no upload call. */
export class UploadsUnavailableError extends Error {
  override name = 'UploadsUnavailableError';
}

async function uploadOne(apiHost: string, sessionId: string, file: File): Promise<string> {
  // The viewer's base, as the client builds it; relative URLs in the answer resolve against it.
  const base = new URL(normaliseBaseUrl(apiHost), globalThis.location?.href).href;
  const response = await fetch(
    `${base}api/v1/sessions/${segment(sessionId)}/uploads`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: file.name, fileType: file.type, fileSize: file.size }),
    },
  );
  if (response.status === 404 || response.status === 501) throw new UploadsUnavailableError();
  const body = (response.ok ? await response.json() : {}) as { uploadUrl?: unknown; fileUrl?: unknown };
  const uploadUrl = safeUrl(body.uploadUrl, { base });
  const fileUrl = safeUrl(body.fileUrl, { base });
  if (!uploadUrl || !fileUrl) throw new Error(`Upload of ${file.name} refused (${response.status})`);
  const put = await fetch(uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': file.type || 'application/octet-stream' },
    body: file,
  });
  if (!put.ok) throw new Error(`Upload of ${file.name} failed (${put.status})`);
  return fileUrl;
}

/** Uploads `files` for the session; resolves to their URLs, in order. */
export function uploadFiles(apiHost: string, sessionId: string | undefined, files: readonly File[]): Promise<string[]> {
  if (!sessionId) return Promise.reject(new UploadsUnavailableError());
  return Promise.all(files.map((file) => uploadOne(apiHost, sessionId, file)));
}
