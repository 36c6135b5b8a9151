/** The platform's knowledge route (4.4 web import: a page queued into a dataset's folder). */
import type { Hono } from 'hono';
import { WebImportSchema, type KnowledgeFile, type WebImportResult } from '../api/schemas/index.js';
import { ApiError, parseBody, readJson } from './error-responses.js';
import { idKey, type PlatformAccess } from './platform-access.js';
import type { ReferenceState } from './state-types.js';

const BLOCKED_HOSTS = ['facebook.com', 'instagram.com', 'linkedin.com', 'x.com', 'twitter.com', 'tiktok.com'];

/** Mounts 4.4 on `app`. */
export function mountWebImport(app: Hono, state: ReferenceState, { authenticate, unitFor }: PlatformAccess): void {
  app.post('/api/v2/extractor/upload-web-scraper', async (c) => {
    const account = authenticate(c);
    const parsed = parseBody(WebImportSchema, await readJson(c), 'web import');
    const body = {
      ...parsed,
      unityId: idKey(parsed.unityId),
      datasetId: idKey(parsed.datasetId),
      folderId: idKey(parsed.folderId),
    };
    unitFor(account, body.unityId);
    const dataset = state.datasets.get(body.datasetId);
    if (!dataset || dataset.unityId !== body.unityId) {
      throw new ApiError(404, `Dataset "${body.datasetId}" does not exist in this unit.`);
    }
    const folder = state.folders.get(body.folderId);
    if (!folder || folder.datasetId !== dataset.id) {
      throw new ApiError(404, `Folder "${body.folderId}" does not exist in this dataset.`);
    }
    const url = new URL(body.url);
    const blocked = blockedReason(url.hostname);
    if (blocked) {
      throw new ApiError(422, `${blocked} cannot be used for training: the site is blocked.`, [
        { path: 'url', message: 'this site is blocked' },
      ]);
    }
    // The reference server does not crawl: it processes exactly the page given.
    const urls = [url.href].slice(0, body.limit ?? 1);
    const now = new Date().toISOString();
    const files = urls.map((pageUrl): KnowledgeFile => {
      const fileId = crypto.randomUUID();
      return {
        id: fileId,
        status: 'PENDING',
        fileName: `${fileId}.txt`,
        maskName: pageUrl,
        url: null,
        size: 0,
        extension: 'txt',
        createdAt: now,
        kbFolder: { name: folder.name },
      };
    });
    for (const file of files) state.knowledgeFiles.set(file.id, { ...file, folderId: folder.id });
    const { datasetId: _datasetId, ...folderOut } = folder;
    const result: WebImportResult = {
      message: `Import started: ${files.length} page${files.length === 1 ? '' : 's'} queued for processing.`,
      folder: folderOut,
      urls,
      files,
    };
    return c.json(result, 201);
  });
}

/** Why a host may not be imported (a blocked site, a private address), or undefined. */
function blockedReason(hostname: string): string | undefined {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  const site = BLOCKED_HOSTS.find((blocked) => host === blocked || host.endsWith(`.${blocked}`));
  if (site) return site;
  if (host === 'localhost' || host.endsWith('.localhost')) return host;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':')) return `The address ${host}`;
  return undefined;
}
