import { describe, expect, it } from 'vitest';
import { createFlowbotClient, type FetchLike } from '../../../src/api/index.js';
import { TOKEN, baseUrls, credentialList, functionList, ids, recordingFetch, startResult } from './fixtures.js';

/** Answers with `statuses` in turn (each with `headers`), then with `body`. */
function sequence(statuses: number[], body: unknown, headers: Record<string, string> = {}) {
  const queue = [...statuses];
  return recordingFetch(async () => {
    const status = queue.shift();
    return status === undefined
      ? Response.json(body)
      : Response.json({ message: `status ${status}` }, { status, headers });
  });
}

const fast = { backoffLimit: 5 };

function clientWith(fetch: FetchLike, retry: Parameters<typeof createFlowbotClient>[0]['retry'] = fast) {
  return createFlowbotClient({ ...baseUrls, token: TOKEN, fetch, retry });
}

describe('retries', () => {
  it('retries a GET that answers 503, then succeeds', async () => {
    const { fetch, sent } = sequence([503], functionList);
    await expect(clientWith(fetch).listFunctions(ids.unity)).resolves.toEqual(functionList);
    expect(sent).toHaveLength(2);
    expect(sent.map((s) => s.method)).toEqual(['GET', 'GET']);
  });

  it.each([408, 500, 502, 504])('retries a GET that answers %i', async (status) => {
    const { fetch, sent } = sequence([status], credentialList);
    await expect(clientWith(fetch).listCredentials(ids.unity)).resolves.toEqual(credentialList);
    expect(sent).toHaveLength(2);
  });

  for (const { name, statuses, status, tries } of [
    { name: 'gives up after the limit with the last error', statuses: [500, 502, 503, 504], status: 503, tries: 3 },
    { name: 'does not retry other client errors', statuses: [404], status: 404, tries: 1 },
  ]) {
    it(name, async () => {
      const { fetch, sent } = sequence(statuses, functionList);
      const error = await clientWith(fetch)
        .listFunctions(ids.unity)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'FlowbotHttpError', status });
      expect(sent).toHaveLength(tries);
    });
  }

  it('waits as long as Retry-After says on 429', async () => {
    const { fetch, sent } = sequence([429], functionList, { 'retry-after': '1' });
    const started = Date.now();
    await expect(clientWith(fetch).listFunctions(ids.unity)).resolves.toEqual(functionList);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(sent).toHaveLength(2);
  });

  it('calls the token function again for the retry', async () => {
    let n = 0;
    const { fetch, sent } = sequence([503], functionList);
    const client = createFlowbotClient({ ...baseUrls, fetch, retry: fast, token: () => `t-${++n}` });
    await client.listFunctions(ids.unity);
    expect(sent.map((s) => s.headers.get('authorization'))).toEqual(['Bearer t-1', 'Bearer t-2']);
  });

  it('never retries POST, PUT or PATCH', async () => {
    const { fetch, sent } = sequence([503, 503, 503, 503, 503, 503], startResult);
    const client = clientWith(fetch, { limit: 5, backoffLimit: 5 });
    const results = await Promise.allSettled([
      client.startChat('my-bot'),
      client.updateAccount(ids.account, { name: 'Ada' }),
      client.updateFallback('bot-1', 'fb-1', { fallbacks: [{ model: 'gpt-4o' }] }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(sent.map((s) => s.method).sort()).toEqual(['PATCH', 'POST', 'PUT']);
  });

  it('does not retry a POST after a network failure', async () => {
    const { fetch, sent } = recordingFetch(() => Promise.reject(new TypeError('fetch failed')));
    const error = await clientWith(fetch)
      .startChat('my-bot')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'FlowbotNetworkError' });
    expect(sent).toHaveLength(1);
  });

  it('can be turned off', async () => {
    const { fetch, sent } = sequence([503], functionList);
    const error = await clientWith(fetch, 0)
      .listFunctions(ids.unity)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'FlowbotHttpError', status: 503 });
    expect(sent).toHaveLength(1);
  });
});
