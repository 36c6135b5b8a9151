// Every button of the demo page's client panel succeeds against the reference server, except the
// one that shows a deliberate error, and that one says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoVerbs, type DemoSeed } from '../../../demo/verbs.js';
import { createFlowbotClient, isFlowbotValidationError } from '../../../src/api/index.js';
import { startReferenceServer } from '../../../src/server/index.js';

let server: Awaited<ReturnType<typeof startReferenceServer>>;
let verbs: ReturnType<typeof demoVerbs>;

beforeAll(async () => {
  server = await startReferenceServer({ port: 0 });
  const client = createFlowbotClient({
    chatBaseUrl: server.url,
    contentBaseUrl: server.url,
    viewerBaseUrl: server.url,
    token: server.token,
  });
  verbs = demoVerbs(client, server.seed as DemoSeed);
});

afterAll(() => server.close());

describe("the demo page's client verbs", () => {
  for (const name of [
    'updateAccount',
    'createLesson',
    'duplicateWidget',
    'importWebContent',
    'listFunctions',
    'listCredentials',
    'updateFallback',
    'startChat',
  ]) {
    it(`${name} succeeds`, async () => {
      expect(verbs[name]!.failsOnPurpose).toBeUndefined();
      await expect(verbs[name]!.call()).resolves.toBeDefined();
    });
  }

  it('createLessonInvalid fails on purpose, with a validation error, and its button says so', async () => {
    const verb = verbs['createLessonInvalid']!;
    expect(verb.label).toMatch(/invalid/i);
    expect(verb.failsOnPurpose).toBeTruthy();
    const error = await verb.call().catch((e: unknown) => e);
    expect(isFlowbotValidationError(error)).toBe(true);
  });

  it('has no other verb that fails', () => {
    expect(Object.values(verbs).filter((v) => v.failsOnPurpose)).toHaveLength(1);
  });
});
