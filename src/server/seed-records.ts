/** The records of the seeded demo data (see `state.ts`, which makes the ids and the empty state). */
import type { Bot, FlowbotFunction, IconFile, Lesson } from '../api/schemas/index.js';
import type { ReferenceSeed, ReferenceState, UnityRecord, WidgetRecord } from './state-types.js';

/** The feature an institution needs before a lesson may be opened to guests. */
export const GUEST_VIEW_FEATURE = 'pacote de views para visitantes';

/** A fixed id: `prefix` and `n` in the shape of a UUID. */
export const id = (prefix: string, n: number): string =>
  `${prefix}000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const SEEDED_AT = '2026-01-05T09:00:00.000Z';
const UPDATED_AT = '2026-01-12T15:30:00.000Z';

const put = <T extends { id: string }>(map: Map<string, T>, record: T): void => {
  map.set(record.id, record);
};

/** The institutions, accounts, units, courses, lessons and the knowledge base. */
export function seedPeopleAndCourses(state: ReferenceState, seed: ReferenceSeed): void {
  seedPeople(state, seed);
  seedCourses(state, seed);
}

/** The institutions and their accounts. */
function seedPeople(state: ReferenceState, seed: ReferenceSeed): void {
  put(state.institutions, { id: seed.institutionId, name: 'Acme Academy', features: [] });
  put(state.institutions, {
    id: seed.guestViewInstitutionId,
    name: 'Acme Open Courses',
    features: [GUEST_VIEW_FEATURE],
  });
  put(state.institutions, { id: seed.otherInstitutionId, name: 'Globex Institute', features: [GUEST_VIEW_FEATURE] });

  put(state.accounts, {
    id: seed.accountId,
    name: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@acme.example',
    phone: '+15550100',
    imgProfileId: id('af', 1),
    imgProfile: 'https://cdn.acme.example/profiles/ada.png',
    institutionIds: [seed.institutionId, seed.guestViewInstitutionId],
  });
  put(state.accounts, {
    id: seed.otherAccountId,
    name: 'Grace',
    lastName: 'Hopper',
    email: 'grace@globex.example',
    institutionIds: [seed.otherInstitutionId],
  });
}

/** The units, their courses and lessons, and the knowledge base. */
function seedCourses(state: ReferenceState, seed: ReferenceSeed): void {
  const unit = (unitId: string, institutionId: string, name: string): UnityRecord => ({
    id: unitId,
    institutionId,
    name,
    isActivated: true,
    credentialProjectId: `project-${unitId.slice(-4)}`,
    pluginLimit: seed.pluginLimit,
  });
  put(state.units, unit(seed.unityId, seed.institutionId, 'Acme Online'));
  put(state.units, unit(seed.otherUnityId, seed.otherInstitutionId, 'Globex Campus'));

  put(state.courses, { id: seed.courseId, institutionId: seed.institutionId, title: 'Getting started with chat bots' });
  put(state.courses, { id: seed.otherCourseId, institutionId: seed.institutionId, title: 'Prompt writing' });
  put(state.courses, {
    id: seed.guestViewCourseId,
    institutionId: seed.guestViewInstitutionId,
    title: 'Open lecture series',
  });
  put(state.courses, {
    id: seed.otherInstitutionCourseId,
    institutionId: seed.otherInstitutionId,
    title: 'Globex onboarding',
  });

  const lesson = (lessonId: string, courseId: string, titulo: string, ordem: number): Lesson => ({
    curso_id: courseId,
    id: lessonId,
    user_id: seed.accountId,
    titulo,
    descricao: `${titulo}: a short lesson.`,
    enable_lesson_view: 0,
    duracao: 15,
    liberacao: null,
    requisito: null,
    requisito_id: null,
    tags: 'intro',
    created_at: SEEDED_AT,
    updated_at: SEEDED_AT,
    ordem,
    title_visibility: 1,
    description_visibility: 1,
  });
  put(state.lessons, lesson('1001', seed.courseId, 'What a flow-bot is', 1));
  put(state.lessons, lesson('1002', seed.courseId, 'Messages and inputs', 2));
  put(state.lessons, lesson('1003', seed.courseId, 'Publishing a bot', 3));
  put(state.lessons, lesson('1101', seed.otherCourseId, 'Writing a system prompt', 1));

  // Knowledge base
  put(state.datasets, { id: seed.datasetId, unityId: seed.unityId, name: 'Help centre' });
  put(state.folders, {
    id: seed.folderId,
    name: 'Website',
    isRoot: true,
    knowLedgeBaseId: seed.datasetId,
    datasetId: seed.datasetId,
  });
}

/** Icons, integrations, credentials and functions. */
export function seedIntegrations(state: ReferenceState, seed: ReferenceSeed): void {
  seedIconsAndIntegrations(state, seed);
  seedCredentials(state, seed);
  seedFunctions(state, seed);
}

/** The integrations and the icons they (and the widgets) show. */
function seedIconsAndIntegrations(state: ReferenceState, seed: ReferenceSeed): void {
  const icon = (iconId: string, institutionId: string, type: string, name: string): IconFile => ({
    id: iconId,
    createdAt: SEEDED_AT,
    updatedAt: SEEDED_AT,
    institutionId,
    type,
    fileName: `${iconId}.png`,
    internalStorageUrl: `storage://icons/${iconId}.png`,
    url: `https://cdn.acme.example/icons/${name}.png`,
    size: 2048,
    extension: 'png',
    maskName: `${name}.png`,
  });
  put(state.iconFiles, icon(id('1c', 1), seed.institutionId, 'IntegrationIcon', 'openai'));
  put(state.iconFiles, icon(id('1c', 2), seed.institutionId, 'IntegrationIcon', 'stripe'));
  put(state.iconFiles, icon(id('1c', 3), seed.institutionId, 'WidgetHeaderIcon', 'acme-header'));
  put(state.iconFiles, icon(id('1c', 4), seed.institutionId, 'WidgetAvatarIcon', 'acme-avatar'));

  put(state.integrations, {
    id: id('1a', 1),
    name: 'OpenAI',
    iconId: id('1c', 1),
    type: 'LLM',
    status: true,
    validationEndpoint: 'https://api.openai.example/v1/models',
    slug: 'openai',
    form: [
      {
        name: 'api_key',
        label: 'API key',
        type: 'password',
        maxLength: 200,
        required: true,
        description: 'The secret key of your OpenAI account.',
      },
    ],
    createdAt: SEEDED_AT,
    updatedAt: UPDATED_AT,
  });
  put(state.integrations, {
    id: id('1a', 2),
    name: 'Stripe',
    iconId: id('1c', 2),
    type: 'monetization',
    status: true,
    slug: 'stripe',
    form: [
      {
        name: 'api_key',
        label: 'Secret key',
        type: 'password',
        maxLength: 200,
        required: true,
        description: 'Starts with sk_.',
      },
      {
        name: 'publishable_key',
        label: 'Publishable key',
        type: 'text',
        maxLength: 200,
        required: true,
        description: 'Starts with pk_.',
      },
    ],
    createdAt: SEEDED_AT,
  });
}

