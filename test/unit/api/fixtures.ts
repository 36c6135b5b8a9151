// Minimal valid bodies for every operation, and a fake `fetch` that records what the client sends.
import { expect } from 'vitest';
import { FlowbotValidationError, type FetchLike } from '../../../src/api/index.js';

export const ids = {
  account: '3f1c2b7e-8a4d-4c1e-9b2a-1d2e3f4a5b6c',
  unity: '6b8e1f2a-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
  dataset: '7c9f2a3b-4d5e-4f6a-9b0c-1d2e3f4a5b6c',
  folder: '8d0a3b4c-5e6f-4a7b-8c1d-2e3f4a5b6c7d',
};

const iso = '2025-01-02T03:04:05.000Z';

export const account = { id: ids.account, name: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

export const lesson = { curso_id: '42', id: '901', titulo: 'Intro', descricao: 'First steps', created_at: iso };

const bot = {
  id: 'bot-1',
  creatorId: 'user-1',
  institutionId: 'inst-1',
  unityId: ids.unity,
  name: 'Helper',
  description: 'Answers questions',
  creativePrecision: 0.4,
  prompt: 'Be brief.',
  isActivated: true,
};

export const widget = {
  id: 'widget-2',
  institutionId: 'inst-1',
  title: 'Help',
  subTitle: 'Ask us',
  primaryColor: '#123456',
  secondaryColor: '#ffffff',
  primaryAIColor: '#eeeeee',
  secondaryAIColor: '#111111',
  aiFirstMessage: 'Hello!',
  primaryUserColor: '#0000ff',
  secondaryUserColor: '#ffffff',
  Bot: bot,
  unity: { id: ids.unity },
  isPublic: true,
  isActivated: true,
};

export const webImport = {
  message: 'Import started',
  folder: { id: ids.folder, name: 'Docs', isRoot: false, knowLedgeBaseId: 'kb-1' },
  urls: ['https://example.com/docs'],
  files: [{ id: 'file-1', status: 'PENDING', maskName: 'https://example.com/docs', size: 10, extension: 'txt' }],
};

export const functionList = {
  items: [
    {
      id: 'fn-1',
      institutionId: 'inst-1',
      name: 'Weather',
      description: 'Looks up the weather',
      code: 'return 1',
      status: true,
      unityId: ids.unity,
      userId: 'user-1',
      color: '#abcdef',
      isActivated: true,
    },
  ],
  pluginCount: 1,
  activeCount: 1,
  pluginLimit: 10,
};

const credentialEntries = {
  id: 'cred-1',
  name: 'OpenAI key',
  userId: 'user-1',
  unityId: ids.unity,
  integrationId: 'int-1',
  secretId: 'secret-ref-1',
  status: true,
  createdAt: iso,
};

export const credentialList = {
  items: [
    { ...credentialEntries, integration: { id: 'int-1', name: 'OpenAI', type: 'LLM', status: true, createdAt: iso } },
  ],
};

export const fallback = {
  id: 'fb-1',
  botId: 'bot-1',
  order: 1,
  credentialId: 'cred-1',
  model: 'gpt-4o',
  createdAt: iso,
  credential: {
    ...credentialEntries,
    integration: {
      id: 'int-1',
      name: 'OpenAI',
      type: 'LLM',
      status: true,
      createdAt: iso,
      iconId: 'icon-1',
      form: { api_key: 'API key' },
    },
  },
};

export const startResult = {
  sessionId: 'session-1',
  resultId: 'result-1',
  flowbot: { id: 'flow-1', version: '6' },
  messages: [{ id: 'm1', type: 'text', content: { type: 'markdown', markdown: 'Hi' } }],
  input: { id: 'in-1', type: 'text input' },
};

export const continueResult = {
  messages: [{ id: 'm2', type: 'text', content: { type: 'markdown', markdown: 'Bye' } }],
};

/** The success body of each route, keyed by `METHOD path`. */
export const routes: Record<string, unknown> = {
  [`PUT /api/v1/auth/update/${ids.account}`]: account,
  'POST /api/content/course/42/create_class': { data: lesson },
  'POST /api/v1/widget/duplicate/': widget,
  'POST /api/v2/extractor/upload-web-scraper': webImport,
  [`GET /api/v1/functions/unity/${ids.unity}`]: functionList,
  [`GET /api/v1/credential/unity/${ids.unity}`]: credentialList,
  'PATCH /api/v1/bot/bot-1/fallback/fb-1': fallback,
  'POST /api/v1/flowbots/my-bot/startChat': startResult,
  'POST /api/v1/sessions/session-1/continueChat': continueResult,
};

export interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  /** The parsed JSON body, or `undefined` when none was sent. */
  body: unknown;
}

/** A fake `fetch`: records every request, answers through `handler`. */
export function recordingFetch(handler: (request: Request) => Response | Promise<Response> = answerFromRoutes) {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (request) => {
    const text = await request.clone().text();
    sent.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: text === '' ? undefined : JSON.parse(text),
    });
    return handler(request);
  };
  return { fetch, sent };
}

/** Answers the known routes with their fixtures, anything else with 404. */
export function answerFromRoutes(request: Request): Response {
  const key = `${request.method} ${new URL(request.url).pathname}`;
  return key in routes ? Response.json(routes[key]) : Response.json({ message: `No route ${key}` }, { status: 404 });
}

/** A fetch that only settles when the request's signal aborts (a server that never answers). */
export const hangingFetch: FetchLike = (request) =>
  new Promise((_, reject) => {
    // Like the real fetch: an already-aborted signal rejects at once.
    if (request.signal.aborted) reject(request.signal.reason);
    request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
  });

export const TOKEN = 'tok-3c9a1e5f7b2d4c6e8a0b';

export const baseUrls = {
  chatBaseUrl: 'https://chat.test',
  contentBaseUrl: 'https://content.test/',
  viewerBaseUrl: 'https://viewer.test//',
};

/** The validation error a call was refused with (fails when the call went through). */
export async function refusal(promise: Promise<unknown>): Promise<FlowbotValidationError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to be refused');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FlowbotValidationError);
  return error as FlowbotValidationError;
}

/** The paths of a validation error's issues. */
export const paths = (error: FlowbotValidationError): string[] => error.issues.map((issue) => issue.path);
