/**
 * What of an inline widget's first turn the script tag can draw before the widget's code is there:
 * read from the early start's answer as the widget reads it (`readMessage`, the typing emulation's
 * delays), kept only where the widget's first render would draw the same thing at once.
 */
import { countWords, messageDelay, readTypingEmulation } from '../../conversation/typing.js';
import { MAX_RESPONSE_BYTES } from '../../protocol/limits.js';
import { isObject, pick, readInputOptions } from '../../protocol/json.js';
import { readMessage, type Message } from '../../protocol/message.js';
import { richTextToPlain } from '../../protocol/rich-text.js';
import { readChoiceItems, readLabels, readPrefilledValue } from '../../protocol/answers.js';

/** The answer field the first turn draws: a one-line field, or single-choice buttons. */
export type FirstInput =
  | { readonly kind: 'text'; readonly placeholder: string | undefined; readonly button: string | undefined }
  | { readonly kind: 'choice'; readonly items: readonly string[] };

/** What the first turn draws. */
export interface FirstTurn {
  /** The bot's definition (its theme). */
  readonly flowbot: unknown;
  /** The rich text of each message shown at once, in order. */
  readonly messages: readonly unknown[][];
  /** The input, when every message of the turn is drawn and the widget draws it with them. */
  readonly input: FirstInput | undefined;
  /** The progress and the look it changes, as the answer gives them. */
  readonly progress: number | undefined;
  readonly dynamicTheme: Record<string, unknown>;
}

/** The input, when the widget draws it at once and alone (no on-demand control, no search, one pick). */
function inputOf(input: unknown): FirstInput | undefined {
  if (!isObject(input)) return undefined;
  const options = readInputOptions(input);
  const labels = readLabels(input as never);
  if (input.type === 'text input') {
    // A long text, a keyboard hint, a value already in it, files or voice: drawn by the widget only.
    if (options.isLong === true || options.inputMode !== undefined || readPrefilledValue(input as never))
      return undefined;
    if (['attachments', 'audioClip'].some((key) => pick(options[key], 'isEnabled') === true)) return undefined;
    return { kind: 'text', placeholder: labels.placeholder, button: labels.button };
  }
  if (input.type !== 'choice input' || options.isMultipleChoice === true || options.isSearchable === true)
    return undefined;
  const items = readChoiceItems(input as never).map((item) => item.content);
  return items.length ? { kind: 'choice', items } : undefined;
}

/**
 * The first turn of `body` (a `startChat` answer's JSON) the script tag draws; undefined when it
 * draws nothing: a turn that runs actions, shows progress or changes the theme as it goes, or
 * whose first message is not plain rich text shown at once.
 */
export function firstTurn(body: unknown): FirstTurn | undefined {
  if (!isObject(body) || !Array.isArray(body.messages)) return undefined;
  const { flowbot } = body;
  const { progress, dynamicTheme = {} } = body;
  if (
    !isObject(flowbot) ||
    (Array.isArray(body.clientSideActions) && body.clientSideActions.length) ||
    (progress != null && typeof progress !== 'number') ||
    !isObject(dynamicTheme)
  )
    return undefined;
  const typing = readTypingEmulation(flowbot);
  const messages: unknown[][] = [];
  for (const [index, message] of (body.messages as Message[]).entries()) {
    // Markdown waits for its parser, media for its reader: they, and what follows, are the widget's.
    if (!isObject(message) || message.type !== 'text' || !isObject(message.content)) break;
    if (typeof message.content.markdown === 'string') break;
    const model = readMessage(message);
    if (model?.kind !== 'text') break;
    const { nodes } = model;
    const { pause, typing: typed } = messageDelay(
      typing?.enabled ? countWords(richTextToPlain(nodes)) : undefined,
      typing,
      { isFirstOfConversation: index === 0, isFirstOfBatch: index === 0 },
    );
    if (pause || typed) break;
    messages.push(nodes);
  }
  if (!messages.length) return undefined;
  const all = messages.length === body.messages.length;
  return {
    flowbot,
    messages,
    input: all ? inputOf(body.input) : undefined,
    progress: progress ?? undefined,
    dynamicTheme,
  };
}

/**
 * The most bytes of a start's answer the first turn draws from: a greeting's turn is a few kilobytes,
 * and a larger one (up to the widget's limit of 2 MB, its long texts shortened and drawn a slice per
 * frame) is the widget's to draw. Under the 20,000 characters the widget shortens a message to.
 */
export const FIRST_TURN_BYTES = 16_384;

/**
 * Reads the early start's `response` for the first turn (drawn from at most `FIRST_TURN_BYTES`, as
 * the widget reads JSON), and gives back the answer the widget reads in its place: the same status,
 * headers and bytes (and a failure of the network, as it would have). The body is read here as it
 * arrives, up to just past the widget's limit (`MAX_RESPONSE_BYTES`, which the widget then refuses):
 * a body left unread while the widget's code loads is held whole by some engines, however much it
 * inflates. Never rejects.
 */
export async function peekTurn(response: Response): Promise<[Response, FirstTurn | undefined]> {
  const reader = response.ok && /json/.test(response.headers.get('content-type') ?? '') && response.body?.getReader();
  if (!reader) return [response, undefined];
  const chunks: Uint8Array[] = [];
  let size = 0;
  let failed: { error: unknown } | undefined;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      size += chunks[chunks.push(next.value) - 1]!.length;
      if (size > MAX_RESPONSE_BYTES) {
        void reader.cancel();
        break;
      }
    }
  } catch (error) {
    failed = { error };
  }
  let turn: FirstTurn | undefined;
  if (!failed && size <= FIRST_TURN_BYTES) {
    try {
      const utf8 = new TextDecoder();
      turn = firstTurn(
        JSON.parse(chunks.map((chunk) => utf8.decode(chunk, { stream: true })).join('') + utf8.decode()),
      );
    } catch {
      // Not JSON: the widget says so.
    }
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      if (failed) controller.error(failed.error);
      else controller.close();
    },
  });
  const { status, statusText, headers } = response;
  return [new Response(body, { status, statusText, headers }), turn];
}
