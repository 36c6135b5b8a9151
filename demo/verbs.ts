// The typed client's verbs as the demo page offers them: each succeeds against the reference
// server's demo data, except the one that shows a deliberate validation error and says so.
import type { FlowbotClient } from '../src/api/index.js';

/** The seed ids the demo uses (see the reference server's `ReferenceSeed`). */
export interface DemoSeed {
  accountId?: string;
  courseId?: string;
  widgetId?: string;
  unityId?: string;
  datasetId?: string;
  folderId?: string;
  botId?: string;
  fallbackId?: string;
  credentialIds?: string[];
  publicId?: string;
}

/** One button of the demo page. */
export interface DemoVerb {
  /** The button's label. */
  label: string;
  call: () => Promise<unknown>;
  /** Set on the button that fails on purpose: what it shows. */
  failsOnPurpose?: string;
}

/** The demo's verbs, by operation name. */
export function demoVerbs(client: FlowbotClient, seed: DemoSeed, now = new Date()): Record<string, DemoVerb> {
  const s = seed as Required<DemoSeed>;
  const inAWeek = new Date(now.getTime() + 7 * 864e5);
  const pad = (n: number) => String(n).padStart(2, '0');
  const scheduled = `${inAWeek.getFullYear()}-${pad(inAWeek.getMonth() + 1)}-${pad(inAWeek.getDate())} 09:00`;
  return {
    updateAccount: {
      label: 'updateAccount',
      call: () => client.updateAccount(s.accountId, { name: 'Ada', lastName: 'Lovelace' }),
    },
    createLesson: {
      label: 'createLesson',
      call: () =>
        client.createLesson(s.courseId, {
          title: 'Demo lesson',
          description: 'Made from the demo page',
          duration: 45,
          tag: ['demo'],
          scheduled_date: scheduled,
        }),
    },
    createLessonInvalid: {
      label: 'createLesson, invalid (shows the error)',
      failsOnPurpose: 'a FlowbotValidationError listing every rule the lesson breaks; nothing is sent',
      call: () => client.createLesson(s.courseId, { title: 'x'.repeat(151), description: '', duration: 12345 }),
    },
    duplicateWidget: { label: 'duplicateWidget', call: () => client.duplicateWidget(s.widgetId) },
    importWebContent: {
      label: 'importWebContent',
      call: () =>
        client.importWebContent({
          unityId: s.unityId,
          datasetId: s.datasetId,
          folderId: s.folderId,
          url: 'https://example.com/docs',
          limit: 3,
        }),
    },
    listFunctions: { label: 'listFunctions', call: () => client.listFunctions(s.unityId) },
    listCredentials: { label: 'listCredentials', call: () => client.listCredentials(s.unityId) },
    updateFallback: {
      label: 'updateFallback',
      // The bot's chain: the unit's model credential first (the server refuses an empty chain).
      call: () =>
        client.updateFallback(s.botId, s.fallbackId, {
          fallbacks: [{ credentialId: s.credentialIds[0]!, model: 'gpt-4o-mini', order: 1 }],
        }),
    },
    startChat: { label: 'startChat', call: () => client.startChat(s.publicId ?? 'demo') },
  };
}
