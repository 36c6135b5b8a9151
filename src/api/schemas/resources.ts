/** The response resources of the platform's interface (4.1–4.8): account, lesson, integrations, credentials, functions, bot, widget, knowledge base, fallback. */
import * as v from 'valibot';

import { bool, num, opt, str, uuid } from '../../protocol/schema-kit.js';

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
