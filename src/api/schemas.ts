/**
 * One schema per resource of the platform's interface document, shared by the
 * client (to validate responses and requests) and the reference server (to
 * build and check what it serves), so the two cannot drift.
 *
 * Conventions:
 * - Response objects are `looseObject`: unknown extra fields pass through
 *   untouched at run time. Their types (`Documented<…>`) name only the
 *   documented fields, so a misspelt field is a compile error.
 * - Request objects are `object`: only the fields the document declares are
 *   sent (or, on the server, read); others are dropped.
 * - "At most N characters" counts Unicode code points (see `maxChars`).
 * - "Required" fields follow the document. Optional fields also accept `null`
 *   (servers commonly send `null` for an absent value); the document's
 *   "not shown" cases are resolved as commented beside each schema.
 */
import * as v from 'valibot';

import { bool, num, opt, str } from './schema-kit.js';
import { DEFAULT_TIME_ZONE, SCHEDULED_DATE_FORMAT, parseScheduledDate } from './schedule.js';

const uuid = v.pipe(v.string(), v.uuid('must be a UUID'));

/** `T` without its index signature (`looseObject` adds `[key: string]: unknown`). */
type Known<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

/**
 * A resource as the document describes it: `T` with the open index signature
 * of every loose object inside it removed, so `{ primaryColour: … }` does not
 * type-check as a Widget. Objects that are nothing but a map (`credentials`)
 * keep theirs.
 */
export type Documented<T> = T extends readonly (infer E)[]
  ? Documented<E>[]
  : T extends object
    ? [keyof Known<T>] extends [never]
      ? T
      : { [K in keyof Known<T>]: Documented<Known<T>[K]> }
    : T;

// ---------------------------------------------------------------------------
// 4.1 Account

export const AccountSchema = v.looseObject({
  id: uuid,
  name: str,
  lastName: str,
  email: str,
  phone: opt(str),
  imgProfileId: opt(uuid),
  imgProfile: opt(v.unknown()),
});
export type Account = Documented<v.InferOutput<typeof AccountSchema>>;

// ---------------------------------------------------------------------------
// 4.2 Lesson. The document has no "required" column for it: `id`, `curso_id`
// and `titulo` are required (a lesson without them is unusable), the rest optional.

export const LessonSchema = v.looseObject({
  curso_id: str,
  id: str,
  user_id: opt(str),
  titulo: str,
  descricao: opt(str),
  enable_lesson_view: opt(num),
  duracao: opt(num),
  liberacao: opt(str),
  requisito: opt(str),
  requisito_id: opt(num),
  tags: opt(str),
  created_at: opt(str),
  updated_at: opt(str),
  ordem: opt(num),
  title_visibility: opt(num),
  description_visibility: opt(num),
});
export type Lesson = Documented<v.InferOutput<typeof LessonSchema>>;

export const LessonEnvelopeSchema = v.looseObject({ data: LessonSchema });

// ---------------------------------------------------------------------------
// Icon file. `maskName` is required in the credential listing, optional in
// the fallback response: two variants.

const iconFileEntries = {
  id: str,
  createdAt: str,
  updatedAt: opt(str),
  institutionId: str,
  type: str,
  fileName: str,
  internalStorageUrl: str,
  url: str,
  size: num,
  extension: str,
};
export const IconFileSchema = v.looseObject({ ...iconFileEntries, maskName: str });
export type IconFile = Documented<v.InferOutput<typeof IconFileSchema>>;
export const FallbackIconFileSchema = v.looseObject({ ...iconFileEntries, maskName: opt(str) });

// ---------------------------------------------------------------------------
// Integration. `iconId` is optional in the credential listing and required in
// the fallback response; the icon is `icon` there and `file` here; the
// fallback's `form` carries `api_key`.

export const IntegrationFormFieldSchema = v.looseObject({
  name: opt(str),
  label: opt(str),
  type: opt(str),
  maxLength: opt(num),
  required: opt(bool),
  description: opt(str),
});
export type IntegrationFormField = Documented<v.InferOutput<typeof IntegrationFormFieldSchema>>;

