/**
 * What an input asks for and what an answer to it sends: pure functions over
 * the protocol's input blocks, shared by the controls and the controller.
 */
import type { ChatAnswer, ChatInput } from './types.js';
import { isObject, pick, readInputOptions, text } from './json.js';

/** An answer ready to send: the wire value and what the visitor sees in their bubble. */
export interface BuiltAnswer {
  /** Sent as `message` to `continueChat`. */
  readonly answer: ChatAnswer;
  /** Shown in the visitor's bubble. */
  readonly text: string;
}

/** The labels an input may carry in `options.labels`. */
export interface InputLabels {
  readonly placeholder?: string;
  readonly button?: string;
}

/** `options.labels.placeholder` / `.button`, when they are non-empty strings. */
export function readLabels(input: ChatInput | undefined): InputLabels {
  const labels = pick(readInputOptions(input), 'labels');
  const placeholder = text(pick(labels, 'placeholder'));
  const button = text(pick(labels, 'button'));
  return { ...(placeholder ? { placeholder } : {}), ...(button ? { button } : {}) };
}

/** One item of a choice input. */
export interface ChoiceItem {
  readonly id: string;
  /** What the visitor sees. */
  readonly content: string;
  /** What is sent instead of `content`, when set. */
  readonly value?: string;
}

function scalar(value: unknown): string | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return text(value);
}

/** The usable items of a choice input (an id, and a content or a value). */
export function readChoiceItems(input: ChatInput | undefined): ChoiceItem[] {
  const items: ChoiceItem[] = [];
  for (const raw of input?.items ?? []) {
    if (!isObject(raw)) continue;
    const id = scalar(raw.id);
    const content = scalar(raw.content);
    const value = scalar(raw.value);
    if (!id || (!content && !value)) continue;
    items.push({ id, content: content ?? value ?? '', ...(value ? { value } : {}) });
  }
  return items;
}

/** A typed answer: the text itself, trimmed; `undefined` when there is nothing to send. */
export function textAnswer(value: string): BuiltAnswer | undefined {
  const trimmed = value.trim();
  return trimmed ? { answer: trimmed, text: trimmed } : undefined;
}

/**
 * A choice answer. One item: its `value`, else its `content`, with
 * `metadata.replyId` = its id. Several: their values joined with `", "`, in
 * the order the input lists them.
 */
export function choiceAnswer(chosen: readonly ChoiceItem[]): BuiltAnswer | undefined {
  const [first] = chosen;
  if (!first) return undefined;
  if (chosen.length === 1) {
    return {
      answer: { type: 'text', text: first.value ?? first.content, metadata: { replyId: first.id } },
      text: first.content,
    };
  }
  return {
    answer: { type: 'text', text: chosen.map((item) => item.value ?? item.content).join(', ') },
    text: chosen.map((item) => item.content).join(', '),
  };
}

/** `input.prefilledValue` as text, when there is one. */
export function readPrefilledValue(input: ChatInput | undefined): string {
  return scalar(input?.prefilledValue) ?? '';
}

/**
 * The answer of a file input: the uploaded files' URLs joined with `", "` as
 * `text` and listed in `attachedFileUrls`; the visitor's bubble shows `names`.
 */
export function filesAnswer(urls: readonly string[], names: readonly string[]): BuiltAnswer {
  return {
    answer: { type: 'text', text: urls.join(', '), attachedFileUrls: [...urls] },
    text: names.join(', '),
  };
}

/**
 * The answer of a text input with attachments: what the visitor typed as
 * `text` (trimmed, possibly empty) and the files' URLs in `attachedFileUrls`.
 * `undefined` when there is neither text nor a file.
 */
export function attachmentsAnswer(
  typed: string,
  urls: readonly string[],
  names: readonly string[],
): BuiltAnswer | undefined {
  const text = typed.trim();
  if (!urls.length) return textAnswer(text);
  const files = names.join(', ');
  return {
    answer: { type: 'text', text, attachedFileUrls: [...urls] },
    text: text ? `${text} (${files})` : files,
  };
}

/** The answer of a recorded audio clip: `{ type: "audio", url }`; the bubble shows `label`. */
export function audioAnswer(url: string, label: string): BuiltAnswer {
  return { answer: { type: 'audio', url }, text: label };
}

/** The text an answer sends (a bare string, or a text answer's `text`); undefined for an audio clip or none. */
export function answerText(answer: ChatAnswer | undefined): string | undefined {
  return typeof answer === 'string' ? answer : answer?.type === 'text' ? answer.text : undefined;
}

/**
 * The answer `text` gives to `input` (the public `send()`): for a choice, the
 * item whose label or value it is; otherwise the text itself.
 */
export function answerFor(input: ChatInput, text: string): BuiltAnswer | undefined {
  const value = text.trim();
  const item =
    input.type === 'choice input'
      ? readChoiceItems(input).find((i) => i.content === value || i.value === value)
      : undefined;
  return item ? choiceAnswer([item]) : textAnswer(value);
}
