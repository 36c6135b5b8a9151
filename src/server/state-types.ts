/** The shapes of the reference server's in-memory state: the seeded ids, the stored records, the state itself. */
import type {
  Account,
  Bot,
  Credential,
  FlowbotFunction,
  IconFile,
  IntegrationFormField,
  KnowledgeFile,
  KnowledgeFolder,
  Lesson,
  Unity,
  Widget,
} from '../api/schemas/index.js';
import type { FaultQueue } from './faults.js';
import type { ReferenceStats } from './stats.js';
import type { FlowDefinition, FlowStreamAgent } from './flows.js';
import type { SessionStore } from './flow-session.js';
import type { UploadStore } from './uploads.js';

/**
 * The ids of the seeded demo data. They are fixed, so docs and tests can name
 * them. The access token (`token` of `createReferenceApp`) belongs to
 * `accountId`, a member of two institutions: `institutionId` (no guest-view
 * feature) and `guestViewInstitutionId` (has it). `otherInstitutionId` is a
 * stranger's: its unit, course, widget and bot answer 403.
 */
export interface ReferenceSeed {
  /** The account the default token belongs to. */
  accountId: string;
  /** Another institution's account (403 when updated with the default token). */
  otherAccountId: string;
  /** A token that belongs to `otherAccountId`. */
  otherToken: string;
  /** The account's main institution: no guest-view feature. */
  institutionId: string;
  /** The account's second institution: has the guest-view feature. */
  guestViewInstitutionId: string;
  /** An institution the account does not belong to. */
  otherInstitutionId: string;
  /** The unit of `institutionId`: functions, credentials, widget, knowledge base. */
  unityId: string;
  /** A unit of `otherInstitutionId`: 403. */
  otherUnityId: string;
  /** A course of `institutionId` with lessons `lessonIds`. */
  courseId: string;
  /** The existing lessons of `courseId`, in order. */
  lessonIds: string[];
  /** A second course of `institutionId`. */
  otherCourseId: string;
  /** A lesson of `otherCourseId` (ignored as a prerequisite of `courseId`'s lessons). */
  otherCourseLessonId: string;
  /** A course of `guestViewInstitutionId`, where `enable_lesson_view: 1` is allowed. */
  guestViewCourseId: string;
  /** A course of `otherInstitutionId`: 403. */
  otherInstitutionCourseId: string;
  /** The knowledge-base dataset of `unityId`. */
  datasetId: string;
  /** The root folder of `datasetId`. */
  folderId: string;
  /** A widget of `unityId`, with bot `botId`. */
  widgetId: string;
  /** A widget of `otherUnityId`: 403. */
  otherWidgetId: string;
  /** The bot of `widgetId`. */
  botId: string;
  /** The bot of `otherWidgetId`: 403. */
  otherBotId: string;
  /** The first fallback of `botId`. */
  fallbackId: string;
  /** The credentials of `unityId` (an LLM one first). */
  credentialIds: string[];
  /** The functions of `unityId`. */
  functionIds: string[];
  /** `pluginLimit` of `unityId`. */
  pluginLimit: number;
  /** The main demo flow (`demo`). */
  publicId: string;
  /** Every shipped flow's public id. */
  publicIds: string[];
  /** A flow that ends at once, without any input. */
  endsAtStartPublicId: string;
}

export interface InstitutionRecord {
  id: string;
  name: string;
  features: string[];
}

export interface AccountRecord extends Account {
  /** Institutions the account belongs to. */
  institutionIds: string[];
}

export interface UnityRecord extends Unity {
  institutionId: string;
  pluginLimit: number;
}

export interface CourseRecord {
  id: string;
  institutionId: string;
  title: string;
}

export interface DatasetRecord {
  id: string;
  unityId: string;
  name: string;
}

export interface FolderRecord extends KnowledgeFolder {
  datasetId: string;
}

export interface IntegrationRecord {
  id: string;
  name: string;
  iconId: string;
  type: string;
  status: boolean;
  validationEndpoint?: string;
  slug: string;
  form: IntegrationFormField[];
  createdAt: string;
  updatedAt?: string;
}

/** `T` without its index signature and without `K`. */
type KnownWithout<T, K extends string> = {
  [P in keyof T as string extends P ? never : P extends K ? never : P]: T[P];
};

export type CredentialRecord = KnownWithout<Credential, 'integration'>;

export type WidgetRecord = KnownWithout<Widget, 'Bot' | 'unity'> & {
  botId: string;
  unityId: string;
};

export interface FallbackRecord {
  id: string;
  botId: string;
  order: number;
  credentialId: string;
  model: string;
  createdAt: string;
}

/** Everything the reference server knows, in memory; fresh per app. */
export interface ReferenceState {
  accounts: Map<string, AccountRecord>;
  /** Access token → account id. */
  tokens: Map<string, string>;
  institutions: Map<string, InstitutionRecord>;
  units: Map<string, UnityRecord>;
  courses: Map<string, CourseRecord>;
  lessons: Map<string, Lesson>;
  bots: Map<string, Bot>;
  widgets: Map<string, WidgetRecord>;
  datasets: Map<string, DatasetRecord>;
  folders: Map<string, FolderRecord>;
  knowledgeFiles: Map<string, KnowledgeFile & { folderId: string }>;
  functions: Map<string, FlowbotFunction>;
  iconFiles: Map<string, IconFile>;
  integrations: Map<string, IntegrationRecord>;
  credentials: Map<string, CredentialRecord>;
  fallbacks: Map<string, FallbackRecord>;
  /** Flows by public id. */
  flows: Map<string, FlowDefinition>;
  /** Chat sessions of the viewer side. */
  sessions: SessionStore;
  /** Fault injection for tests (only with `faults: true`); see `FaultQueue`. */
  faults: FaultQueue;
  /** Uploaded files and pending upload URLs; see `UploadStore`. */
  uploads: UploadStore;
  /**
   * The base of every absolute URL the server hands out (assets, uploads),
   * without a trailing slash. Never taken from the request's `Host`.
   */
  publicUrl: string;
  /** Pause between two pieces of a streamed answer, in ms. */
  streamPaceMs: number;
  /** Pause before each tool result of an agent turn, in ms; undefined: in proportion to `streamPaceMs`. */
  streamToolPauseMs: number | undefined;
  /** The server's override of the flows' `stream.agent` flags (the `agent` option). */
  agent: FlowStreamAgent | undefined;
  /** What the server accepted (sessions opened, continueChat bodies per session); see `ReferenceStats`. */
  stats: ReferenceStats;
  /** Next numeric lesson id. */
  nextLessonId: number;
}
