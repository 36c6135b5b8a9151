/** The seeded demo data: `createSeedState` builds fresh state (types in `state-types.ts`) with fixed ids. */
import { FaultQueue } from './faults.js';
import { ReferenceStats } from './stats.js';
import type { FlowDefinition, FlowStreamAgent } from './flows.js';
import { SessionStore } from './flow-session.js';
import type { UploadStore } from './uploads.js';
import { id, seedBotsAndWidgets, seedIntegrations, seedPeopleAndCourses } from './seed-records.js';
import type { ReferenceSeed, ReferenceState } from './state-types.js';

export { GUEST_VIEW_FEATURE } from './seed-records.js';

/** The default access token of the seeded account. */
export const DEFAULT_TOKEN = 'flowbot-reference-token';
const OTHER_TOKEN = 'flowbot-reference-other-token';

/** What `createSeedState` takes besides the token and flows. */
export interface SeedStateOptions {
  sessionTtlMs?: number | undefined;
  maxSessions?: number | undefined;
  faults: boolean;
  uploads: UploadStore;
  publicUrl: string;
  streamPaceMs: number;
  streamToolPauseMs?: number | undefined;
  agent?: FlowStreamAgent | undefined;
}

/** Creates fresh seeded state. `flows` are the flows to serve, by public id. */
export function createSeedState(
  token: string,
  flows: Record<string, FlowDefinition>,
  options: SeedStateOptions,
): { state: ReferenceState; seed: ReferenceSeed } {
  const seed: ReferenceSeed = {
    accountId: id('0a', 1),
    otherAccountId: id('0a', 2),
    otherToken: OTHER_TOKEN,
    institutionId: id('1e', 1),
    guestViewInstitutionId: id('1e', 2),
    otherInstitutionId: id('1e', 3),
    unityId: id('2b', 1),
    otherUnityId: id('2b', 2),
    courseId: '101',
    lessonIds: ['1001', '1002', '1003'],
    otherCourseId: '102',
    otherCourseLessonId: '1101',
    guestViewCourseId: '201',
    otherInstitutionCourseId: '301',
    datasetId: id('3d', 1),
    folderId: id('4f', 1),
    widgetId: id('5a', 1),
    otherWidgetId: id('5a', 2),
    botId: id('6b', 1),
    otherBotId: id('6b', 2),
    fallbackId: id('8f', 1),
    credentialIds: [id('7c', 1), id('7c', 2)],
    functionIds: [id('9e', 1), id('9e', 2), id('9e', 3), id('9e', 4)],
    pluginLimit: 10,
    publicId: 'demo',
    publicIds: Object.keys(flows),
    endsAtStartPublicId: 'goodbye',
  };
  if (!flows[seed.publicId]) seed.publicId = seed.publicIds[0] ?? 'demo';

  const state: ReferenceState = {
    accounts: new Map(),
    tokens: new Map([
      [token, seed.accountId],
      [OTHER_TOKEN, seed.otherAccountId],
    ]),
    institutions: new Map(),
    units: new Map(),
    courses: new Map(),
    lessons: new Map(),
    bots: new Map(),
    widgets: new Map(),
    datasets: new Map(),
    folders: new Map(),
    knowledgeFiles: new Map(),
    functions: new Map(),
    iconFiles: new Map(),
    integrations: new Map(),
    credentials: new Map(),
    fallbacks: new Map(),
    flows: new Map(Object.entries(flows)),
    sessions: new SessionStore(options.sessionTtlMs, options.maxSessions),
    faults: new FaultQueue(options.faults),
    uploads: options.uploads,
    publicUrl: options.publicUrl,
    streamPaceMs: options.streamPaceMs,
    streamToolPauseMs: options.streamToolPauseMs,
    agent: options.agent,
    stats: new ReferenceStats(),
    nextLessonId: 5001,
  };

  seedPeopleAndCourses(state, seed);
  seedIntegrations(state, seed);
  seedBotsAndWidgets(state, seed);

  return { state, seed };
}
