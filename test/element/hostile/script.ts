/**
 * A hostile server, scripted: one attack string put into every field of the
 * Widget resource and of every response of a five-turn conversation. The
 * conversation's shape stays valid (the client accepts it), so whatever the
 * widget shows or uses, it gets from these strings.
 */
import { vi } from 'vitest';
import type { FlowbotWidget } from '../../../src/element/flowbot-chat.js';

/** Markers around a payload inside a text message, to find that bubble again. */
export const MARK = {
  rich: ['«', '»'],
  retry: ['‹', '›'],
  prose: 'md-prose-end',
  code: 'md-code-end',
} as const;

/** The Widget resource with `p` in every field (`voice` switches the voice on, so `audioVoice` is used). */
export function hostileWidget(p: string, voice = false): FlowbotWidget {
  const widget: Record<string, unknown> = {
    id: p,
    institutionId: p,
    title: p,
    subTitle: p,
    headerIconFileId: p,
    primaryColor: p,
    secondaryColor: p,
    widgetIconFileId: p,
    primaryAIColor: p,
    secondaryAIColor: p,
    avatarIconFileId: p,
    aiFirstMessage: p,
    primaryUserColor: p,
    secondaryUserColor: p,
    Bot: {
      id: p,
      creatorId: p,
      institutionId: p,
      unityId: p,
      name: p,
      description: p,
      creativePrecision: 1,
      prompt: p,
      metaprompt: p,
      isActivated: true,
      progressStatus: p,
      botGenAI: [{ id: p, botId: p, model: p, tools: [{ type: p, description: p }] }],
      botMonetization: { id: p, coin: p, price: 1, recurring: p },
    },
    unity: { id: p, institutionId: p, name: p, isActivated: true, credentialProjectId: p },
    headerIcon: p,
    // The icon fields also come as an Icon-file object serialised to text.
    widgetIcon: JSON.stringify({ id: p, url: p, fileName: p, type: 'WidgetIcon' }),
    avatarIcon: p,
    defaultMessages: [p, { content: p, message: p, text: p }],
    audioVoice: p,
    voiceActive: voice,
    isPublic: true,
    isActivated: true,
  };
  return widget as FlowbotWidget;
}

const text = (id: string, ...leaves: string[]) => ({
  id,
  type: 'text',
  content: { type: 'richText', richText: [{ type: 'p', children: leaves.map((t) => ({ text: t })) }] },
});

/** A `flowbot` with `p` in every theme value, system message and setting the widget reads. */
function hostileFlowbot(p: string): Record<string, unknown> {
  const pair = { backgroundColor: p, color: p };
  return {
    id: p,
    version: p,
    publishedAt: p,
    theme: {
      chat: {
        hostBubbles: pair,
        guestBubbles: pair,
        buttons: pair,
        inputs: { ...pair, placeholderColor: p },
        hostAvatar: { isEnabled: true, url: p },
        guestAvatar: { isEnabled: true, url: p },
        container: { ...pair, maxWidth: p, maxHeight: p },
      },
      general: {
        font: p,
        background: { type: 'Image', content: p },
        progressBar: { isEnabled: true, color: p, backgroundColor: p, placement: 'Top' },
      },
      customCss: p,
    },
    settings: {
      general: { systemMessages: { invalidMessage: p, networkErrorTitle: p, networkErrorMessage: p } },
    },
  };
}