const integrationEntries = {
  id: str,
  name: str,
  type: str,
  status: bool,
  validationEndpoint: opt(str),
  slug: opt(str),
  createdAt: str,
  updatedAt: opt(str),
};
export const IntegrationSchema = v.looseObject({
  ...integrationEntries,
  iconId: opt(str),
  form: opt(v.array(IntegrationFormFieldSchema)),
  icon: opt(IconFileSchema),
});
export type Integration = Documented<v.InferOutput<typeof IntegrationSchema>>;

export const FallbackIntegrationSchema = v.looseObject({
  ...integrationEntries,
  iconId: str,
  // In the fallback response the document gives `form.api_key` (string,
  // required): the form is then an object keyed by field name.
  form: v.looseObject({ api_key: str }),
  file: opt(FallbackIconFileSchema),
});
export type FallbackIntegration = Documented<v.InferOutput<typeof FallbackIntegrationSchema>>;

// ---------------------------------------------------------------------------
// Credential

const credentialEntries = {
  id: str,
  name: str,
  userId: str,
  unityId: str,
  integrationId: str,
  secretId: str,
  status: bool,
  virtualKey: opt(str),
  credentials: opt(v.record(v.string(), v.unknown())),
  createdAt: str,
  updatedAt: opt(str),
};
export const CredentialSchema = v.looseObject({
  ...credentialEntries,
  integration: opt(IntegrationSchema),
});
export type Credential = Documented<v.InferOutput<typeof CredentialSchema>>;

export const CredentialListSchema = v.looseObject({ items: v.array(CredentialSchema) });
export type CredentialList = Documented<v.InferOutput<typeof CredentialListSchema>>;

// ---------------------------------------------------------------------------
// Function (plugin)

export const FunctionSchema = v.looseObject({
  id: str,
  institutionId: str,
  name: str,
  description: str,
  code: str,
  status: bool,
  unityId: str,
  userId: str,
  iconFileId: opt(str),
  color: str,
  outputs: opt(v.array(v.unknown())),
  pluginIcon: opt(str),
  isActivated: bool,
});
export type FlowbotFunction = Documented<v.InferOutput<typeof FunctionSchema>>;

export const FunctionListSchema = v.looseObject({
  items: v.array(FunctionSchema),
  pluginCount: num,
  activeCount: num,
  pluginLimit: num,
});
export type FunctionList = Documented<v.InferOutput<typeof FunctionListSchema>>;

// ---------------------------------------------------------------------------
// Bot and its parts

export const BotGenAISchema = v.looseObject({
  id: str,
  botId: str,
  genAIModelId: opt(str),
  genAIId: opt(str),
  model: opt(str),
  messagesLimit: opt(num),
  charactersLimit: opt(num),
  tools: opt(v.array(v.looseObject({ type: str, description: str }))),
});
export type BotGenAI = Documented<v.InferOutput<typeof BotGenAISchema>>;

export const BotMonetizationSchema = v.looseObject({
  id: str,
  credentialId: opt(str),
  coin: str,
  price: num,
  recurring: opt(str),
  featuredProduct: opt(bool),
});
export type BotMonetization = Documented<v.InferOutput<typeof BotMonetizationSchema>>;

export const BotSchema = v.looseObject({
  id: str,
  creatorId: str,
  institutionId: str,
  unityId: str,
  name: str,
  description: str,
  creativePrecision: num,
  prompt: str,
  metaprompt: opt(str),
  isActivated: bool,
  progressStatus: opt(str),
  isAdvancedBot: opt(bool),
  botGenAI: opt(v.array(BotGenAISchema)),
  botMonetization: opt(BotMonetizationSchema),
});
export type Bot = Documented<v.InferOutput<typeof BotSchema>>;

/** Unity (unit). Required fields are "not shown": `id` is required, the rest optional. */
export const UnitySchema = v.looseObject({
  id: str,
  institutionId: opt(str),
  name: opt(str),
  isActivated: opt(bool),
  credentialProjectId: opt(str),
});
export type Unity = Documented<v.InferOutput<typeof UnitySchema>>;

// ---------------------------------------------------------------------------
// Widget. Icon fields are "details" typed string in the document; in practice
// they may be a URL string or an Icon-file object with `url`: both accepted.

