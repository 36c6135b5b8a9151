/**
 * The viewer protocol's schemas (start and continue results, answers, start
 * options): the wire format of a conversation, used by the full client and
 * the reference server (the widget reads with `turn.ts` and carries no schema
 * library). `api/schemas/` re-exports them beside the platform's resources;
 * conventions as described there.
 */
import * as v from 'valibot';

import { isObject } from './json.js';
import { pathParamProblem } from './path-param.js';
import type { FieldIssue } from './read.js';
import { bool, num, opt, str } from './schema-kit.js';

// Message contents and input options are validated by the renderer, which must
// survive any shape; here only the envelope is checked.

export const ChatMessageSchema = v.looseObject({ id: str, type: str, content: v.unknown() });
export type ChatMessage = v.InferOutput<typeof ChatMessageSchema>;

export const ChatInputSchema = v.looseObject({
  id: str,
  type: opt(str),
  outgoingEdgeId: opt(str),
  options: opt(v.unknown()),
  items: opt(v.array(v.unknown())),
  prefilledValue: opt(v.unknown()),
});
export type ChatInput = v.InferOutput<typeof ChatInputSchema>;

export const ClientSideActionSchema = v.looseObject({
  type: str,
  lastBubbleBlockId: opt(str),
  expectsDedicatedReply: opt(bool),
});
export type ClientSideAction = v.InferOutput<typeof ClientSideActionSchema>;

export const DynamicThemeSchema = v.looseObject({
  hostAvatarUrl: opt(str),
  guestAvatarUrl: opt(str),
  backgroundUrl: opt(str),
});
export type DynamicTheme = v.InferOutput<typeof DynamicThemeSchema>;

const chatTurnEntries = {
  messages: v.array(ChatMessageSchema),
  // The interface document marks `input` required on start; the viewer
  // protocol says a response without it ends the flow, so it is optional.
  input: opt(ChatInputSchema),
  clientSideActions: opt(v.array(ClientSideActionSchema)),
  logs: opt(v.array(v.unknown())),
  dynamicTheme: opt(DynamicThemeSchema),
  progress: opt(num),
  lastMessageNewFormat: opt(str),
};

/**
 * A session id goes into the path of every continue call: one with a lone
 * surrogate cannot be encoded ("URI malformed") and a blank one addresses
 * nothing, so the start that sends either is refused at once.
 */
const SessionIdSchema = v.pipe(
  str,
  // The rule of every id that goes in a URL (`checkPathParams`): not blank, not `.` or `..`, well-formed.
  v.check(
    (id) => !pathParamProblem(id),
    'must be an id that can go in a URL (not blank, not "." or "..", no lone surrogate)',
  ),
);

export const StartChatResultSchema = v.looseObject({
  sessionId: SessionIdSchema,
  resultId: str,
  /** Opaque: an array per the interface document, an object in practice. */
  flowbot: v.unknown(),
  ...chatTurnEntries,
});
export type StartChatResult = v.InferOutput<typeof StartChatResultSchema>;

export const ContinueChatResultSchema = v.looseObject(chatTurnEntries);
export type ContinueChatResult = v.InferOutput<typeof ContinueChatResultSchema>;

/** The answer of a recorded audio clip: `{ type: "audio", url }` (the uploaded clip's URL). */
export const AudioAnswerSchema = v.looseObject({ type: v.literal('audio'), url: str });
export type AudioAnswer = v.InferOutput<typeof AudioAnswerSchema>;

/**
 * The answer of the viewer protocol: a bare string, a text reply (with the URLs
 * of uploaded files and the chosen item's id), or a recorded audio clip's URL.
 * Only these fields are sent.
 */
export const ChatAnswerSchema = v.union([
  str,
  v.object({
    type: v.literal('text'),
    text: str,
    attachedFileUrls: opt(v.array(str)),
    metadata: opt(v.object({ replyId: opt(str) })),
  }),
  v.object({ type: v.literal('audio'), url: str }),
]);
export type ChatAnswer = v.InferOutput<typeof ChatAnswerSchema>;

/** The body of `continueChat`: `{ message }`, or `{}` to continue without an answer. */
export const ContinueChatBodySchema = v.object({ message: opt(ChatAnswerSchema) });

/** The start fields of the viewer protocol: only these are sent. */
export const StartChatOptionsSchema = v.object({
  // valibot's record takes an array too ("0", "1", … as names); variables have names.
  prefilledVariables: opt(
    v.pipe(
      v.custom<Record<string, unknown>>(isObject, 'must be an object of named variables'),
      v.record(v.string(), v.unknown()),
    ),
  ),
  resultId: opt(str),
  isStreamEnabled: opt(bool),
  isOnlyRegistering: opt(bool),
  textBubbleContentFormat: opt(v.picklist(['richText', 'markdown'])),
});
export type StartChatOptions = v.InferOutput<typeof StartChatOptionsSchema>;

export type { FieldIssue } from './read.js';

/** Flattens valibot issues into `{ path, message }` pairs. */
export function toFieldIssues(issues: readonly v.BaseIssue<unknown>[]): FieldIssue[] {
  return issues.map((issue) => ({
    path: issue.path?.map((p) => String(p.key)).join('.') || '(root)',
    message: issue.message,
  }));
}