/** The units' credentials: an integration's keys. */
function seedCredentials(state: ReferenceState, seed: ReferenceSeed): void {
  const [llmCredentialId, stripeCredentialId] = seed.credentialIds as [string, string];
  put(state.credentials, {
    id: llmCredentialId,
    name: 'OpenAI (production)',
    userId: seed.accountId,
    unityId: seed.unityId,
    integrationId: id('1a', 1),
    secretId: id('5e', 1),
    status: true,
    virtualKey: 'vk-acme-openai',
    credentials: { organization: 'acme' },
    createdAt: SEEDED_AT,
    updatedAt: UPDATED_AT,
  });
  put(state.credentials, {
    id: stripeCredentialId,
    name: 'Stripe',
    userId: seed.accountId,
    unityId: seed.unityId,
    integrationId: id('1a', 2),
    secretId: id('5e', 2),
    status: false,
    createdAt: SEEDED_AT,
  });
  put(state.credentials, {
    id: id('7c', 3),
    name: 'Globex OpenAI',
    userId: seed.otherAccountId,
    unityId: seed.otherUnityId,
    integrationId: id('1a', 1),
    secretId: id('5e', 3),
    status: true,
    createdAt: SEEDED_AT,
  });
}

/** The units' functions: three enabled, one of them not activated; one disabled. */
function seedFunctions(state: ReferenceState, seed: ReferenceSeed): void {
  const fn = (
    fnId: string,
    name: string,
    description: string,
    status: boolean,
    isActivated: boolean,
    color: string,
  ): FlowbotFunction => ({
    id: fnId,
    institutionId: seed.institutionId,
    name,
    description,
    code: `export default async function ${name.replace(/\W/g, '')}(input) {\n  return { ok: true, input };\n}`,
    status,
    unityId: seed.unityId,
    userId: seed.accountId,
    iconFileId: null,
    color,
    outputs: [],
    pluginIcon: null,
    isActivated,
  });
  const [f1, f2, f3, f4] = seed.functionIds as [string, string, string, string];
  put(state.functions, fn(f1, 'Weather', 'Looks up the weather of a city.', true, true, '#0ea5e9'));
  put(state.functions, fn(f2, 'Order status', 'Finds an order by its number.', true, true, '#22c55e'));
  put(state.functions, fn(f3, 'Calendar', 'Books a meeting slot.', true, false, '#f97316'));
  put(state.functions, fn(f4, 'Legacy CRM', 'Pushes leads to the old CRM.', false, true, '#64748b'));
  put(state.functions, {
    ...fn(id('9e', 5), 'Globex search', 'Searches Globex docs.', true, true, '#a855f7'),
    institutionId: seed.otherInstitutionId,
    unityId: seed.otherUnityId,
    userId: seed.otherAccountId,
  });
}