export const IconRefSchema = v.union([str, v.looseObject({ url: str })]);
export type IconRef = Documented<v.InferOutput<typeof IconRefSchema>>;

export const WidgetSchema = v.looseObject({
  id: str,
  institutionId: str,
  title: str,
  subTitle: str,
  headerIconFileId: opt(str),
  primaryColor: str,
  secondaryColor: str,
  widgetIconFileId: opt(str),
  primaryAIColor: str,
  secondaryAIColor: str,
  avatarIconFileId: opt(str),
  aiFirstMessage: str,
  primaryUserColor: str,
  secondaryUserColor: str,
  Bot: BotSchema,
  unity: UnitySchema,
  headerIcon: opt(IconRefSchema),
  widgetIcon: opt(IconRefSchema),
  avatarIcon: opt(IconRefSchema),
  defaultMessages: opt(v.array(v.unknown())),
  audioVoice: opt(str),
  voiceActive: opt(bool),
  isPublic: bool,
  isActivated: bool,
});
export type Widget = Documented<v.InferOutput<typeof WidgetSchema>>;

// ---------------------------------------------------------------------------
// 4.4 Web import. Only `message` of the result is marked required. Required
// fields of folder and file are not shown: ids, names and the file's status are
// required when a folder or file is there, the rest optional.

export const KnowledgeFolderSchema = v.looseObject({
  id: str,
  name: str,
  isRoot: opt(bool),
  knowLedgeBaseId: opt(str),
});
export type KnowledgeFolder = Documented<v.InferOutput<typeof KnowledgeFolderSchema>>;

export const KnowledgeFileSchema = v.looseObject({
  id: str,
  status: str,
  fileName: opt(str),
  maskName: opt(str),
  url: opt(str),
  size: opt(num),
  extension: opt(str),
  createdAt: opt(str),
  kbFolder: opt(v.looseObject({ name: str })),
});
export type KnowledgeFile = Documented<v.InferOutput<typeof KnowledgeFileSchema>>;

export const WebImportResultSchema = v.looseObject({
  message: str,
  folder: opt(KnowledgeFolderSchema),
  urls: opt(v.array(v.unknown())),
  files: opt(v.array(KnowledgeFileSchema)),
});
export type WebImportResult = Documented<v.InferOutput<typeof WebImportResultSchema>>;

// ---------------------------------------------------------------------------
// 4.8 Fallback

export const FallbackCredentialSchema = v.looseObject({
  ...credentialEntries,
  integration: FallbackIntegrationSchema,
});

export const FallbackSchema = v.looseObject({
  id: str,
  botId: str,
  order: num,
  credentialId: str,
  model: str,
  createdAt: str,
  credential: FallbackCredentialSchema,
});
export type Fallback = Documented<v.InferOutput<typeof FallbackSchema>>;

// ---------------------------------------------------------------------------
// Viewer protocol (4.7 and the conversation): in their own module so the
// widget's script-tag bundle carries only these.

export * from './viewer-schemas.js';

// ---------------------------------------------------------------------------
// Request rules, enforced by the client before sending and by the reference
// server on receipt.

/**
 * Counts the characters of `text` as Unicode code points: an emoji such as 😀
 * is one (two UTF-16 code units), a flag or a family emoji is two or more.
 * Code points, not grapheme clusters, because every runtime and back end counts
 * them alike (grapheme rules change with Unicode versions, so two engines could
 * disagree about the same title), and they are what a database column or a
 * server's multibyte string length measures.
 */
export function countChars(text: string): number {
  return text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, '_').length;
}

/** "At most `max` characters", counted as code points (see `countChars`). */
export const maxChars = (max: number, message: string) => v.check<string, string>((s) => countChars(s) <= max, message);

/** A required text: not empty and not only white space. */
const text = (message = 'is required') => v.pipe(str, v.check((s) => s.trim() !== '', message));

/**
 * 4.1 body: `name` and `lastName`, each optional (the document does not say),
 * at least one of them, neither blank.
 */