/** A start response and four continue responses for payload `p` of conversation `index`. */
export function hostileConversation(index: number, p: string, scheme: boolean): { start: unknown; turns: unknown[] } {
  const theme = { hostAvatarUrl: p, guestAvatarUrl: p, backgroundUrl: p };
  const start = {
    sessionId: `s${index}/../<img src=x onerror=window.__pwned=1>`,
    resultId: p,
    flowbot: hostileFlowbot(p),
    messages: [
      {
        id: 'rich',
        type: 'text',
        content: {
          type: 'richText',
          richText: [
            { type: 'p', children: [{ text: MARK.rich[0] }, { text: p }, { text: MARK.rich[1] }] },
            { type: 'p', children: [{ text: p, bold: true, italic: true, underline: true, code: true }] },
            {
              type: 'p',
              children: [
                { type: 'a', url: p, children: [{ text: p }] },
                { type: 'a', url: p, children: [] },
              ],
            },
            { type: 'ul', children: [{ type: 'li', children: [{ type: 'lic', children: [{ text: p }] }] }] },
            { type: p, url: p, children: [{ text: p }] },
          ],
        },
      },
      { id: 'prose', type: 'text', content: { type: 'markdown', markdown: `${p}\n\n${MARK.prose}` } },
      { id: 'code', type: 'text', content: { type: 'markdown', markdown: `\`\`\`\n${p}\n\`\`\`\n\n${MARK.code}` } },
      { id: 'image', type: 'image', content: { url: p, clickLink: { url: p, alt: p } } },
      {
        id: 'image-link',
        type: 'image',
        content: { url: 'https://cdn.hostile.invalid/ok.png', clickLink: { url: p, alt: p } },
      },
      { id: 'video', type: 'video', content: { type: 'url', url: p, height: p, maxWidth: p, aspectRatio: p } },
      { id: 'video-provider', type: 'video', content: { type: 'youtube', id: p, url: p } },
      { id: 'audio', type: 'audio', content: { url: p, isAutoplayEnabled: true } },
      { id: 'embed', type: 'embed', content: { url: p, height: p } },
      { id: 'custom', type: 'custom-embed', content: { url: p, code: p, srcdoc: p } },
      { id: 'unknown', type: p, content: { text: p, url: p } },
    ],
    input: {
      id: 'choice',
      type: 'choice input',
      items: [
        { id: 'c1', content: p, value: p },
        { id: 'c2', content: 'Plain choice' },
      ],
      options: {
        isMultipleChoice: true,
        isSearchable: true,
        buttonLabel: p,
        searchInputPlaceholder: p,
        labels: { placeholder: p, button: p },
      },
    },
    clientSideActions: [
      { type: 'redirect', redirect: { url: p, isNewTab: true } },
      // A redirect in the same tab only for URLs that must be refused: a safe one would leave the test page.
      ...(scheme ? [{ type: 'redirect', redirect: { url: p, isNewTab: false } }] : []),
      { type: 'scriptToExecute', scriptToExecute: { content: 'window.__pwned=1', args: [] } },
      { type: 'codeToExecute', codeToExecute: { content: 'window.__pwned=1' } },
      { type: 'setVariable', setVariable: { scriptToExecute: { content: 'window.__pwned=1' } } },
      { type: 'wait', wait: { secondsToWaitFor: p } },
      { type: p, [p]: p, lastBubbleBlockId: p },
    ],
    logs: [{ status: 'error', description: p, details: p }],
    dynamicTheme: theme,
    progress: 10,
  };
  const turns = [
    {
      lastMessageNewFormat: p,
      messages: [text('after-choice', p)],
      dynamicTheme: theme,
      input: {
        id: 'pictures',
        type: 'picture choice input',
        items: [{ id: 'pic1', pictureSrc: p, title: p, description: p, value: p }],
        options: { isMultipleChoice: false, buttonLabel: p },
      },
    },
    {
      messages: [{ id: 'card-image', type: 'image', content: { url: p } }],
      input: {
        id: 'cards',
        type: 'cards',
        items: [{ id: 'card1', imageUrl: p, title: p, description: p, paths: [{ id: 'path1', text: p }] }],
      },
    },
    {
      // What a server sends when it re-asks: the input's retry message, then the input again.
      messages: [text('retry', MARK.retry[0], p, MARK.retry[1])],
      input: {
        id: 'text',
        type: 'text input',
        options: { labels: { placeholder: p, button: p }, retryMessageContent: p, inputMode: p },
        prefilledValue: '',
      },
    },
    { messages: [text('final', `Still talking ${index}`)], input: { id: 'last', type: 'text input' } },
  ];
  return { start, turns };
}

/** A recorded call of a scripted conversation. */
export interface ScriptedCall {
  readonly index: number;
  readonly kind: 'start' | 'continue';
  readonly body: Record<string, unknown>;
}

/**
 * Replaces `fetch` with the scripted servers: `flowbots/<prefix><i>/startChat`
 * answers conversation i's start, its `continueChat` calls its turns in order.
 */
export function serveConversations(
  prefix: string,
  conversations: ReadonlyMap<number, { start: unknown; turns: unknown[] }>,
): ScriptedCall[] {
  const calls: ScriptedCall[] = [];
  const turnOf = new Map<number, number>();
  const original = globalThis.fetch.bind(globalThis);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    const start = new RegExp(`/flowbots/${prefix}(\\d+)/startChat$`).exec(path);
    const next = /\/sessions\/([^/]+)\/continueChat$/.exec(path);
    const index = Number(start?.[1] ?? /^s(\d+)\//.exec(next ? decodeURIComponent(next[1]!) : '')?.[1] ?? NaN);
    const conversation = conversations.get(index);
    if (!conversation) return original(request);
    const raw = await request.text();
    calls.push({
      index,
      kind: start ? 'start' : 'continue',
      body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
    });
    if (start) return Response.json(conversation.start);
    const turn = turnOf.get(index) ?? 0;
    turnOf.set(index, turn + 1);
    return Response.json(conversation.turns[turn] ?? { messages: [] });
  });
  return calls;
}