/** The bots, their widgets and fallbacks. */
export function seedBotsAndWidgets(state: ReferenceState, seed: ReferenceSeed): void {
  seedBots(state, seed);
  seedWidgets(state, seed);
  seedFallbacks(state, seed);
}

/** The bots, with their AI settings and monetization. */
function seedBots(state: ReferenceState, seed: ReferenceSeed): void {
  const [, stripeCredentialId] = seed.credentialIds as [string, string];
  const bot = (
    n: number,
    botId: string,
    institutionId: string,
    unityId: string,
    creatorId: string,
    name: string,
  ): Bot => ({
    id: botId,
    creatorId,
    institutionId,
    unityId,
    name,
    description: `${name} answers questions about courses and enrolment.`,
    creativePrecision: 0.4,
    prompt: 'You are a friendly assistant for an online school. Answer briefly.',
    metaprompt: 'Always answer in the language of the question.',
    isActivated: true,
    progressStatus: 'TRAINED',
    isAdvancedBot: false,
    botGenAI: [
      {
        id: id('b1', n),
        botId,
        genAIModelId: 'model-gpt-4o-mini',
        genAIId: 'openai',
        model: 'gpt-4o-mini',
        messagesLimit: 50,
        charactersLimit: 2000,
        tools: [{ type: 'knowledge-base', description: 'Searches the help centre.' }],
      },
    ],
    botMonetization: {
      id: id('b2', n),
      credentialId: stripeCredentialId,
      coin: 'usd',
      price: 9.9,
      recurring: 'month',
      featuredProduct: false,
    },
  });
  put(state.bots, bot(1, seed.botId, seed.institutionId, seed.unityId, seed.accountId, 'Acme helper'));
  put(
    state.bots,
    bot(2, seed.otherBotId, seed.otherInstitutionId, seed.otherUnityId, seed.otherAccountId, 'Globex helper'),
  );
}

/** The bots' widgets. */
function seedWidgets(state: ReferenceState, seed: ReferenceSeed): void {
  const widget = (
    widgetId: string,
    institutionId: string,
    unityId: string,
    botId: string,
    title: string,
  ): WidgetRecord => ({
    id: widgetId,
    institutionId,
    title,
    subTitle: 'We usually answer in a few seconds',
    headerIconFileId: id('1c', 3),
    primaryColor: '#1d4ed8',
    secondaryColor: '#ffffff',
    widgetIconFileId: null,
    primaryAIColor: '#f1f5f9',
    secondaryAIColor: '#0f172a',
    avatarIconFileId: id('1c', 4),
    aiFirstMessage: 'Hi! How can I help you today?',
    primaryUserColor: '#1d4ed8',
    secondaryUserColor: '#ffffff',
    headerIcon: 'https://cdn.acme.example/icons/acme-header.png',
    widgetIcon: null,
    avatarIcon: 'https://cdn.acme.example/icons/acme-avatar.png',
    defaultMessages: ['What courses do you offer?', 'How do I enrol?'],
    audioVoice: 'alloy',
    voiceActive: false,
    isPublic: true,
    isActivated: true,
    botId,
    unityId,
  });
  put(state.widgets, widget(seed.widgetId, seed.institutionId, seed.unityId, seed.botId, 'Acme help'));
  put(
    state.widgets,
    widget(seed.otherWidgetId, seed.otherInstitutionId, seed.otherUnityId, seed.otherBotId, 'Globex help'),
  );
}

/** The bot's fallbacks. */
function seedFallbacks(state: ReferenceState, seed: ReferenceSeed): void {
  const [llmCredentialId] = seed.credentialIds as [string, string];
  put(state.fallbacks, {
    id: seed.fallbackId,
    botId: seed.botId,
    order: 1,
    credentialId: llmCredentialId,
    model: 'gpt-4o-mini',
    createdAt: SEEDED_AT,
  });
  put(state.fallbacks, {
    id: id('8f', 2),
    botId: seed.otherBotId,
    order: 1,
    credentialId: id('7c', 3),
    model: 'gpt-4o',
    createdAt: SEEDED_AT,
  });
}
