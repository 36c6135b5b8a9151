import type { ReferenceSeed } from '../../src/server/index.js';

/** Every route of the chat API that needs the bearer token, as [method, path, a body it takes]. */
export const guardedRoutes = (seed: ReferenceSeed): [string, string, unknown][] => [
  ['PUT', `/api/v1/auth/update/${seed.accountId}`, { name: 'Ada' }],
  ['POST', `/api/content/course/${seed.courseId}/create_class`, { title: 'T', description: 'D' }],
  ['POST', '/api/v1/widget/duplicate/', { id: seed.widgetId }],
  [
    'POST',
    '/api/v2/extractor/upload-web-scraper',
    { unityId: seed.unityId, datasetId: seed.datasetId, folderId: seed.folderId, url: 'https://acme.example/' },
  ],
  ['GET', `/api/v1/functions/unity/${seed.unityId}`, undefined],
  ['GET', `/api/v1/credential/unity/${seed.unityId}`, undefined],
  [
    'PATCH',
    `/api/v1/bot/${seed.botId}/fallback/${seed.fallbackId}`,
    { fallbacks: [{ credentialId: seed.credentialIds[0], model: 'gpt-4o' }] },
  ],
];