export const AccountUpdateSchema = v.pipe(
  v.object({ name: v.optional(text('must not be blank')), lastName: v.optional(text('must not be blank')) }),
  v.check((body) => body.name !== undefined || body.lastName !== undefined, 'needs name or lastName'),
);
export type AccountUpdate = v.InferOutput<typeof AccountUpdateSchema>;

export { DEFAULT_TIME_ZONE, formatScheduledDate, isTimeZone, parseScheduledDate } from './schedule.js';

const flag01 = v.picklist([0, 1], 'must be 0 or 1');

/** A tag: at most 150 characters, no comma (tags are stored joined by commas). */
const tagSchema = v.pipe(
  str,
  maxChars(150, 'each tag must be at most 150 characters'),
  v.check((s) => !s.includes(','), 'must not contain a comma (tags are stored comma-separated)'),
);

/**
 * The normalised lesson body, with `scheduled_date` read in `timeZone` (see
 * `schedule.ts`): what the client sends and the server accepts. Variant B's
 * spellings are folded into it by `normaliseLessonParams`.
 */
export function lessonCreateSchema(timeZone: string = DEFAULT_TIME_ZONE) {
  return v.object({
    title: v.pipe(text(), maxChars(150, 'must be at most 150 characters')),
    description: v.pipe(text(), maxChars(255, 'must be at most 255 characters')),
    duration: v.optional(
      v.pipe(
        num,
        v.integer('must be a whole number'),
        v.minValue(0, 'must not be negative'),
        v.maxValue(9999, 'must be at most 4 digits'),
      ),
    ),
    tag: v.optional(v.array(tagSchema)),
    // Entries that are not ids of the course's lessons are ignored (by the server), not refused.
    progress_criteria: v.optional(v.nullable(v.array(v.unknown()))),
    show_title: v.optional(flag01),
    enable_lesson_view: v.optional(flag01),
    scheduled_date: v.optional(
      v.nullable(
        v.pipe(
          str,
          v.regex(SCHEDULED_DATE_FORMAT, 'must be YYYY-MM-DD HH:MM'),
          v.check((s) => !Number.isNaN(parseScheduledDate(s, 'UTC')), 'is not a real date'),
          // Each check below passes what an earlier one refused: one issue per cause.
          v.check(
            (s) => Number.isNaN(parseScheduledDate(s, 'UTC')) || !Number.isNaN(parseScheduledDate(s, timeZone)),
            `does not exist in ${timeZone} (its clocks skip that time)`,
          ),
          v.check((s) => {
            const at = parseScheduledDate(s, timeZone);
            return Number.isNaN(at) || at > Date.now();
          }, 'must be in the future'),
        ),
      ),
    ),
  });
}

/** `lessonCreateSchema` in the default time zone. */
export const LessonCreateSchema = lessonCreateSchema();
export type LessonCreateBody = v.InferOutput<typeof LessonCreateSchema>;

const httpUrl = v.pipe(
  str,
  v.url('must be a URL'),
  v.check((s) => /^https?:\/\//i.test(s), 'must be an http(s) URL'),
);

export const WebImportSchema = v.object({
  unityId: uuid,
  datasetId: uuid,
  folderId: uuid,
  url: httpUrl,
  limit: v.optional(v.pipe(num, v.integer('must be a positive integer'), v.minValue(1, 'must be a positive integer'))),
});
export type WebImportParams = v.InferOutput<typeof WebImportSchema>;

export const WidgetDuplicateSchema = v.object({ id: v.pipe(str, v.minLength(1, 'is required')) });

/** 4.8 body: `fallbacks` is a required array; an empty one would leave the agent without a chain. */
export const FallbackUpdateSchema = v.object({
  fallbacks: v.pipe(v.array(v.unknown()), v.minLength(1, 'needs at least one fallback')),
});
export type FallbackUpdate = v.InferOutput<typeof FallbackUpdateSchema>;

/** The one error body shape of the reference server (and what the client reads). */
export const ErrorBodySchema = v.looseObject({
  message: str,
  issues: opt(v.array(v.looseObject({ path: str, message: str }))),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;

export type { FieldIssue } from './viewer-schemas.js';
export { toFieldIssues } from './viewer-schemas.js';
